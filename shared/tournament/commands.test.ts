import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import { apply } from './apply'
import type { Command } from './commands'
import {
  applyAll,
  create,
  deepFreeze,
  ID,
  played,
  register,
  standingsLine,
  WORKED_EXAMPLE,
} from './test-support/event'
import type { GamePairing, TournamentState } from './types'
import { standingsAsOf, tableClocks, unpairedPlayers, warningStatus } from './views'

const nsa = rulesFromPreset('nsa1995')
const { setup, round1, round2, round3 } = WORKED_EXAMPLE

function registerCommand(c: Command): Extract<Command, { type: 'registerPlayer' }>['player'] {
  if (c.type !== 'registerPlayer') throw new Error('not a registration')
  return c.player
}

/**
 * The worked example in a 5-round event, stopped in round 3: Di (#4) withdrawn, round 3 paired
 * (table 1 Ann–Ed with its result, table 2 Bob–Cy without), and Fay (#6) entered for round 5.
 */
const base: readonly Command[] = [
  create('nsa1995', 5),
  ...setup.slice(1),
  ...round1,
  ...round2,
  ...round3.slice(0, 3),
  {
    type: 'registerPlayer',
    division: 'A',
    player: registerCommand(register('Fay')),
    firstRound: 5,
  },
]

const baseState = deepFreeze(applyAll(base))

function run(...commands: readonly Command[]): TournamentState {
  return applyAll([...base, ...commands])
}

function standings(state: TournamentState, round: number): string {
  const rows = standingsAsOf(state, 'A', round)
  if (!rows.ok) throw new Error(rows.error.code)
  return standingsLine(rows.value)
}

const pair4: Command = {
  type: 'pairRound',
  division: 'A',
  round: 4,
  pairings: [
    { kind: 'game', table: 1, players: [1, 2] },
    { kind: 'game', table: 2, players: [3, 5] },
  ],
}

const result = (round: number, table: number, r = played([2, 3], [400, 350], nsa)): Command => ({
  type: 'recordResult',
  division: 'A',
  round,
  game: { table },
  result: r,
})

