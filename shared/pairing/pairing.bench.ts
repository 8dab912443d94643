import { bench, describe } from 'vitest'
import { pairRound } from './pair-round'
import { swissLikeEvent } from './test-support/late-event'
import { solveDense, solveSparse } from './test-support/reference'
import { inputFor, simulateEvent } from './test-support/simulate'
import type { PairingInput } from './types'

/**
 * Swiss rounds on a 2-core machine:
 * - round 11 of a 1000- and a 2000-player field after 10 simulated rounds: 1000 players under
 *   300 ms, 2000 under 1 s. Before timing, each field is also solved densely (every allowed
 *   pair, plain O(n³) blossom) and the totals must be equal;
 * - a late round (issue 18 "Speed holds"): round 19 of a 2000-player event whose 18 rounds
 *   were paired the Swiss way (test-support/late-event.ts), where score groups are full of
 *   earlier opponents; under 1 s. Too slow to check densely here: the exactness of the sparse
 *   path is the property tests' (weights.property.test.ts);
 * - King of the Hill, round 20 of the same event: its rank tier does not fit with the first two,
 *   so it is solved in three phases over 200,000 tight pairs; under 1 s (issue 20: every system
 *   a plan leaves on automatic pairs a 2000-player round in under a second).
 * - COP (issue 29 "Speed holds"), round 8 of a 14-round 500-player event after 7 simulated
 *   rounds: 1000 simulations of the 7 rounds left, then the prize race over King of the Hill's
 *   weights; under 1 s on a quiet machine.
 */
function checkedAgainstDense(players: number, input: PairingInput): void {
  const t0 = performance.now()
  const sparse = solveSparse(input)
  const t1 = performance.now()
  const dense = solveDense(input)
  const t2 = performance.now()
  if (sparse === null || dense === null || sparse.totals.join() !== dense.totals.join()) {
    throw new Error(`${players} players: sparse and dense totals differ`)
  }
  console.log(
    `${players} players: same tier totals [${sparse.totals.join(', ')}] in ${String(sparse.phases)} phase(s); sparse matching ${(t1 - t0).toFixed(0)} ms ` +
      `(${String(sparse.solves)} solve(s), ${String(sparse.candidateEdges)} candidate pairs), ` +
      `dense reference ${(t2 - t1).toFixed(0)} ms`,
  )
}

const timed = (input: PairingInput) => () => {
  const result = pairRound(input)
  if (!result.ok) throw new Error(result.error.message)
}

for (const players of [1000, 2000]) {
  const { event } = simulateEvent({ players, rounds: 10, seed: 20260101 + players })
  const input = inputFor(event, 11, 'swiss')
  checkedAgainstDense(players, input)
  describe(`Swiss round 11, ${players} players`, () => {
    bench('pairRound (sparse matching + dual check, starts, tables, reasons)', timed(input), {
      iterations: 5,
      warmupIterations: 1,
    })
  })
}

{
  const late = inputFor(swissLikeEvent({ players: 2000, rounds: 18, seed: 2000 }), 19, 'swiss')
  describe('Swiss round 19 of 20, 2000 players, Swiss-like history (target < 1 s)', () => {
    bench('pairRound (sparse matching + dual check, starts, tables, reasons)', timed(late), {
      iterations: 3,
      warmupIterations: 1,
    })
  })
  const last = inputFor(swissLikeEvent({ players: 2000, rounds: 19, seed: 2000 }), 20, 'koth')
  describe('King of the Hill round 20 of 20, 2000 players, Swiss-like history (target < 1 s)', () => {
    bench('pairRound (three phases of tiers, re-solves resumed)', timed(last), {
      iterations: 3,
      warmupIterations: 1,
    })
  })
}

{
  const { event } = simulateEvent({ players: 500, rounds: 7, seed: 500 })
  const cop = inputFor(event, 8, 'cop', { rounds: 14, seed: 8 })
  describe('COP round 8 of 14, 500 players, 1000 simulations (target < 1 s)', () => {
    bench('pairRound (simulations, prize race, matching, reasons)', timed(cop), {
      iterations: 5,
      warmupIterations: 1,
    })
  })
}
