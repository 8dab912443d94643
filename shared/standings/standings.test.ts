import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { seededRng, shuffled } from '../random'
import type { GameOutcome } from '../results/game-result'
import {
  computeStandings,
  standingsByRound,
  type RoundOutcome,
  type StandingsInput,
  type StandingsPlayer,
  type StandingsRow,
} from './standings'
import { generateEvent } from './test-support/generate'

const WIN: GameOutcome = { win: 1, loss: 0, spread: 0, counts: true }
const LOSS: GameOutcome = { win: 0, loss: 1, spread: 0, counts: true }
const TIE: GameOutcome = { win: 0.5, loss: 0.5, spread: 0, counts: true }
const UNPLAYED: GameOutcome = { win: 0, loss: 0, spread: 0, counts: false }

const win = (player: number, spread: number): RoundOutcome => ({ player, ...WIN, spread })
const loss = (player: number, spread: number): RoundOutcome => ({
  player,
  ...LOSS,
  spread: -spread,
})
const tie = (player: number): RoundOutcome => ({ player, ...TIE })
const unplayed = (player: number): RoundOutcome => ({ player, ...UNPLAYED })

const player = (id: number, rating = 1500, withdrawnAfterRound: number | null = null) => ({
  id,
  name: `P${id}`,
  rating,
  withdrawnAfterRound,
})

const line = (row: StandingsRow): string =>
  `${row.rank} P${row.player} ${row.wins}-${row.losses} ${row.spread}`

describe('ranking (design.md "Standings")', () => {
  test.each([
    {
      name: 'design.md: more wins first, then spread',
      players: [player(1), player(2), player(3), player(4)],
      rounds: [[win(1, 10), loss(2, 10), win(3, 100), loss(4, 100)]],
      expected: ['1 P3 1-0 100', '2 P1 1-0 10', '3 P2 0-1 -10', '4 P4 0-1 -100'],
    },
    {
      name: 'NSA VII.E: a tie is half a win and half a loss',
      players: [player(1), player(2), player(3), player(4)],
      rounds: [[tie(1), tie(2), win(3, 1), loss(4, 1)]],
      expected: ['1 P3 1-0 1', '2 P1 0.5-0.5 0', '2 P2 0.5-0.5 0', '4 P4 0-1 -1'],
    },
    {
      name: 'design.md: equal wins, fewer losses first (an unplayed game is not a loss)',
      players: [player(1), player(2), player(3)],
      rounds: [
        [win(1, 10), loss(2, 10), unplayed(3)],
        [win(2, 200), loss(1, 200), win(3, 5)],
      ],
      expected: ['1 P3 1-0 5', '2 P2 1-1 190', '3 P1 1-1 -190'],
    },
    {
      name: 'design.md: equal wins, losses and spread share a rank; rating then number order them',
      players: [player(1, 1400), player(2, 1600), player(3, 1600), player(4, 1000)],
      rounds: [[win(1, 50), win(2, 50), win(3, 50), loss(4, 150)]],
      expected: ['1 P2 1-0 50', '1 P3 1-0 50', '1 P1 1-0 50', '4 P4 0-1 -150'],
    },
    {
      name: 'competition ranking: 1, 2, 2, 4',
      players: [player(1), player(2), player(3), player(4)],
      rounds: [[win(1, 90), win(2, 30), win(3, 30), loss(4, 150)]],
      expected: ['1 P1 1-0 90', '2 P2 1-0 30', '2 P3 1-0 30', '4 P4 0-1 -150'],
    },
  ])('$name', ({ players, rounds, expected }) => {
    expect(computeStandings({ players, rounds }).map(line)).toEqual(expected)
  })

  test('design.md: a withdrawn player is ranked after the rounds they played and dropped later', () => {
    const input: StandingsInput = {
      players: [player(1), player(2, 1500, 1), player(3)],
      rounds: [
        [win(2, 100), loss(1, 100), unplayed(3)],
        [win(1, 20), loss(3, 20)],
      ],
    }
    const [after1, after2] = standingsByRound(input)
    expect(after1?.map(line)).toEqual(['1 P2 1-0 100', '2 P3 0-0 0', '3 P1 0-1 -100'])
    expect(after2?.map(line)).toEqual(['1 P1 1-1 -80', '2 P3 0-1 -20'])
  })

  test('Thai events: each game spread is capped at ±350 before it is added', () => {
    const input: StandingsInput = {
      players: [player(1), player(2)],
      rounds: [
        [win(1, 420), loss(2, 420)],
        [win(2, 100), loss(1, 100)],
      ],
      spreadCapPerGame: 350,
    }
    expect(computeStandings(input).map(line)).toEqual(['1 P1 1-1 250', '2 P2 1-1 -250'])
  })

  test('NSA IV.J.3, VI.C: a director spread penalty comes off the spread from its round on', () => {
    const input: StandingsInput = {
      players: [player(1), player(2)],
      rounds: [
        [win(1, 30), loss(2, 30)],
        [win(1, 30), loss(2, 30)],
      ],
      penalties: [{ player: 1, round: 2, points: 50, reason: 'slow play' }],
    }
    expect(computeStandings(input, 1).map(line)).toEqual(['1 P1 1-0 30', '2 P2 0-1 -30'])
    expect(computeStandings(input, 2).map(line)).toEqual(['1 P1 2-0 10', '2 P2 0-2 -60'])
  })

  test('firsts and seconds are added to the rows when asked for', () => {
    const input: StandingsInput = {
      players: [player(1), player(2)],
      rounds: [
        [
          { ...win(1, 5), start: 'first' },
          { ...loss(2, 5), start: 'second' },
        ],
      ],
      includeStarts: true,
    }
    expect(computeStandings(input).map((r) => [r.player, r.firsts, r.seconds, r.games])).toEqual([
      [1, 1, 0, 1],
      [2, 0, 1, 1],
    ])
    expect(computeStandings({ ...input, includeStarts: false })[0]).not.toHaveProperty('firsts')
  })

  test.each([
    {
      name: 'an outcome for a player not in the list',
      rounds: [[win(9, 10)]],
    },
    {
      name: 'two outcomes for one player in a round',
      rounds: [[win(1, 10), loss(1, 10)]],
    },
  ])('a programming error throws: $name', ({ rounds }) => {
    expect(() => computeStandings({ players: [player(1)], rounds })).toThrow(RangeError)
  })
})

