import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import { apply, fold } from './apply'
import type { Command, LoggedCommand } from './commands'
import type { TournamentInfo, TournamentState } from './types'

const ID = 't-1'

const info: TournamentInfo = {
  name: 'Spring Open',
  venue: 'Civic Hall',
  startDate: '2026-03-14',
  endDate: '2026-03-15',
  rounds: 7,
}

const create: Command = { type: 'createTournament', info, rules: rulesFromPreset('nsa1995') }

const register = (division: string, name: string, memberId = '', rating = 0): Command => ({
  type: 'registerPlayer',
  division,
  player: { name, rating, memberId, club: '' },
})

/** The desk's morning: two divisions, three players in A, two in B, registered in turns. */
const morning: readonly Command[] = [
  create,
  { type: 'addDivision', name: 'A' },
  { type: 'addDivision', name: 'B' },
  register('A', 'Smith, Ann', 'AB12', 1850),
  register('B', 'Lee, Bo', 'LB01', 1200),
  register('A', 'Tan, Cy', '', 1700),
  register('B', 'Ng, Di', '', 0),
  register('A', 'Ramos, José', 'JR7', 1600),
]

function applyAll(commands: readonly Command[]): TournamentState {
  let state: TournamentState | undefined
  for (const command of commands) {
    const next = apply(state, command, ID)
    if (!next.ok) throw new Error(`${command.type} refused: ${next.error.code}`)
    state = next.value
  }
  if (!state) throw new Error('no commands')
  return state
}

function logOf(commands: readonly Command[]): LoggedCommand[] {
  return commands.map((command, seq) => ({
    seq,
    at: `2026-03-14T09:${String(seq).padStart(2, '0')}:00.000Z`,
    command,
  }))
}

