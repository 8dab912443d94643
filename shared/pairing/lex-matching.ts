/**
 * Exact lexicographic minimum-cost perfect matching: the tiers of the weight model (weights.ts)
 * are minimised in strict order, with no coarsening, for any field size.
 *
 * Packing every tier into one number needs, per tier, room for the round's sum of all tiers below
 * it; for a 2000-player field that is far past the 2^49 the blossom keeps exact. So the tiers are
 * solved in phases, each packing as many tiers as fit:
 *
 * 1. Phase 1 solves its tiers exactly and keeps an optimal dual (y, z) of the whole allowed graph.
 * 2. By LP duality a perfect matching M is optimal for phase 1 exactly when every edge of M is
 *    tight (reduced cost 0) and M crosses the boundary of every blossom with z > 0 exactly once.
 *    (c(M) − OPT = Σ reduced costs of M + Σ_B z_B · (|δ(B) ∩ M| − 1) / 2, both parts ≥ 0.)
 * 3. Phase 2 is therefore solved on the tight pairs only, with a new top tier "blossom boundaries
 *    crossed" (Σ over positive blossoms B that the pair crosses): its round minimum is reached
 *    exactly by the phase-1 optima, so phase 2 minimises its own tiers among those and nothing
 *    else. Phase 3 repeats this on phase 2's duals, and so on.
 *
 * Every number each phase handles stays below 2^49, so the result is the exact lexicographic
 * optimum (checked against brute force in the property tests).
 */
import type { MatchingResult } from './blossom'
import {
  MAX_COST,
  pairSet,
  denseMinCostPerfectMatching,
  forEachPairWithin,
  sparseMinCostPerfectMatching,
  type Bands,
  type CostEdge,
  type PerfectMatching,
  type SparseProblem,
} from './matching'
import { packedRange, packTiers, type TierSpec } from './tiers'

export interface LexProblem {
  readonly n: number
  /** Tiers, highest first. */
  readonly tiers: readonly TierSpec[]
  /** Tier values of the pair u < v (highest first), or null when they must not meet. */
  readonly values: (u: number, v: number) => readonly number[] | null
  /**
   * A cheap lower bound of Σ scale[t] · value[t] (each tier's value as if the pair had never
   * met), for the proof over all pairs: called for nearly every pair, so built once per phase.
   */
  readonly lowerBoundFor: (scale: readonly number[]) => (u: number, v: number) => number
  /** True when the lower bound is the pair's exact cost (they never met). */
  readonly boundIsExact: (u: number, v: number) => boolean
  readonly candidates: readonly (readonly [number, number])[]
  /**
   * Per vertex, a number whose squared difference bounds the first tier from below (half-wins:
   * the win difference of Swiss and King of the Hill), so the proof skips groups far apart.
   */
  readonly band?: Float64Array
}

export interface LexMatching {
  readonly mate: Int32Array
  /** The round's sum of each tier (highest first). */
  readonly totals: readonly number[]
  /** How many phases the tiers were solved in (1 when they all fit in one number). */
  readonly phases: number
  readonly solves: number
  readonly candidateEdges: number
}

/** What a solved phase leaves for the next: which pairs are tight, and boundary crossings. */
interface Face {
  /** Lists, in order, every pair tight when no pair of the field has been ruled out yet. */
  readonly eachTight: (bands: Bands | undefined, f: (u: number, v: number) => void) => void
  readonly tight: (u: number, v: number) => boolean
  readonly crossings: (u: number, v: number) => number
  /** The most positive blossoms round one vertex (a bound on crossings). */
  readonly depth: number
}