describe('every refused command leaves the tournament exactly as it was', () => {
  test.each<{ case: string; command: Command; code: string }>([
    {
      case: 'withdrawing a player who is not registered',
      command: { type: 'withdrawPlayer', division: 'A', player: 9, fromRound: 4 },
      code: 'player.missing',
    },
    {
      case: 'withdrawing Di twice',
      command: { type: 'withdrawPlayer', division: 'A', player: 4, fromRound: 4 },
      code: 'player.already-withdrawn',
    },
    {
      case: 'withdrawing Bob from a round he is paired in',
      command: { type: 'withdrawPlayer', division: 'A', player: 2, fromRound: 3 },
      code: 'player.withdraw.paired',
    },
    {
      case: 'withdrawing from round 6 of 5',
      command: { type: 'withdrawPlayer', division: 'A', player: 2, fromRound: 6 },
      code: 'round.beyond-event',
    },
    {
      case: 'withdrawing from round 0',
      command: { type: 'withdrawPlayer', division: 'A', player: 2, fromRound: 0 },
      code: 'round.invalid',
    },
    {
      case: 'reinstating a player who never withdrew',
      command: { type: 'reinstatePlayer', division: 'A', player: 1 },
      code: 'player.not-withdrawn',
    },
    {
      case: 'a late entry for round 9 of 5',
      command: {
        type: 'registerPlayer',
        division: 'A',
        player: registerCommand(register('Gus')),
        firstRound: 9,
      },
      code: 'player.first-round.invalid',
    },
    {
      case: 'pairing round 3 again',
      command: { ...pair4, round: 3 } as Command,
      code: 'round.already-paired',
    },
    {
      case: 'pairing round 5 before round 4',
      command: { ...pair4, round: 5 } as Command,
      code: 'round.out-of-order',
    },
    {
      case: 'pairing round 6 of a 5-round event',
      command: { ...pair4, round: 6 } as Command,
      code: 'round.beyond-event',
    },
    {
      case: 'pairing nobody',
      command: { type: 'pairRound', division: 'A', round: 4, pairings: [] },
      code: 'pairing.empty',
    },
    {
      case: 'pairing withdrawn Di',
      command: {
        type: 'pairRound',
        division: 'A',
        round: 4,
        pairings: [{ kind: 'game', table: 1, players: [1, 4] }],
      },
      code: 'pairing.player-withdrawn',
    },
    {
      case: 'pairing Fay before her first round',
      command: {
        type: 'pairRound',
        division: 'A',
        round: 4,
        pairings: [{ kind: 'game', table: 1, players: [1, 6] }],
      },
      code: 'pairing.player-not-entered',
    },
    {
      case: 'pairing Ann twice in one round',
      command: {
        type: 'pairRound',
        division: 'A',
        round: 4,
        pairings: [
          { kind: 'game', table: 1, players: [1, 2] },
          { kind: 'bye', player: 1 },
        ],
      },
      code: 'pairing.player-twice',
    },
    {
      case: 'pairing Ann with herself',
      command: {
        type: 'pairRound',
        division: 'A',
        round: 4,
        pairings: [{ kind: 'game', table: 1, players: [1, 1] }],
      },
      code: 'pairing.same-player',
    },
    {
      case: 'pairing an unknown player',
      command: {
        type: 'pairRound',
        division: 'A',
        round: 4,
        pairings: [{ kind: 'bye', player: 9 }],
      },
      code: 'player.missing',
    },
    {
      case: 'two games at table 1',
      command: {
        type: 'pairRound',
        division: 'A',
        round: 4,
        pairings: [
          { kind: 'game', table: 1, players: [1, 2] },
          { kind: 'game', table: 1, players: [3, 5] },
        ],
      },
      code: 'table.duplicate',
    },
    {
      case: 'a game at table 0',
      command: {
        type: 'pairRound',
        division: 'A',
        round: 4,
        pairings: [{ kind: 'game', table: 0, players: [1, 2] }],
      },
      code: 'table.invalid',
    },
    {
      case: 'a starter who is not at the table',
      command: {
        type: 'pairRound',
        division: 'A',
        round: 4,
        pairings: [
          { kind: 'game', table: 1, players: [1, 2], start: { kind: 'director', starter: 3 } },
        ],
      },
      code: 'pairing.starter-not-at-table',
    },
    {
      case: 'editing a table that has a result',
      command: {
        type: 'editPairing',
        division: 'A',
        round: 3,
        table: 1,
        change: { kind: 'replace', players: [1, 2] },
      },
      code: 'pairing.has-result',
    },
    {
      case: 'editing table 9',
      command: {
        type: 'editPairing',
        division: 'A',
        round: 3,
        table: 9,
        change: { kind: 'lock', locked: true },
      },
      code: 'table.missing',
    },
    {
      case: 'editing round 4, not paired',
      command: {
        type: 'editPairing',
        division: 'A',
        round: 4,
        table: 1,
        change: { kind: 'lock', locked: true },
      },
      code: 'round.missing',
    },
    {
      case: 'swapping a player who is not at the table',
      command: {
        type: 'editPairing',
        division: 'A',
        round: 3,
        table: 2,
        change: { kind: 'swap', player: 1, with: 5 },
      },
      code: 'pairing.player-not-at-table',
    },
    {
      case: 'swapping Bob with his own opponent',
      command: {
        type: 'editPairing',
        division: 'A',
        round: 3,
        table: 2,
        change: { kind: 'swap', player: 2, with: 3 },
      },
      code: 'pairing.swap-same-table',
    },
    {
      case: 'swapping Bob with Ed, whose table has a result',
      command: {
        type: 'editPairing',
        division: 'A',
        round: 3,
        table: 2,
        change: { kind: 'swap', player: 2, with: 5 },
      },
      code: 'pairing.has-result',
    },
    {
      case: 'swapping in withdrawn Di',
      command: {
        type: 'editPairing',
        division: 'A',
        round: 3,
        table: 2,
        change: { kind: 'swap', player: 2, with: 4 },
      },
      code: 'pairing.player-withdrawn',
    },
    {
      case: 'seating Ann at table 2 while she plays at table 1',
      command: {
        type: 'editPairing',
        division: 'A',
        round: 3,
        table: 2,
        change: { kind: 'replace', players: [1, 3] },
      },
      code: 'pairing.player-twice',
    },
    {
      case: 'unpairing a round with results',
      command: { type: 'unpairRound', division: 'A', round: 3 },
      code: 'round.has-results',
    },
    {
      case: 'unpairing round 2 while round 3 is paired',
      command: { type: 'unpairRound', division: 'A', round: 2 },
      code: 'round.not-last',
    },
    {
      case: 'starting round 4, not paired',
      command: { type: 'startRound', division: 'A', round: 4, at: 0 },
      code: 'round.missing',
    },
    {
      case: 'starting a round at no time',
      command: { type: 'startRound', division: 'A', round: 3, at: Number.NaN },
      code: 'time.invalid',
    },
    {
      case: 'marking absent a player with no game this round',
      command: { type: 'startRound', division: 'A', round: 3, at: 0, absent: [4] },
      code: 'arrival.player-not-seated',
    },
    {
      case: 'marking one player absent twice',
      command: { type: 'startRound', division: 'A', round: 3, at: 0, absent: [2, 2] },
      code: 'arrival.duplicate',
    },
    {
      case: 'an arrival in a round not started',
      command: { type: 'recordArrival', division: 'A', round: 3, player: 2, at: 0 },
      code: 'round.not-started',
    },
    {
      case: 'a second result for table 1',
      command: result(3, 1, played([1, 5], [400, 300], nsa)),
      code: 'result.exists',
    },
    { case: 'a result for table 3, not paired', command: result(3, 3), code: 'table.missing' },
    { case: 'a result in round 4, not paired', command: result(4, 1), code: 'round.missing' },
    { case: 'a result in round 6 of 5', command: result(6, 1), code: 'round.beyond-event' },
    {
      case: 'a result naming players not at the table',
      command: result(3, 2, played([1, 3], [400, 350], nsa)),
      code: 'result.players-mismatch',
    },
    {
      case: 'a score above the preset maximum (1500)',
      command: result(3, 2, {
        kind: 'played',
        players: [2, 3],
        rawScores: [1501, 300],
        overtimeSeconds: [0, 0],
        scores: [1501, 300],
      }),
      code: 'score.out-of-range',
    },
    {
      case: 'a fractional score',
      command: result(3, 2, {
        kind: 'played',
        players: [2, 3],
        rawScores: [400.5, 300],
        overtimeSeconds: [0, 0],
        scores: [400.5, 300],
      }),
      code: 'score.not-integer',
    },
    {
      case: 'NSA VIII.C: a score not reduced for overtime',
      command: result(3, 2, {
        kind: 'played',
        players: [2, 3],
        rawScores: [400, 300],
        overtimeSeconds: [61, 0],
        scores: [400, 300],
      }),
      code: 'result.overtime-mismatch',
    },
    {
      case: 'a bye result for a game',
      command: result(3, 2, { kind: 'bye', player: 2, spread: 50 }),
      code: 'result.kind-mismatch',
    },
    {
      case: 'a forfeit with a negative spread',
      command: result(3, 2, {
        kind: 'forfeit',
        winner: 2,
        loser: 3,
        reason: 'no-show',
        spread: -50,
        rated: false,
      }),
      code: 'result.spread-invalid',
    },
    {
      case: 'a result for two players who are not paired together',
      command: {
        type: 'recordResult',
        division: 'A',
        round: 3,
        game: { players: [1, 2] },
        result: played([1, 2], [400, 300], nsa),
      },
      code: 'pairing.missing',
    },
    {
      case: 'a first player who was not at the table',
      command: {
        type: 'recordResult',
        division: 'A',
        round: 3,
        game: { table: 2 },
        result: played([2, 3], [400, 300], nsa),
        first: 1,
      },
      code: 'result.first-not-at-table',
    },
    {
      case: 'a first player in a forfeit',
      command: {
        type: 'recordResult',
        division: 'A',
        round: 3,
        game: { table: 2 },
        result: {
          kind: 'forfeit',
          winner: 2,
          loser: 3,
          reason: 'no-show',
          spread: 50,
          rated: false,
        },
        first: 2,
      },
      code: 'result.first-without-game',
    },
    {
      case: 'correcting a result never entered',
      command: { ...(result(3, 2) as object), type: 'correctResult' } as Command,
      code: 'result.missing',
    },
    {
      case: 'a result in a division that does not exist',
      command: { ...(result(3, 2) as object), division: 'Z' } as Command,
      code: 'division.missing',
    },
    {
      case: 'a penalty of 0 points',
      command: { type: 'assignPenalty', division: 'A', player: 2, round: 3, points: 0, reason: '' },
      code: 'penalty.points-invalid',
    },
    {
      case: 'a penalty for an unknown player',
      command: {
        type: 'assignPenalty',
        division: 'A',
        player: 9,
        round: 3,
        points: 50,
        reason: '',
      },
      code: 'player.missing',
    },
    {
      case: 'a penalty in round 7 of 5',
      command: {
        type: 'assignPenalty',
        division: 'A',
        player: 2,
        round: 7,
        points: 50,
        reason: '',
      },
      code: 'round.beyond-event',
    },
    {
      case: 'a warning for an unknown player',
      command: { type: 'issueWarning', division: 'A', player: 9, round: 3, reason: 'phone' },
      code: 'player.missing',
    },
    {
      case: 'choosing the starter of a table that has a result',
      command: { type: 'overrideStarter', division: 'A', round: 3, table: 1, starter: 1 },
      code: 'pairing.has-result',
    },
    {
      case: 'choosing a starter who is not at the table',
      command: { type: 'overrideStarter', division: 'A', round: 3, table: 2, starter: 1 },
      code: 'pairing.starter-not-at-table',
    },
    {
      case: 'cutting the event to 2 rounds when 3 are paired',
      command: { type: 'editTournamentInfo', info: { ...baseState.info, rounds: 2 } },
      code: 'tournament.rounds.below-paired',
    },
  ])('$case is refused ($code)', ({ command, code }) => {
    const snapshot = structuredClone(baseState)
    const refused = apply(baseState, command, ID)
    expect(refused.ok).toBe(false)
    expect(!refused.ok && refused.error.code).toBe(code)
    expect(baseState).toEqual(snapshot)
  })
})

