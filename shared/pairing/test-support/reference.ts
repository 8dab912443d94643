/** The dense reference: the same round's matching problem solved on every allowed pair. */
import { pairingContext, standingsOrder } from '../context'
import { lexMinCostPerfectMatching, type LexProblem } from '../lex-matching'
import { poolProblem } from '../match-pool'
import { swissModel } from '../models'
import type { PairingInput } from '../types'

/** The Swiss matching problem of an even field with no bye, constraints or Gibson. */
export function swissProblem(input: PairingInput): LexProblem {
  const ctx = pairingContext(input)
  const pool = standingsOrder(input.players.filter((p) => p.active))
  if (pool.length % 2 === 1) throw new Error('swissProblem needs an even field')
  return poolProblem(ctx, pool, swissModel(ctx, pool))
}

export function solveSparse(input: PairingInput) {
  return lexMinCostPerfectMatching(swissProblem(input))
}

export function solveDense(input: PairingInput) {
  return lexMinCostPerfectMatching(swissProblem(input), { dense: true })
}
