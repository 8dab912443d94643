/**
 * Packing ordered cost tiers into one integer edge cost (weights.ts has the tiers themselves).
 * Each tier's unit is worth more than the largest possible sum of every lower tier over a whole
 * round (half the players' pairings), so the matching minimises the tiers in strict order. Costs
 * must stay exact in a double (the blossom doubles them): tiers that do not fit together under
 * MAX_COST are never coarsened; lex-matching.ts solves them in separate phases instead.
 */
import { MAX_COST } from './matching'

export interface TierSpec {
  readonly name: string
  /** The largest value this tier can take for one pair (a non-negative integer). */
  readonly max: number
  /** The largest sum over a whole round, when tighter than pairings × max. */
  readonly sumMax?: number
}

export interface TierPacking {
  /** Per tier (same order as given, highest first): its multiplier. */
  readonly scale: readonly number[]
  /** The largest packed cost of one pair. */
  readonly maxCost: number
}

/**
 * Scales for `tiers` (highest first) over a round of `pairs` pairings; null when they do not fit
 * in one exact number together.
 */
export function packTiers(
  tiers: readonly TierSpec[],
  pairs: number,
  /** The largest cost allowed; lower only to make tests solve in several phases. */
  limit: number = MAX_COST,
): TierPacking | null {
  const p = Math.max(1, pairs)
  const scale = new Array<number>(tiers.length).fill(0)
  // The largest round total of the tiers below, and the largest single-pair cost so far.
  let lowerSum = 0
  let maxCost = 0
  for (let t = tiers.length - 1; t >= 0; t--) {
    const tier = tiers[t] as TierSpec
    const sumMax = Math.min(p * tier.max, tier.sumMax ?? Infinity)
    // One unit here outweighs every lower tier summed over the whole round.
    const s = lowerSum + 1
    scale[t] = s
    lowerSum += sumMax * s
    maxCost += tier.max * s
  }
  if (lowerSum > Number.MAX_SAFE_INTEGER || maxCost > limit) return null
  return { scale, maxCost }
}

/** The packed cost of one pair from its tier values (highest first). */
export function packedCost(packing: TierPacking, values: readonly number[]): number {
  return packedRange(packing, null, values, 0, values.length)
}

/**
 * `packedCost(packing, [lead, ...values.slice(from, end)])` (without `lead` when null), built
 * without those arrays: the phases of lex-matching.ts price up to millions of pairs this way.
 */
export function packedRange(
  packing: TierPacking,
  lead: number | null,
  values: readonly number[],
  from: number,
  end: number,
): number {
  const { scale } = packing
  const shift = lead === null ? 0 : 1
  let cost = lead === null ? 0 : lead * (scale[0] ?? 0)
  for (let t = from; t < end; t++) cost += (values[t] ?? 0) * (scale[t - from + shift] ?? 0)
  return cost
}
