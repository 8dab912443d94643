/**
 * Minimum-cost perfect matching, the one engine under Swiss and its relatives (design.md,
 * "Pairing"). Two ways to the same optimum:
 * - `denseMinCostPerfectMatching`: the blossom algorithm on every allowed pair, O(n³). The
 *   reference the fast path is tested and benchmarked against.
 * - `sparseMinCostPerfectMatching`: the blossom algorithm on a small candidate graph (each
 *   player's nearest opponents), then a proof over all other pairs: with the final duals, an
 *   edge left out whose reduced cost is ≥ 0 could not improve the matching (LP duality for
 *   perfect matching, Edmonds' odd-set constraints included). Any edge that fails the check is
 *   added and the candidate graph solved again, so the result is optimal on the full graph.
 */
import {
  maxWeightMatching,
  type BlossomState,
  type MatchingResult,
  type WeightedEdge,
} from './blossom'

export interface CostEdge {
  readonly u: number
  readonly v: number
  /** A non-negative integer below 2^49. */
  readonly cost: number
}

export interface PerfectMatching {
  /** `mate[v]` is v's partner. */
  readonly mate: Int32Array
  /** Exact (a round's sum of packed costs can pass 2^53). */
  readonly totalCost: bigint
  /** How many times the candidate graph was solved (1 = the first candidate set was enough). */
  readonly solves: number
  /** Edges in the last candidate graph. */
  readonly candidateEdges: number
  /** The final duals (an optimal dual of the whole allowed graph) and the weight offset used. */
  readonly duals?: { readonly result: MatchingResult; readonly top: number }
}

export const MAX_COST = 2 ** 49

function toWeights(edges: readonly CostEdge[], top: number): WeightedEdge[] {
  return edges.map((e) => ({ u: e.u, v: e.v, w: top - e.cost }))
}

function perfect(result: MatchingResult): boolean {
  for (const m of result.mate) if (m < 0) return false
  return true
}

function costOfMatching(mate: Int32Array, costs: ReadonlyMap<number, number>, n: number): bigint {
  let total = 0n
  for (let v = 0; v < mate.length; v++) {
    const u = mate[v] as number
    if (u > v) total += BigInt(costs.get(v * n + u) ?? 0)
  }
  return total
}

/**
 * The plain blossom on the given (full) edge list, from a cold start as the textbook has it (no
 * greedy first matching); null when no perfect matching exists.
 */
export function denseMinCostPerfectMatching(
  n: number,
  edges: readonly CostEdge[],
): PerfectMatching | null {
  if (n === 0) return { mate: new Int32Array(0), totalCost: 0n, solves: 1, candidateEdges: 0 }
  if (n % 2 === 1) return null
  let top = 0
  for (const e of edges) top = Math.max(top, e.cost + 1)
  const costs = new Map<number, number>()
  for (const e of edges) {
    const key = Math.min(e.u, e.v) * n + Math.max(e.u, e.v)
    costs.set(key, Math.min(costs.get(key) ?? Infinity, e.cost))
  }
  const result = maxWeightMatching(n, toWeights(edges, top), true, false)
  if (!perfect(result)) return null
  return {
    mate: result.mate,
    totalCost: costOfMatching(result.mate, costs, n),
    solves: 1,
    candidateEdges: edges.length,
    duals: { result, top },
  }
}

/** A bound by groups of vertices: cost(u, v) ≥ scale · (of[u] − of[v])² for every pair. */
export interface Bands {
  /** Per vertex (half-wins for Swiss and King of the Hill). */
  readonly of: Float64Array
  readonly scale: number
}

/**
 * Calls f(u, v) for the pairs u < v of the field in order, leaving out those that cannot have
 * `dual[u] + dual[v] + offset + 2 · cost(u, v)` below zero (or at most zero, when not
 * `strict`) by the bands: consecutive vertices of one band are judged together by their least
 * dual, so score groups far apart are skipped whole instead of pair by pair.
 */
