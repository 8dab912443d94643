import { describe, expect, test } from 'vitest'
import type { Command, CommandType } from '../tournament/commands'
import type { TournamentState } from '../tournament/types'
import {
  applyAll,
  create,
  ID,
  logOf,
  phonesCheckIn,
  played,
  register,
} from '../tournament/test-support/event'
import { decide, recover, type AuthorityState } from './decide'
import { DESK_ROLES, headOfLog, type DeskIdentity, type DeskRole } from './proposal'
import { mayPropose, playerMayPropose, ROLE_RIGHTS, rolesFor } from './roles'

const TYPES = Object.keys(ROLE_RIGHTS) as CommandType[]

/** What a director running a hall expects of each desk (issue 27), one worked example a row. */
const EXAMPLES: readonly (readonly [DeskRole, CommandType, boolean])[] = [
  ['check-in', 'registerPlayer', true],
  ['check-in', 'registerPlayers', true],
  ['check-in', 'editPlayer', true],
  ['check-in', 'checkIn', true],
  ['check-in', 'cancelCheckIn', true],
  ['check-in', 'recordArrival', true],
  ['check-in', 'markAbsent', true],
  ['check-in', 'undo', true],
  ['check-in', 'redo', true],
  ['check-in', 'recordResult', false],
  ['check-in', 'correctResult', false],
  ['check-in', 'assignPenalty', false],
  ['check-in', 'pairRound', false],
  ['check-in', 'withdrawPlayer', false],
  ['results', 'recordResult', true],
  ['results', 'correctResult', true],
  ['results', 'recordArrival', true],
  ['results', 'assignPenalty', true],
  ['results', 'issueWarning', true],
  ['results', 'undo', true],
  ['results', 'registerPlayer', false],
  ['results', 'checkIn', false],
  ['results', 'editPlayer', false],
  ['results', 'pairRound', false],
  ['results', 'editPairing', false],
  ['results', 'unpairRound', false],
  ['results', 'publishRound', false],
  ['results', 'changeRules', false],
  ['results', 'setPairingPlan', false],
  ['results', 'startRound', false],
  ['results', 'overrideStarter', false],
  ['results', 'createTournament', false],
  ['desk', 'checkIn', true],
  ['desk', 'recordResult', true],
  ['desk', 'pairRound', false],
  ['desk', 'publishRound', false],
  ['director', 'pairRound', true],
  ['director', 'changeRules', true],
  ['projector', 'checkIn', false],
  ['projector', 'undo', false],
]

describe('mayPropose (issue 27: roles with the rights a hall needs)', () => {
  test.each(EXAMPLES)('a %s desk proposing %s: %s', (role, type, allowed) => {
    expect(mayPropose(role, { type }).ok).toBe(allowed)
  })

  test.each(TYPES)('the director may propose %s', (type) => {
    expect(mayPropose('director', { type }).ok).toBe(true)
  })

  test.each(TYPES)('a projector proposes no %s', (type) => {
    expect(mayPropose('projector', { type }).ok).toBe(false)
  })

  test.each(TYPES)(
    'a desk joined before roles (legacy "desk") may %s exactly when a check-in or a results desk may',
    (type) => {
      const either = mayPropose('check-in', { type }).ok || mayPropose('results', { type }).ok
      expect(mayPropose('desk', { type }).ok).toBe(either)
    },
  )

  // Issue 30: a player's phone checks its own player in and does nothing else.
  test.each(DESK_ROLES.filter((role) => role !== 'projector' && role !== 'player'))(
    'a %s desk may undo and redo (whose command is History’s rule, in decide)',
    (role) => {
      expect(mayPropose(role, { type: 'undo' }).ok).toBe(true)
      expect(mayPropose(role, { type: 'redo' }).ok).toBe(true)
    },
  )

  test('the refusal names the role, the command and who does it', () => {
    const refused = mayPropose('results', { type: 'pairRound' })
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'authority.not-allowed',
        message: 'A results desk may not propose pairRound: the director’s laptop does that.',
        details: { role: 'results', command: 'pairRound' },
      },
    })
  })

  test('a command two roles may give names both, never the legacy desk', () => {
    const refused = mayPropose('results', { type: 'checkIn' })
    expect(refused.ok ? '' : refused.error.message).toBe(
      'A results desk may not propose checkIn: the director’s laptop or a check-in desk does that.',
    )
  })

  test('rolesFor lists the director first for every type', () => {
    for (const type of TYPES) expect(rolesFor(type)[0]).toBe('director')
  })
})

