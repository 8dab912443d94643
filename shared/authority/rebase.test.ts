/**
 * Issue 27, worked through the real `decide`: a command built on an older head means what its
 * desk meant, or is refused with what changed; never silently retargeted.
 */
import { describe, expect, test } from 'vitest'
import { apply } from '../tournament/apply'
import type { Command, PlayerKey } from '../tournament/commands'
import { create, ID, logOf, played } from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { decide, recover, type AuthorityState } from './decide'
import { headOfLog, type Decision, type DeskIdentity } from './proposal'

const NOW = '2026-03-14T10:30:00.000Z'
const DESK_A: DeskIdentity = { id: 'desk-a', role: 'desk' }
const DESK_B: DeskIdentity = { id: 'desk-b', role: 'desk' }
const DAY = '2026-03-14'

const registration = (name: string, key: string, memberId = ''): Command => ({
  type: 'registerPlayer',
  division: 'A',
  player: { name, rating: 0, memberId, club: '' },
  key,
})

/** Ann #1 and Bo #2 of division A, registered by the director's laptop with their keys. */
const MORNING: readonly Command[] = [
  create(),
  { type: 'addDivision', name: 'A' },
  registration('Ann Lee', 'k-ann', 'AL1'),
  registration('Bo Tan', 'k-bo'),
]

function authorityOf(commands: readonly Command[]): AuthorityState {
  const recovered = recover(ID, logOf(commands))
  if (!recovered.ok) throw new Error(recovered.error.message)
  return recovered.value
}

/** A desk's proposals, each built on the head `seen` (a log length) it had read. */
function run(
  start: AuthorityState,
  steps: readonly (readonly [string, DeskIdentity, number, Command])[],
): { readonly authority: AuthorityState; readonly decisions: readonly Decision[] } {
  let authority = start
  const decisions: Decision[] = []
  for (const [proposalId, desk, seen, command] of steps) {
    const builtOn = headOfLog(authority.log.slice(0, seen))
    const decided = decide(authority, { proposalId, desk, builtOn, command }, NOW)
    authority = decided.next
    decisions.push(decided.decision)
  }
  return { authority, decisions }
}

const state = (authority: AuthorityState): TournamentState => {
  if (authority.state === undefined) throw new Error('no event')
  return authority.state
}
const playersOf = (authority: AuthorityState) =>
  state(authority).divisions[0]?.players.map((p) => `#${String(p.id)} ${p.name}`) ?? []
const checkedIn = (authority: AuthorityState) =>
  state(authority)
    .divisions[0]?.players.filter((p) => p.checkIns.includes(DAY))
    .map((p) => p.name) ?? []
const codes = (decisions: readonly Decision[]) =>
  decisions.map((d) => (d.kind === 'accepted' ? 'accepted' : d.error.code))

const checkInOf = (player: number, keys?: readonly PlayerKey[]): Command => ({
  type: 'checkIn',
  division: 'A',
  player,
  day: DAY,
  ...(keys === undefined ? {} : { keys }),
})