/** Frozen all the way down: a transition that mutated its input would throw here. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

describe('a registration morning, command by command', () => {
  test('players are numbered 1..n in registration order within their own division', () => {
    const state = applyAll(morning)
    expect(state.id).toBe(ID)
    expect(state.info).toEqual(info)
    expect(state.rules).toEqual(rulesFromPreset('nsa1995'))
    expect(state.divisions.map((d) => d.name)).toEqual(['A', 'B'])
    const active = {
      firstRound: 1,
      missedRounds: { kind: 'unplayed' },
      status: { kind: 'active' },
      checkIns: [],
    }
    expect(state.divisions[0]?.players).toEqual([
      // Registered without keys (issue 27): each key derived from the division and number.
      {
        id: 1,
        key: 'A#1',
        name: 'Smith, Ann',
        rating: 1850,
        memberId: 'AB12',
        club: '',
        ...active,
      },
      { id: 2, key: 'A#2', name: 'Tan, Cy', rating: 1700, memberId: '', club: '', ...active },
      {
        id: 3,
        key: 'A#3',
        name: 'Ramos, José',
        rating: 1600,
        memberId: 'JR7',
        club: '',
        ...active,
      },
    ])
    expect(state.divisions[1]?.players.map((p) => [p.id, p.name])).toEqual([
      [1, 'Lee, Bo'],
      [2, 'Ng, Di'],
    ])
  })

  test('correcting a player keeps their number (it is printed on slips and tags)', () => {
    const state = applyAll([
      ...morning,
      {
        type: 'editPlayer',
        division: 'A',
        playerId: 2,
        player: { name: 'Tan,  Cyril ', rating: 1710, memberId: 'TC3', club: 'KL' },
      },
    ])
    expect(state.divisions[0]?.players.map((p) => p.id)).toEqual([1, 2, 3])
    expect(state.divisions[0]?.players[1]).toEqual({
      id: 2,
      key: 'A#2',
      name: 'Tan, Cyril',
      rating: 1710,
      memberId: 'TC3',
      club: 'KL',
      firstRound: 1,
      missedRounds: { kind: 'unplayed' },
      status: { kind: 'active' },
      checkIns: [],
    })
  })

  test('a player may keep their own member id when edited', () => {
    const state = applyAll([
      ...morning,
      {
        type: 'editPlayer',
        division: 'A',
        playerId: 1,
        player: { name: 'Smith, Anne', rating: 1850, memberId: 'ab12', club: '' },
      },
    ])
    expect(state.divisions[0]?.players[0]).toMatchObject({
      id: 1,
      name: 'Smith, Anne',
      memberId: 'ab12',
    })
  })

  test('editing the info and the rules replaces them', () => {
    const rules = { ...rulesFromPreset('msa') }
    const state = applyAll([
      ...morning,
      { type: 'editTournamentInfo', info: { ...info, name: 'Spring Open 2026', endDate: '' } },
      { type: 'changeRules', rules },
    ])
    expect(state.info).toEqual({ ...info, name: 'Spring Open 2026', endDate: info.startDate })
    expect(state.rules).toEqual(rulesFromPreset('msa'))
    expect(state.divisions).toEqual(applyAll(morning).divisions)
  })
})

describe('a refused command leaves the tournament exactly as it was', () => {
  test.each<{ case: string; command: Command; code: string }>([
    { case: 'creating the tournament twice', command: create, code: 'tournament.exists' },
    {
      case: 'info with an impossible date',
      command: { type: 'editTournamentInfo', info: { ...info, startDate: '2026-02-30' } },
      code: 'tournament.date.invalid',
    },
    {
      case: 'a second division "a" beside "A"',
      command: { type: 'addDivision', name: 'a' },
      code: 'division.name.duplicate',
    },
    {
      case: 'a player in a division that does not exist',
      command: register('C', 'Ng, Eve'),
      code: 'division.missing',
    },
    { case: 'a player without a name', command: register('A', '  '), code: 'player.name.empty' },
    {
      case: 'a second player with member id ab12 (AB12 is taken)',
      command: register('A', 'Smith, Anna', 'ab12'),
      code: 'player.member-id.duplicate',
    },
    {
      case: 'a negative rating',
      command: register('B', 'Ng, Eve', '', -1),
      code: 'player.rating.negative',
    },
    {
      case: 'editing player #9, who does not exist',
      command: {
        type: 'editPlayer',
        division: 'A',
        playerId: 9,
        player: { name: 'X', rating: 0, memberId: '', club: '' },
      },
      code: 'player.missing',
    },
    {
      case: 'editing a player to take another player’s member id',
      command: {
        type: 'editPlayer',
        division: 'A',
        playerId: 2,
        player: { name: 'Tan, Cy', rating: 0, memberId: 'JR7', club: '' },
      },
      code: 'player.member-id.duplicate',
    },
    {
      case: 'editing a player with a fractional rating',
      command: {
        type: 'editPlayer',
        division: 'B',
        playerId: 1,
        player: { name: 'Lee, Bo', rating: 12.5, memberId: '', club: '' },
      },
      code: 'player.rating.not-a-number',
    },
  ])('$case is refused ($code)', ({ command, code }) => {
    const before = deepFreeze(applyAll(morning))
    const snapshot = structuredClone(before)
    const result = apply(before, command, ID)
    expect(result.ok).toBe(false)
    expect(!result.ok && result.error.code).toBe(code)
    expect(before).toEqual(snapshot)
  })

  test.each<{ case: string; command: Command; code: string }>([
    { case: 'a division', command: { type: 'addDivision', name: 'A' }, code: 'tournament.missing' },
    { case: 'a player', command: register('A', 'Ann'), code: 'tournament.missing' },
    {
      case: 'a tournament without a name',
      command: { ...create, info: { ...info, name: '' } },
      code: 'tournament.name.empty',
    },
  ])('before the tournament exists, $case is refused ($code)', ({ command, code }) => {
    const result = apply(undefined, command, ID)
    expect(!result.ok && result.error.code).toBe(code)
  })
})

describe('the state is the fold of the log (design.md)', () => {
  test('folding the log gives the same state as applying each command in turn', () => {
    expect(fold(ID, logOf(morning))).toEqual({ ok: true, value: applyAll(morning) })
  })

  test('an empty log is no tournament yet', () => {
    expect(fold(ID, [])).toEqual({ ok: true, value: undefined })
  })

  test('folding a prefix gives the tournament as it was then', () => {
    expect(fold(ID, logOf(morning).slice(0, 4))).toEqual({
      ok: true,
      value: applyAll(morning.slice(0, 4)),
    })
  })

  test('a damaged log is reported with the position of the command that fails', () => {
    const damaged = logOf([
      ...morning.slice(0, 4),
      register('A', 'Smith, Ann', 'AB12'),
      ...morning.slice(4),
    ])
    const result = fold(ID, damaged)
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'player.member-id.duplicate', seq: 4 },
    })
  })

  test('a log that does not start with createTournament fails at seq 0', () => {
    expect(fold(ID, logOf(morning.slice(1)))).toMatchObject({
      ok: false,
      error: { code: 'tournament.missing', seq: 0 },
    })
  })
})

describe('properties of any sequence of registrations and edits', () => {
  const player = fc.record({
    name: fc.constantFrom('Ann', 'Bo Lee', '', '  ', 'José', 'x;y'),
    rating: fc.oneof(fc.integer({ min: -5, max: 4005 }), fc.constantFrom(12.5, Number.NaN)),
    memberId: fc.constantFrom('', '', 'M1', 'm1', ' M1 ', 'M2', 'X9'),
    club: fc.constant(''),
  })
  const division = fc.constantFrom('A', 'B', 'C')
  const command: fc.Arbitrary<Command> = fc.oneof(
    fc.record({ type: fc.constant('registerPlayer' as const), division, player }),
    fc.record({
      type: fc.constant('editPlayer' as const),
      division,
      playerId: fc.integer({ min: 0, max: 8 }),
      player,
    }),
  )

  test('ids are exactly 1..n per division, member ids are unique per division, refusals change nothing', () => {
    const start = applyAll(morning.slice(0, 3))
    fc.assert(
      fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
        let state = deepFreeze(start)
        const registered = new Map<string, number>()
        for (const next of commands) {
          const snapshot = structuredClone(state)
          const result = apply(state, next, ID)
          if (!result.ok) {
            expect(state).toEqual(snapshot)
            continue
          }
          if (next.type === 'registerPlayer') {
            registered.set(next.division, (registered.get(next.division) ?? 0) + 1)
          }
          state = deepFreeze(result.value)
        }
        for (const { name, players } of state.divisions) {
          expect(players.map((p) => p.id)).toEqual(players.map((_, i) => i + 1))
          expect(players).toHaveLength(registered.get(name) ?? 0)
          const memberIds = players.map((p) => p.memberId.toLowerCase()).filter((m) => m !== '')
          expect(new Set(memberIds).size).toBe(memberIds.length)
        }
      }),
    )
  })
})
