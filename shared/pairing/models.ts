/**
 * The cost models of the matching systems: the order of the pool, the tiers of weights.ts that
 * apply, and the first candidate pairs to try.
 */
import type { PairingContext } from './context'
import { window, type CostModel } from './match-pool'
import type { TierSpec } from './tiers'
import type { PairingPlayer } from './types'
import {
  dueToStart,
  halfWins,
  kothRankCost,
  repeatCost,
  repeatCostMax,
  repeatPrice,
  scoreGroups,
  swissRankCost,
  type RankMode,
} from './weights'

/** Neighbours in pool order checked first; the proof over all pairs adds any others needed. */
const NEAR = 12

/**
 * Squared distance in pool order, less one: the largest round total pairs the ends together
 * (rearrangement inequality): 1² + 3² + … + (n−1)² = h(4h² − 1)/3 for h = n/2.
 */
function squaredDistance(n: number): { max: number; sumMax: number } {
  const h = Math.floor(n / 2)
  return { max: Math.max(0, (n - 1) ** 2 - 1), sumMax: (h * (4 * h * h - 1)) / 3 }
}

/**
 * The largest round total of spread differences: no matching beats pairing the top half of the
 * spreads against the bottom half (Σ|a − b| ≤ Σ top − Σ bottom). Far below pairs × (max − min)
 * in a real field, which lets more tiers share one exact number (lex-matching.ts).
 */
function spreadSumMax(pool: readonly PairingPlayer[]): number {
  const sorted = pool.map((p) => p.spread).sort((a, b) => a - b)
  const half = Math.floor(sorted.length / 2)
  let total = 0
  for (let k = 0; k < half; k++) {
    total += (sorted[sorted.length - 1 - k] as number) - (sorted[k] as number)
  }
  // Each pair's difference is rounded: at most half a point more per pair.
  return Math.ceil(total + half / 2)
}

function maxMeetings(ctx: PairingContext): number {
  let most = 0
  for (const list of ctx.met.values()) most = Math.max(most, list.length)
  return most
}

/** The price of a first rematch this round, from the field and the event's length. */
function priceOf(ctx: PairingContext): number {
  const { input } = ctx
  let field = 0
  for (const p of input.players) if (p.active) field++
  return repeatPrice(field, input.round, input.rounds ?? input.gibson?.totalRounds ?? input.round)
}

const repeatTier = (ctx: PairingContext, price: number): TierSpec => ({
  name: 'repeats',
  max: repeatCostMax(maxMeetings(ctx), price),
})

/**
 * Swiss and King of the Hill: every tier of weights.ts, with the rank tier of the system. The
 * over-limit tier goes right after win difference and repeats (limitAt 1).
 */
function standingsModel(
  ctx: PairingContext,
  pool: readonly PairingPlayer[],
  rank: 'koth' | RankMode,
): CostModel {
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
  const n = pool.length
  const groups = scoreGroups(pool)
  const price = priceOf(ctx)
  // The weights.ts tiers over pool positions, precomputed (winGapCost, startClashCost, spreadCost).
  const hw = Int32Array.from(pool, halfWins)
  const sp = Float64Array.from(pool, (p) => p.spread)
  const due = Int8Array.from(pool, dueToStart)
  const clash = (i: number, j: number): number => (due[i] !== 0 && due[i] === due[j] ? 1 : 0)
  const rankTier: TierSpec =
    rank === 'koth'
      ? { name: 'rank distance', ...squaredDistance(n) }
      : { name: 'rank distance', max: Math.max(0, n - 1) }
  const rankCost =
    rank === 'koth'
      ? kothRankCost
      : (i: number, j: number): number => swissRankCost(groups, i, j, rank)
  return {
    tiers: [
      {
        name: 'win difference and repeats',
        max: (n === 0 ? 0 : (hi - lo) ** 2) + repeatCostMax(maxMeetings(ctx), price),
      },
      { name: 'start balance', max: 1 },
      rankTier,
      {
        name: 'spread difference',
        max: n === 0 ? 0 : Math.round(shi - slo),
        sumMax: spreadSumMax(pool),
      },
    ],
    limitAt: 1,
    band: (i) => hw[i] as number,
    values: (i, j, met) => [
      ((hw[i] as number) - (hw[j] as number)) ** 2 + repeatCost(met, price),
      clash(i, j),
      rankCost(i, j),
      Math.round(Math.abs((sp[i] as number) - (sp[j] as number))),
    ],
    // Runs for nearly every pair of the field in the proof of optimality: arrays, no objects.
    unmetFor: (scale) => {
      const [sw = 0, ss = 0, sr = 0, sp2 = 0] = scale
      return (i, j) =>
        sw * ((hw[i] as number) - (hw[j] as number)) ** 2 +
        (ss === 0 ? 0 : ss * clash(i, j)) +
        (sr === 0 ? 0 : sr * rankCost(i, j)) +
        (sp2 === 0 ? 0 : sp2 * Math.round(Math.abs((sp[i] as number) - (sp[j] as number))))
    },
    near: function* (i, count) {
      yield* window(i, count, NEAR)
      if (rank !== 'halves') return
      // The top-half / bottom-half partner and the players next to them.
      const from = groups.start[i] as number
      const half = Math.floor((groups.size[i] as number) / 2)
      for (const centre of [i + half, i - half]) {
        for (let d = -10; d <= 10; d++) {
          const j = centre + d
          if (j >= from && j < from + (groups.size[i] as number) && j !== i) yield j
        }
      }
    },
  }
}

export const swissModel = (
  ctx: PairingContext,
  pool: readonly PairingPlayer[],
  mode: RankMode = ctx.input.rankMode ?? 'halves',
): CostModel => standingsModel(ctx, pool, mode)

/** King of the Hill: 1 v 2, 3 v 4 … unless win difference, repeats or starts say otherwise. */
export const kothModel = (ctx: PairingContext, pool: readonly PairingPlayer[]): CostModel =>
  standingsModel(ctx, pool, 'koth')

/** Top half against bottom half: in rating order, i meets i + n/2 unless that is not allowed. */
export function ratingModel(ctx: PairingContext, pool: readonly PairingPlayer[]): CostModel {
  const half = pool.length / 2
  const price = priceOf(ctx)
  return {
    tiers: [repeatTier(ctx, price), { name: 'distance from the half-field seed', max: half }],
    limitAt: 0,
    values: (i, j, met) => [repeatCost(met, price), Math.abs(j - i - half)],
    unmetFor: (scale) => {
      const s = scale[1] ?? 0
      return (i, j) => s * Math.abs(j - i - half)
    },
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
export function randomModel(ctx: PairingContext, pool: readonly PairingPlayer[]): CostModel {
  const price = priceOf(ctx)
  return {
    tiers: [
      repeatTier(ctx, price),
      { name: 'distance in the draw', ...squaredDistance(pool.length) },
    ],
    limitAt: 0,
    values: (i, j, met) => [repeatCost(met, price), kothRankCost(i, j)],
    unmetFor: (scale) => {
      const s = scale[1] ?? 0
      return (i, j) => s * kothRankCost(i, j)
    },
    near: (i, n) => window(i, n, NEAR),
  }
}
