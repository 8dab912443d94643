/**
 * Round robins as another program would have paired them (issue 29): the circle method's rounds
 * with the players relabelled by a seeded shuffle and the rounds played in a shuffled order, so
 * no round is our circle schedule's (round-robin.ts) and its continuation must be searched for.
 * Also written as a tsh `.t`, for the CLI.
 */
import { seededRng, shuffled } from '../../random'
import { circleSchedule } from '../round-robin'
import type { PastRound } from '../types'

/** One cycle over ids 1..players (an odd field's missing seat is the round's bye). */
export function otherRoundRobin(players: number, seed: number): PastRound[] {
  const seats = players + (players % 2)
  const rng = seededRng(seed)
  const label = shuffled(
    Array.from({ length: seats }, (_, i) => i + 1),
    rng,
  )
  return shuffled([...circleSchedule(seats)], rng).map((round, k) => {
    const pairs: [number, number][] = []
    const byes: number[] = []
    for (const [x, y] of round) {
      const a = label[x] ?? 0
      const b = label[y] ?? 0
      if (a > players) byes.push(b)
      else if (b > players) byes.push(a)
      else pairs.push([a, b])
    }
    return { round: k + 1, pairs, byes }
  })
}

/** `cycles` cycles of `otherRoundRobin`, each a new order (numbered on from round 1). */
export function otherCycles(players: number, cycles: number, seed: number): PastRound[] {
  return Array.from({ length: cycles }, (_, c) => otherRoundRobin(players, seed + c)).flatMap(
    (cycle, c) => cycle.map((r) => ({ ...r, round: r.round + c * cycle.length })),
  )
}

/**
 * The rounds as a tsh `.t` (formats.md): a bye is opponent 0 with a positive score; the lower id
 * wins each game 400–350 when their ids' sum is even, else loses, so the standings are mixed.
 */
export function roundsAsT(players: number, rounds: readonly PastRound[]): string {
  const opponents: number[][] = Array.from({ length: players }, () => [])
  const scores: number[][] = Array.from({ length: players }, () => [])
  for (const round of rounds) {
    for (const [a, b] of round.pairs) {
      const lowWins = (a + b) % 2 === 0
      const [lo, hi] = a < b ? [a, b] : [b, a]
      opponents[lo - 1]?.push(hi)
      opponents[hi - 1]?.push(lo)
      scores[lo - 1]?.push(lowWins ? 400 : 350)
      scores[hi - 1]?.push(lowWins ? 350 : 400)
    }
    for (const id of round.byes) {
      opponents[id - 1]?.push(0)
      scores[id - 1]?.push(50)
    }
  }
  return opponents
    .map(
      (o, i) =>
        `Player, P${String(i + 1).padStart(2, '0')} ${String(2000 - i * 10)} ${o.join(' ')}; ${(scores[i] ?? []).join(' ')}`,
    )
    .join('\n')
    .concat('\n')
}