describe('rounds and pairings', () => {
  test('a late entry registered after three rounds are paired enters at round 4', () => {
    const state = run(register('Gus'))
    expect(state.divisions[0]?.players[6]).toMatchObject({ name: 'Gus', firstRound: 4 })
  })

  test('a late entry is ranked from their first round on; missed rounds count for nothing', () => {
    const state = run({ type: 'reinstatePlayer', division: 'A', player: 4 }, pair4)
    const round4 = standingsAsOf(state, 'A', 4)
    expect(round4.ok && round4.value.map((r) => r.name)).not.toContain('Fay')
    const round5 = standingsAsOf(state, 'A', 5)
    expect(round5.ok && round5.value.find((r) => r.name === 'Fay')).toMatchObject({
      wins: 0,
      losses: 0,
      spread: 0,
      games: 0,
    })
  })

  test('a reinstated player can be paired again and is ranked again', () => {
    const state = run(
      result(3, 2),
      { type: 'reinstatePlayer', division: 'A', player: 4 },
      {
        type: 'pairRound',
        division: 'A',
        round: 4,
        pairings: [
          { kind: 'game', table: 1, players: [1, 4] },
          { kind: 'game', table: 2, players: [2, 3] },
          { kind: 'bye', player: 5 },
        ],
      },
    )
    expect(state.divisions[0]?.players[3]?.status).toEqual({ kind: 'active' })
    expect(standings(state, 3)).toContain('Di 1–1 +42')
  })

  test('NSA VII.J.1: a bye is entered at pairing as a win at the preset bye spread', () => {
    const round = baseState.divisions[0]?.rounds[1]
    expect(round?.pairings[2]).toEqual({ kind: 'bye', player: 4, locked: false, reason: null })
    expect(round?.results[2]).toEqual({
      result: { kind: 'bye', player: 4, spread: 50 },
      first: null,
    })
  })

  test('pairings are kept in table order whatever order they come in', () => {
    const state = run({
      type: 'pairRound',
      division: 'A',
      round: 4,
      system: 'swiss',
      seed: 7,
      pairings: [
        { kind: 'bye', player: 5 },
        { kind: 'game', table: 9, players: [3, 1], locked: true },
        { kind: 'bye', player: 2 },
      ],
    })
    const round = state.divisions[0]?.rounds[3]
    expect(round?.pairings.map((p) => (p.kind === 'game' ? p.table : `bye ${p.player}`))).toEqual([
      9,
      'bye 2',
      'bye 5',
    ])
    expect(round).toMatchObject({ system: 'swiss', seed: 7, startedAt: null })
    expect(round?.pairings[0]).toMatchObject({ locked: true })
  })

  test('MSA 1.2: where the program draws for first, the draw is the recorded seed’s, every time', () => {
    const rules = { ...nsa, starts: { ...nsa.starts, whenEqual: 'program-draw' as const } }
    const pairing = (seed?: number): Command => ({
      type: 'pairRound',
      division: 'A',
      round: 1,
      pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
      ...(seed === undefined ? {} : { seed }),
    })
    const start = (seed?: number) =>
      (
        applyAll([{ ...create(), rules } as Command, ...setup.slice(1), pairing(seed)]).divisions[0]
          ?.rounds[0]?.pairings[0] as GamePairing
      ).start
    expect(start(42)).toMatchObject({
      kind: 'rule',
      reason: { kind: 'program-draw', seed: expect.any(Number) },
    })
    expect(start(42)).toEqual(start(42))
    // No seed recorded: nothing is invented; the slip says to draw for first.
    expect(start()).toEqual({ kind: 'undecided' })
  })

  test('a round-robin schedule’s starter and the engine’s reason are kept; the result takes the starter', () => {
    const state = run(
      {
        type: 'pairRound',
        division: 'A',
        round: 4,
        system: 'round-robin',
        pairings: [
          {
            kind: 'game',
            table: 1,
            players: [1, 2],
            start: { kind: 'schedule', starter: 2 },
            reason: 'schedule row 4',
          },
        ],
      },
      result(4, 1, played([1, 2], [400, 380], nsa)),
    )
    const round = state.divisions[0]?.rounds[3]
    expect(round?.pairings[0]).toMatchObject({
      start: { kind: 'schedule', starter: 2 },
      reason: 'schedule row 4',
    })
    expect(round?.results[0]?.first).toBe(2)
  })

  test('swapping two players re-decides both starters and locks both tables', () => {
    const state = run(pair4, {
      type: 'editPairing',
      division: 'A',
      round: 4,
      table: 1,
      change: { kind: 'swap', player: 2, with: 5 },
    })
    const pairings = state.divisions[0]?.rounds[3]?.pairings
    expect(pairings?.map((p) => p.kind === 'game' && [p.table, p.players, p.locked])).toEqual([
      [1, [1, 5], true],
      [2, [3, 2], true],
    ])
  })

  test('swapping a seated player with the bye moves the bye and its result', () => {
    const state = run(
      result(3, 2),
      { type: 'reinstatePlayer', division: 'A', player: 4 },
      {
        ...pair4,
        pairings: [
          ...(pair4.type === 'pairRound' ? pair4.pairings : []),
          { kind: 'bye', player: 4 },
        ],
      } as Command,
      {
        type: 'editPairing',
        division: 'A',
        round: 4,
        table: 2,
        change: { kind: 'swap', player: 5, with: 4 },
      },
    )
    const round = state.divisions[0]?.rounds[3]
    expect(round?.pairings[1]).toMatchObject({ players: [3, 4], locked: true })
    expect(round?.pairings[2]).toEqual({
      kind: 'bye',
      player: 5,
      locked: true,
      reason: 'set by the director',
    })
    expect(round?.results[2]?.result).toEqual({ kind: 'bye', player: 5, spread: 50 })
  })

  test('replacing a table leaves the displaced player unpaired', () => {
    const state = run(result(3, 2), { type: 'reinstatePlayer', division: 'A', player: 4 }, pair4, {
      type: 'editPairing',
      division: 'A',
      round: 4,
      table: 2,
      change: { kind: 'replace', players: [4, 3] },
    })
    expect(state.divisions[0]?.rounds[3]?.pairings[1]).toMatchObject({
      players: [4, 3],
      locked: true,
    })
    const unpaired = unpairedPlayers(state, 'A', 4)
    expect(unpaired.ok && unpaired.value.map((p) => p.name)).toEqual(['Ed'])
  })

  test('locking and unlocking a table changes only its flag', () => {
    const locked = run(pair4, {
      type: 'editPairing',
      division: 'A',
      round: 4,
      table: 2,
      change: { kind: 'lock', locked: true },
    })
    expect(locked.divisions[0]?.rounds[3]?.pairings.map((p) => p.locked)).toEqual([false, true])
  })

  test('unpairing the last round without results gives back the state before it was paired', () => {
    const state = run(pair4, { type: 'unpairRound', division: 'A', round: 4 })
    expect(state).toEqual(baseState)
  })

  test('rules.md: the director can override a starter, and the result takes it as who went first', () => {
    const state = run(
      { type: 'overrideStarter', division: 'A', round: 3, table: 2, starter: 3 },
      result(3, 2),
    )
    const round = state.divisions[0]?.rounds[2]
    expect((round?.pairings[1] as GamePairing).start).toEqual({ kind: 'director', starter: 3 })
    expect(round?.results[1]?.first).toBe(3)
  })
})