describe('Cy and Dee: an offline desk checks in the player it registered (issue 27)', () => {
  const seen = MORNING.length

  test('desk A registers Cy (#3 on its screen) and checks in #3; desk B registered Dee first: Cy is checked in, as #4', () => {
    const { authority, decisions } = run(authorityOf(MORNING), [
      ['b-1', DESK_B, seen, registration('Dee Ng', 'k-dee')],
      ['a-1', DESK_A, seen, registration('Cy Young', 'k-cy')],
      ['a-2', DESK_A, seen, checkInOf(3, [{ player: 3, key: 'k-cy' }])],
    ])
    expect(codes(decisions)).toEqual(['accepted', 'accepted', 'accepted'])
    expect(playersOf(authority)).toEqual(['#1 Ann Lee', '#2 Bo Tan', '#3 Dee Ng', '#4 Cy Young'])
    expect(checkedIn(authority)).toEqual(['Cy Young'])
    // The log holds the check-in as the authority applied it: today's number, the same key.
    expect(authority.log.at(-1)?.command).toEqual(checkInOf(4, [{ player: 4, key: 'k-cy' }]))
  })

  test('the same check-in sent again after a crash gets the same answer and changes nothing', () => {
    const { authority, decisions } = run(authorityOf(MORNING), [
      ['b-1', DESK_B, seen, registration('Dee Ng', 'k-dee')],
      ['a-1', DESK_A, seen, registration('Cy Young', 'k-cy')],
      ['a-2', DESK_A, seen, checkInOf(3, [{ player: 3, key: 'k-cy' }])],
    ])
    const again = run(authority, [
      ['a-2', DESK_A, seen, checkInOf(3, [{ player: 3, key: 'k-cy' }])],
    ])
    expect(again.authority).toBe(authority)
    expect(again.decisions).toEqual([decisions[2]])
  })

  test('Cy’s registration was refused: the check-in of the player the desk registered is refused, Dee is untouched', () => {
    const { authority, decisions } = run(authorityOf(MORNING), [
      ['b-1', DESK_B, seen, registration('Dee Ng', 'k-dee')],
      // Ann's member id: refused by the rules.
      ['a-1', DESK_A, seen, registration('Cy Young', 'k-cy', 'AL1')],
      ['a-2', DESK_A, seen, checkInOf(3, [{ player: 3, key: 'k-cy' }])],
    ])
    expect(codes(decisions)).toEqual([
      'accepted',
      'player.member-id.duplicate',
      'authority.unknown-player',
    ])
    expect(checkedIn(authority)).toEqual([])
    const refused = decisions[2]
    expect(refused?.kind === 'refused' && refused.error.message).toContain('was refused')
  })

  test('a desk older than issue 27 (no keys) checks in #3, a number the division did not have at its head: refused as ambiguous', () => {
    const { authority, decisions } = run(authorityOf(MORNING), [
      ['b-1', DESK_B, seen, registration('Dee Ng', 'k-dee')],
      ['a-1', DESK_A, seen, registration('Cy Young', 'k-cy')],
      ['a-2', DESK_A, seen, checkInOf(3)],
    ])
    expect(codes(decisions)).toEqual(['accepted', 'accepted', 'authority.ambiguous-player'])
    expect(checkedIn(authority)).toEqual([])
  })

  test('a keyless check-in of a player the desk had seen is still applied on a newer head', () => {
    const { authority, decisions } = run(authorityOf(MORNING), [
      ['b-1', DESK_B, seen, registration('Dee Ng', 'k-dee')],
      ['a-1', DESK_A, seen, checkInOf(2)],
    ])
    expect(codes(decisions)).toEqual(['accepted', 'accepted'])
    expect(checkedIn(authority)).toEqual(['Bo Tan'])
  })

  test('apply refuses a number that no longer names the keyed player (never retargets)', () => {
    const after = authorityOf([...MORNING, registration('Dee Ng', 'k-dee')])
    const refused = apply(after.state, checkInOf(3, [{ player: 3, key: 'k-cy' }]), ID)
    expect(refused.ok ? 'applied' : refused.error.code).toBe('player.key-mismatch')
    const bo = apply(after.state, checkInOf(2, [{ player: 2, key: 'k-bo' }]), ID)
    expect(bo.ok).toBe(true)
  })
})

describe('two desks register the same name (issue 27)', () => {
  const seen = MORNING.length

  test('desk A typed Dee Smith without seeing desk B’s: refused with the same-name question; sent again on the new head, accepted', () => {
    const { authority, decisions } = run(authorityOf(MORNING), [
      ['b-1', DESK_B, seen, registration('Dee Smith', 'k-dee')],
      ['a-1', DESK_A, seen, registration('  dee   SMITH ', 'k-dee-2')],
      ['a-2', DESK_A, seen + 1, registration('Dee Smith', 'k-dee-3')],
    ])
    expect(codes(decisions)).toEqual(['accepted', 'authority.same-name', 'accepted'])
    const refused = decisions[1]
    expect(refused?.kind === 'refused' && refused.error.message).toBe(
      'Dee Smith was registered meanwhile at desk-b as #3 in A: if this is another player, register again.',
    )
    expect(playersOf(authority)).toEqual([
      '#1 Ann Lee',
      '#2 Bo Tan',
      '#3 Dee Smith',
      '#4 Dee Smith',
    ])
  })

  test('a desk’s own registrations are ones it has seen: two same-name entries of one desk are its own question', () => {
    const { decisions } = run(authorityOf(MORNING), [
      ['a-1', DESK_A, seen, registration('Dee Smith', 'k-1')],
      ['a-2', DESK_A, seen, registration('Dee Smith', 'k-2')],
    ])
    expect(codes(decisions)).toEqual(['accepted', 'accepted'])
  })

  test('a key already taken in the division is refused', () => {
    const { decisions } = run(authorityOf(MORNING), [
      ['a-1', DESK_A, seen, registration('Cy Young', 'k-bo')],
    ])
    expect(codes(decisions)).toEqual(['player.key-taken'])
  })
})

