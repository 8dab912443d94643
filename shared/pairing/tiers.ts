/**
 * Packing ordered cost tiers into one integer edge cost (design.md, "Pairing": win difference ≫
 * repeats ≫ rank distance ≫ spread). Each tier's unit is worth more than the largest possible sum
 * of every lower tier over a whole round (half the players' pairings), so the matching minimises
 * the tiers in strict order. Costs must stay exact in a double (the blossom doubles them): when
 * the packing would pass MAX_COST, the lowest tiers that allow it are coarsened (their values
 * divided by a power of two) until it fits, and the round summary says so.
 */
import { MAX_COST } from './matching'

export interface TierSpec {
  readonly name: string
  /** The largest value this tier can take for one pair (a non-negative integer). */
  readonly max: number
  /** The largest sum over a whole round, when tighter than pairings × max. */
  readonly sumMax?: number
  /** May be coarsened to fit (true for the fine tie-breaks: rank distance, spread). */
  readonly coarsenable: boolean
}

export interface TierPacking {
  /** Per tier (same order as given, highest first): multiplier and divisor. */
  readonly scale: readonly number[]
  readonly divisor: readonly number[]
  /** Tiers that were coarsened, e.g. "spread in steps of 64". */
  readonly coarsened: readonly string[]
  /** The largest packed cost of one pair. */
  readonly maxCost: number
}

function pack(
  tiers: readonly TierSpec[],
  divisor: readonly number[],
  pairs: number,
): { scale: number[]; maxCost: number } {
  const scale = new Array<number>(tiers.length).fill(0)
  // The largest round total of the tiers below, and the largest single-pair cost so far.
  let lowerSum = 0
  let maxCost = 0
  for (let t = tiers.length - 1; t >= 0; t--) {
    const tier = tiers[t] as TierSpec
    const d = divisor[t] ?? 1
    const max = Math.floor(tier.max / d)
    const sumMax = Math.min(pairs * max, Math.floor((tier.sumMax ?? Infinity) / d))
    // One unit here outweighs every lower tier summed over the whole round.
    const s = lowerSum + 1
    scale[t] = s
    lowerSum += sumMax * s
    maxCost += max * s
  }
  // A round total past 2^53 would make the next scale inexact: treat it as too large.
  return { scale, maxCost: lowerSum > Number.MAX_SAFE_INTEGER ? Infinity : maxCost }
}

/**
 * Scales for `tiers` (highest first) over a round of `pairs` pairings; null when even fully
 * coarsened the tiers cannot fit (the caller then reports that the field is too large).
 */
export function packTiers(tiers: readonly TierSpec[], pairs: number): TierPacking | null {
  const divisor = tiers.map(() => 1)
  const p = Math.max(1, pairs)
  for (;;) {
    const { scale, maxCost } = pack(tiers, divisor, p)
    if (maxCost <= MAX_COST) {
      const coarsened: string[] = []
      tiers.forEach((tier, t) => {
        const d = divisor[t] ?? 1
        if (d > 1) {
          coarsened.push(
            Math.floor(tier.max / d) === 0
              ? `${tier.name} left out`
              : `${tier.name} in steps of ${d}`,
          )
        }
      })
      return { scale, divisor, coarsened, maxCost }
    }
    // Coarsen the lowest tier that still can be.
    let t = tiers.length - 1
    while (t >= 0) {
      const tier = tiers[t] as TierSpec
      if (tier.coarsenable && Math.floor(tier.max / (divisor[t] ?? 1)) > 0) break
      t--
    }
    if (t < 0) return null
    divisor[t] = (divisor[t] ?? 1) * 2
  }
}

/** The packed cost of one pair from its tier values (highest first). */
export function packedCost(packing: TierPacking, values: readonly number[]): number {
  let cost = 0
  for (let t = 0; t < values.length; t++) {
    cost += Math.floor((values[t] ?? 0) / (packing.divisor[t] ?? 1)) * (packing.scale[t] ?? 0)
  }
  return cost
}
