import { describe, expect, test } from 'vitest'
import { readTournamentFile, writeTournamentFile } from '../formats/tournament-file'
import { apply } from './apply'
import type { Command } from './commands'
import { describeCommand } from './describe'
import { commandRound } from './log'
import {
  avoidPairs,
  DEFAULT_CONTENTION,
  defaultContention,
  describeContenderRounds,
  doNotPairReason,
  gibsonOptions,
} from './pairing-rules'
import { applyAll, create, ID, INFO, logOf } from './test-support/event'
import type { PlanStep, TournamentState } from './types'

const CLUBS = ['Accra', 'Tema', 'accra ', 'Tema', '', 'Kumasi'] as const
const setup: Command[] = [
  create('nsa1995', 5),
  { type: 'addDivision', name: 'A' },
  ...['Ann', 'Bob', 'Cy', 'Di', 'Ed', 'Flo'].map((name, i): Command => ({
    type: 'registerPlayer',
    division: 'A',
    player: { name, rating: 1800 - i * 50, memberId: '', club: CLUBS[i] ?? '' },
  })),
]
const base = applyAll(setup)

const doNotPair = (groups: unknown, sameClubRounds: number): Command =>
  ({ type: 'setDoNotPair', division: 'A', doNotPair: { groups, sameClubRounds } }) as Command

const divisionA = (state: TournamentState) => state.divisions[0]!

describe('the do-not-pair list (issue 10)', () => {
  const state = applyAll([
    ...setup,
    doNotPair([{ players: [1, 5, 6], reason: 'family', note: 'the Mensahs' }], 2),
  ])

  test('a family keeps every two of its members apart, every round', () => {
    expect(avoidPairs(divisionA(state), 4)).toEqual([
      [1, 5],
      [1, 6],
      [5, 6],
    ])
  })

  test('club-mates (same club, case and spaces aside) are apart in rounds 1 to K only', () => {
    expect(avoidPairs(divisionA(state), 2)).toEqual([
      [1, 5],
      [1, 6],
      [5, 6],
      [1, 3],
      [2, 4],
    ])
    expect(doNotPairReason(divisionA(state), 2, 3, 1)).toBe('same club (accra) in rounds 1–2')
    expect(doNotPairReason(divisionA(state), 3, 3, 1)).toBeNull()
    expect(doNotPairReason(divisionA(state), 3, 6, 1)).toBe('family: the Mensahs')
    // A blank club is nobody's club.
    expect(doNotPairReason(divisionA(state), 1, 5, 6)).toBe('family: the Mensahs')
  })

  test.each([
    [
      [{ players: [1], reason: 'family', note: '' }],
      0,
      'Entry 1 needs two or more different players.',
    ],
    [
      [{ players: [1, 1], reason: 'family', note: '' }],
      0,
      'Entry 1 needs two or more different players.',
    ],
    [
      [{ players: [1, 9], reason: 'other', note: '' }],
      0,
      'Entry 1: there is no player #9 in division A.',
    ],
    [
      [{ players: [1, 2], reason: 'rivals', note: '' }],
      0,
      'Entry 1: "rivals" is not a reason (family, club or other).',
    ],
    [[], 6, 'Club-mates are kept apart for 0 to 5 rounds, not 6.'],
    [[], 1.5, 'Club-mates are kept apart for 0 to 5 rounds, not 1.5.'],
  ])('refused: %j for %s rounds', (groups, rounds, message) => {
    const result = apply(base, doNotPair(groups, rounds), ID)
    expect(result.ok ? '' : result.error.message).toBe(message)
  })

  test('described in the log by name; about no round', () => {
    const command = doNotPair([{ players: [1, 2], reason: 'family', note: 'siblings' }], 1)
    expect(describeCommand(command, base)).toBe(
      'Do-not-pair list: Ann (#1), Bob (#2) (family: siblings); club-mates apart in round 1',
    )
    expect(commandRound(command)).toBeNull()
  })
})

