/**
 * Round-robin schedules by the circle method: one seat stays put and the others turn round it.
 * Who starts is part of the schedule: the fixed seat starts in every other round and the other
 * tables alternate by their distance from the turning point, so after every even round of a
 * single round robin each player has started exactly half their games. A double round robin
 * plays the first cycle again in the same order with every start swapped: every pair starts once
 * each, no pair meets in two rounds running and nobody has two byes running at the join. (Playing
 * the cycle backwards kept every even round balanced but opened the second half with the pairs
 * and the bye of the round just played; an exhaustive search of every order of the swapped cycle
 * up to 10 seats found none that does both, so a player can be two starts up inside the second
 * cycle, and is level again at its end.) An odd field gets an empty seat: whoever draws it has the bye.
 */

/** Seats 0..seats-1 (seats even); `[a, b]` means a starts against b. */
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
  // The second cycle in the same order, starts swapped: running it backwards would open it
  // with the pairs (and an odd field's bye) of the round just played.
  const back = once.map((round) => round.map(([a, b]) => [b, a] as const))
  return [...once, ...back]
}