function faceOf(
  duals: { readonly result: MatchingResult; readonly top: number },
  n: number,
  cost: (u: number, v: number) => number | null,
  costLowerBound: (u: number, v: number) => number,
  boundIsExact: (u: number, v: number) => boolean,
): Face {
  const { result, top } = duals
  const dual = result.vertexDual
  // Each vertex's blossoms from the outermost in, with running sums of duals and of positives.
  const ids: Int32Array[] = []
  const sums: Float64Array[] = []
  const positives: Int32Array[] = []
  let depth = 0
  for (let v = 0; v < n; v++) {
    const chain: number[] = []
    for (let b = result.blossomParent[v] as number; b !== -1; b = result.blossomParent[b] as number)
      chain.push(b)
    chain.reverse()
    // Blossoms at zero dual neither add to a reduced cost nor count as crossed: left out, the
    // chains still share exactly a prefix, and a shorter one to compare.
    const held = chain.filter((b) => result.blossomDual[b - n] !== 0)
    const s = new Float64Array(held.length)
    const p = new Int32Array(held.length)
    let total = 0
    let count = 0
    held.forEach((b, k) => {
      const z = result.blossomDual[b - n] as number
      total += z
      if (z > 0) count++
      s[k] = total
      p[k] = count
    })
    depth = Math.max(depth, count)
    ids.push(Int32Array.from(held))
    sums.push(s)
    positives.push(p)
  }
  const common = (u: number, v: number): number => {
    const a = ids[u] as Int32Array
    const b = ids[v] as Int32Array
    let k = 0
    while (k < a.length && k < b.length && a[k] === b[k]) k++
    return k
  }
  const last = (arr: Int32Array | Float64Array, k: number): number =>
    k === 0 ? 0 : (arr[k - 1] as number)
  const tight = (u: number, v: number): boolean => {
    // Blossom duals only add to a reduced cost, and the cost is at least its lower bound: a
    // positive value with both already proves the pair is not tight.
    const base = (dual[u] as number) + (dual[v] as number) - 2 * top
    const lb = costLowerBound(u, v)
    if (base + 2 * lb > 0) return false
    const shared = 2 * last(sums[u] as Float64Array, common(u, v))
    if (base + 2 * lb + shared > 0) return false
    if (boundIsExact(u, v)) return base + 2 * lb + shared === 0
    const c = cost(u, v)
    return c !== null && base + 2 * c + shared === 0
  }
  return {
    depth,
    eachTight: (bands, f) => {
      forEachPairWithin(n, bands, dual, -2 * top, false, (u, v) => {
        if (tight(u, v)) f(u, v)
      })
    },
    tight,
    crossings: (u, v) => {
      const pu = positives[u] as Int32Array
      const pv = positives[v] as Int32Array
      const k = common(u, v)
      return last(pu, pu.length) + last(pv, pv.length) - 2 * last(pu, k)
    },
  }
}

function denseSolve(problem: SparseProblem): PerfectMatching | null {
  const edges: CostEdge[] = []
  for (let u = 0; u < problem.n; u++) {
    for (let v = u + 1; v < problem.n; v++) {
      const cost = problem.cost(u, v)
      if (cost !== null) edges.push({ u, v, cost })
    }
  }
  return denseMinCostPerfectMatching(problem.n, edges)
}

interface Solved {
  readonly mate: Int32Array
  readonly solves: number
  readonly candidateEdges: number
  /** The face of this phase's optimum, for the next phase. */
  readonly face: () => Face
}

function solveWhole(
  sparse: SparseProblem,
  dense: boolean,
  boundIsExact: (u: number, v: number) => boolean,
): Solved | null {
  const solved = dense ? denseSolve(sparse) : sparseMinCostPerfectMatching(sparse)
  const duals = solved?.duals
  if (solved === null || duals === undefined) return null
  return {
    mate: solved.mate,
    solves: solved.solves,
    candidateEdges: solved.candidateEdges,
    face: () => faceOf(duals, sparse.n, sparse.cost, sparse.costLowerBound, boundIsExact),
  }
}

/**
 * From phase 2 on only the pairs tight so far may meet, and they fall apart into many small
 * groups (a score group, its start balance…) that no allowed pair joins: each is solved on its
 * own, which is exact (a perfect matching of the field is one of each part) and far quicker than
 * one blossom over the whole field.
 */
