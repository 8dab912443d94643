import { describe, expect, test } from 'vitest'
import { estimatesByRound, newRatingWords, ratingsAfterRound } from './rating-estimates'

describe('estimates read “after round k” (issue 22, “What an estimate is”)', () => {
  const estimates = [
    { id: 1, rating: 1739, estimates: [1746, 1750, 1741] },
    { id: 2, rating: 0, estimates: [1500] },
    { id: 3, rating: 1600, estimates: [] },
  ]
  test.each([
    { round: 0, lines: {} },
    { round: 1, lines: { 1: [1746, 7], 2: [1500, null] } },
    { round: 3, lines: { 1: [1741, 2], 2: [1500, null] } },
    // Round 4's results are not in yet: each player's latest estimate stands.
    { round: 4, lines: { 1: [1741, 2], 2: [1500, null] } },
  ])('after round $round', ({ round, lines }) => {
    const got = ratingsAfterRound(estimates, round)
    expect(Object.fromEntries([...got].map(([id, l]) => [id, [l.newRating, l.change]]))).toEqual(
      lines,
    )
  })

  test('a player’s history: each round’s estimate against the pre-event rating', () => {
    expect(estimatesByRound(estimates[0])).toEqual([
      { round: 1, newRating: 1746, change: 7 },
      { round: 2, newRating: 1750, change: 11 },
      { round: 3, newRating: 1741, change: 2 },
    ])
    expect(estimatesByRound(undefined)).toEqual([])
  })

  test.each([
    { line: { newRating: 1746, change: 7 }, words: '1746 (+7)' },
    { line: { newRating: 1582, change: -6 }, words: '1582 (-6)' },
    { line: { newRating: 1700, change: 0 }, words: '1700 (0)' },
    { line: { newRating: 1821, change: null }, words: '1821 (new)' },
  ])('$words', ({ line, words }) => {
    expect(newRatingWords(line)).toBe(words)
  })
})
