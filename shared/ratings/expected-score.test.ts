import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { EXPECTATIONS } from './rating-systems'
import { expectationOf, expectedScore } from './expected-score'

describe('expected score (issue 22, "One segment")', () => {
  test.each([
    // Homan's table at 151 (the MGI worked example 1739 v 1588), negative side, clipped at 700.
    ['nsa-table', 1739, 1588, 0.7032829],
    ['nsa-table', 1588, 1739, 1 - 0.7032829],
    ['nsa-table', 2600, 1000, 0.993336],
    // A fraction of a point is cut, as an array index is.
    ['nsa-table', 151.9, 0, 0.7032829],
    ['logistic', 1500, 1500, 0.5],
    ['logistic', 1739, 1588, 0.618072],
    ['wespa', 1672, 1500, 0.7310586],
    ['aus', 1620, 1500, 0.6],
    ['aus', 2200, 1500, 0.95],
    ['aus', 800, 1500, 0.05],
    // ½(1 + erf(1)).
    ['normal', 1900, 1500, 0.9213504],
  ] as const)('%s: %d v %d → %d', (kind, own, opponent, expected) => {
    expect(expectedScore(kind, own, opponent)).toBeCloseTo(expected, 7)
  })

  test('the lookup gives the very numbers the formula gives, whole or not', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EXPECTATIONS),
        fc.integer({ min: 0, max: 3000 }),
        fc.oneof(fc.integer({ min: 0, max: 3000 }), fc.double({ min: 0, max: 3000, noNaN: true })),
        (kind, own, opponent) => {
          expect(expectationOf(kind)(own, opponent)).toBe(expectedScore(kind, own, opponent))
        },
      ),
    )
  })

  test('expectations of the two players add to 1 and rise with the difference', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...EXPECTATIONS),
        fc.integer({ min: -1000, max: 1000 }),
        (kind, d) => {
          expect(expectedScore(kind, d, 0) + expectedScore(kind, 0, d)).toBeCloseTo(1, 6)
          expect(expectedScore(kind, d + 1, 0)).toBeGreaterThanOrEqual(expectedScore(kind, d, 0))
        },
      ),
    )
  })
})