function solveByParts(
  sparse: SparseProblem,
  allowed: Int32Array,
  previous: Int32Array | null,
  dense: boolean,
  boundIsExact: (u: number, v: number) => boolean,
): Solved | null {
  const { n } = sparse
  const parent = Int32Array.from({ length: n }, (_, v) => v)
  const find = (v: number): number => {
    let r = v
    while (parent[r] !== r) r = parent[r] as number
    while (parent[v] !== r) {
      const up = parent[v] as number
      parent[v] = r
      v = up
    }
    return r
  }
  for (let k = 0; k + 1 < allowed.length; k += 2) {
    parent[find(allowed[k] as number)] = find(allowed[k + 1] as number)
  }
  const partOf = new Int32Array(n)
  const localOf = new Int32Array(n)
  const parts: number[][] = []
  const index = new Map<number, number>()
  for (let v = 0; v < n; v++) {
    const root = find(v)
    let p = index.get(root)
    if (p === undefined) {
      p = parts.length
      index.set(root, p)
      parts.push([])
    }
    partOf[v] = p
    localOf[v] = (parts[p] as number[]).length
    ;(parts[p] as number[]).push(v)
  }
  const edges: number[][] = parts.map(() => [])
  for (let k = 0; k + 1 < allowed.length; k += 2) {
    const u = allowed[k] as number
    const v = allowed[k + 1] as number
    ;(edges[partOf[u] as number] as number[]).push(localOf[u] as number, localOf[v] as number)
  }
  // The first candidates of each part, in one pass.
  const near: (readonly [number, number])[][] = parts.map(() => [])
  for (const [a, b] of sparse.candidates) {
    if (partOf[a] === partOf[b]) {
      near[partOf[a] as number]?.push([localOf[a] as number, localOf[b] as number])
    }
  }
  const mate = new Int32Array(n).fill(-1)
  const faces: Face[] = []
  let solves = 0
  let candidateEdges = 0
  for (let p = 0; p < parts.length; p++) {
    const verts = parts[p] as number[]
    const local = Int32Array.from(edges[p] as number[])
    const at = (l: number): number => verts[l] as number
    const candidates: (readonly [number, number])[] = []
    if (local.length <= 80 * verts.length) {
      for (let k = 0; k + 1 < local.length; k += 2) {
        candidates.push([local[k] as number, local[k + 1] as number])
      }
    } else {
      candidates.push(...(near[p] ?? []))
    }
    // The previous optimum is tight and crosses each blossom once: a perfect matching to start.
    if (previous !== null) {
      for (const v of verts) {
        const w = previous[v] as number
        if (w > v) candidates.push([localOf[v] as number, localOf[w] as number])
      }
    }
    const part: SparseProblem = {
      n: verts.length,
      cost: (u, v) => sparse.cost(at(u), at(v)),
      costLowerBound: (u, v) => sparse.costLowerBound(at(u), at(v)),
      boundIsCost: (u, v) => boundIsExact(at(u), at(v)),
      maxCost: sparse.maxCost,
      candidates,
      pairs: local,
    }
    const solved: Solved | null = solveWhole(part, dense, (u, v) => boundIsExact(at(u), at(v)))
    if (solved === null) return null
    solves += solved.solves
    candidateEdges += solved.candidateEdges
    solved.mate.forEach((w, v) => {
      mate[at(v)] = at(w)
    })
    faces.push(solved.face())
  }
  const same = (u: number, v: number): Face | null =>
    partOf[u] === partOf[v] ? (faces[partOf[u] as number] ?? null) : null
  const face: Face = {
    depth: Math.max(0, ...faces.map((f) => f.depth)),
    eachTight: (_bands, f) => {
      for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) if (face.tight(u, v)) f(u, v)
    },
    tight: (u, v) => same(u, v)?.tight(localOf[u] as number, localOf[v] as number) ?? false,
    crossings: (u, v) => same(u, v)?.crossings(localOf[u] as number, localOf[v] as number) ?? 0,
  }
  return { mate, solves, candidateEdges, face: () => face }
}

export interface LexOptions {
  /** Solve every phase on every allowed pair (the reference for tests and the bench). */
  readonly dense?: boolean
  /** The largest packed cost of a phase; tests lower it to force several phases. */
  readonly maxCost?: number
}