describe('prize contention settings (issue 10)', () => {
  const contention = (extra: object): Command =>
    ({
      type: 'setContention',
      division: 'A',
      contention: { ...DEFAULT_CONTENTION, ...extra },
    }) as Command

  test.each([
    [{ prizeBands: [] }, 'Give at least one paying place (e.g. 1, 2, 3).'],
    [{ prizeBands: [0, 2] }, 'Prize band 1: "0" is not a place (a whole number from 1).'],
    [
      { prizeBands: [1, Number.NaN] },
      'Prize band 2: "NaN" is not a place (a whole number from 1).',
    ],
    [{ maxSpread: 0 }, 'The most spread of one game is a whole number from 1, not 0.'],
    [{ contenderRounds: -1 }, 'Contender pairing covers 0 to 5 last rounds, not -1.'],
  ])('refused: %j', (extra, message) => {
    const result = apply(base, contention(extra), ID)
    expect(result.ok ? '' : result.error.message).toBe(message)
  })

  test('off unless Gibsonization or contender rounds are on; a spread cap lowers the most one game moves', () => {
    expect(gibsonOptions({ ...DEFAULT_CONTENTION, contenderRounds: 0 }, INFO, null)).toBeUndefined()
    expect(
      gibsonOptions(
        { ...DEFAULT_CONTENTION, gibson: true, contenderRounds: 0 },
        { ...INFO, rounds: 8 },
        200,
      ),
    ).toEqual({
      totalRounds: 8,
      maxSpreadPerRound: 200,
      prizeBands: [1, 2, 3],
      gibsonize: true,
      contenderRounds: 0,
    })
  })

  test("by default (tsh ChewPair; tsh's gibson_spread, NASPA ruling 2016): contenders in the last 3 rounds, 500 a game, no Gibsonization", () => {
    expect(gibsonOptions(DEFAULT_CONTENTION, { ...INFO, rounds: 12 }, null)).toEqual({
      totalRounds: 12,
      maxSpreadPerRound: 500,
      prizeBands: [1, 2, 3],
      gibsonize: false,
      contenderRounds: 3,
    })
    // A two-round event pairs contenders in both, and the setting stays one the command accepts.
    expect(defaultContention(2).contenderRounds).toBe(2)
    expect(gibsonOptions(DEFAULT_CONTENTION, { ...INFO, rounds: 2 }, null)?.contenderRounds).toBe(2)
  })

  const step = (fromRound: number, system: PlanStep['system']): PlanStep => ({
    fromRound,
    system,
    basedOn: 'previous',
    maxRepeats: null,
  })
  test.each([
    [
      'Swiss then King of the Hill: the last 3 rounds',
      [step(1, 'fontes'), step(4, 'swiss'), step(12, 'koth')],
      DEFAULT_CONTENTION,
      "Rounds 10–12 also pair for the title: whoever holds a paying place meets a player who can still catch them, and in the final round #1 meets one whenever anyone can catch them (contender pairing, as tsh's ChewPair).",
    ],
    [
      'a round robin to the end: its schedule keeps the pairings',
      [step(1, 'round-robin')],
      DEFAULT_CONTENTION,
      'No contender pairing: the last 3 rounds follow a schedule or a draw.',
    ],
    [
      'a round robin then one Swiss round',
      [step(1, 'round-robin'), step(12, 'swiss')],
      { ...DEFAULT_CONTENTION, contenderRounds: 2 },
      "Round 12 also pairs for the title: whoever holds a paying place meets a player who can still catch them, and in the final round #1 meets one whenever anyone can catch them (contender pairing, as tsh's ChewPair).",
    ],
    [
      'turned off by the director',
      [step(1, 'swiss')],
      { ...DEFAULT_CONTENTION, contenderRounds: 0 },
      'No contender pairing in the last rounds.',
    ],
  ])('the plan’s contender rounds in words: %s', (_name, plan, settings, words) => {
    expect(describeContenderRounds(settings, plan, 12)).toBe(words)
  })

  test('described in the log', () => {
    expect(
      describeCommand(contention({ gibson: true, prizeBands: [1, 3], contenderRounds: 2 }), base),
    ).toBe(
      'Prize contention: Gibsonization on; prizes: place 1, places 2–3; up to 500 spread a game (1000 a round between two players); contenders paired in the last 2 rounds',
    )
  })

  test('both settings survive the tournament file', () => {
    const commands = [
      ...setup,
      contention({ gibson: true }),
      doNotPair([{ players: [2, 3], reason: 'other', note: 'car pool' }], 1),
    ]
    const read = readTournamentFile(
      writeTournamentFile(ID, logOf(commands), '2026-03-14T10:00:00Z'),
    )
    if (!read.ok) throw new Error(read.error.message)
    const division = read.value.state?.divisions[0]
    expect(division?.contention?.gibson).toBe(true)
    expect(division?.doNotPair?.groups).toEqual([
      { players: [2, 3], reason: 'other', note: 'car pool' },
    ])
  })
})
