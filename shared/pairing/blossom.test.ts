import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  DUAL_SEARCHES,
  maxWeightMatching,
  type BlossomState,
  type DualSearch,
  type MatchingResult,
  type WeightedEdge,
} from './blossom'
import {
  denseMinCostPerfectMatching,
  forEachPairWithin,
  sparseMinCostPerfectMatching,
} from './matching'
import {
  bruteMaxCardinalityWeight,
  bruteMaxWeight,
  bruteMinCostPerfect,
} from './test-support/brute-force'

/** A random graph on up to 10 vertices: each pair present with some chance, small weights. */
const graph = fc
  .record({
    n: fc.integer({ min: 1, max: 10 }),
    density: fc.double({ min: 0.2, max: 1, noNaN: true }),
    seed: fc.array(fc.integer({ min: 0, max: 40 }), { minLength: 45, maxLength: 45 }),
    present: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 45, maxLength: 45 }),
  })
  .map(({ n, density, seed, present }) => {
    const edges: WeightedEdge[] = []
    let k = 0
    for (let u = 0; u < n; u++) {
      for (let v = u + 1; v < n; v++, k++) {
        if ((present[k] ?? 0) < density) edges.push({ u, v, w: seed[k] ?? 0 })
      }
    }
    return { n, edges }
  })

const weightOf =
  (edges: readonly WeightedEdge[]) =>
  (u: number, v: number): number | null => {
    const e = edges.find((x) => (x.u === u && x.v === v) || (x.u === v && x.v === u))
    return e === undefined ? null : e.w
  }

function matchedWeight(mate: Int32Array, edges: readonly WeightedEdge[]): [number, number] {
  const w = weightOf(edges)
  let count = 0
  let total = 0
  mate.forEach((u, v) => {
    if (u > v) {
      count++
      total += w(v, u) ?? NaN
    }
  })
  return [count, total]
}