export function forEachPairWithin(
  n: number,
  bands: Bands | undefined,
  dual: Float64Array,
  offset: number,
  strict: boolean,
  f: (u: number, v: number) => void,
): void {
  if (bands === undefined) {
    for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) f(u, v)
    return
  }
  const { of, scale } = bands
  // Runs of consecutive vertices in one band, with their least dual.
  const starts: number[] = []
  const least: number[] = []
  for (let v = 0; v < n; v++) {
    const d = dual[v] as number
    if (v === 0 || of[v] !== of[v - 1]) {
      starts.push(v)
      least.push(d)
    } else if (d < (least[least.length - 1] as number)) {
      least[least.length - 1] = d
    }
  }
  starts.push(n)
  let first = 0
  for (let u = 0; u < n; u++) {
    while ((starts[first + 1] as number) <= u) first++
    const du = (dual[u] as number) + offset
    for (let r = first; r + 1 < starts.length; r++) {
      const from = Math.max(u + 1, starts[r] as number)
      const to = starts[r + 1] as number
      if (from >= to) continue
      const gap = (of[u] as number) - (of[from] as number)
      const bound = du + (least[r] as number) + 2 * scale * gap * gap
      if (strict ? bound >= 0 : bound > 0) continue
      for (let v = from; v < to; v++) f(u, v)
    }
  }
}

export interface SparseProblem {
  readonly n: number
  /** Cost of pairing u and v, or null when they must not meet. */
  readonly cost: (u: number, v: number) => number | null
  /**
   * A cheap lower bound on `cost(u, v)` for the proof over all pairs (a pair that passes with the
   * bound passes with the true cost); `cost` itself if it is cheap.
   */
  readonly costLowerBound: (u: number, v: number) => number
  /**
   * True when `costLowerBound(u, v)` is the pair's cost and the pair may meet (no earlier
   * meeting, not kept apart), for the pairs the proof visits: it then needs no call to `cost`.
   */
  readonly boundIsCost?: (u: number, v: number) => boolean
  /** A bound on every cost by groups, for the proof over every pair (none when `pairs`). */
  readonly bands?: Bands
  /** An upper bound on every cost, the same for every solve. */
  readonly maxCost: number
  /** The first candidate pairs (each an unordered pair of vertices). */
  readonly candidates: readonly (readonly [number, number])[]
  /**
   * Every pair that may be allowed, flat (u0, v0, u1, v1 …), when known to be few: the proof
   * then checks only these instead of every pair of the field.
   */
  readonly pairs?: Int32Array
}

/**
 * For each vertex, the blossoms holding it with a dual, from the outermost in, with running sums
 * of their duals: two vertices share exactly the blossoms of their common prefix.
 */
function blossomChains(
  result: MatchingResult,
  n: number,
): { readonly ids: readonly Int32Array[]; readonly sums: readonly Float64Array[] } {
  const ids: Int32Array[] = []
  const sums: Float64Array[] = []
  for (let v = 0; v < n; v++) {
    const chain: number[] = []
    for (
      let b = result.blossomParent[v] as number;
      b !== -1;
      b = result.blossomParent[b] as number
    ) {
      chain.push(b)
    }
    chain.reverse()
    // Only blossoms with a dual add to a reduced cost: leaving out those at zero keeps every
    // shared sum (two chains still share exactly a prefix) and shortens the prefix compared.
    const held = chain.filter((b) => result.blossomDual[b - n] !== 0)
    const running = new Float64Array(held.length)
    let total = 0
    held.forEach((b, k) => {
      total += result.blossomDual[b - n] as number
      running[k] = total
    })
    ids.push(Int32Array.from(held))
    sums.push(running)
  }
  return { ids, sums }
}

function sharedBlossomDual(chains: ReturnType<typeof blossomChains>, u: number, v: number): number {
  const a = chains.ids[u] as Int32Array
  const b = chains.ids[v] as Int32Array
  let k = 0
  while (k < a.length && k < b.length && a[k] === b[k]) k++
  return k === 0 ? 0 : ((chains.sums[u] as Float64Array)[k - 1] as number)
}

/** A set of pair keys u·n + v: bits while they fit in 16 MB, else a Set. */
export function pairSet(n: number): { has: (key: number) => boolean; add: (key: number) => void } {
  if (n * n > 2 ** 27) return new Set<number>()
  const bits = new Uint8Array(Math.ceil((n * n) / 8))
  return {
    has: (key) => (((bits[key >> 3] as number) >> (key & 7)) & 1) === 1,
    add: (key) => {
      bits[key >> 3] = (bits[key >> 3] as number) | (1 << (key & 7))
    },
  }
}

function forEachPair(problem: SparseProblem, f: (u: number, v: number) => void): void {
  const { n, pairs } = problem
  if (pairs !== undefined) {
    for (let k = 0; k + 1 < pairs.length; k += 2) {
      const a = pairs[k] as number
      const b = pairs[k + 1] as number
      if (a < b) f(a, b)
      else f(b, a)
    }
    return
  }
  for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) f(u, v)
}

/**
 * The optimum over all allowed pairs, found on a growing candidate graph; null when no perfect
 * matching of allowed pairs exists.
 */