/** The lexicographic optimum over all allowed pairs, or null when no perfect matching exists. */
export function lexMinCostPerfectMatching(
  problem: LexProblem,
  options: LexOptions = {},
): LexMatching | null {
  const dense = options.dense ?? false
  const limit = options.maxCost ?? MAX_COST
  const { n, tiers } = problem
  const pairs = Math.max(1, n / 2)
  let face: Face | null = null
  let mate: Int32Array | null = null
  let phases = 0
  let solves = 0
  let candidateEdges = 0
  let start = 0
  // From phase 2 on: the pairs still allowed (tight in every phase so far), flat.
  let allowed: Int32Array | null = null
  let allowedSet: ReturnType<typeof pairSet> | null = null
  while (start < tiers.length || phases === 0) {
    const top: TierSpec[] =
      face === null ? [] : [{ name: 'blossom boundaries', max: 2 * face.depth }]
    // As many tiers as fit in one exact number, at least one.
    let end = Math.min(tiers.length, start + 1)
    let packing = packTiers([...top, ...tiers.slice(start, end)], pairs, limit)
    while (end < tiers.length) {
      const wider = packTiers([...top, ...tiers.slice(start, end + 1)], pairs, limit)
      if (wider === null) break
      packing = wider
      end++
    }
    if (packing === null) {
      throw new RangeError(`tier ${tiers[start]?.name ?? ''} cannot be kept exact for ${n} players`)
    }
    const fixed = packing
    const prior = face
    const from = start
    const inFace = allowedSet
    const cost = (u: number, v: number): number | null => {
      if (prior !== null && inFace !== null && !inFace.has(u < v ? u * n + v : v * n + u)) {
        return null
      }
      const values = problem.values(u, v)
      if (values === null) return null
      return packedRange(fixed, prior === null ? null : prior.crossings(u, v), values, from, end)
    }
    const candidates: (readonly [number, number])[] = []
    if (allowed !== null && allowed.length <= 40 * n) {
      // Few enough to take them all: one solve, and the proof is a formality.
      for (let k = 0; k + 1 < allowed.length; k += 2) {
        candidates.push([allowed[k] as number, allowed[k + 1] as number])
      }
    } else {
      candidates.push(...problem.candidates)
    }
    // The previous optimum is tight and crosses each blossom once: a perfect matching to start.
    if (mate !== null) {
      mate.forEach((v, u) => {
        if (v > u) candidates.push([u, v])
      })
    }
    const shift = prior === null ? 0 : 1
    const ownBound = problem.lowerBoundFor(
      tiers.map((_, t) => (t >= from && t < end ? (fixed.scale[t - from + shift] as number) : 0)),
    )
    // The boundary crossings are exact and cheap: part of the bound, so the proof settles
    // nearly every pair without the true cost.
    const crossScale = fixed.scale[0] as number
    const costLowerBound =
      prior === null
        ? ownBound
        : (u: number, v: number): number => ownBound(u, v) + crossScale * prior.crossings(u, v)
    // The first tier's bound by groups holds only while the first tier is being solved.
    const bands: Bands | undefined =
      from === 0 && prior === null && problem.band !== undefined
        ? { of: problem.band, scale: fixed.scale[0] as number }
        : undefined
    const sparse: SparseProblem = {
      n,
      cost,
      costLowerBound,
      ...(bands === undefined ? {} : { bands }),
      // Phase 1 visits every pair, later phases only pairs still allowed: all may meet.
      boundIsCost: problem.boundIsExact,
      maxCost: fixed.maxCost,
      candidates,
      ...(allowed === null ? {} : { pairs: allowed }),
    }
    // Few pairs left: solve each group of them on its own; many (a big score group all tight):
    // one solve with the proof is quicker.
    const solved: Solved | null =
      allowed !== null && allowed.length <= 40 * n
        ? solveByParts(sparse, allowed, mate, dense, problem.boundIsExact)
        : solveWhole(sparse, dense, problem.boundIsExact)
    if (solved === null) return null
    phases++
    solves += solved.solves
    candidateEdges += solved.candidateEdges
    mate = solved.mate
    start = end
    if (start < tiers.length) {
      const next = solved.face()
      face = next
      // Later phases only ever look at pairs tight now: list them once.
      const kept: number[] = []
      const keep = (u: number, v: number): void => {
        if (next.tight(u, v)) kept.push(u, v)
      }
      if (allowed === null) {
        next.eachTight(bands, (u, v) => kept.push(u, v))
      } else {
        for (let k = 0; k + 1 < allowed.length; k += 2)
          keep(allowed[k] as number, allowed[k + 1] as number)
      }
      allowed = Int32Array.from(kept)
      allowedSet = pairSet(n)
      for (let k = 0; k + 1 < kept.length; k += 2)
        allowedSet.add((kept[k] as number) * n + (kept[k + 1] as number))
    }
  }
  const found = mate as Int32Array
  const totals = tiers.map(() => 0)
  found.forEach((v, u) => {
    if (v <= u) return
    const values = problem.values(u, v) ?? []
    values.forEach((x, t) => {
      totals[t] = (totals[t] ?? 0) + x
    })
  })
  return { mate: found, totals, phases, solves, candidateEdges }
}
