/**
 * The cost models of the matching systems: the order of the pool and the cost tiers, highest
 * first (design.md, "Pairing": win difference ≫ repeats ≫ rank distance ≫ spread for Swiss).
 */
import type { PairingContext } from './context'
import { window, type CostModel } from './match-pool'
import type { PairingPlayer } from './types'

/** Neighbours in pool order checked first; the proof over all pairs adds any others needed. */
const NEAR = 12

/**
 * Squared distance in pool order: among equal players 1 v 2, 3 v 4 is the unique best, and a
 * forced change moves players as little as possible. The largest round total pairs the ends
 * together (rearrangement inequality): 1² + 3² + … + (n−1)² = h(4h² − 1)/3 for h = n/2.
 */
function squaredDistance(n: number): { max: number; sumMax: number } {
  const h = Math.floor(n / 2)
  return { max: (n - 1) ** 2, sumMax: (h * (4 * h * h - 1)) / 3 }
}

const halfWins = (p: PairingPlayer): number => Math.round(p.wins * 2)

export function swissModel(ctx: PairingContext, pool: readonly PairingPlayer[]): CostModel {
  let lo = Infinity
  let hi = -Infinity
  let slo = Infinity
  let shi = -Infinity
  for (const p of pool) {
    lo = Math.min(lo, halfWins(p))
    hi = Math.max(hi, halfWins(p))
    slo = Math.min(slo, p.spread)
    shi = Math.max(shi, p.spread)
  }
  let maxMet = 0
  for (const list of ctx.met.values()) maxMet = Math.max(maxMet, list.length)
  return {
    tiers: [
      { name: 'win difference', max: (hi - lo) ** 2, coarsenable: false },
      { name: 'repeats', max: Math.min(maxMet, ctx.maxRepeats), coarsenable: false },
      { name: 'rank distance', ...squaredDistance(pool.length), coarsenable: true },
      { name: 'spread difference', max: Math.round(shi - slo), coarsenable: true },
    ],
    values: (i, j, met) => {
      const a = pool[i] as PairingPlayer
      const b = pool[j] as PairingPlayer
      return [
        (halfWins(a) - halfWins(b)) ** 2,
        Math.min(met, ctx.maxRepeats),
        (j - i) ** 2,
        Math.round(Math.abs(a.spread - b.spread)),
      ]
    },
    near: (i, n) => window(i, n, NEAR),
  }
}

/** King of the Hill: 1 v 2, 3 v 4 …; squared distance makes that the unique best. */
export function kothModel(pool: readonly PairingPlayer[]): CostModel {
  return {
    tiers: [{ name: 'rank distance', ...squaredDistance(pool.length), coarsenable: false }],
    values: (i, j) => [(j - i) ** 2],
    near: (i, n) => window(i, n, NEAR),
  }
}

/** Top half against bottom half: in rating order, i meets i + n/2 unless that is not allowed. */
export function ratingModel(pool: readonly PairingPlayer[]): CostModel {
  const half = pool.length / 2
  return {
    tiers: [{ name: 'distance from the half-field seed', max: half, coarsenable: false }],
    values: (i, j) => [Math.abs(j - i - half)],
    near: function* (i, n) {
      for (const j of window(i, n, NEAR)) {
        const k = j < i ? j - half : j + half
        if (k >= 0 && k < n && k !== i) yield k
      }
      if (i + half < n) yield i + half
      if (i - half >= 0) yield i - half
    },
  }
}

/** Random: a seeded shuffle, then neighbours in the shuffled order. */
export function randomModel(pool: readonly PairingPlayer[]): CostModel {
  return {
    tiers: [{ name: 'distance in the draw', ...squaredDistance(pool.length), coarsenable: false }],
    values: (i, j) => [(j - i) ** 2],
    near: (i, n) => window(i, n, NEAR),
  }
}
