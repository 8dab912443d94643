import { describe, expect, test } from 'vitest'
import type { Fraction } from '../results/game-result'
import type { TieBreak } from '../rules/ranking'
import {
  computeStandings,
  standingsByRound,
  type RoundOutcome,
  type StandingsRow,
} from './standings'

/** A played game as the desk's outcomes carry it: scores, opponents, a tie at half a win. */
function game(p: number, q: number, ps: number, qs: number): RoundOutcome[] {
  const w: Fraction = ps > qs ? 1 : ps < qs ? 0 : 0.5
  const l: Fraction = ps > qs ? 0 : ps < qs ? 1 : 0.5
  return [
    { player: p, win: w, loss: l, spread: ps - qs, counts: true, opponent: q, score: ps },
    { player: q, win: l, loss: w, spread: qs - ps, counts: true, opponent: p, score: qs },
  ]
}

const player = (id: number) => ({ id, name: `P${id}`, rating: 1500, withdrawnAfterRound: null })

/*
 * P1 and P2 end level on one win each. P1 beat P2 in round 1 and met the strong P3; P2 beat the
 * weak P4 by more, so P2 has more spread, P1 more points, more opponents' wins and the game
 * between them.
 */
const levelOnWins = [
  [...game(1, 2, 450, 440), ...game(3, 4, 500, 300)],
  [...game(1, 3, 500, 600), ...game(2, 4, 300, 200)],
]

/* All four on one win: P1 beat P3, P3 beat P2, P2 beat P4, P4 beat P1, one win each inside. */
const fourLevel = [
  [...game(1, 3, 400, 300), ...game(2, 4, 350, 340)],
  [...game(1, 4, 300, 400), ...game(2, 3, 300, 320)],
]

const ranks = (rows: readonly StandingsRow[]): string =>
  rows.map((r) => `${String(r.rank)}:P${String(r.player)}`).join(' ')

describe('issue 32: tie-breaks after wins (shared/rules/ranking.ts)', () => {
  // Keys after wins → rank:player. Spread is the documents' order (rules.md, "Results, byes,
  // forfeits and spread"; design.md, "Standings"); no seed document defines the others, so they
  // are our choice: head-to-head (P1 beat P2), total score (950 to 740), opponents' wins (3 to 1,
  // Scrabble Malaysia's opponents' ranking as we read it). No key at all: level on wins is level.
  test.each([
    ['spread', '1:P3 2:P2 3:P1 4:P4'],
    ['head-to-head spread', '1:P3 2:P1 3:P2 4:P4'],
    ['total-score', '1:P3 2:P1 3:P2 4:P4'],
    ['opponents-wins spread', '1:P3 2:P1 3:P2 4:P4'],
    ['', '1:P3 2:P1 2:P2 4:P4'],
  ])('two level on wins, by "%s": %s', (keys, expected) => {
    const tieBreaks = keys.split(' ').filter((k) => k !== '') as TieBreak[]
    const rows = computeStandings({
      players: [1, 2, 3, 4].map(player),
      rounds: levelOnWins,
      tieBreaks,
    })
    expect(ranks(rows)).toBe(expected)
  })

  // All four level, one win each inside the group: head-to-head orders nobody, so the next key
  // (spread) decides, or without one all four share the rank.
  test.each([
    ['head-to-head spread', '1:P4 2:P1 3:P2 4:P3'],
    ['head-to-head', '1:P1 1:P2 1:P3 1:P4'],
  ])('four level on wins, by "%s": %s', (keys, expected) => {
    const tieBreaks = keys.split(' ') as TieBreak[]
    const rows = computeStandings({
      players: [1, 2, 3, 4].map(player),
      rounds: fourLevel,
      tieBreaks,
    })
    expect(ranks(rows)).toBe(expected)
  })

  test('every round of standingsByRound ranks as computeStandings does with the tie-breaks', () => {
    const input = {
      players: [1, 2, 3, 4].map(player),
      rounds: levelOnWins,
      tieBreaks: ['head-to-head', 'spread'] as const,
    }
    const all = standingsByRound(input)
    all.forEach((rows, k) => expect(rows).toEqual(computeStandings(input, k + 1)))
  })
})

describe('issue 32: a spread cap that rises by round (tsh spread_cap = [100,150,…])', () => {
  // P1 wins by 300 every round: 100 counts in round 1, 150 in round 2, the last value (150) after.
  const rounds = [game(1, 2, 500, 200), game(1, 2, 500, 200), game(1, 2, 500, 200)]
  test.each([
    { after: 1, caps: [100, 150], preset: null, expected: 100 },
    { after: 2, caps: [100, 150], preset: null, expected: 250 },
    { after: 3, caps: [100, 150], preset: null, expected: 400 },
    { after: 3, caps: [], preset: 250, expected: 750 },
    { after: 3, caps: [], preset: null, expected: 900 },
  ])(
    'after round $after with caps $caps (preset cap $preset): +$expected',
    ({ after, caps, preset, expected }) => {
      const rows = computeStandings(
        {
          players: [player(1), player(2)],
          rounds,
          spreadCapByRound: caps,
          spreadCapPerGame: preset,
        },
        after,
      )
      expect(rows.map((r) => r.spread)).toEqual([expected, -expected])
    },
  )
})