/** Two players paired at table 1, round 1 not yet published. */
const PAIRED: readonly Command[] = [
  create(),
  { type: 'addDivision', name: 'A' },
  register('Ann'),
  register('Bob'),
  {
    type: 'pairRound',
    division: 'A',
    round: 1,
    pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
  },
]

function decideAs(role: DeskRole, commands: readonly Command[], id = `${role}-1`) {
  // The event as the director's laptop made it, so no desk owns its commands.
  const recovered = recover(
    ID,
    logOf(PAIRED).map((entry) => ({ ...entry, desk: 'director' })),
  )
  if (!recovered.ok) throw new Error(recovered.error.message)
  let state: AuthorityState = recovered.value
  const desk: DeskIdentity = { id, role }
  const decisions = commands.map((command, i) => {
    const decided = decide(
      state,
      { proposalId: `p${String(i)}`, desk, builtOn: headOfLog(state.log), command },
      '2026-03-14T10:30:00.000Z',
    )
    state = decided.next
    return decided.decision
  })
  return { decisions, length: state.log.length }
}

const publish: Command = { type: 'publishRound', division: 'A', round: 1 }
const result: Command = {
  type: 'recordResult',
  division: 'A',
  round: 1,
  game: { table: 1 },
  result: played([1, 2], [400, 350]),
}
const checkIn: Command = { type: 'checkIn', division: 'A', player: 1, day: '2026-03-14' }

describe('decide enforces the roles (issue 27)', () => {
  test.each<[DeskRole, Command, string | null]>([
    ['results', publish, 'authority.not-allowed'],
    ['results', result, null],
    ['results', checkIn, 'authority.not-allowed'],
    ['check-in', checkIn, null],
    ['check-in', result, 'authority.not-allowed'],
    ['check-in', register('Cy'), null],
    ['desk', result, null],
    ['desk', publish, 'authority.not-allowed'],
    ['director', publish, null],
    ['projector', checkIn, 'authority.read-only'],
  ])('a %s desk proposing %o: %s', (role, command, code) => {
    const { decisions, length } = decideAs(role, [command])
    const decision = decisions[0]
    expect(decision?.kind === 'refused' ? decision.error.code : null).toBe(code)
    expect(length).toBe(PAIRED.length + (code === null ? 1 : 0))
  })

  test('a results desk undoes its own result', () => {
    const { decisions } = decideAs('results', [result, { type: 'undo', seq: PAIRED.length }])
    expect(decisions.map((d) => d.kind)).toEqual(['accepted', 'accepted'])
  })

  test('a check-in desk may not undo the director’s pairing (not its own)', () => {
    const { decisions } = decideAs('check-in', [{ type: 'undo', seq: PAIRED.length - 1 }])
    expect(decisions[0]?.kind === 'refused' ? decisions[0].error.code : null).toBe(
      'authority.not-own',
    )
  })
})

