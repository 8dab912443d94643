import { describe, expect, test } from 'vitest'
import { estimateRatings, type RatedGame, type RatingPlayer } from './estimate'
import type { RatingSystem } from './rating-systems'

/** Players 1..n; `games` lists [round, player, opponent, score of player]. */
function event(
  ratings: readonly number[],
  games: readonly (readonly [number, number, number, RatedGame['score']])[],
  lifetimeGames = 100,
): RatingPlayer[] {
  return ratings.map((rating, i) => {
    const id = i + 1
    const mine: RatedGame[] = []
    for (const [round, a, b, score] of games) {
      if (a === id) mine.push({ round, opponent: b, score })
      if (b === id) mine.push({ round, opponent: a, score: (1 - score) as RatedGame['score'] })
    }
    return { id, rating, lifetimeGames, games: mine }
  })
}

const estimates = (system: RatingSystem, maxRounds: number, players: RatingPlayer[]) =>
  estimateRatings({ system, maxRounds, players }).map((p) => p.estimates)

describe('one game (issue 22, "Worked numbers")', () => {
  test.each([
    // 1739 beats 1588: expects 0.7032829 (Homan's table at 151), gains 5.934 + 0.934 acceleration.
    ['nsa', 1746, 1582],
    // Logistic: expects 0.61807, gains 7.639 + 2.639 acceleration; the loser −7.639 + 2.639/20.
    ['nsa2008', 1749, 1580],
    ['naspa-csw', 1749, 1580],
  ] as const)('%s: 1739 beats 1588 → %i and %i', (system, winner, loser) => {
    const result = estimates(system, 12, event([1739, 1588], [[1, 1, 2, 1]]))
    expect(result).toEqual([[winner], [loser]])
  })
})

describe('aus and wespa veterans (issue 22, "One segment", "Acceleration")', () => {
  test.each([
    // aus: 0.5 + (1500 − 1620)/1200 = 0.4 expected; 0.6 × 20 = 12, no acceleration, no feedback.
    ['aus', 1500, 1620, 1512, 1608],
    // wespa: equal players, 0.5 × 20 = 10; acceleration ⅔ × (10 − 5); the loser −10 + (10/3)/20.
    ['wespa', 1790, 1790, 1803, 1780],
    // wespa: 1/(1 + e^(−172/172)) = 0.7310586 expected; 0.2689 × 20 = 5.38 points, 0.38 over 5:
    // acceleration ⅔ × 0.38 = 0.25 → 1677.63; the loser −5.38 + 0.25/20 → 1494.63.
    ['wespa', 1672, 1500, 1678, 1495],
  ] as const)('%s: %i beats %i → %i and %i', (system, a, b, winner, loser) => {
    expect(estimates(system, 1, event([a, b], [[1, 1, 2, 1]]))).toEqual([[winner], [loser]])
  })
})

describe('newcomers (issue 22, "Newcomers")', () => {
  // A newcomer beats 1500 and 1600 and loses to 1700.
  const players = event(
    [0, 1500, 1600, 1700],
    [
      [1, 1, 2, 1],
      [2, 1, 3, 1],
      [3, 1, 4, 0],
    ],
  )
  test.each([
    ['nsa2008', 1821],
    ['wespa', 1726],
    ['aus', 1800],
    // ½(1 + erf(d/400)) summed to 2 wins: 1727 (under the cap 1700 + 400 × ⅔).
    ['elo', 1727],
  ] as const)('issue 22 worked numbers: %s gives %i', (system, rating) => {
    expect(estimates(system, 3, players)[0]?.[2]).toBe(rating)
  })

  test('capped at the best rated opponent + 400 × win share (issue 22, "Newcomers")', () => {
    // Two wins from two against 1500s: the search would run to the top; the cap is 1500 + 400.
    expect(
      estimates(
        'nsa2008',
        2,
        event(
          [0, 1500, 1500],
          [
            [1, 1, 2, 1],
            [2, 1, 3, 1],
          ],
        ),
      )[0],
    ).toEqual([1900, 1900])
  })

  test('at least 500 (issue 22, "Newcomers")', () => {
    expect(estimates('naspa-csw', 1, event([0, 600], [[1, 1, 2, 0]]))[0]).toEqual([500])
  })

  test("nsa: the pseudo-performance rating (tsh's Homan PR), mean opponent ± table difference", () => {
    // One loss to 1500: share 5% → difference where the table reaches 95% (466) → 1034.
    expect(estimates('nsa', 1, event([0, 1500], [[1, 1, 2, 0]]))[0]).toEqual([1034])
  })
})

