import { describe, expect, test } from 'vitest'
import { segmentsFor } from './segments'

describe('segments (issue 22, "Segments")', () => {
  test.each([
    [12, [[1, 12]]],
    [16, [[1, 16]]],
    // 17–35: split after ⌊(n−1)/2⌋+1.
    [
      17,
      [
        [1, 9],
        [10, 17],
      ],
    ],
    [
      27,
      [
        [1, 14],
        [15, 27],
      ],
    ],
    [
      31,
      [
        [1, 16],
        [17, 31],
      ],
    ],
    [
      35,
      [
        [1, 18],
        [19, 35],
      ],
    ],
    // 36 up: after ⌊(n−1)/3⌋+1 and ⌊(2(n−1)+1)/3⌋+1.
    [
      36,
      [
        [1, 12],
        [13, 24],
        [25, 36],
      ],
    ],
    [
      40,
      [
        [1, 14],
        [15, 27],
        [28, 40],
      ],
    ],
  ])('%i configured rounds → %j', (rounds, expected) => {
    expect(segmentsFor(rounds, true).map((s) => [s.first, s.last])).toEqual(expected)
  })

  test('aus and wespa never split (issue 22, "Segments")', () => {
    expect(segmentsFor(40, false)).toEqual([{ first: 1, last: 40 }])
  })
})
