import { describe, expect, test } from 'vitest'
import { checkLog } from '../formats/tournament-file'
import type { PlayerId } from '../results/game-result'
import type { Command, LoggedCommand } from '../tournament/commands'
import { fingerprint } from '../tournament/log'
import { create, ID, logOf, played, register } from '../tournament/test-support/event'
import { decide, recover, type AuthorityState } from './decide'
import { headOfLog, type DeskIdentity, type Proposal } from './proposal'

const NOW = '2026-03-14T10:30:00.000Z'
const DIRECTOR: DeskIdentity = { id: 'director', role: 'director' }
const DESK_A: DeskIdentity = { id: 'desk-a', role: 'desk' }
const DESK_B: DeskIdentity = { id: 'desk-b', role: 'desk' }
const PROJECTOR: DeskIdentity = { id: 'projector', role: 'projector' }

/** Four players, round 1 paired: Ann–Bob at table 1, Cy–Di at table 2. */
const BASE: readonly Command[] = [
  create(),
  { type: 'addDivision', name: 'A' },
  register('Ann'),
  register('Bob'),
  register('Cy'),
  register('Di'),
  {
    type: 'pairRound',
    division: 'A',
    round: 1,
    pairings: [
      { kind: 'game', table: 1, players: [1, 2] },
      { kind: 'game', table: 2, players: [3, 4] },
    ],
  },
]
const B = BASE.length

function authority(): AuthorityState {
  const recovered = recover(ID, logOf(BASE))
  if (!recovered.ok) throw new Error(recovered.error.message)
  return recovered.value
}

const result = (table: number, players: readonly [PlayerId, PlayerId], a = 400, b = 350) =>
  ({
    type: 'recordResult',
    division: 'A',
    round: 1,
    game: { table },
    result: played(players, [a, b]),
  }) as const satisfies Command

const T1 = result(1, [1, 2])
const T2 = result(2, [3, 4])

/** One proposal of a scenario: `seen` is the log length the desk had read, or the whole log. */
interface Step {
  readonly id: string
  readonly desk: DeskIdentity
  readonly seen: number | 'head'
  readonly command: Command
  /** Sends a fingerprint the log never had. */
  readonly foreign?: boolean
  /** Handed back from another log (issue 27). */
  readonly handedIn?: boolean
}

const step = (
  id: string,
  desk: DeskIdentity,
  command: Command,
  seen: number | 'head' = 'head',
): Step => ({ id, desk, seen, command })

function proposalFor(state: AuthorityState, s: Step): Proposal {
  // A log only grows, so the head a desk saw is the fingerprint of that prefix's last entry.
  const length = s.seen === 'head' ? state.log.length : s.seen
  const last = state.log[length - 1]
  const builtOn = s.foreign
    ? { length, last: 'not-a-print' }
    : { length, last: last === undefined ? null : fingerprint(last) }
  return {
    proposalId: s.id,
    desk: s.desk,
    builtOn,
    command: s.command,
    ...(s.handedIn === true ? { handedIn: true } : {}),
  }
}

function run(steps: readonly Step[]) {
  let state = authority()
  const decisions = steps.map((s) => {
    const decided = decide(state, proposalFor(state, s), NOW)
    state = decided.next
    return decided.decision
  })
  return { state, decisions }
}

