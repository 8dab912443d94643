import { describe, expect, test } from 'vitest'
import { decide, recover, type AuthorityState } from '../authority/decide'
import { headOfLog, type DeskIdentity, type Proposal } from '../authority/proposal'
import { readTournamentFile, writeTournamentFile } from '../formats/tournament-file'
import type { Command, LoggedCommand } from '../tournament/commands'
import { fingerprint } from '../tournament/log'
import { create, ID, logOf, played, register } from '../tournament/test-support/event'
import {
  handedInId,
  handInProposals,
  heldFromReplica,
  isHeadOf,
  readDeskCopy,
  readHeldDoc,
  recoveredDoc,
  recoveredSentence,
  desksHoldingMore,
  statusLacks,
  writeDeskCopy,
} from './held'
import type { HeldDoc, OutboxProposal } from './protocol'

const NOW = '2026-03-14T11:00:00.000Z'
const DESK_2: DeskIdentity = { id: 'd2', role: 'desk' }

const result = (table: number, a = 400, b = 350): Command => ({
  type: 'recordResult',
  division: 'A',
  round: 1,
  game: { table },
  result: played([2 * table - 1, 2 * table], [a, b]),
})

/** Six players, round 1 paired at tables 1–3. */
const BASE: readonly Command[] = [
  create(),
  { type: 'addDivision', name: 'A' },
  ...[1, 2, 3, 4, 5, 6].map((n) => register(`Player ${String(n)}`)),
  {
    type: 'pairRound',
    division: 'A',
    round: 1,
    pairings: [1, 2, 3].map((table) => ({
      kind: 'game' as const,
      table,
      players: [2 * table - 1, 2 * table] as const,
    })),
  },
]
const B = BASE.length

/** The dead authority's log: the base, then two results Desk 2 gave (accepted as p1 and p2). */
const LONGER: readonly LoggedCommand[] = [
  ...logOf(BASE),
  { seq: B, at: '2026-03-14T10:01:00.000Z', desk: 'd2', proposal: 'p1', command: result(1) },
  { seq: B + 1, at: '2026-03-14T10:02:00.000Z', desk: 'd2', proposal: 'p2', command: result(2) },
]

const waiting = (id: string, command: Command, on = LONGER): OutboxProposal => ({
  _id: id,
  type: 'proposal',
  order: 3,
  builtOn: headOfLog(on),
  command,
  madeAt: '2026-03-14T10:03:00.000Z',
})

const held = (pending: readonly OutboxProposal[] = [waiting('p3', result(3))]): HeldDoc =>
  heldFromReplica('held-g1', ID, 1, LONGER, pending)

function authorityOn(log: readonly LoggedCommand[]): AuthorityState {
  const recovered = recover(ID, log)
  if (!recovered.ok) throw new Error(recovered.error.message)
  return recovered.value
}

function decideAll(authority: AuthorityState, proposals: readonly Proposal[]) {
  let state = authority
  const decided = proposals.map((proposal) => {
    const { decision, next } = decide(state, proposal, NOW)
    state = next
    return { proposal, decision }
  })
  return { state, decided }
}

describe('handing back what the authority lacks (issue 27)', () => {
  test('restarted on an older file: the 2 accepted entries and the 1 waiting proposal are proposed in order, the shared prefix skipped', () => {
    const older = logOf(BASE)
    const { proposals, already } = handInProposals(older, held(), DESK_2)
    expect(already).toBe(B)
    expect(proposals.map((p) => p.proposalId)).toEqual(['p1', 'p2', 'p3'])
    expect(proposals.map((p) => p.desk)).toEqual([DESK_2, DESK_2, DESK_2])
    // The first is built on the older file's own head: decided exactly as it was.
    expect(isHeadOf(older, proposals[0]?.builtOn ?? { length: -1, last: null })).toBe(true)
    const { state, decided } = decideAll(authorityOn(older), proposals)
    expect(decided.map((d) => d.decision.kind)).toEqual(['accepted', 'accepted', 'accepted'])
    expect(state.log.map((e) => e.proposal).slice(B)).toEqual(['p1', 'p2', 'p3'])
    // Handed in again (the desk reloads): nothing new, everything already held.
    const again = handInProposals(state.log, held(), DESK_2)
    expect(again.proposals).toEqual([])
    expect(again.already).toBe(B + 3)
  })

  test('on a log that went on without them, results commute and a clash is refused with the rule’s code', () => {
    // Another desk recorded table 2 otherwise on the new authority meanwhile.
    const other = [
      ...logOf(BASE),
      { seq: B, at: '2026-03-14T10:30:00.000Z', desk: 'd1', command: result(2, 300, 390) },
    ]
    const { proposals } = handInProposals(other, held(), DESK_2)
    const { decided } = decideAll(authorityOn(other), proposals)
    const doc = recoveredDoc('recovered-held-g1-d2', 'd2', decided, B, NOW)
    expect(doc).toMatchObject({ accepted: 2, already: B, desk: 'd2', type: 'recovered' })
    expect(doc.refused.map((r) => [r.proposal, r.type, r.error.code])).toEqual([
      ['p2', 'recordResult', 'result.exists'],
    ])
    expect(recoveredSentence('Desk 2', doc)).toBe(
      `Recovered from Desk 2: 2 commands accepted, 1 refused (recordResult: Round 1, table 2 already has a result: correct it instead); ${String(B)} already in the log.`,
    )
  })

  test('an entry of a log kept on one laptop has no desk and no proposal id: the director’s, under an id from its fingerprint', () => {
    const entry: LoggedCommand = { seq: B, at: NOW, command: result(1) }
    const copy = heldFromReplica('copy', ID, null, [...logOf(BASE), entry], [])
    const [proposal] = handInProposals(logOf(BASE), copy, DESK_2).proposals
    expect(proposal?.proposalId).toBe(handedInId(entry))
    expect(proposal?.proposalId).toMatch(/^held-[0-9a-f]+$/)
    expect(proposal?.desk).toEqual({ id: 'director', role: 'director' })
  })

  test('a waiting proposal of a copy taken by the director stays its own desk’s', () => {
    const copy = heldFromReplica('copy', ID, null, LONGER, [waiting('p3', result(3))])
    const named = { ...copy, waiting: copy.waiting.map((w) => ({ ...w, desk: 'd2' })) }
    const director: DeskIdentity = { id: 'director', role: 'director' }
    const [proposal] = handInProposals(LONGER, named, director).proposals
    expect(proposal?.desk).toEqual(DESK_2)
  })

  test.each<[string, Command, string | null]>([
    ['a waiting result typed on another log is decided on the current state', result(3), null],
    [
      'a waiting command that needs the head (an edit of a player) is refused: it was built on a log this one never had',
      {
        type: 'editPlayer',
        division: 'A',
        playerId: 1,
        player: { name: 'Player One', rating: 0, memberId: '', club: '' },
      },
      'authority.unknown-head',
    ],
  ])('%s', (_name, command, code) => {
    const older = logOf(BASE)
    // Only the waiting one: its head is the longer log's, which the older file never had.
    const doc = heldFromReplica('held-g1', ID, 1, older, [waiting('w', command)])
    const { proposals } = handInProposals(older, doc, DESK_2)
    const { decided } = decideAll(authorityOn(older), proposals)
    const decision = decided[0]?.decision
    expect(decision?.kind === 'refused' ? decision.error.code : null).toBe(code)
  })
})

