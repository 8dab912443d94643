import { bench, describe } from 'vitest'
import { pairRound } from './pair-round'
import { solveDense, solveSparse } from './test-support/reference'
import { inputFor, simulateEvent } from './test-support/simulate'

/**
 * A Swiss round 11 of a 1000- and a 2000-player field after 10 simulated rounds. Targets on a
 * 2-core machine: 1000 players under 300 ms, 2000 under 1 s. Before timing, each field is also
 * solved densely (every allowed pair, plain O(n³) blossom) and the totals must be equal.
 */
for (const players of [1000, 2000]) {
  const { event } = simulateEvent({ players, rounds: 10, seed: 20260101 + players })
  const input = inputFor(event, 11, 'swiss')

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

  describe(`Swiss round 11, ${players} players`, () => {
    bench(
      'pairRound (sparse matching + dual check, starts, tables, reasons)',
      () => {
        const result = pairRound(input)
        if (!result.ok) throw new Error(result.error.message)
      },
      { iterations: 5, warmupIterations: 1 },
    )
  })
}