const eventArbitrary = fc.record({
  players: fc.integer({ min: 2, max: 14 }),
  rounds: fc.integer({ min: 1, max: 6 }),
  seed: fc.integer(),
  // A narrow score range gives many ties and many equal lines.
  scoreRange: fc.integer({ min: 1, max: 40 }),
})

describe('properties', () => {
  test('standings do not depend on the order players and games are given in', () => {
    fc.assert(
      fc.property(eventArbitrary, fc.integer(), (options, shuffleSeed) => {
        const { input } = generateEvent(options)
        const rng = seededRng(shuffleSeed)
        const shuffledInput: StandingsInput = {
          players: shuffled(input.players, rng),
          rounds: input.rounds.map((round) => shuffled(round, rng)),
        }
        const rankOf = (rows: readonly StandingsRow[]) =>
          new Map(rows.map((row) => [row.player, row]))
        const a = rankOf(computeStandings(input))
        const b = rankOf(computeStandings(shuffledInput))
        for (const p of input.players) expect(b.get(p.id)).toEqual(a.get(p.id))
      }),
    )
  })

  test('spread sums to zero over played games (no byes, caps or penalties)', () => {
    fc.assert(
      fc.property(eventArbitrary, (options) => {
        const { input } = generateEvent({ ...options, players: options.players * 2 })
        for (const rows of standingsByRound(input)) {
          expect(rows.reduce((sum, row) => sum + row.spread, 0)).toBe(0)
          expect(rows.reduce((sum, row) => sum + row.wins - row.losses, 0)).toBe(0)
        }
      }),
    )
  })

  test('two players share a rank exactly when wins, losses and spread are equal', () => {
    fc.assert(
      fc.property(eventArbitrary, (options) => {
        const { input } = generateEvent(options)
        const rows = computeStandings(input)
        for (const a of rows) {
          for (const b of rows) {
            const same = a.wins === b.wins && a.losses === b.losses && a.spread === b.spread
            expect(a.rank === b.rank).toBe(same)
          }
        }
        // Competition ranking: a rank is the number of players strictly ahead, plus one.
        for (const a of rows) {
          const ahead = rows.filter((b) => b.rank < a.rank).length
          expect(a.rank).toBe(ahead + 1)
        }
      }),
    )
  })

  test('standings after every round equal the standings computed for that round alone', () => {
    fc.assert(
      fc.property(eventArbitrary, (options) => {
        const { input } = generateEvent(options)
        const withdrawn: StandingsInput = {
          ...input,
          players: input.players.map((p, i): StandingsPlayer =>
            i === 0 ? { ...p, withdrawnAfterRound: 1 } : p,
          ),
        }
        standingsByRound(withdrawn).forEach((rows, k) => {
          expect(rows).toEqual(computeStandings(withdrawn, k + 1))
        })
      }),
    )
  })
})