describe('late arrivals (rules.md, "Clock, overtime and late arrival")', () => {
  const MIN = 60_000
  const T0 = 1_773_478_800_000

  test('NSA: the absent player’s clock runs from the start until they arrive', () => {
    const state = run(
      { type: 'startRound', division: 'A', round: 3, at: T0, absent: [3] },
      { type: 'recordArrival', division: 'A', round: 3, player: 3, at: T0 + 10 * MIN },
    )
    const clocks = tableClocks(state, 'A', 3, 2, T0 + 20 * MIN)
    expect(
      clocks.ok && clocks.value.map((c) => [c.player, c.lostMs / MIN, c.remainingMs / MIN]),
    ).toEqual([
      [2, 0, 25],
      [3, 10, 15],
    ])
  })

  test('a player not marked absent who arrives late is recorded; a second arrival replaces the first', () => {
    const state = run(
      { type: 'startRound', division: 'A', round: 3, at: T0 },
      { type: 'recordArrival', division: 'A', round: 3, player: 2, at: T0 + 5 * MIN },
      { type: 'recordArrival', division: 'A', round: 3, player: 2, at: T0 + 4 * MIN },
    )
    expect(state.divisions[0]?.rounds[2]?.arrivals).toEqual([
      { player: 2, arrivedAt: T0 + 4 * MIN },
    ])
  })

  test.each<{ case: string; command: Command; code: string }>([
    {
      case: 'an arrival before the start',
      command: { type: 'recordArrival', division: 'A', round: 3, player: 2, at: T0 - 1 },
      code: 'arrival.before-start',
    },
    {
      case: 'an arrival of a player with no game',
      command: { type: 'recordArrival', division: 'A', round: 3, player: 4, at: T0 + MIN },
      code: 'arrival.player-not-seated',
    },
    {
      case: 'starting the round twice',
      command: { type: 'startRound', division: 'A', round: 3, at: T0 },
      code: 'round.already-started',
    },
    {
      case: 'marking absent a player already marked',
      command: { type: 'markAbsent', division: 'A', round: 3, player: 3 },
      code: 'arrival.already-absent',
    },
    {
      case: 'marking absent a player with no game',
      command: { type: 'markAbsent', division: 'A', round: 3, player: 4 },
      code: 'arrival.player-not-seated',
    },
  ])('in a started round, $case is refused ($code)', ({ command, code }) => {
    const started = deepFreeze(
      run({ type: 'startRound', division: 'A', round: 3, at: T0, absent: [3] }),
    )
    const refused = apply(started, command, ID)
    expect(!refused.ok && refused.error.code).toBe(code)
  })
})