describe('the authority decides each proposal (issue 21: several laptops, one event)', () => {
  test.each<[string, readonly Step[], 'accepted' | 'refused', string | null, number]>([
    [
      'a fresh result on the current head is accepted',
      [step('p1', DESK_A, T1)],
      'accepted',
      null,
      B + 1,
    ],
    [
      'issue 21, commands that commute: a result built on an old head is applied on the current state',
      [step('p1', DESK_A, T1), step('p2', DESK_B, T2, B)],
      'accepted',
      null,
      B + 2,
    ],
    [
      'a check-in and a registration built on an old head are applied too',
      [
        step('p1', DESK_A, T1),
        step('p2', DESK_B, { type: 'checkIn', division: 'A', player: 1, day: '2026-03-14' }, B),
        step('p3', DESK_B, register('Eve'), B),
      ],
      'accepted',
      null,
      B + 3,
    ],
    [
      'a result built on an old head that no longer applies gets apply’s own refusal (the round was unpaired meanwhile)',
      [
        step('p1', DIRECTOR, { type: 'unpairRound', division: 'A', round: 1 }),
        step('p2', DESK_A, T1, B),
      ],
      'refused',
      'round.missing',
      B + 1,
    ],
    [
      'a second result for the same table, from another desk on an old head: apply’s refusal',
      [step('p1', DESK_A, T1), step('p2', DESK_B, result(1, [1, 2], 300, 420), B)],
      'refused',
      'result.exists',
      B + 1,
    ],
    [
      'issue 21, strict head: a pairing built on an old head is refused, naming what the desk has not seen',
      [
        step('p1', DESK_A, T1),
        step('p2', DESK_A, T2),
        step('p3', DIRECTOR, { type: 'publishRound', division: 'A', round: 1 }, B),
      ],
      'refused',
      'authority.stale-head',
      B + 2,
    ],
    [
      'a pairing on the current head is accepted',
      [
        step('p1', DESK_A, T1),
        step('p2', DIRECTOR, { type: 'publishRound', division: 'A', round: 1 }),
      ],
      'accepted',
      null,
      B + 2,
    ],
    [
      'the same proposal id twice: the first decision, the log unchanged',
      [step('p1', DESK_A, T1), step('p1', DESK_A, T1)],
      'accepted',
      null,
      B + 1,
    ],
    [
      'the same refused proposal twice: the same refusal',
      [step('p1', DESK_A, result(9, [1, 2])), step('p1', DESK_A, result(9, [1, 2]))],
      'refused',
      'table.missing',
      B,
    ],
    [
      'a proposal id sent again with another command is refused',
      [step('p1', DESK_A, T1), step('p1', DESK_A, T2)],
      'refused',
      'authority.duplicate',
      B + 1,
    ],
    [
      'a proposal id sent again from another desk is refused',
      [step('p1', DESK_A, T1), step('p1', DESK_B, T1)],
      'refused',
      'authority.duplicate',
      B + 1,
    ],
    [
      'issue 13 by desk: a desk’s undo of another desk’s result is refused',
      [step('p1', DESK_B, T1), step('p2', DESK_A, { type: 'undo', seq: B })],
      'refused',
      'authority.not-own',
      B + 1,
    ],
    [
      'issue 13 by desk: the director’s desk may undo another desk’s result',
      [step('p1', DESK_B, T1), step('p2', DIRECTOR, { type: 'undo', seq: B })],
      'accepted',
      null,
      B + 2,
    ],
    [
      'issue 13 by desk: a desk may undo its own result',
      [step('p1', DESK_B, T1), step('p2', DESK_B, { type: 'undo', seq: B })],
      'accepted',
      null,
      B + 2,
    ],
    [
      'an undo built on an old head is refused like a pairing',
      [
        step('p1', DESK_B, T1),
        step('p2', DESK_A, T2),
        step('p3', DESK_B, { type: 'undo', seq: B }, B + 1),
      ],
      'refused',
      'authority.stale-head',
      B + 2,
    ],
    [
      'an undo the log refuses gets the log’s own code (the result is already undone)',
      [
        step('p1', DESK_B, T1),
        step('p2', DESK_B, { type: 'undo', seq: B }),
        step('p3', DIRECTOR, { type: 'undo', seq: B }),
      ],
      'refused',
      'undo.already-undone',
      B + 2,
    ],
    [
      'a redo of an undone result is accepted',
      [
        step('p1', DESK_B, T1),
        step('p2', DESK_B, { type: 'undo', seq: B }),
        step('p3', DESK_B, { type: 'redo', seq: B }),
      ],
      'accepted',
      null,
      B + 3,
    ],
    [
      'a command apply refuses is refused with apply’s code (no table 9)',
      [step('p1', DESK_A, result(9, [1, 2]))],
      'refused',
      'table.missing',
      B,
    ],
    [
      'a projector proposes nothing (issue 21: read-only)',
      [step('p1', PROJECTOR, T1)],
      'refused',
      'authority.read-only',
      B,
    ],
    [
      'a head the log never had (another log) is refused, even for a result',
      [{ ...step('p1', DESK_A, T1, B), foreign: true }],
      'refused',
      'authority.unknown-head',
      B,
    ],
    [
      'issue 27: a result handed back from another log is decided on the current state',
      [step('p1', DESK_A, T1), { ...step('p2', DESK_A, T2, B), foreign: true, handedIn: true }],
      'accepted',
      null,
      B + 2,
    ],
    [
      'issue 27: a handed-back result that no longer fits is refused with the rule’s code',
      [step('p1', DESK_A, T1), { ...step('p2', DESK_B, T1, B), foreign: true, handedIn: true }],
      'refused',
      'result.exists',
      B + 1,
    ],
    [
      'issue 27: a handed-back pairing built on an old head of this log is decided on the current state',
      [
        step('p1', DESK_A, T1),
        step('p2', DESK_A, T2),
        { ...step('p3', DIRECTOR, { type: 'addDivision', name: 'B' }, B), handedIn: true },
      ],
      'accepted',
      null,
      B + 3,
    ],
    [
      'issue 27: a handed-back undo from another log is still refused: its seq is the other log’s',
      [
        step('p1', DESK_A, T1),
        { ...step('p2', DESK_A, { type: 'undo', seq: B }), foreign: true, handedIn: true },
      ],
      'refused',
      'authority.unknown-head',
      B + 1,
    ],
    [
      'a head longer than the log is refused',
      [step('p1', DESK_A, T1, B + 5)],
      'refused',
      'authority.unknown-head',
      B,
    ],
    [
      'a proposal without an id is refused',
      [step(' ', DESK_A, T1)],
      'refused',
      'authority.proposal-id',
      B,
    ],
    [
      'a command whose fields are wrong (it came over the network) is named, not thrown on',
      [step('p1', DESK_A, { ...T1, round: 'one' } as unknown as Command)],
      'refused',
      'tournament-file.command.malformed',
      B,
    ],
    [
      'a proposal whose command is not an object at all is named, not thrown on',
      [step('p1', DESK_A, null as unknown as Command, B - 2)],
      'refused',
      'tournament-file.entry',
      B,
    ],
  ])('%s', (_, steps, kind, code, length) => {
    const { state, decisions } = run(steps)
    const decision = decisions.at(-1)
    expect(decision?.kind).toBe(kind)
    expect(decision?.kind === 'refused' ? decision.error.code : null).toBe(code)
    expect(state.log).toHaveLength(length)
    expect(checkLog(ID, state.log).ok).toBe(true)
  })

  test('an accepted entry carries the authority’s seq and time, the desk’s identity and the proposal id', () => {
    const { decisions } = run([step('p1', DESK_A, T1, B)])
    expect(decisions[0]).toEqual({
      kind: 'accepted',
      proposalId: 'p1',
      entry: {
        seq: B,
        at: NOW,
        desk: 'desk-a',
        version: expect.any(Number),
        proposal: 'p1',
        command: T1,
      },
    })
  })

  test('the stale-head refusal names each command the desk has not seen', () => {
    const { decisions } = run([
      step('p1', DESK_A, T1),
      step('p2', DESK_A, T2),
      step('p3', DIRECTOR, { type: 'publishRound', division: 'A', round: 1 }, B),
    ])
    const refused = decisions[2]
    expect(refused?.kind === 'refused' && refused.error.message).toMatch(
      /has not seen commands 8–9 \(#8 .*Ann.*; #9 .*Cy.*\)/,
    )
    expect(refused?.kind === 'refused' && refused.error.details).toEqual({ from: B, to: B + 2 })
  })

  test('a repeated proposal returns the very entry it was accepted as, and the state is the same object', () => {
    const first = run([step('p1', DESK_A, T1)])
    const again = decide(first.state, proposalFor(first.state, step('p1', DESK_A, T1)), NOW)
    expect(again.next).toBe(first.state)
    expect(again.decision).toEqual(first.decisions[0])
  })

  test('deciding never changes the state it was given', () => {
    const before = authority()
    const log = before.log
    decide(before, proposalFor(before, step('p1', DESK_A, T1)), NOW)
    expect(before.log).toBe(log)
    expect(before.log).toHaveLength(B)
    expect(before.accepted.size).toBe(0)
  })
})

describe('recover: the authority from its log, after a crash (issue 21)', () => {
  test('a proposal accepted before the crash is not applied again when the desk re-sends it', () => {
    const { state } = run([step('p1', DESK_A, T1), step('p2', DESK_B, T2)])
    const recovered = recover(ID, JSON.parse(JSON.stringify(state.log)) as unknown[])
    expect(recovered.ok).toBe(true)
    if (!recovered.ok) return
    expect(recovered.value.accepted).toEqual(
      new Map([
        ['p1', B],
        ['p2', B + 1],
      ]),
    )
    const resent = decide(
      recovered.value,
      proposalFor(recovered.value, step('p2', DESK_B, T2, B)),
      NOW,
    )
    expect(resent.decision).toEqual({ kind: 'accepted', proposalId: 'p2', entry: state.log[B + 1] })
    expect(resent.next.log).toHaveLength(B + 2)
  })

  test('a refusal is not kept across a crash: the proposal is decided again', () => {
    const { state } = run([step('p1', DESK_A, result(9, [1, 2]))])
    expect(state.refused.has('p1')).toBe(true)
    const recovered = recover(ID, state.log)
    expect(recovered.ok && recovered.value.refused.size).toBe(0)
  })

  test.each<[string, (log: LoggedCommand[]) => unknown[], string]>([
    [
      'a log that does not fold: checkLog’s own problem',
      (log) => [
        ...log,
        { seq: log.length, at: NOW, command: T1 },
        { seq: log.length + 1, at: NOW, command: T1 },
      ],
      'result.exists',
    ],
    [
      'a damaged entry: checkLog’s own problem',
      (log) => [...log, { seq: 99, at: NOW, command: T1 }],
      'tournament-file.seq',
    ],
    [
      'two entries accepted for one proposal',
      (log) => [
        ...log,
        { seq: log.length, at: NOW, proposal: 'p1', command: T1 },
        { seq: log.length + 1, at: NOW, proposal: 'p1', command: T2 },
      ],
      'authority.proposal-twice',
    ],
  ])('%s', (_, damage, code) => {
    const entries = damage(logOf(BASE))
    const recovered = recover(ID, entries)
    expect(!recovered.ok && recovered.error.code).toBe(code)
    const checked = checkLog(ID, entries)
    if (!checked.ok) expect(recovered).toEqual(checked)
  })

  test('an empty log recovers to an authority whose first acceptable proposal is the creation', () => {
    const recovered = recover(ID, [])
    expect(recovered.ok).toBe(true)
    if (!recovered.ok) return
    const decided = decide(
      recovered.value,
      {
        proposalId: 'c',
        desk: DIRECTOR,
        builtOn: headOfLog([]),
        command: create(),
      },
      NOW,
    )
    expect(decided.decision.kind).toBe('accepted')
    expect(decided.next.state?.info.name).toBe('Spring Open')
  })
})

describe('issue 27: the log names each desk as the director named it', () => {
  test('an accepted command, and an undo of it, carry the desk’s name; a re-sending is the same', () => {
    const desk2: DeskIdentity = { id: 'd2', role: 'desk', name: 'Desk 2' }
    const start = authority()
    const proposal: Proposal = {
      proposalId: 'r1',
      desk: desk2,
      builtOn: headOfLog(start.log),
      command: T1,
    }
    const decided = decide(start, proposal, NOW)
    expect(decided.decision).toMatchObject({
      kind: 'accepted',
      entry: { desk: 'd2', deskName: 'Desk 2', command: T1 },
    })
    expect(decide(decided.next, proposal, NOW).decision).toEqual(decided.decision)
    const undo = decide(
      decided.next,
      {
        proposalId: 'u1',
        desk: desk2,
        builtOn: headOfLog(decided.next.log),
        command: { type: 'undo', seq: B },
      },
      NOW,
    )
    expect(undo.decision).toMatchObject({
      kind: 'accepted',
      entry: { desk: 'd2', deskName: 'Desk 2', command: { type: 'undo', seq: B } },
    })
    // A desk without a name (an older authority's) logs none.
    const unnamed = decide(start, { ...proposal, proposalId: 'r2', desk: DESK_A }, NOW)
    expect(unnamed.decision.kind === 'accepted' && 'deskName' in unnamed.decision.entry).toBe(false)
  })
})
