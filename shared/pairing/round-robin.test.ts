import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { circleSchedule, roundRobinSchedule } from './round-robin'

const key = ([a, b]: readonly [number, number]) => (a < b ? `${a}-${b}` : `${b}-${a}`)

describe('round robins by the circle method', () => {
  test.each([
    // Seat 3 stays put; the others turn round it.
    [
      4,
      [
        [
          [3, 0],
          [2, 1],
        ],
        [
          [1, 3],
          [0, 2],
        ],
        [
          [3, 2],
          [1, 0],
        ],
      ],
    ],
    [2, [[[1, 0]]]],
  ])('%i seats: the schedule worked by hand', (seats, expected) => {
    expect(circleSchedule(seats)).toEqual(expected)
  })

  test.each([0, 1, 3, 7])('%i seats is refused: a schedule needs an even number', (seats) => {
    expect(() => circleSchedule(seats)).toThrow(RangeError)
  })

  test('property: everyone plays once a round and meets everyone else exactly once', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), (half) => {
        const seats = 2 * half
        const rounds = circleSchedule(seats)
        expect(rounds).toHaveLength(seats - 1)
        const met = new Map<string, number>()
        for (const round of rounds) {
          expect(round.flat().sort((a, b) => a - b)).toEqual([...Array(seats).keys()])
          for (const pair of round) met.set(key(pair), (met.get(key(pair)) ?? 0) + 1)
        }
        expect(met.size).toBe((seats * (seats - 1)) / 2)
        expect([...met.values()].every((n) => n === 1)).toBe(true)
      }),
    )
  })

  test('property: a double round robin plays the first cycle again, seats swapped', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), (half) => {
        const once = roundRobinSchedule(2 * half, false)
        const twice = roundRobinSchedule(2 * half, true)
        expect(twice.slice(0, once.length)).toEqual(once)
        expect(twice.slice(once.length)).toEqual(once.map((round) => round.map(([a, b]) => [b, a])))
      }),
    )
  })
})