describe('the player role (issue 30: a phone checks its own player in, where the director allows)', () => {
  const DAY = '2026-03-14'
  const on = phonesCheckIn(DAY)
  const state = applyAll([...PAIRED, on])
  const [ann, bob] = state.divisions[0]?.players ?? []
  if (ann === undefined || bob === undefined) throw new Error('two players')
  const annSelf = { division: 'A', key: ann.key }
  const own = (player = ann, day = DAY): Extract<Command, { type: 'checkIn' }> => ({
    type: 'checkIn',
    division: 'A',
    player: player.id,
    day,
    keys: [{ player: player.id, key: player.key }],
  })

  test.each(TYPES.filter((type) => type !== 'checkIn' && type !== 'phoneResult'))(
    'a player’s phone may not propose %s',
    (type) => {
      expect(mayPropose('player', { type }).ok).toBe(false)
    },
  )

  test.each<[string, Command, string | null]>([
    ['his own check-in', own(), null],
    ['another player’s check-in', own(bob), 'authority.not-own-player'],
    [
      'his check-in without his key',
      { type: 'checkIn', division: 'A', player: ann.id, day: DAY },
      null,
    ],
    [
      'his number with another’s key',
      { ...own(), keys: [{ player: ann.id, key: bob.key }] },
      'authority.not-own-player',
    ],
    ['a check-in on a day not opened to phones', own(ann, '2026-03-15'), 'authority.phone-off'],
    ['a result', result, 'authority.not-allowed'],
    ['a pairing', { type: 'publishRound', division: 'A', round: 1 }, 'authority.not-allowed'],
    [
      'cancelling a check-in',
      { type: 'cancelCheckIn', division: 'A', player: ann.id, day: DAY },
      'authority.not-allowed',
    ],
  ])('%s: %s', (_what, command, code) => {
    const decided = playerMayPropose(annSelf, command, state)
    expect(decided.ok ? null : decided.error.code).toBe(code)
  })

  test('a phone naming no player (a desk approved as "player") checks nobody in', () => {
    const decided = playerMayPropose(undefined, own(), state)
    expect(decided.ok ? null : decided.error.code).toBe('authority.not-own-player')
  })

  test('a withdrawn player checks in no more from his phone', () => {
    const withdrawn = applyAll([
      ...PAIRED,
      on,
      { type: 'withdrawPlayer', division: 'A', player: ann.id, fromRound: 2 },
    ])
    const decided = playerMayPropose(annSelf, own(), withdrawn)
    expect(decided.ok ? null : decided.error.code).toBe('authority.not-own-player')
  })

  test('decide takes the player from the identity, never from the command', () => {
    const recovered = recover(ID, logOf([...PAIRED, on]))
    if (!recovered.ok) throw new Error(recovered.error.message)
    const phone: DeskIdentity = {
      id: 'phone-ann',
      role: 'player',
      name: 'Ann’s phone',
      player: annSelf,
    }
    const propose = (command: Command, proposalId: string) =>
      decide(
        recovered.value,
        { proposalId, desk: phone, builtOn: headOfLog(recovered.value.log), command },
        '2026-03-14T10:02:00.000Z',
      ).decision
    const mine = propose(own(), 'p1')
    expect(mine.kind).toBe('accepted')
    expect(mine.kind === 'accepted' ? mine.entry.deskName : null).toBe('Ann’s phone')
    const theirs = propose(own(bob), 'p2')
    expect(theirs.kind === 'refused' ? theirs.error.code : null).toBe('authority.not-own-player')
    const pairing = propose(publish, 'p3')
    expect(pairing.kind === 'refused' ? pairing.error.code : null).toBe('authority.not-allowed')
  })
})