describe('multiplier and boundaries (issue 22, "Multiplier")', () => {
  test.each([
    // 1790 beats a 1790: +0.5 excess, 10 points at 20 reach 1800 exactly; +5 acceleration (10 − 5).
    ['nsa2008', 1790, 100, 1805],
    // lifeg < 50: 10 points at 30 to 1800 use 1/3 game, the other 1/6 at 24 gives 4; acceleration
    // 14 − 5 = 9.
    ['nsa2008', 1790, 10, 1813],
    // wespa ignores boundaries: 1790 + 0.5 × 20 = 1800, acceleration ⅔ × (10 − 5).
    ['wespa', 1790, 100, 1803],
  ] as const)('%s: %i (lifeg %i) beats an equal player → %i', (system, rating, lifeg, expected) => {
    const players = event([rating, rating], [[1, 1, 2, 1]], lifeg)
    expect(estimates(system, 1, players)[0]).toEqual([expected])
  })
})

describe('segments in the estimates (issue 22, "Segments")', () => {
  // A (1500, 45 lifetime games) and B (1500, 100) tie rounds 1–9, then A wins round 10.
  const games = [
    ...Array.from({ length: 9 }, (_, k) => [k + 1, 1, 2, 0.5] as const),
    [10, 1, 2, 1] as const,
  ]
  const players = [
    { ...event([1500, 1500], games)[0]!, lifetimeGames: 45 },
    event([1500, 1500], games)[1]!,
  ]

  test.each([
    // One segment of 10: excess 0.5 at 30 = +15, no acceleration (15 < 5 × 10); B −10.
    ['naspa-csw', 10, 1515, 1490],
    // 17 rounds split after 9: the ties leave 1500, round 10 alone: +15, acceleration 10, B
    // −10 + 10/20.
    ['naspa-csw', 17, 1525, 1491],
    // naspa2024 counts the first segment's 9 games: 54 lifetime games, multiplier 20: +10 + 5;
    // B −10 + 5/20.
    ['naspa2024', 17, 1515, 1490],
  ] as const)('%s with %i configured rounds: after round 10 A %i, B %i', (system, max, a, b) => {
    const result = estimates(system, max, players)
    expect([result[0]?.[9], result[1]?.[9]]).toEqual([a, b])
  })
})

describe('floors, byes and none', () => {
  test('nsa2008 floors a veteran at 1, before feedback; naspa-csw does not (issue 22, "Acceleration")', () => {
    // Two 10s: the loser −0.5 × 30 = −15 → −5; the winner +15 accelerates by 10, feedback ½.
    const players = event([10, 10], [[1, 1, 2, 0]], 10)
    // Floored to 1, then + ½ = 1.5, half up to 2.
    expect(estimates('nsa2008', 1, players)[0]).toEqual([2])
    // −5 + ½ = −4.5, rounded as Perl's int(x + 0.5) to −4.
    expect(estimates('naspa-csw', 1, players)[0]).toEqual([-4])
  })

  test('byes and forfeits (opponent 0) are never rated: a veteran with only byes keeps the rating', () => {
    const players = event([1600, 1500], [[2, 1, 2, 1]])
    const withBye: RatingPlayer[] = [
      { ...players[0]!, games: [{ round: 1, opponent: 0, score: 1 }, ...players[0]!.games] },
      { ...players[1]!, games: [{ round: 1, opponent: 0, score: 0 }, ...players[1]!.games] },
    ]
    const result = estimates('nsa2008', 2, withBye)
    expect(result.map((e) => e[0])).toEqual([1600, 1500])
    expect(result.map((e) => e.length)).toEqual([2, 2])
  })

  test("a newcomer with no rated game yet: tsh's 1500 under nsa, 0 (no rating) otherwise", () => {
    const players: RatingPlayer[] = [
      { id: 1, rating: 0, lifetimeGames: 0, games: [{ round: 1, opponent: 0, score: 1 }] },
    ]
    expect(estimates('nsa', 1, players)).toEqual([[1500]])
    expect(estimates('nsa2008', 1, players)).toEqual([[0]])
  })

  test('none gives no estimates', () => {
    expect(estimates('none', 3, event([1500, 1400], [[1, 1, 2, 1]]))).toEqual([[], []])
  })
})

describe('absp (issue 22, "Newcomers": mean of opponent ± 50, opponent within 40)', () => {
  test('a rated player: 140 + 50, 130 + 50 and 200 clamped to 190 − 50, mean 170', () => {
    const players = event(
      [150, 140, 130, 200],
      [
        [1, 1, 2, 1],
        [2, 1, 3, 1],
        [3, 1, 4, 0],
      ],
    )
    expect(estimates('absp', 3, players)[0]).toEqual([190, 185, 170])
  })

  test('a newcomer: rated opponents unclamped (150 + 50, 100 − 50) → 125; a tie counts 0', () => {
    const players = event(
      [0, 150, 100, 120],
      [
        [1, 1, 2, 1],
        [2, 1, 3, 0],
        [3, 1, 4, 0.5],
      ],
    )
    expect(estimates('absp', 3, players)[0]).toEqual([200, 125, 123])
  })

  test('the floor: 40 for a rated player, 80 for a newcomer', () => {
    const players = event([60, 0, 30], [[1, 1, 3, 0]])
    expect(estimates('absp', 1, players)[0]).toEqual([40])
    const newcomer = event([0, 50], [[1, 1, 2, 0]])
    expect(estimates('absp', 1, newcomer)[0]).toEqual([80])
  })
})