/** Round 1 paired with tables 1 and 12 (a hall's numbering), table 12 entered 400–390. */
const PAIRED: readonly Command[] = [
  ...MORNING,
  registration('Cy Young', 'k-cy'),
  registration('Dee Ng', 'k-dee'),
  {
    type: 'pairRound',
    division: 'A',
    round: 1,
    pairings: [
      { kind: 'game', table: 1, players: [1, 2] },
      { kind: 'game', table: 12, players: [3, 4] },
    ],
  },
  {
    type: 'recordResult',
    division: 'A',
    round: 1,
    game: { table: 12 },
    result: played([3, 4], [400, 390]),
  },
]
const SEATED: readonly PlayerKey[] = [
  { player: 3, key: 'k-cy' },
  { player: 4, key: 'k-dee' },
]

const correction = (scores: readonly [number, number], replaces: readonly [number, number]) =>
  ({
    type: 'correctResult',
    division: 'A',
    round: 1,
    game: { table: 12 },
    result: played([3, 4], scores),
    replaces: played([3, 4], replaces),
    keys: SEATED,
  }) as const satisfies Command

/** A correction as a desk older than issue 27 sent it: no keys, no result it replaces. */
const keylessCorrection = (scores: readonly [number, number]): Command => ({
  type: 'correctResult',
  division: 'A',
  round: 1,
  game: { table: 12 },
  result: played([3, 4], scores),
})

describe('double correction: two desks correct table 12 (issue 27)', () => {
  const seen = PAIRED.length
  const table12 = (authority: AuthorityState) =>
    state(authority).divisions[0]?.rounds[0]?.results[1]

  test('both saw 400–390: the first correction stands, the second is refused naming the desk and the score', () => {
    const { authority, decisions } = run(authorityOf(PAIRED), [
      ['a-1', DESK_A, seen, correction([401, 388], [400, 390])],
      ['b-1', DESK_B, seen, correction([390, 400], [400, 390])],
    ])
    expect(codes(decisions)).toEqual(['accepted', 'authority.result-changed'])
    expect(table12(authority)?.result).toEqual(played([3, 4], [401, 388]))
    const refused = decisions[1]
    expect(refused?.kind === 'refused' && refused.error.message).toBe(
      'Table 12 of round 1 was corrected at desk-a to Cy Young 401 – Dee Ng 388; correct it again if yours is right.',
    )
  })

  test.each([
    [
      'a correction',
      correction([390, 400], [400, 390]),
      correction([401, 388], [400, 390]),
      'Table 12 of round 1 was corrected at Results 2 to',
    ],
    [
      'a registration',
      registration('Eve Park', 'k-eve-a'),
      registration('Eve Park', 'k-eve-b'),
      'Eve Park was registered meanwhile at Results 2 as #5',
    ],
  ] as const)(
    'the refusal of %s names the other desk as the director named it, not by its id (issue 27: "at d2" told the operator nothing)',
    (_, theirs, ours, words) => {
      const named: DeskIdentity = { ...DESK_B, name: 'Results 2' }
      const { decisions } = run(authorityOf(PAIRED), [
        ['b-1', named, seen, theirs],
        ['a-1', DESK_A, seen, ours],
      ])
      expect(codes(decisions)[0]).toBe('accepted')
      const refused = decisions[1]
      expect(refused?.kind === 'refused' && refused.error.message).toContain(words)
    },
  )

  test('desk B, having seen desk A’s correction, corrects it again: accepted', () => {
    const { authority, decisions } = run(authorityOf(PAIRED), [
      ['a-1', DESK_A, seen, correction([401, 388], [400, 390])],
      ['b-2', DESK_B, seen + 1, correction([390, 400], [401, 388])],
    ])
    expect(codes(decisions)).toEqual(['accepted', 'accepted'])
    expect(table12(authority)?.result).toEqual(played([3, 4], [390, 400]))
  })

  test.each([
    ['desk B saw the table as desk A left it: accepted', 1, 'accepted'],
    ['desk B had not seen desk A’s correction: refused', 0, 'authority.result-changed'],
  ] as const)(
    'a correction from a desk older than issue 27 names no result it replaces; %s',
    (_, seenAfter, decision) => {
      const keyless = keylessCorrection([390, 400])
      const { decisions } = run(authorityOf(PAIRED), [
        ['a-1', DESK_A, seen, correction([401, 388], [400, 390])],
        ['b-1', DESK_B, seen + seenAfter, keyless],
      ])
      expect(codes(decisions)).toEqual(['accepted', decision])
    },
  )

  test('a keyless correction of a result this desk itself set after its head is accepted', () => {
    const keyless = keylessCorrection([390, 400])
    const { decisions } = run(authorityOf(PAIRED), [
      ['a-1', DESK_A, seen, correction([401, 388], [400, 390])],
      ['a-2', DESK_A, seen, keyless],
    ])
    expect(codes(decisions)).toEqual(['accepted', 'accepted'])
  })

  test('a correction built on the current head with a result the game does not hold is refused too', () => {
    const { decisions } = run(authorityOf(PAIRED), [
      ['a-1', DESK_A, seen, correction([401, 388], [410, 390])],
    ])
    expect(codes(decisions)).toEqual(['authority.result-changed'])
  })
})