describe('blossom: maximum-weight matching', () => {
  test.each([
    ['a single edge', 2, [{ u: 0, v: 1, w: 5 }], [1, 0]],
    [
      'a path takes its two outer edges (1+1 beats the middle 1? no: 3 beats 1+1)',
      4,
      [
        { u: 0, v: 1, w: 1 },
        { u: 1, v: 2, w: 3 },
        { u: 2, v: 3, w: 1 },
      ],
      [1, 0, 3, 2],
    ],
    [
      'a triangle with a tail needs a blossom to find the perfect matching',
      4,
      [
        { u: 0, v: 1, w: 6 },
        { u: 1, v: 2, w: 6 },
        { u: 0, v: 2, w: 6 },
        { u: 2, v: 3, w: 1 },
      ],
      [1, 0, 3, 2],
    ],
  ] as const)('%s', (_name, n, edges, expected) => {
    expect([...maxWeightMatching(n, edges, true).mate]).toEqual(expected)
  })

  test('maximum cardinality first, then maximum weight (vs brute force, up to 10 vertices)', () => {
    fc.assert(
      fc.property(graph, fc.boolean(), ({ n, edges }, warm) => {
        const result = maxWeightMatching(n, edges, true, warm)
        const [count, total] = matchedWeight(result.mate, edges)
        expect([count, total]).toEqual([...bruteMaxCardinalityWeight(n, weightOf(edges))])
      }),
      { numRuns: 400 },
    )
  })

  /** Up to 8 vertices with parallel edges (the heavier of two counts), weights odd or even. */
  const small = fc
    .record({
      n: fc.integer({ min: 1, max: 8 }),
      pairs: fc.array(fc.tuple(fc.nat(7), fc.nat(7), fc.integer({ min: 0, max: 25 })), {
        maxLength: 40,
      }),
    })
    .map(({ n, pairs }) => ({
      n,
      edges: pairs
        .map(([a, b, w]) => ({ u: a % n, v: b % n, w }))
        .filter((e) => e.u !== e.v) as readonly WeightedEdge[],
    }))
  const heaviest =
    (edges: readonly WeightedEdge[]) =>
    (u: number, v: number): number | null => {
      let best: number | null = null
      for (const e of edges) {
        const joins = (e.u === u && e.v === v) || (e.u === v && e.v === u)
        if (joins && (best === null || e.w > best)) best = e.w
      }
      return best
    }

  test.each([
    ['maximum weight outright (Edmonds 1965; Galil 1986)', false, false],
    ['maximum cardinality, then weight, cold start (Galil 1986)', true, false],
    ['maximum cardinality, then weight, greedy warm start', true, true],
  ] as const)('%s: equals brute force on up to 8 vertices', (_name, maxCardinality, warm) => {
    fc.assert(
      fc.property(small, ({ n, edges }) => {
        const w = heaviest(edges)
        const { mate } = maxWeightMatching(n, edges, maxCardinality, warm)
        let count = 0
        let total = 0
        mate.forEach((u, v) => {
          if (u === -1) return
          // A matching: symmetric, and only along edges of the graph.
          expect(mate[u]).toBe(v)
          expect(w(u, v)).not.toBeNull()
          if (u > v) {
            count++
            total += w(u, v) ?? NaN
          }
        })
        if (maxCardinality) expect([count, total]).toEqual([...bruteMaxCardinalityWeight(n, w)])
        else expect(total).toBe(bruteMaxWeight(n, w))
      }),
      { numRuns: 300 },
    )
  })

  test('the final duals prove optimality: no edge has negative reduced cost', () => {
    fc.assert(
      fc.property(graph, ({ n, edges }) => {
        const r = maxWeightMatching(n, edges, true)
        if (r.mate.some((m) => m < 0)) return
        for (const e of edges) {
          let z = 0
          const up = new Set<number>()
          for (let b = r.blossomParent[e.u] ?? -1; b !== -1; b = r.blossomParent[b] ?? -1) up.add(b)
          for (let b = r.blossomParent[e.v] ?? -1; b !== -1; b = r.blossomParent[b] ?? -1) {
            if (up.has(b)) z += r.blossomDual[b - n] ?? 0
          }
          const reduced = (r.vertexDual[e.u] ?? 0) + (r.vertexDual[e.v] ?? 0) - 2 * e.w + 2 * z
          expect(reduced).toBeGreaterThanOrEqual(0)
          if (r.mate[e.u] === e.v) expect(reduced).toBe(0)
        }
      }),
      { numRuns: 300 },
    )
  })
})

/** Twice the reduced cost of each edge under the result's duals (blossoms included). */
function reducedCosts(n: number, edges: readonly WeightedEdge[], r: MatchingResult): number[] {
  return edges.map((e) => {
    let z = 0
    const up = new Set<number>()
    for (let b = r.blossomParent[e.u] ?? -1; b !== -1; b = r.blossomParent[b] ?? -1) up.add(b)
    for (let b = r.blossomParent[e.v] ?? -1; b !== -1; b = r.blossomParent[b] ?? -1) {
      if (up.has(b)) z += r.blossomDual[b - n] ?? 0
    }
    return (r.vertexDual[e.u] ?? 0) + (r.vertexDual[e.v] ?? 0) - 2 * e.w + 2 * z
  })
}

/** Solves the edges in `cuts.length + 1` growing prefixes, each solve resuming the last. */
function solvedInSteps(
  n: number,
  edges: readonly WeightedEdge[],
  cuts: readonly number[],
): MatchingResult {
  const ends = [...cuts.map((c) => Math.floor(c * edges.length)), edges.length].sort(
    (a, b) => a - b,
  )
  let state: BlossomState | undefined
  let result = maxWeightMatching(n, edges.slice(0, ends[0]), true, true)
  for (const end of ends) {
    result = maxWeightMatching(n, edges.slice(0, end), true, true, state)
    state = result.state
  }
  return result
}

