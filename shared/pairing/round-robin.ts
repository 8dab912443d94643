/**
 * Round-robin schedules by the circle method: one seat stays put and the others turn round it. A
 * double round robin plays the first cycle again in the same order (running it backwards would open
 * the second half with the pairs, and an odd field's bye, of the round just played). An odd field
 * gets an empty seat: whoever draws it has the bye.
 *
 * The schedule fixes who meets whom and when, not who starts: the order inside a pair is only the
 * seat order. Starters are decided by the division's preset, as in Swiss (issue 18;
 * shared/starts/schedule-starts.ts): fewer firsts, then NSA II.F.2, then the tile draw, or, where
 * the program decides (MSA 1.2), a choice that looks ahead over the rest of the schedule.
 */

/** Seats 0..seats-1 (seats even); `[a, b]` pairs seat a with seat b. */
export type ScheduleRound = readonly (readonly [number, number])[]

export function circleSchedule(seats: number): readonly ScheduleRound[] {
  if (seats < 2 || seats % 2 !== 0) throw new RangeError(`A schedule needs an even number of seats`)
  const m = seats - 1
  const rounds: ScheduleRound[] = []
  for (let r = 0; r < m; r++) {
    const pairs: (readonly [number, number])[] = []
    pairs.push(r % 2 === 0 ? [m, r] : [r, m])
    for (let i = 1; i < seats / 2; i++) {
      const a = (r + i) % m
      const b = (r - i + m) % m
      pairs.push(i % 2 === 0 ? [a, b] : [b, a])
    }
    rounds.push(pairs)
  }
  return rounds
}

/** Every round of a single (n-1 rounds) or double (2(n-1) rounds) round robin over `seats`. */
export function roundRobinSchedule(seats: number, double: boolean): readonly ScheduleRound[] {
  const once = circleSchedule(seats)
  if (!double) return once
  // The second cycle in the same order (seats swapped, as older logs' schedule starters were).
  const back = once.map((round) => round.map(([a, b]) => [b, a] as const))
  return [...once, ...back]
}
