import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { randomEvent, roundTripDifference } from './test-support/random-event'

describe('formats.md "tsh .t": Rackside reads its own .t back to the same standings', () => {
  test('tsh .t round trip: 500 random events with every kind of result keep every round’s standings', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => {
        expect(roundTripDifference(randomEvent(seed))).toBeNull()
      }),
      { seed: 20261124, numRuns: 500 },
    )
  })
})
