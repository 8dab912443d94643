/** The dense reference: the same round's matching problem solved on every allowed pair. */
import { pairingContext, standingsOrder } from '../context'
import {
  denseMinCostPerfectMatching,
  sparseMinCostPerfectMatching,
  type CostEdge,
} from '../matching'
import { poolProblem } from '../match-pool'
import { swissModel } from '../models'
import type { PairingInput } from '../types'

/** The Swiss matching problem of an even field with no bye, constraints or Gibson. */
export function swissProblem(input: PairingInput) {
  const ctx = pairingContext(input)
  const pool = standingsOrder(input.players.filter((p) => p.active))
  if (pool.length % 2 === 1) throw new Error('swissProblem needs an even field')
  const built = poolProblem(ctx, pool, swissModel(ctx, pool), false)
  if (!built.ok) throw new Error(built.error.message)
  return built.value.problem
}

export function solveSparse(input: PairingInput) {
  return sparseMinCostPerfectMatching(swissProblem(input))
}

export function solveDense(input: PairingInput) {
  const problem = swissProblem(input)
  const edges: CostEdge[] = []
  for (let u = 0; u < problem.n; u++) {
    for (let v = u + 1; v < problem.n; v++) {
      const cost = problem.cost(u, v)
      if (cost !== null) edges.push({ u, v, cost })
    }
  }
  return denseMinCostPerfectMatching(problem.n, edges)
}