describe('blossom: resuming after edges are added (sparse re-solves)', () => {
  const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 3 })

  test('maximum cardinality, and maximum weight when perfect (vs brute force)', () => {
    fc.assert(
      fc.property(graph, cuts, ({ n, edges }, at) => {
        const result = solvedInSteps(n, edges, at)
        const [count, total] = matchedWeight(result.mate, edges)
        const [bestCount, bestTotal] = bruteMaxCardinalityWeight(n, weightOf(edges))
        expect(count).toBe(bestCount)
        if (2 * count === n) expect(total).toBe(bestTotal)
      }),
      { numRuns: 400 },
    )
  })

  test('a perfect result is proved by its duals: every edge feasible, matched edges tight', () => {
    fc.assert(
      fc.property(graph, cuts, ({ n, edges }, at) => {
        const r = solvedInSteps(n, edges, at)
        if (r.mate.some((m) => m < 0)) return
        reducedCosts(n, edges, r).forEach((reduced, k) => {
          const e = edges[k] as WeightedEdge
          expect(reduced).toBeGreaterThanOrEqual(0)
          if (r.mate[e.u] === e.v) expect(reduced).toBe(0)
        })
      }),
      { numRuns: 300 },
    )
  })

  test('odd clusters solved first (blossoms), then the pairs between them: as one cold solve', () => {
    // Heavy triangles and pentagons become blossoms in the first solve; the edges added later
    // cross them, so resuming must dissolve blossoms to make those edges feasible.
    const big = fc.record({
      n: fc.integer({ min: 2, max: 40 }).map((n) => n - (n % 2)),
      cluster: fc.array(fc.integer({ min: 0, max: 7 }), { minLength: 40, maxLength: 40 }),
      weights: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: 780, maxLength: 780 }),
    })
    fc.assert(
      fc.property(big, cuts, ({ n, cluster, weights }, at) => {
        const inside: WeightedEdge[] = []
        const across: WeightedEdge[] = []
        let k = 0
        for (let v = 1; v < n; v++) {
          for (let u = 0; u < v; u++) {
            const w = weights[k++] ?? 0
            if (cluster[u] === cluster[v]) inside.push({ u, v, w: 100 + (w % 4) })
            else across.push({ u, v, w: 3 * w })
          }
        }
        const edges = [...inside, ...across]
        const cold = matchedWeight(maxWeightMatching(n, edges, true, false).mate, edges)
        const steps = [inside.length / Math.max(1, edges.length), ...at]
        const resumed = solvedInSteps(n, edges, steps)
        expect(matchedWeight(resumed.mate, edges)).toEqual(cold)
        for (const reduced of reducedCosts(n, edges, resumed)) {
          expect(reduced).toBeGreaterThanOrEqual(0)
        }
      }),
      { numRuns: 150 },
    )
  })
})

describe('min-cost perfect matching: dense and sparse agree with brute force', () => {
  test('dense: same total as brute force, or both find none', () => {
    fc.assert(
      fc.property(graph, ({ n, edges }) => {
        const costs = edges.map((e) => ({ u: e.u, v: e.v, cost: e.w }))
        const dense = denseMinCostPerfectMatching(n, costs)
        expect(dense === null ? null : Number(dense.totalCost)).toBe(
          bruteMinCostPerfect(n, weightOf(edges)),
        )
      }),
      { numRuns: 400 },
    )
  })

  test('sparse from one candidate per vertex: the dual check adds what is missing', () => {
    fc.assert(
      fc.property(graph, ({ n, edges }) => {
        const w = weightOf(edges)
        const first = edges.filter((e, i) => i % 3 === 0).map((e) => [e.u, e.v] as const)
        const sparse = sparseMinCostPerfectMatching({
          n,
          cost: w,
          costLowerBound: () => 0,
          maxCost: 40,
          candidates: first,
        })
        expect(sparse === null ? null : Number(sparse.totalCost)).toBe(bruteMinCostPerfect(n, w))
        if (sparse !== null) {
          sparse.mate.forEach((u, v) => {
            expect(sparse.mate[u]).toBe(v)
            expect(w(u, v)).not.toBeNull()
          })
        }
      }),
      { numRuns: 300 },
    )
  })
})

