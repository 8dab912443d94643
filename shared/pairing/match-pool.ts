/**
 * Pairs an even pool of players by one lexicographic minimum-cost perfect matching (the tiers of
 * weights.ts). The systems differ only in the order of the pool and in their tiers; the repeat
 * limit and the pairs that must not meet are handled here for all of them.
 *
 * Pairs over `maxRepeats` are first left out (the limit is hard). Only when no pairing exists
 * without them are they let back in, with a tier of their own that the model places (below win
 * difference and repeats for Swiss and King of the Hill, so the relaxation never buys a wider
 * win gap); every pairing over the limit is counted so the summary can flag it.
 */
import { err, ok, type Result } from '../result'
import { meeting, pairKey, type PairingContext } from './context'
import { lexMinCostPerfectMatching, type LexProblem } from './lex-matching'
import type { TierSpec } from './tiers'
import type { PairingPlayer } from './types'
import { overLimitCost, type Meeting } from './weights'

export interface CostModel {
  /** Cost tiers, highest first, without the over-limit tier. */
  readonly tiers: readonly TierSpec[]
  /** Where the over-limit tier goes among `tiers` (0 = above them all). */
  readonly limitAt: number
  /** Tier values of the pair at pool positions i < j, highest first. */
  readonly values: (i: number, j: number, met: Meeting) => readonly number[]
  /**
   * Σ scale[t] · value[t] of i < j had they never met (a lower bound: repeats only add), as one
   * function per scale vector: it runs for nearly every pair of the field.
   */
  readonly unmetFor: (scale: readonly number[]) => (i: number, j: number) => number
  /** Positions near i worth trying first (the proof over all pairs adds any that matter). */
  readonly near: (i: number, n: number) => Iterable<number>
  /**
   * A number per position whose squared difference never exceeds the first tier of the pair
   * (half-wins, for the win difference): lets the proof over all pairs skip score groups far
   * apart whole.
   */
  readonly band?: (i: number) => number
}

export interface MatchedPool {
  readonly pairs: readonly (readonly [PairingPlayer, PairingPlayer])[]
  readonly overLimit: number
  readonly solves: number
  /** The round's sum of each tier, highest first (over-limit included when there is a limit). */
  readonly totals: readonly number[]
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
  if (n === 0) return ok({ pairs: [], overLimit: 0, solves: 0, totals: [] })
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
  const limited = ctx.limit !== null && maxMet > ctx.limit
  let solved = lexMinCostPerfectMatching(
    poolProblem(ctx, pool, model, limited ? 'strict' : 'as-needed'),
  )
  if (solved === null && mode === 'strict') return null
  if (solved === null && limited) {
    solved = lexMinCostPerfectMatching(poolProblem(ctx, pool, model, 'as-needed'))
  }
  if (solved === null) {
    return err(
      'pairing.impossible',
      `These ${n} players cannot all be paired: the pairs that must not meet leave no way`,
    )
  }
  const pairs: (readonly [PairingPlayer, PairingPlayer])[] = []
  let overLimit = 0
  solved.mate.forEach((j, i) => {
    if (j > i) {
      const a = pool[i] as PairingPlayer
      const b = pool[j] as PairingPlayer
      pairs.push([a, b])
      if (overLimitCost(meeting(ctx, a.id, b.id), ctx.limit) > 0) overLimit++
    }
  })
  return ok({ pairs, overLimit, solves: solved.solves, totals: solved.totals })
}

const NEVER_MET: Meeting = { times: 0, roundsSince: null }

/**
 * Pool positions of the pairs that met before or must not meet, as bits u·n + v (both ways):
 * the proof over all pairs asks about nearly every pair, and a bit is far cheaper than looking
 * up the pair's key in the maps.
 */
function metOrKeptApart(ctx: PairingContext, pool: readonly PairingPlayer[]): Uint8Array {
  const n = pool.length
  const at = new Map<number, number>()
  pool.forEach((p, i) => at.set(p.id, i))
  const bits = new Uint8Array(Math.ceil((n * n) / 8))
  const mark = (key: number): void => {
    // The ids back from the key (context.ts packs the lower id times 2^26 plus the higher).
    const low = Math.floor(key / 2 ** 26)
    const high = key % 2 ** 26
    if (pairKey(low, high) !== key) throw new Error(`pair key ${key} is not packed as expected`)
    const a = at.get(low)
    const b = at.get(high)
    if (a === undefined || b === undefined) return
    for (const k of [a * n + b, b * n + a]) bits[k >> 3] = (bits[k >> 3] as number) | (1 << (k & 7))
  }
  for (const key of ctx.met.keys()) mark(key)
  for (const key of ctx.avoid) mark(key)
  return bits
}

