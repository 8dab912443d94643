/**
 * Maximum-weight matching on a general graph by Edmonds' blossom algorithm with dual variables
 * (the primal-dual method as described by Galil, "Efficient algorithms for finding maximum
 * matching in graphs", 1986), O(n³) in the worst case. Integer weights only: vertex duals are kept
 * doubled, so every quantity stays an integer and the result is exact while weights stay well below
 * 2^51 (callers keep them under 2^49).
 *
 * The pairing engine asks for a maximum-cardinality matching and reads the final duals to prove
 * that a matching found on a sparse candidate graph is optimal on the full graph (see matching.ts).
 */

export interface WeightedEdge {
  readonly u: number
  readonly v: number
  /** A non-negative integer. */
  readonly w: number
}

export interface MatchingResult {
  /** `mate[v]` is the vertex matched to v, or -1. */
  readonly mate: Int32Array
  /**
   * Duals at the end, for certificates: `vertexDual[v]` is twice the LP dual of v;
   * `blossomDual[b - n]` is the dual of blossom b (n ≤ b < 2n) and `blossomParent[x]` the
   * blossom directly containing vertex or blossom x (-1 for top level). An edge (u, v, w) has
   * reduced cost `vertexDual[u] + vertexDual[v] - 2w + 2·Σ blossomDual` over the blossoms holding
   * both ends: ≥ 0 for every edge, 0 for matched ones, when the matching is optimal.
   */
  readonly vertexDual: Float64Array
  readonly blossomDual: Float64Array
  readonly blossomParent: Int32Array
  /** The whole state at the end, to resume from when edges are added (see `resume`). */
  readonly state: BlossomState
}

/**
 * The algorithm's state after a solve: the matching (as endpoints), every dual and the nested
 * blossoms. Valid for a later call only on the same vertices and an edge list that keeps the
 * first `edges` edges as they were (more may follow).
 */
export interface BlossomState {
  readonly edges: number
  readonly mate: Int32Array
  readonly dualvar: Float64Array
  readonly blossomparent: Int32Array
  readonly blossomchilds: readonly (readonly number[] | null)[]
  readonly blossombase: Int32Array
  readonly blossomendps: readonly (readonly number[] | null)[]
}

/**
 * A matching of maximum weight among those of maximum cardinality (with `maxCardinality`), or of
 * maximum weight outright. Vertices are 0..n-1; parallel edges are allowed (the best one counts).
 */