describe('larger graphs: warm and cold starts, sparse and dense agree', () => {
  const medium = fc.record({
    n: fc.integer({ min: 2, max: 40 }).map((n) => n - (n % 2)),
    weights: fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 780, maxLength: 780 }),
  })
  const costOf =
    (weights: readonly number[]) =>
    (u: number, v: number): number => {
      const [a, b] = u < v ? [u, v] : [v, u]
      return weights[(b * (b - 1)) / 2 + a] ?? 0
    }

  test('a candidate path only: the dual check adds the missing pairs until the total is optimal', () => {
    fc.assert(
      fc.property(medium, ({ n, weights }) => {
        const cost = costOf(weights)
        const all = []
        for (let u = 0; u < n; u++)
          for (let v = u + 1; v < n; v++) all.push({ u, v, cost: cost(u, v) })
        const dense = denseMinCostPerfectMatching(n, all)
        const sparse = sparseMinCostPerfectMatching({
          n,
          cost,
          costLowerBound: cost,
          maxCost: 1000,
          candidates: Array.from({ length: n - 1 }, (_, i) => [i, i + 1] as const),
        })
        expect(sparse?.totalCost).toBe(dense?.totalCost)
      }),
      { numRuns: 60 },
    )
  })

  test('the greedy warm start reaches the same weight as the cold start', () => {
    fc.assert(
      fc.property(medium, ({ n, weights }) => {
        const edges: WeightedEdge[] = []
        const cost = costOf(weights)
        for (let u = 0; u < n; u++)
          for (let v = u + 1; v < n; v++) edges.push({ u, v, w: cost(u, v) })
        const warm = matchedWeight(maxWeightMatching(n, edges, true, true).mate, edges)
        const cold = matchedWeight(maxWeightMatching(n, edges, true, false).mate, edges)
        expect(warm).toEqual(cold)
      }),
      { numRuns: 60 },
    )
  })
})

describe('the proof over all pairs skips score groups by their bound', () => {
  const field = fc.record({
    n: fc.integer({ min: 0, max: 30 }),
    bands: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 30, maxLength: 30 }),
    sorted: fc.boolean(),
    duals: fc.array(fc.integer({ min: -40, max: 40 }), { minLength: 30, maxLength: 30 }),
    offset: fc.integer({ min: -20, max: 20 }),
    scale: fc.integer({ min: 0, max: 5 }),
    strict: fc.boolean(),
  })

  test('every pair the bound cannot rule out is visited, once, in order', () => {
    fc.assert(
      fc.property(field, ({ n, bands, sorted, duals, offset, scale, strict }) => {
        const of = Float64Array.from(bands.slice(0, n))
        if (sorted) of.sort()
        const dual = Float64Array.from(duals.slice(0, n))
        const seen: string[] = []
        forEachPairWithin(n, { of, scale }, dual, offset, strict, (u, v) => seen.push(`${u} ${v}`))
        const all: string[] = []
        const needed: string[] = []
        for (let u = 0; u < n; u++) {
          for (let v = u + 1; v < n; v++) {
            all.push(`${u} ${v}`)
            const gap = (of[u] as number) - (of[v] as number)
            const value = (dual[u] as number) + (dual[v] as number) + offset + 2 * scale * gap * gap
            if (strict ? value < 0 : value <= 0) needed.push(`${u} ${v}`)
          }
        }
        // In the order of all pairs, without repeats, and nothing needed left out.
        expect(all.filter((p) => seen.includes(p))).toEqual(seen)
        for (const p of needed) expect(seen).toContain(p)
      }),
      { numRuns: 300 },
    )
  })

  test('without bands, every pair in order', () => {
    const seen: string[] = []
    forEachPairWithin(4, undefined, new Float64Array(4), 0, true, (u, v) => seen.push(`${u}${v}`))
    expect(seen).toEqual(['01', '02', '03', '12', '13', '23'])
  })
})

