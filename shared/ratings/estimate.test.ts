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