/**
 * The matching problem for a pool: every tier (the over-limit one inserted where the model puts
 * it), null for pairs that must not meet (and, in strict mode, pairs over the limit), the cheap
 * lower bound for the proof, and the first candidate pairs. Exported so tests and the bench can
 * solve it densely or by brute force as a reference.
 */
export function poolProblem(
  ctx: PairingContext,
  pool: readonly PairingPlayer[],
  model: CostModel,
  mode: 'strict' | 'as-needed' = 'as-needed',
): LexProblem {
  const n = pool.length
  const limit = ctx.limit
  let maxMet = 0
  for (const list of ctx.met.values()) maxMet = Math.max(maxMet, list.length)
  const withLimit = limit !== null && mode === 'as-needed' && maxMet > limit
  const tiers: TierSpec[] = [...model.tiers]
  if (withLimit) {
    tiers.splice(model.limitAt, 0, { name: 'repeats over the limit', max: maxMet - limit })
  }
  const ids = pool.map((p) => p.id)
  const marked = metOrKeptApart(ctx, pool)
  const plain = (u: number, v: number): boolean => {
    const k = u * n + v
    return (((marked[k >> 3] as number) >> (k & 7)) & 1) === 0
  }
  const tierValues = (i: number, j: number, met: Meeting): readonly number[] => {
    const base = model.values(i, j, met)
    if (!withLimit) return base
    const out = [...base]
    out.splice(model.limitAt, 0, overLimitCost(met, limit))
    return out
  }
  const band = model.band
  // The bound is on the model's first tier: not when the over-limit tier comes first.
  const bands =
    band === undefined || (withLimit && model.limitAt === 0)
      ? {}
      : { band: Float64Array.from(pool, (_, i) => band(i)) }
  const candidates: [number, number][] = []
  for (let i = 0; i < n; i++) for (const j of model.near(i, n)) if (j > i) candidates.push([i, j])
  candidates.push(...spreadCandidates(n, model))
  return {
    n,
    tiers,
    values: (u, v) => {
      if (plain(u, v)) return tierValues(Math.min(u, v), Math.max(u, v), NEVER_MET)
      const a = ids[u] as number
      const b = ids[v] as number
      if (ctx.avoid.has(pairKey(a, b))) return null
      const met = meeting(ctx, a, b)
      if (mode === 'strict' && limit !== null && met.times > limit) return null
      return tierValues(Math.min(u, v), Math.max(u, v), met)
    },
    // Without a meeting every tier is at its least (repeats only add).
    boundIsExact: plain,
    lowerBoundFor: (scale) => {
      const own = withLimit ? scale.filter((_, t) => t !== model.limitAt) : scale
      const f = model.unmetFor(own)
      return (u, v) => (u < v ? f(u, v) : f(v, u))
    },
    candidates,
    ...bands,
  }
}

/** Partners spread evenly over each player's group, beyond the window of `near`. */
const SPREAD = 8

/**
 * Inside a run of the pool where the top tier costs nothing (a score group for Swiss and King of
 * the Hill), every pairing may be as good as the nearest one, and a window alone leaves the first
 * solve's duals blind to the far end of a big group: its proof over all pairs then adds tens of
 * thousands of pairs and solves again. A few partners at even steps across the run give the
 * first solve a view of the whole group.
 */
function spreadCandidates(n: number, model: CostModel): [number, number][] {
  const topOnly = model.tiers.map((_, t) => (t === 0 ? 1 : 0))
  const top = model.unmetFor(topOnly)
  const out: [number, number][] = []
  let from = 0
  for (let i = 1; i <= n; i++) {
    if (i < n && top(i - 1, i) === 0) continue
    const size = i - from
    if (size > 2 * SPREAD) {
      const step = Math.floor(size / (SPREAD + 1))
      for (let a = from; a < i; a++) {
        for (let k = 1; k <= SPREAD; k++) {
          const b = from + ((a - from + k * step) % size)
          if (b > a) out.push([a, b])
        }
      }
    }
    from = i
  }
  return out
}