describe('dual moves found from queues, as by scanning every id (Galil 1986: the same δ each step)', () => {
  // Few distinct weights: many ties between candidates for a move, and many blossoms.
  const tied = fc.record({
    n: fc.integer({ min: 2, max: 40 }),
    density: fc.double({ min: 0.1, max: 1, noNaN: true }),
    present: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), {
      minLength: 780,
      maxLength: 780,
    }),
    weights: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: 780, maxLength: 780 }),
    scale: fc.constantFrom(1, 2, 1000, 2 ** 40),
  })
  const edgesOf = ({
    n,
    density,
    present,
    weights,
    scale,
  }: typeof tied extends fc.Arbitrary<infer T> ? T : never): WeightedEdge[] => {
    const edges: WeightedEdge[] = []
    let k = 0
    for (let v = 1; v < n; v++) {
      for (let u = 0; u < v; u++, k++) {
        if ((present[k] ?? 0) < density) edges.push({ u, v, w: (weights[k] ?? 0) * scale })
      }
    }
    return edges
  }
  const solveBy = (
    search: DualSearch,
    n: number,
    edges: readonly WeightedEdge[],
    maxCardinality: boolean,
    warm: boolean,
  ): MatchingResult => maxWeightMatching(n, edges, maxCardinality, warm, undefined, search)

  test('the same matching, weight and duals, every start and objective', () => {
    fc.assert(
      fc.property(tied, fc.boolean(), fc.boolean(), (g, maxCardinality, warm) => {
        const edges = edgesOf(g)
        const [queued, scan] = DUAL_SEARCHES.map((search) =>
          solveBy(search, g.n, edges, maxCardinality, warm),
        ) as [MatchingResult, MatchingResult]
        expect(matchedWeight(queued.mate, edges)).toEqual(matchedWeight(scan.mate, edges))
        expect([...queued.mate]).toEqual([...scan.mate])
        expect([...queued.vertexDual]).toEqual([...scan.vertexDual])
        expect([...queued.blossomDual]).toEqual([...scan.blossomDual])
      }),
      { numRuns: 300 },
    )
  })

  test('the same matching when resuming after edges are added (the sparse re-solves)', () => {
    const cuts = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), {
      minLength: 1,
      maxLength: 3,
    })
    fc.assert(
      fc.property(tied, cuts, (g, at) => {
        const edges = edgesOf(g)
        const ends = [...at.map((c) => Math.floor(c * edges.length)), edges.length].sort(
          (a, b) => a - b,
        )
        const [queued, scan] = DUAL_SEARCHES.map((search) => {
          let state: BlossomState | undefined
          let result = maxWeightMatching(
            g.n,
            edges.slice(0, ends[0]),
            true,
            true,
            undefined,
            search,
          )
          for (const end of ends) {
            result = maxWeightMatching(g.n, edges.slice(0, end), true, true, state, search)
            state = result.state
          }
          return result
        }) as [MatchingResult, MatchingResult]
        expect([...queued.mate]).toEqual([...scan.mate])
        expect([...queued.vertexDual]).toEqual([...scan.vertexDual])
      }),
      { numRuns: 200 },
    )
  })

  test('both reach the brute-force optimum (up to 10 vertices)', () => {
    fc.assert(
      fc.property(graph, ({ n, edges }) => {
        const best = bruteMaxCardinalityWeight(n, weightOf(edges))
        for (const search of DUAL_SEARCHES) {
          expect(matchedWeight(solveBy(search, n, edges, true, false).mate, edges)).toEqual(best)
        }
      }),
      { numRuns: 300 },
    )
  })
})
