import { describe, expect, test } from 'vitest'
import type { TieBreak } from '../rules/ranking'
import {
  computeStandings,
  standingsByRound,
  type RoundOutcome,
  type StandingsRow,
} from './standings'

/** A played game as the desk's outcomes carry it: scores, opponents, a tie at half a win. */
function game(p: number, q: number, ps: number, qs: number): RoundOutcome[] {
  const w = ps > qs ? 1 : ps < qs ? 0 : 0.5
  return [
    { player: p, win: w, loss: 1 - w, spread: ps - qs, counts: true, opponent: q, score: ps },
    { player: q, win: 1 - w, loss: w, spread: qs - ps, counts: true, opponent: p, score: qs },
  ]
}

const player = (id: number) => ({ id, name: `P${id}`, rating: 1500, withdrawnAfterRound: null })
const line = (row: StandingsRow): string => `${row.rank} P${row.player} ${row.spread}`

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

describe('issue 32: tie-breaks after wins (shared/rules/ranking.ts)', () => {
  test.each<{ name: string; rounds: RoundOutcome[][]; tieBreaks: TieBreak[]; expected: string[] }>([
    {
      name: "the documents' order (rules.md, 'Results, byes, forfeits and spread'): spread",
      rounds: levelOnWins,
      tieBreaks: ['spread'],
      expected: ['1 P3 300', '2 P2 90', '3 P1 -90', '4 P4 -300'],
    },
    {
      name: 'head-to-head (our choice): P1 beat P2',
      rounds: levelOnWins,
      tieBreaks: ['head-to-head', 'spread'],
      expected: ['1 P3 300', '2 P1 -90', '3 P2 90', '4 P4 -300'],
    },
    {
      name: 'total score (school events, our choice): P1 950 points, P2 740',
      rounds: levelOnWins,
      tieBreaks: ['total-score'],
      expected: ['1 P3 300', '2 P1 -90', '3 P2 90', '4 P4 -300'],
    },
    {
      name: "opponents' wins (Scrabble Malaysia's opponents' ranking, our reading): P1's 3, P2's 1",
      rounds: levelOnWins,
      tieBreaks: ['opponents-wins', 'spread'],
      expected: ['1 P3 300', '2 P1 -90', '3 P2 90', '4 P4 -300'],
    },
    {
      name: 'head-to-head in a four-way tie, one win each inside: the next key (spread) decides',
      rounds: fourLevel,
      tieBreaks: ['head-to-head', 'spread'],
      expected: ['1 P4 90', '2 P1 0', '3 P2 -10', '4 P3 -80'],
    },
    {
      name: 'head-to-head alone, one win each inside: all four share the rank',
      rounds: fourLevel,
      tieBreaks: ['head-to-head'],
      expected: ['1 P1 0', '1 P2 -10', '1 P3 -80', '1 P4 90'],
    },
    {
      name: 'no tie-break at all: level on wins is level',
      rounds: levelOnWins,
      tieBreaks: [],
      expected: ['1 P3 300', '2 P1 -90', '2 P2 90', '4 P4 -300'],
    },
  ])('$name', ({ rounds, tieBreaks, expected }) => {
    const rows = computeStandings({ players: [1, 2, 3, 4].map(player), rounds, tieBreaks })
    expect(rows.map(line)).toEqual(expected)
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