test.each<[string, number, (log: readonly LoggedCommand[]) => string | null, boolean]>([
  ['a desk holding nothing', 0, () => null, false],
  [
    'a desk holding a prefix of this log',
    B,
    (log) => fingerprint(log[B - 1] as LoggedCommand),
    false,
  ],
  ['a desk holding more than this log', B + 2, () => 'abc', true],
  ['a desk holding as many of another log', B, () => 'not-this-log', true],
])('issue 27: statusLacks: %s → %s', (_name, held, last, lacks) => {
  const log = logOf(BASE)
  expect(statusLacks(log, { held, last: last(log) })).toBe(lacks)
})

test('issue 27: desksHoldingMore names the desks of another generation holding what this log lacks', () => {
  const log = logOf(BASE)
  const status = (generation: number, held: number, last: string | null) => ({
    _id: 'status' as const,
    type: 'status' as const,
    tournamentId: ID,
    generation,
    held,
    last,
    at: NOW,
  })
  const printAt = (n: number) => fingerprint(log[n - 1] as LoggedCommand)
  expect(
    desksHoldingMore(
      [
        ['same-generation', status(2, B + 5, 'x')],
        ['prefix', status(1, B - 1, printAt(B - 1))],
        ['longer', status(1, B + 2, 'x')],
        ['other-tournament', { ...status(1, B + 2, 'x'), tournamentId: 'other' }],
      ],
      { tournamentId: ID, generation: 2 },
      log,
    ),
  ).toEqual(['longer'])
})

describe('a held document is checked like a stored log (issue 27: it comes over the network)', () => {
  test('a good one reads back as written', () => {
    expect(readHeldDoc(JSON.parse(JSON.stringify(held())))).toEqual({ ok: true, value: held() })
  })

  test.each<[string, (doc: Record<string, unknown>) => unknown]>([
    ['not an object', () => 7],
    ['another type', (doc) => ({ ...doc, type: 'proposal' })],
    ['a generation that is not a number', (doc) => ({ ...doc, generation: 'one' })],
    ['entries missing', (doc) => ({ ...doc, entries: undefined })],
    ['an entry out of seq order', (doc) => ({ ...doc, entries: [...LONGER].reverse() })],
    ['an entry that is no command', (doc) => ({ ...doc, entries: [{ seq: 0, at: NOW }] })],
    [
      'a waiting proposal without a head',
      (doc) => ({ ...doc, waiting: [{ _id: 'x', command: result(1) }] }),
    ],
  ])('refused: %s', (_name, damage) => {
    const read = readHeldDoc(damage(JSON.parse(JSON.stringify(held())) as Record<string, unknown>))
    expect(read.ok).toBe(false)
    expect(read.ok ? null : read.error.code).toBe('venue.held')
  })
})

describe('a desk’s saved copy carries its waiting proposals (issue 27: another laptop)', () => {
  test('read back by --take as a held document; an older reader opens it as the plain log', () => {
    const text = writeDeskCopy(ID, LONGER, held().waiting, NOW)
    const copy = readDeskCopy('COPY.json', text)
    expect(copy.ok && copy.value.entries).toEqual(LONGER)
    expect(copy.ok && copy.value.waiting.map((w) => w._id)).toEqual(['p3'])
    const plain = readTournamentFile(text)
    expect(plain.ok && plain.value.log).toEqual(LONGER)
  })

  test('a copy without waiting proposals is the tournament file byte for byte; any tournament file can be taken', () => {
    expect(writeDeskCopy(ID, LONGER, [], NOW)).toBe(writeTournamentFile(ID, LONGER, NOW))
    const copy = readDeskCopy('EVENT.json', writeTournamentFile(ID, LONGER, NOW))
    expect(copy.ok && copy.value.waiting).toEqual([])
    expect(readDeskCopy('x', '{').ok).toBe(false)
  })
})