describe('issue 11: a player found missing after the clock started', () => {
  const MIN = 60_000
  const T0 = 1_773_478_800_000

  test('NSA: marked absent after the start, their clock still runs from the start', () => {
    const state = run(
      { type: 'startRound', division: 'A', round: 3, at: T0 },
      { type: 'markAbsent', division: 'A', round: 3, player: 3 },
      { type: 'recordArrival', division: 'A', round: 3, player: 3, at: T0 + 10 * MIN },
    )
    const clocks = tableClocks(state, 'A', 3, 2, T0 + 20 * MIN)
    expect(clocks.ok && clocks.value.map((c) => [c.player, c.lostMs / MIN])).toEqual([
      [2, 0],
      [3, 10],
    ])
  })

  test.each<{ case: string; before: Command[]; code: string }>([
    { case: 'before the clock starts', before: [], code: 'round.not-started' },
    {
      case: 'once the player has arrived',
      before: [
        { type: 'startRound', division: 'A', round: 3, at: T0 },
        { type: 'recordArrival', division: 'A', round: 3, player: 3, at: T0 + MIN },
      ],
      code: 'arrival.already-arrived',
    },
  ])('marking absent $case is refused ($code)', ({ before, code }) => {
    const refused = apply(
      run(...before),
      { type: 'markAbsent', division: 'A', round: 3, player: 3 },
      ID,
    )
    expect(!refused.ok && refused.error.code).toBe(code)
  })
})