export function maxWeightMatching(
  n: number,
  edges: readonly WeightedEdge[],
  maxCardinality: boolean,
  /** Start from a greedy matching of tight edges (only with maxCardinality). */
  warmStart = true,
  /**
   * Resume from an earlier solve's state on the same edges plus new ones (only with
   * maxCardinality): its duals are made feasible for the new edges by freeing as few vertices
   * as that takes, and the rest of its matching and blossoms are kept, so a few added edges
   * cost a few stages instead of a whole solve.
   */
  resume?: BlossomState,
): MatchingResult {
  const nedge = edges.length
  const mateOut = new Int32Array(n).fill(-1)
  const vertexDualOut = new Float64Array(n)
  const blossomDualOut = new Float64Array(n)
  const blossomParentOut = new Int32Array(2 * n).fill(-1)
  if (nedge === 0 || n === 0) {
    return {
      mate: mateOut,
      vertexDual: vertexDualOut,
      blossomDual: blossomDualOut,
      blossomParent: blossomParentOut,
      state: {
        edges: 0,
        mate: new Int32Array(n).fill(-1),
        dualvar: new Float64Array(2 * n),
        blossomparent: new Int32Array(2 * n).fill(-1),
        blossomchilds: new Array<null>(2 * n).fill(null),
        blossombase: Int32Array.from({ length: 2 * n }, (_, b) => (b < n ? b : -1)),
        blossomendps: new Array<null>(2 * n).fill(null),
      },
    }
  }

  const eu = new Int32Array(nedge)
  const ev = new Int32Array(nedge)
  const ew = new Float64Array(nedge)
  let maxweight = 0
  for (let k = 0; k < nedge; k++) {
    const e = edges[k] as WeightedEdge
    if (e.u < 0 || e.v < 0 || e.u >= n || e.v >= n || e.u === e.v) {
      throw new RangeError(`Bad edge ${e.u}-${e.v} for ${n} vertices`)
    }
    if (!Number.isSafeInteger(e.w) || e.w < 0) throw new RangeError(`Bad edge weight ${e.w}`)
    eu[k] = e.u
    ev[k] = e.v
    ew[k] = e.w
    if (e.w > maxweight) maxweight = e.w
  }
  // endpoint[p]: for p = 2k the u end of edge k, for p = 2k+1 the v end.
  const endpoint = new Int32Array(2 * nedge)
  for (let k = 0; k < nedge; k++) {
    endpoint[2 * k] = eu[k] ?? 0
    endpoint[2 * k + 1] = ev[k] ?? 0
  }
  // neighbend[v]: the endpoints p such that endpoint[p] is a neighbour of v (CSR layout).
  const degree = new Int32Array(n + 1)
  for (let k = 0; k < nedge; k++) {
    const a = (eu[k] ?? 0) + 1
    const b = (ev[k] ?? 0) + 1
    degree[a] = (degree[a] ?? 0) + 1
    degree[b] = (degree[b] ?? 0) + 1
  }
  for (let v = 0; v < n; v++) degree[v + 1] = (degree[v + 1] ?? 0) + (degree[v] ?? 0)
  const nbStart = degree
  const nbFill = nbStart.slice(0, n)
  const neighbend = new Int32Array(2 * nedge)
  for (let k = 0; k < nedge; k++) {
    const i = eu[k] ?? 0
    const j = ev[k] ?? 0
    const fi = nbFill[i] ?? 0
    const fj = nbFill[j] ?? 0
    neighbend[fi] = 2 * k + 1
    nbFill[i] = fi + 1
    neighbend[fj] = 2 * k
    nbFill[j] = fj + 1
  }

  const N2 = 2 * n
  // mate[v] is the remote endpoint p of v's matched edge (endpoint[p] is the mate), or -1.
  const mate = new Int32Array(n).fill(-1)
  // label: 0 free, 1 S, 2 T (5 marks a breadcrumb in scanBlossom).
  const label = new Int32Array(N2)
  const labelend = new Int32Array(N2).fill(-1)
  const inblossom = new Int32Array(n)
  for (let v = 0; v < n; v++) inblossom[v] = v
  const blossomparent = new Int32Array(N2).fill(-1)
  const blossomchilds: (number[] | null)[] = new Array<number[] | null>(N2).fill(null)
  const blossombase = new Int32Array(N2).fill(-1)
  for (let v = 0; v < n; v++) blossombase[v] = v
  const blossomendps: (number[] | null)[] = new Array<number[] | null>(N2).fill(null)
  const bestedge = new Int32Array(N2).fill(-1)
  const blossombestedges: (number[] | null)[] = new Array<number[] | null>(N2).fill(null)
  const unusedblossoms: number[] = []
  for (let b = N2 - 1; b >= n; b--) unusedblossoms.push(b)
  const dualvar = new Float64Array(N2)
  for (let v = 0; v < n; v++) dualvar[v] = maxweight
  const allowedge = new Uint8Array(nedge)
  const queue: number[] = []

  const g = (a: Int32Array, i: number): number => a[i] as number
  const slack = (k: number): number =>
    (dualvar[g(eu, k)] as number) + (dualvar[g(ev, k)] as number) - 2 * (ew[k] as number)
  const childsOf = (b: number): number[] => blossomchilds[b] as number[]
  const endpsOf = (b: number): number[] => blossomendps[b] as number[]

  const blossomLeaves = (b: number, out: number[]): number[] => {
    if (b < n) {
      out.push(b)
      return out
    }
    const stack = [b]
    while (stack.length > 0) {
      const t = stack.pop() as number
      if (t < n) out.push(t)
      else for (const c of childsOf(t)) stack.push(c)
    }
    return out
  }

  /**
   * Dissolves top-level blossom b into its children, its dual moved onto its leaves: an edge
   * inside b keeps its reduced cost, an edge leaving b gains z_b (still feasible). Only the
   * base's matched edge leaves b, and it is no longer tight, so base and mate are set free.
   */
  const dissolve = (b: number): void => {
    const z = dualvar[b] as number
    const leaves = blossomLeaves(b, [])
    for (const leaf of leaves) dualvar[leaf] = (dualvar[leaf] as number) + z
    const base = g(blossombase, b)
    const p = g(mate, base)
    if (p !== -1) {
      mate[g(endpoint, p)] = -1
      mate[base] = -1
    }
    for (const c of childsOf(b)) {
      blossomparent[c] = -1
      if (c < n) inblossom[c] = c
      else for (const leaf of blossomLeaves(c, [])) inblossom[leaf] = c
    }
    blossomchilds[b] = null
    blossomendps[b] = null
    blossombase[b] = -1
    dualvar[b] = 0
    unusedblossoms.push(b)
  }

  /** Makes v a top-level vertex with no mate (so its dual may rise). */
  const isolate = (v: number): void => {
    while (g(inblossom, v) !== v) dissolve(g(inblossom, v))
    const p = g(mate, v)
    if (p !== -1) {
      mate[g(endpoint, p)] = -1
      mate[v] = -1
    }
  }

  /** Reduced cost of edge k with every blossom dual (what feasibility is about). */
  const reducedCost = (k: number): number => {
    let r = slack(k)
    const u = g(eu, k)
    const v = g(ev, k)
    // The blossoms holding u, then those holding v that hold u too.
    const around = new Set<number>()
    for (let b = g(blossomparent, u); b !== -1; b = g(blossomparent, b)) around.add(b)
    for (let b = g(blossomparent, v); b !== -1; b = g(blossomparent, b)) {
      if (around.has(b)) r += 2 * (dualvar[b] as number)
    }
    return r
  }

  const restore = (state: BlossomState): void => {
    if (state.edges > nedge || state.mate.length !== n) {
      throw new RangeError('blossom: resume from a state of another graph')
    }
    mate.set(state.mate)
    dualvar.set(state.dualvar)
    blossomparent.set(state.blossomparent)
    blossombase.set(state.blossombase)
    unusedblossoms.length = 0
    for (let b = N2 - 1; b >= n; b--) {
      const childs = state.blossomchilds[b]
      const endps = state.blossomendps[b]
      blossomchilds[b] = childs === null || childs === undefined ? null : [...childs]
      blossomendps[b] = endps === null || endps === undefined ? null : [...endps]
      if (g(blossombase, b) === -1) unusedblossoms.push(b)
    }
    for (let v = 0; v < n; v++) {
      let top = v
      while (g(blossomparent, top) !== -1) top = g(blossomparent, top)
      inblossom[v] = top
    }
    // A new edge with a negative reduced cost: raise the dual of an end until it is tight.
    // The end chosen is the cheaper to free: outside every blossom, unmatched if possible.
    for (let k = state.edges; k < nedge; k++) {
      const r = reducedCost(k)
      if (r >= 0) continue
      const u = g(eu, k)
      const v = g(ev, k)
      const cost = (x: number): number =>
        (g(inblossom, x) === x ? 0 : 2) + (g(mate, x) === -1 ? 0 : 1)
      const end = cost(v) < cost(u) ? v : u
      isolate(end)
      // Dissolving blossoms may have settled it already.
      dualvar[end] = (dualvar[end] as number) - Math.min(0, reducedCost(k))
    }
    // S-vertices must share one parity (so halving a slack between two stays whole); each is
    // joined to a free vertex by tight edges, which keep parity: so free vertices must share it.
    let parity = -1
    for (let v = 0; v < n; v++) {
      if (g(mate, v) !== -1) continue
      const b = g(inblossom, v)
      if (g(blossombase, b) !== v) continue
      const odd = Math.abs(dualvar[v] as number) % 2
      if (parity === -1) parity = odd
      if (odd === parity) continue
      // Leaves of a blossom share a parity; free v of every blossom first, then lift it by one.
      isolate(v)
      if (Math.abs(dualvar[v] as number) % 2 !== parity) dualvar[v] = (dualvar[v] as number) + 1
    }
  }

  if (maxCardinality && resume !== undefined) {
    restore(resume)
  } else if (maxCardinality && warmStart) {
    // Feasible duals with each vertex at its heaviest edge make those edges tight; matching
    // tight edges greedily keeps every invariant (no blossoms yet) and saves most stages.
    const best = new Float64Array(n)
    for (let k = 0; k < nedge; k++) {
      const w = ew[k] as number
      const i = g(eu, k)
      const j = g(ev, k)
      if (w > (best[i] as number)) best[i] = w
      if (w > (best[j] as number)) best[j] = w
    }
    for (let v = 0; v < n; v++) dualvar[v] = best[v] as number
    for (let v = 0; v < n; v++) {
      if (mate[v] !== -1) continue
      for (let q = g(nbStart, v); q < g(nbStart, v + 1); q++) {
        const p = g(neighbend, q)
        const w = g(endpoint, p)
        if (mate[w] === -1 && slack(p >> 1) === 0) {
          mate[v] = p
          mate[w] = p ^ 1
          break
        }
      }
    }
    // Every free vertex starts at the same dual, as in the cold start: S-vertices then share one
    // parity, so a slack between two of them is even and halving it stays whole.
    for (let v = 0; v < n; v++) if (mate[v] === -1) dualvar[v] = maxweight
  }

  const assignLabel = (w0: number, t0: number, p0: number): void => {
    let w = w0
    let t = t0
    let p = p0
    for (;;) {
      const b = g(inblossom, w)
      label[w] = t
      label[b] = t
      labelend[w] = p
      labelend[b] = p
      bestedge[w] = -1
      bestedge[b] = -1
      if (t === 1) {
        blossomLeaves(b, queue)
        return
      }
      const base = g(blossombase, b)
      const mb = g(mate, base)
      w = g(endpoint, mb)
      t = 1
      p = mb ^ 1
    }
  }

  const scanBlossom = (v0: number, w0: number): number => {
    const path: number[] = []
    let base = -1
    let v = v0
    let w = w0
    while (v !== -1 || w !== -1) {
      let b = g(inblossom, v)
      if ((g(label, b) & 4) !== 0) {
        base = g(blossombase, b)
        break
      }
      path.push(b)
      label[b] = 5
      if (g(labelend, b) === -1) {
        v = -1
      } else {
        v = g(endpoint, g(labelend, b))
        b = g(inblossom, v)
        v = g(endpoint, g(labelend, b))
      }
      if (w !== -1) {
        const t = v
        v = w
        w = t
      }
    }
    for (const b of path) label[b] = 1
    return base
  }

  const addBlossom = (base: number, k: number): void => {
    let v = g(eu, k)
    let w = g(ev, k)
    const bb = g(inblossom, base)
    let bv = g(inblossom, v)
    let bw = g(inblossom, w)
    const b = unusedblossoms.pop() as number
    blossombase[b] = base
    blossomparent[b] = -1
    blossomparent[bb] = b
    const path: number[] = []
    const endps: number[] = []
    while (bv !== bb) {
      blossomparent[bv] = b
      path.push(bv)
      endps.push(g(labelend, bv))
      v = g(endpoint, g(labelend, bv))
      bv = g(inblossom, v)
    }
    path.push(bb)
    path.reverse()
    endps.reverse()
    endps.push(2 * k)
    while (bw !== bb) {
      blossomparent[bw] = b
      path.push(bw)
      endps.push(g(labelend, bw) ^ 1)
      w = g(endpoint, g(labelend, bw))
      bw = g(inblossom, w)
    }
    blossomchilds[b] = path
    blossomendps[b] = endps
    label[b] = 1
    labelend[b] = g(labelend, bb)
    dualvar[b] = 0
    for (const leaf of blossomLeaves(b, [])) {
      if (g(label, g(inblossom, leaf)) === 2) queue.push(leaf)
      inblossom[leaf] = b
    }
    const bestedgeto = new Map<number, number>()
    // The least-slack edge from the new blossom to each other S-blossom.
    const consider = (k2: number): void => {
      const j = g(inblossom, g(ev, k2)) === b ? g(eu, k2) : g(ev, k2)
      const bj = g(inblossom, j)
      if (bj !== b && g(label, bj) === 1) {
        const cur = bestedgeto.get(bj)
        if (cur === undefined || slack(k2) < slack(cur)) bestedgeto.set(bj, k2)
      }
    }
    for (const sub of path) {
      const list = blossombestedges[sub]
      if (list === null || list === undefined) {
        for (const leaf of blossomLeaves(sub, [])) {
          for (let q = g(nbStart, leaf); q < g(nbStart, leaf + 1); q++) {
            consider(g(neighbend, q) >> 1)
          }
        }
      } else {
        for (const k2 of list) consider(k2)
      }
      blossombestedges[sub] = null
      bestedge[sub] = -1
    }
    const list = [...bestedgeto.values()]
    blossombestedges[b] = list
    let be = -1
    for (const k2 of list) if (be === -1 || slack(k2) < slack(be)) be = k2
    bestedge[b] = be
  }

  const expandBlossom = (b: number, endstage: boolean): void => {
    const childs = childsOf(b)
    for (const s of childs) {
      blossomparent[s] = -1
      if (s < n) inblossom[s] = s
      else if (endstage && dualvar[s] === 0) expandBlossom(s, endstage)
      else for (const leaf of blossomLeaves(s, [])) inblossom[leaf] = s
    }
    if (!endstage && label[b] === 2) {
      const endps = endpsOf(b)
      const entrychild = g(inblossom, g(endpoint, g(labelend, b) ^ 1))
      let j = childs.indexOf(entrychild)
      let jstep: number
      let endptrick: number
      if ((j & 1) !== 0) {
        j -= childs.length
        jstep = 1
        endptrick = 0
      } else {
        jstep = -1
        endptrick = 1
      }
      const at = <T>(list: T[], i: number): T => list[i < 0 ? i + list.length : i] as T
      let p = g(labelend, b)
      while (j !== 0) {
        label[g(endpoint, p ^ 1)] = 0
        label[g(endpoint, at(endps, j - endptrick) ^ endptrick ^ 1)] = 0
        assignLabel(g(endpoint, p ^ 1), 2, p)
        allowedge[at(endps, j - endptrick) >> 1] = 1
        j += jstep
        p = at(endps, j - endptrick) ^ endptrick
        allowedge[p >> 1] = 1
        j += jstep
      }
      let bv = at(childs, j)
      label[g(endpoint, p ^ 1)] = 2
      label[bv] = 2
      labelend[g(endpoint, p ^ 1)] = p
      labelend[bv] = p
      bestedge[bv] = -1
      j += jstep
      while (at(childs, j) !== entrychild) {
        bv = at(childs, j)
        if (label[bv] === 1) {
          j += jstep
          continue
        }
        let found = -1
        for (const leaf of blossomLeaves(bv, [])) {
          if (label[leaf] !== 0) {
            found = leaf
            break
          }
        }
        if (found !== -1) {
          label[found] = 0
          label[g(endpoint, g(mate, g(blossombase, bv)))] = 0
          assignLabel(found, 2, g(labelend, found))
        }
        j += jstep
      }
    }
    label[b] = -1
    labelend[b] = -1
    blossomchilds[b] = null
    blossomendps[b] = null
    blossombase[b] = -1
    blossombestedges[b] = null
    bestedge[b] = -1
    unusedblossoms.push(b)
  }

  const augmentBlossom = (b: number, v: number): void => {
    let t = v
    while (blossomparent[t] !== b) t = g(blossomparent, t)
    if (t >= n) augmentBlossom(t, v)
    const childs = childsOf(b)
    const endps = endpsOf(b)
    const at = <T>(list: T[], i: number): T => list[i < 0 ? i + list.length : i] as T
    const i = childs.indexOf(t)
    let j = i
    let jstep: number
    let endptrick: number
    if ((i & 1) !== 0) {
      j -= childs.length
      jstep = 1
      endptrick = 0
    } else {
      jstep = -1
      endptrick = 1
    }
    while (j !== 0) {
      j += jstep
      t = at(childs, j)
      const p = at(endps, j - endptrick) ^ endptrick
      if (t >= n) augmentBlossom(t, g(endpoint, p))
      j += jstep
      t = at(childs, j)
      if (t >= n) augmentBlossom(t, g(endpoint, p ^ 1))
      mate[g(endpoint, p)] = p ^ 1
      mate[g(endpoint, p ^ 1)] = p
    }
    blossomchilds[b] = [...childs.slice(i), ...childs.slice(0, i)]
    blossomendps[b] = [...endps.slice(i), ...endps.slice(0, i)]
    blossombase[b] = g(blossombase, childsOf(b)[0] as number)
  }

  const augmentMatching = (k: number): void => {
    const ends: [number, number][] = [
      [g(eu, k), 2 * k + 1],
      [g(ev, k), 2 * k],
    ]
    for (const [s0, p0] of ends) {
      let s = s0
      let p = p0
      for (;;) {
        const bs = g(inblossom, s)
        if (bs >= n) augmentBlossom(bs, s)
        mate[s] = p
        if (labelend[bs] === -1) break
        const t = g(endpoint, g(labelend, bs))
        const bt = g(inblossom, t)
        s = g(endpoint, g(labelend, bt))
        const j = g(endpoint, g(labelend, bt) ^ 1)
        if (bt >= n) augmentBlossom(bt, j)
        mate[j] = g(labelend, bt)
        p = g(labelend, bt) ^ 1
      }
    }
  }

  let matched = 0
  for (let v = 0; v < n; v++) if (mate[v] !== -1) matched++

  for (let stage = 0; stage < n && matched < n - 1; stage++) {
    label.fill(0)
    bestedge.fill(-1)
    for (let b = n; b < N2; b++) blossombestedges[b] = null
    allowedge.fill(0)
    queue.length = 0
    for (let v = 0; v < n; v++) {
      if (mate[v] === -1 && label[g(inblossom, v)] === 0) assignLabel(v, 1, -1)
    }
    let augmented = false
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop() as number
        for (let q = g(nbStart, v); q < g(nbStart, v + 1); q++) {
          const p = g(neighbend, q)
          const k = p >> 1
          const w = g(endpoint, p)
          const bv = g(inblossom, v)
          const bw = g(inblossom, w)
          if (bv === bw) continue
          let kslack = 0
          if (allowedge[k] === 0) {
            kslack = slack(k)
            if (kslack <= 0) allowedge[k] = 1
          }
          if (allowedge[k] !== 0) {
            if (label[bw] === 0) {
              assignLabel(w, 2, p ^ 1)
            } else if (label[bw] === 1) {
              const base = scanBlossom(v, w)
              if (base >= 0) addBlossom(base, k)
              else {
                augmentMatching(k)
                augmented = true
                break
              }
            } else if (label[w] === 0) {
              label[w] = 2
              labelend[w] = p ^ 1
            }
          } else if (label[bw] === 1) {
            if (bestedge[bv] === -1 || kslack < slack(g(bestedge, bv))) bestedge[bv] = k
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(g(bestedge, w))) bestedge[w] = k
          }
        }
      }
      if (augmented) break

      let deltatype = -1
      let delta = 0
      let deltaedge = -1
      let deltablossom = -1
      if (!maxCardinality) {
        deltatype = 1
        delta = Infinity
        for (let v = 0; v < n; v++) delta = Math.min(delta, dualvar[v] as number)
      }
      for (let v = 0; v < n; v++) {
        if (label[g(inblossom, v)] === 0 && bestedge[v] !== -1) {
          const d = slack(g(bestedge, v))
          if (deltatype === -1 || d < delta) {
            delta = d
            deltatype = 2
            deltaedge = g(bestedge, v)
          }
        }
      }
      for (let b = 0; b < N2; b++) {
        if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
          const s2 = slack(g(bestedge, b))
          if (s2 % 2 !== 0) throw new Error('blossom: odd slack between S-vertices')
          const d = s2 / 2
          if (deltatype === -1 || d < delta) {
            delta = d
            deltatype = 3
            deltaedge = g(bestedge, b)
          }
        }
      }
      for (let b = n; b < N2; b++) {
        if (
          (blossombase[b] as number) >= 0 &&
          blossomparent[b] === -1 &&
          label[b] === 2 &&
          (deltatype === -1 || (dualvar[b] as number) < delta)
        ) {
          delta = dualvar[b] as number
          deltatype = 4
          deltablossom = b
        }
      }
      if (deltatype === -1) {
        // No augmenting path is left: the matching has maximum cardinality.
        deltatype = 1
        delta = 0
      }
      for (let v = 0; v < n; v++) {
        const l = label[g(inblossom, v)]
        if (l === 1) dualvar[v] = (dualvar[v] as number) - delta
        else if (l === 2) dualvar[v] = (dualvar[v] as number) + delta
      }
      for (let b = n; b < N2; b++) {
        if ((blossombase[b] as number) >= 0 && blossomparent[b] === -1) {
          if (label[b] === 1) dualvar[b] = (dualvar[b] as number) + delta
          else if (label[b] === 2) dualvar[b] = (dualvar[b] as number) - delta
        }
      }
      if (deltatype === 1) break
      if (deltatype === 2) {
        allowedge[deltaedge] = 1
        let i = g(eu, deltaedge)
        if (label[g(inblossom, i)] === 0) i = g(ev, deltaedge)
        queue.push(i)
      } else if (deltatype === 3) {
        allowedge[deltaedge] = 1
        queue.push(g(eu, deltaedge))
      } else {
        expandBlossom(deltablossom, false)
      }
    }
    if (!augmented) break
    matched += 2
    for (let b = n; b < N2; b++) {
      if (
        blossomparent[b] === -1 &&
        (blossombase[b] as number) >= 0 &&
        label[b] === 1 &&
        dualvar[b] === 0
      ) {
        expandBlossom(b, true)
      }
    }
  }

  for (let v = 0; v < n; v++) {
    const p = mate[v] as number
    mateOut[v] = p >= 0 ? g(endpoint, p) : -1
    vertexDualOut[v] = dualvar[v] as number
  }
  for (let b = n; b < N2; b++) {
    blossomParentOut[b] = blossombase[b] === -1 ? -1 : g(blossomparent, b)
    blossomDualOut[b - n] = blossombase[b] === -1 ? 0 : (dualvar[b] as number)
  }
  for (let v = 0; v < n; v++) blossomParentOut[v] = g(blossomparent, v)
  return {
    mate: mateOut,
    vertexDual: vertexDualOut,
    blossomDual: blossomDualOut,
    blossomParent: blossomParentOut,
    state: {
      edges: nedge,
      mate,
      dualvar,
      blossomparent,
      blossomchilds,
      blossombase,
      blossomendps,
    },
  }
}