export function sparseMinCostPerfectMatching(problem: SparseProblem): PerfectMatching | null {
  const { n, cost, costLowerBound, boundIsCost, maxCost, pairs } = problem
  if (n === 0) return { mate: new Int32Array(0), totalCost: 0n, solves: 1, candidateEdges: 0 }
  if (n % 2 === 1) return null
  const top = maxCost + 1
  const edges: CostEdge[] = []
  // The same edges as the blossom takes them, kept alongside (edges are only ever appended):
  // not rebuilt for every solve.
  const weighted: WeightedEdge[] = []
  // The proof asks whether a pair is in already for up to millions of pairs: a bit per pair is
  // far cheaper than a Set of keys while the field's pairs fit in a few megabytes.
  const seen = pairSet(n)
  const add = (a: number, b: number, known?: number | null): boolean => {
    const u = Math.min(a, b)
    const v = Math.max(a, b)
    if (u === v || seen.has(u * n + v)) return false
    seen.add(u * n + v)
    const c = known === undefined ? cost(u, v) : known
    if (c === null) return false
    if (c > maxCost || c < 0) throw new RangeError(`cost ${c} outside 0..${maxCost}`)
    edges.push({ u, v, cost: c })
    weighted.push({ u, v, w: top - c })
    return true
  }
  for (const [a, b] of problem.candidates) add(a, b)

  // Edges are only ever appended, so each solve resumes from the last one's optimum and duals.
  let state: BlossomState | undefined
  let bounds: Float64Array | null = null
  let exact: Float64Array | null = null
  for (let solves = 1; ; solves++) {
    const result = maxWeightMatching(n, weighted, true, true, state)
    state = result.state
    if (!perfect(result)) {
      // The candidates hold no perfect matching: widen to every allowed pair once; if that has
      // none either, the field cannot be paired.
      let grew = false
      forEachPair(problem, (u, v) => {
        grew = add(u, v) || grew
      })
      if (!grew) return null
      continue
    }
    const dual = result.vertexDual
    const chains = blossomChains(result, n)
    let violations = 0
    const violated = (u: number, v: number, c: number): boolean =>
      (dual[u] as number) -
        2 * top +
        (dual[v] as number) +
        2 * c +
        2 * sharedBlossomDual(chains, u, v) <
      0
    const settle = (u: number, v: number, lb: number): void => {
      if (seen.has(u * n + v)) return
      const c = boundIsCost?.(u, v) === true ? lb : cost(u, v)
      if (c === null) return
      if (violated(u, v, c) && add(u, v, c)) violations++
    }
    if (pairs === undefined) {
      forEachPairWithin(n, problem.bands, dual, -2 * top, true, (u, v) => {
        // Reduced cost with the lower bound first: most pairs are settled without the true cost.
        const lb = costLowerBound(u, v)
        if ((dual[u] as number) - 2 * top + (dual[v] as number) + 2 * lb < 0) settle(u, v, lb)
      })
    } else {
      // The same pairs at every solve: their bounds are worked out once, and each true cost the
      // first time a solve needs it (NaN: not yet; -1: may not meet).
      if (bounds === null) {
        const found = new Float64Array(pairs.length >> 1)
        for (let k = 0; k + 1 < pairs.length; k += 2) {
          found[k >> 1] = costLowerBound(pairs[k] as number, pairs[k + 1] as number)
        }
        bounds = found
        exact = new Float64Array(pairs.length >> 1).fill(NaN)
      }
      const known = exact as Float64Array
      for (let k = 0; k + 1 < pairs.length; k += 2) {
        const a = pairs[k] as number
        const b = pairs[k + 1] as number
        const lb = bounds[k >> 1] as number
        if ((dual[a] as number) - 2 * top + (dual[b] as number) + 2 * lb >= 0) continue
        const u = Math.min(a, b)
        const v = Math.max(a, b)
        if (seen.has(u * n + v)) continue
        let c = known[k >> 1] as number
        if (Number.isNaN(c)) {
          c = boundIsCost?.(u, v) === true ? lb : (cost(u, v) ?? -1)
          known[k >> 1] = c
        }
        if (c >= 0 && violated(u, v, c) && add(u, v, c)) violations++
      }
    }
    if (violations === 0) {
      const costs = new Map<number, number>()
      for (const e of edges) costs.set(e.u * n + e.v, e.cost)
      return {
        mate: result.mate,
        totalCost: costOfMatching(result.mate, costs, n),
        solves,
        candidateEdges: edges.length,
        duals: { result, top },
      }
    }
  }
}