describe('results, corrections, penalties and warnings', () => {
  test('a result entered by its players, in either order, finds its table', () => {
    const state = run({
      type: 'recordResult',
      division: 'A',
      round: 3,
      game: { players: [3, 2] },
      result: played([2, 3], [400, 350], nsa),
      first: 3,
    })
    expect(state.divisions[0]?.rounds[2]?.results[1]).toEqual({
      result: played([2, 3], [400, 350], nsa),
      first: 3,
    })
  })

  test('NSA VIII.C: overtime comes off the player’s own score before the spread is counted', () => {
    const state = run(result(3, 2, played([2, 3], [400, 350], nsa, [0, 65])))
    expect(standings(state, 3)).toContain('Bob 1½–1½ +30')
    expect(standings(state, 3)).toContain('Cy 1–2 −116')
  })

  test('a correction replaces the result and the standings follow', () => {
    const state = run(result(3, 2), {
      type: 'correctResult',
      division: 'A',
      round: 3,
      game: { table: 2 },
      result: played([2, 3], [350, 400], nsa),
    })
    expect(standings(state, 3)).toBe('1 Ann 3–0 +116; 2 Cy 2–1 +4; 3 Ed 1½–1½ +28; 4 Bob ½–2½ −90')
  })

  test('a bye can be corrected to a game not played (neither a win nor a loss)', () => {
    const state = run({
      type: 'correctResult',
      division: 'A',
      round: 1,
      game: { players: [5] },
      result: { kind: 'unplayed', players: [5] },
    })
    expect(standings(state, 1)).toContain('Ed 0–0 0')
  })

  test('NSA IV.J.3, VI.C: a spread penalty counts from its round on', () => {
    const state = run(result(3, 2), {
      type: 'assignPenalty',
      division: 'A',
      player: 1,
      round: 3,
      points: nsa.results.spreadPenalty,
      reason: 'slow play',
    })
    expect(standings(state, 2)).toContain('1 Ann 2–0 +94')
    expect(standings(state, 3)).toContain('1 Ann 3–0 +66')
    expect(state.divisions[0]?.penalties).toEqual([
      { player: 1, round: 3, points: 50, reason: 'slow play' },
    ])
  })

  test.each([
    { preset: 'neon' as const, warnings: 2, disqualified: false },
    // NEON, During 2: the third warning disqualifies automatically.
    { preset: 'neon' as const, warnings: 3, disqualified: true },
    // NSA counts no warnings.
    { preset: 'nsa1995' as const, warnings: 3, disqualified: false },
  ])(
    'NEON During 2: $warnings warnings under $preset: disqualified $disqualified',
    ({ preset, warnings, disqualified }) => {
      const warn: Command = {
        type: 'issueWarning',
        division: 'A',
        player: 2,
        round: 3,
        reason: 'phone rang',
      }
      const state = run(
        { type: 'changeRules', rules: rulesFromPreset(preset) },
        ...Array.from({ length: warnings }, () => warn),
      )
      const status = warningStatus(state, 'A', 2)
      expect(status.ok && status.value.warnings).toHaveLength(warnings)
      // Reaching the count withdraws Bob as disqualified from the round after the warning.
      expect(state.divisions[0]?.players[1]?.status).toEqual(
        disqualified ? { kind: 'withdrawn', fromRound: 4, disqualified: true } : { kind: 'active' },
      )
    },
  )
})