describe('issue 30: a phone enters only its own game’s result, in the current published round, where the director allows', () => {
  const DAY = '2026-03-14'
  const results: Command = {
    type: 'setPhoneAccess',
    division: 'A',
    day: DAY,
    checkIn: false,
    results: true,
  }
  const round = (n: number, tables: readonly (readonly [number, number])[]): Command[] => [
    {
      type: 'pairRound',
      division: 'A',
      round: n,
      pairings: tables.map((players, i) => ({ kind: 'game', table: i + 1, players })),
    },
    { type: 'publishRound', division: 'A', round: n },
  ]
  const FOUR: readonly Command[] = [
    create(),
    { type: 'addDivision', name: 'A' },
    register('Ann'),
    register('Bob'),
    register('Cy'),
    register('Di'),
    ...round(1, [
      [1, 2],
      [3, 4],
    ]),
  ]
  const state = applyAll([...FOUR, results])
  const players = state.divisions[0]?.players ?? []
  const self = (id: number) => ({ division: 'A', key: players[id - 1]?.key ?? '' })
  const entry = (player: number, over: Partial<Command> = {}): Command =>
    ({
      type: 'phoneResult',
      division: 'A',
      round: 1,
      table: player <= 2 ? 1 : 2,
      player,
      result: player <= 2 ? played([1, 2], [400, 350]) : played([3, 4], [380, 390]),
      at: 0,
      keys: [{ player, key: players[player - 1]?.key ?? '' }],
      ...over,
    }) as Command

  test.each<[string, number, Command, TournamentState, string | undefined, string | null]>([
    ['Ann enters her own game', 1, entry(1), state, DAY, null],
    ['Bob confirms it from his phone', 2, entry(2), state, DAY, null],
    [
      'without the server’s day (decide), a day opened to results',
      1,
      entry(1),
      state,
      undefined,
      null,
    ],
    // The third player: Cy, at table 2, may not enter or confirm table 1's result.
    ['Cy names Ann', 3, entry(1), state, DAY, 'authority.not-own-player'],
    [
      'Cy names himself at table 1',
      3,
      entry(3, { table: 1 } as Partial<Command>),
      state,
      DAY,
      'authority.not-own-game',
    ],
    [
      'Ann names another round',
      1,
      entry(1, { round: 2 } as Partial<Command>),
      state,
      DAY,
      'authority.not-own-game',
    ],
    [
      'Ann’s number with Bob’s key',
      1,
      { ...entry(1), keys: [{ player: 1, key: self(2).key }] } as Command,
      state,
      DAY,
      'authority.not-own-player',
    ],
    ['a day not opened to results', 1, entry(1), state, '2026-03-15', 'authority.phone-off'],
    [
      'results never opened to phones',
      1,
      entry(1),
      applyAll(FOUR),
      undefined,
      'authority.phone-off',
    ],
    [
      'round 1 once round 2 is published',
      1,
      entry(1),
      applyAll([
        ...FOUR,
        results,
        ...round(2, [
          [1, 3],
          [2, 4],
        ]),
      ]),
      DAY,
      'authority.not-own-game',
    ],
    [
      'round 1 while round 2 is paired, not published',
      1,
      entry(1),
      applyAll([
        ...FOUR,
        results,
        round(2, [
          [1, 3],
          [2, 4],
        ])[0] as Command,
      ]),
      DAY,
      null,
    ],
  ])('%s', (_, who, command, at, today, code) => {
    const decided = playerMayPropose(self(who), command, at, today)
    expect(decided.ok ? null : decided.error.code).toBe(code)
  })

  test('decide: Ann enters, Bob confirms, the result is in; Cy’s phone is refused', () => {
    const recovered = recover(ID, logOf([...FOUR, results]))
    if (!recovered.ok) throw new Error(recovered.error.message)
    let authority: AuthorityState = recovered.value
    const phone = (id: number): DeskIdentity => ({
      id: `player:A:${self(id).key}`,
      role: 'player',
      name: `${players[id - 1]?.name ?? ''}’s phone`,
      player: self(id),
    })
    const propose = (id: number, command: Command, proposalId: string) => {
      const decided = decide(
        authority,
        { proposalId, desk: phone(id), builtOn: headOfLog(authority.log), command },
        '2026-03-14T10:30:00.000Z',
      )
      authority = decided.next
      return decided.decision
    }
    expect(propose(3, entry(1), 'c1').kind).toBe('refused')
    expect(propose(1, entry(1), 'a1').kind).toBe('accepted')
    expect(propose(3, entry(3, { table: 1 } as Partial<Command>), 'c2').kind).toBe('refused')
    const bob = propose(2, entry(2), 'b1')
    expect(bob.kind === 'accepted' ? bob.entry.deskName : null).toBe('Bob’s phone')
    expect(authority.state?.divisions[0]?.rounds[0]?.results[0]?.result).toEqual(
      played([1, 2], [400, 350]),
    )
  })
})