describe('a result for a table re-paired meanwhile (issue 27)', () => {
  test('the desk saw Cy–Dee at table 12; the round was re-paired with Ann–Cy there: refused naming who sits there now', () => {
    const unpaired = PAIRED.slice(0, -2)
    const seen = unpaired.length + 1
    const repair: Command = {
      type: 'pairRound',
      division: 'A',
      round: 1,
      replace: true,
      pairings: [
        { kind: 'game', table: 1, players: [2, 4] },
        { kind: 'game', table: 12, players: [1, 3] },
      ],
    }
    const first: Command = {
      type: 'recordResult',
      division: 'A',
      round: 1,
      game: { table: 12 },
      result: played([3, 4], [400, 390]),
      keys: SEATED,
    }
    const { decisions } = run(authorityOf([...unpaired, PAIRED[unpaired.length] as Command]), [
      ['d-1', { id: 'director', role: 'director' }, seen, repair],
      ['a-1', DESK_A, seen, first],
    ])
    expect(codes(decisions)).toEqual(['accepted', 'authority.re-paired'])
    const refused = decisions[1]
    expect(refused?.kind === 'refused' && refused.error.message).toBe(
      'Table 12 of round 1 now seats Ann Lee–Cy Young, not the players this desk saw (Cy Young–Dee Ng): look at the pairings again.',
    )
  })
})

describe('a desk older than issue 27 after an undo of a registration (issue 27)', () => {
  test('it checks in #3 (Cy on its screen); desk A undid Cy’s registration meanwhile, so Dee is #3 now: refused as ambiguous', () => {
    const seen = MORNING.length + 2
    const start = authorityOf(MORNING)
    const registered = run(start, [
      ['a-1', DESK_A, MORNING.length, registration('Cy Young', 'k-cy')],
      ['a-2', DESK_A, MORNING.length + 1, registration('Dee Ng', 'k-dee')],
    ])
    const { authority, decisions } = run(registered.authority, [
      ['a-3', DESK_A, seen, { type: 'undo', seq: MORNING.length }],
      ['b-1', DESK_B, seen, checkInOf(3)],
    ])
    expect(codes(decisions)).toEqual(['accepted', 'authority.ambiguous-player'])
    expect(playersOf(authority)).toEqual(['#1 Ann Lee', '#2 Bo Tan', '#3 Dee Ng'])
    expect(checkedIn(authority)).toEqual([])
  })
})

describe('apply and the keys a command carries (issue 27)', () => {
  const after = authorityOf([...MORNING, registration('Dee Ng', 'k-dee')])

  test.each([
    ['the number names the keyed player', checkInOf(2, [{ player: 2, key: 'k-bo' }]), 'applied'],
    [
      'the number names another player',
      checkInOf(3, [{ player: 3, key: 'k-bo' }]),
      'player.key-mismatch',
    ],
    ['the key names nobody', checkInOf(3, [{ player: 3, key: 'k-cy' }]), 'player.key-mismatch'],
    [
      'the keys do not cover the number acted on',
      checkInOf(3, [{ player: 2, key: 'k-bo' }]),
      'player.key-mismatch',
    ],
    ['no keys (an older desk): as before', checkInOf(3), 'applied'],
  ])('%s: %s', (_case, command, expected) => {
    const applied = apply(after.state, command, ID)
    expect(applied.ok ? 'applied' : applied.error.code).toBe(expected)
  })
})
