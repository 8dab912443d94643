/**
 * Pairs an even pool of players by one minimum-cost perfect matching. The systems differ only in
 * the order of the pool and in their cost tiers; the repeat limit and the pairs that must not
 * meet are handled here for all of them.
 *
 * Repeats over `maxRepeats` are first left out altogether; only when no pairing exists without
 * them are they let back in, as a tier above all others, so as few as possible are used
 * (design.md, "Pairing": 0 = never repeat while any other pairing exists).
 */
import { err, ok, type Result } from '../result'
import { pairKey, timesMet, type PairingContext } from './context'
import { sparseMinCostPerfectMatching, type SparseProblem } from './matching'
import { packedCost, packTiers, type TierPacking, type TierSpec } from './tiers'
import type { PairingPlayer } from './types'

export interface CostModel {
  /** Cost tiers, highest first (without the over-limit tier, which is added when needed). */
  readonly tiers: readonly TierSpec[]
  /** Tier values of the pair at pool positions i < j, highest first. */
  readonly values: (i: number, j: number, met: number) => readonly number[]
  /** Positions near i worth trying first (the proof over all pairs adds any that matter). */
  readonly near: (i: number, n: number) => Iterable<number>
}

export interface MatchedPool {
  readonly pairs: readonly (readonly [PairingPlayer, PairingPlayer])[]
  readonly overLimit: number
  readonly coarsened: readonly string[]
  readonly solves: number
  readonly totalCost: bigint
}

/** Positions i±1..i±k, a window in pool order. */
export function* window(i: number, n: number, k: number): Iterable<number> {
  for (let d = 1; d <= k; d++) {
    if (i + d < n) yield i + d
    if (i - d >= 0) yield i - d
  }
}

export function matchPool(
  ctx: PairingContext,
  pool: readonly PairingPlayer[],
  model: CostModel,
  /** `strict`: never over the repeat limit (null when that is impossible); default: as needed. */
  mode: 'strict' | 'as-needed' = 'as-needed',
): Result<MatchedPool> | null {
  const n = pool.length
  if (n % 2 === 1) throw new RangeError('matchPool needs an even pool')
  if (n === 0) return ok({ pairs: [], overLimit: 0, coarsened: [], solves: 0, totalCost: 0n })
  const avoided = (i: number, j: number): boolean =>
    ctx.avoid.has(pairKey((pool[i] as PairingPlayer).id, (pool[j] as PairingPlayer).id))

  // A player nobody may meet is named, never silently dropped.
  for (let i = 0; i < n; i++) {
    let any = false
    for (let j = 0; j < n && !any; j++) any = j !== i && !avoided(i, j)
    if (!any) {
      const p = pool[i] as PairingPlayer
      return err('pairing.player.no-opponent', `${p.name} (#${p.id}) has no allowed opponent`, {
        details: { player: p.id },
      })
    }
  }

  let maxMet = 0
  for (const list of ctx.met.values()) maxMet = Math.max(maxMet, list.length)
  const attempt = (allowOverLimit: boolean): Result<MatchedPool> | null => {
    const problem = poolProblem(ctx, pool, model, allowOverLimit)
    if (!problem.ok) return problem
    const solved = sparseMinCostPerfectMatching(problem.value.problem)
    if (solved === null) return null
    const pairs: (readonly [PairingPlayer, PairingPlayer])[] = []
    let overLimit = 0
    solved.mate.forEach((j, i) => {
      if (j > i) {
        const a = pool[i] as PairingPlayer
        const b = pool[j] as PairingPlayer
        pairs.push([a, b])
        if (timesMet(ctx, a.id, b.id) > ctx.maxRepeats) overLimit++
      }
    })
    return ok({
      pairs,
      overLimit,
      coarsened: problem.value.packing.coarsened,
      solves: solved.solves,
      totalCost: solved.totalCost,
    })
  }

  const strict = attempt(false)
  if (strict !== null) return strict
  if (mode === 'strict') return null
  if (maxMet > ctx.maxRepeats) {
    const relaxed = attempt(true)
    if (relaxed !== null) return relaxed
  }
  return err(
    'pairing.impossible',
    `These ${n} players cannot all be paired: the pairs that must not meet leave no way`,
  )
}

/**
 * The matching problem for a pool: packed costs (null for pairs that must not meet, and for pairs
 * over the repeat limit unless `allowOverLimit`), the cheap lower bound for the proof, and the
 * first candidate pairs. Exported so tests and the bench can solve it densely as a reference.
 */
export function poolProblem(
  ctx: PairingContext,
  pool: readonly PairingPlayer[],
  model: CostModel,
  allowOverLimit: boolean,
): Result<{ problem: SparseProblem; packing: TierPacking }> {
  const n = pool.length
  let maxMet = 0
  for (const list of ctx.met.values()) maxMet = Math.max(maxMet, list.length)
  const tiers: TierSpec[] = allowOverLimit
    ? [
        { name: 'repeats over the limit', max: maxMet - ctx.maxRepeats, coarsenable: false },
        ...model.tiers,
      ]
    : [...model.tiers]
  const packing = packTiers(tiers, n / 2)
  if (packing === null) {
    return err('pairing.field.too-large', `${n} players are too many for these cost tiers`)
  }
  const ids = pool.map((p) => p.id)
  const tierValues = (i: number, j: number, met: number): readonly number[] => {
    const base = model.values(Math.min(i, j), Math.max(i, j), met)
    return allowOverLimit ? [Math.max(0, met - ctx.maxRepeats), ...base] : base
  }
  const cost = (i: number, j: number): number | null => {
    const a = ids[i] as number
    const b = ids[j] as number
    if (ctx.avoid.has(pairKey(a, b))) return null
    const met = timesMet(ctx, a, b)
    if (!allowOverLimit && met > ctx.maxRepeats) return null
    return packedCost(packing, tierValues(i, j, met))
  }
  const candidates: [number, number][] = []
  for (let i = 0; i < n; i++) for (const j of model.near(i, n)) if (j > i) candidates.push([i, j])
  return ok({
    packing,
    problem: {
      n,
      cost,
      // Without the meeting count every tier is at its least (repeats only add).
      costLowerBound: (i, j) => packedCost(packing, tierValues(i, j, 0)),
      maxCost: packing.maxCost,
      candidates,
    },
  })
}
