/** A run of rounds rated together, 1-based and inclusive. */
export interface Segment {
  readonly first: number
  readonly last: number
}

/**
 * The segments of an event of `rounds` configured rounds (issue 22, "Segments"): up to 16 rounds one
 * segment; 17–35 two, split after round ⌊(n−1)/2⌋+1; 36 or more three, after rounds ⌊(n−1)/3⌋+1 and
 * ⌊(2(n−1)+1)/3⌋+1. `split` false (aus, wespa): always one.
 */
export function segmentsFor(rounds: number, split: boolean): readonly Segment[] {
  const n = Math.max(1, rounds)
  if (!split || n <= 16) return [{ first: 1, last: n }]
  if (n <= 35) {
    const end = Math.floor((n - 1) / 2) + 1
    return [
      { first: 1, last: end },
      { first: end + 1, last: n },
    ]
  }
  const end1 = Math.floor((n - 1) / 3) + 1
  const end2 = Math.floor((2 * (n - 1) + 1) / 3) + 1
  return [
    { first: 1, last: end1 },
    { first: end1 + 1, last: end2 },
    { first: end2 + 1, last: n },
  ]
}
