/**
 * Maximum-weight matching on a general graph: Edmonds' blossom algorithm (J. Edmonds, "Paths,
 * trees, and flowers", Canadian Journal of Mathematics 17, 1965) in its primal-dual weighted form
 * as surveyed by Z. Galil, "Efficient algorithms for finding maximum matching in graphs", ACM
 * Computing Surveys 18(1), 1986.
 *
 * Design. The matching grows by one edge per stage, at most n/2 stages. A stage labels every
 * unmatched top-level vertex or blossom "outer" and grows alternating trees from them over tight
 * edges (reduced cost 0): an unlabelled blossom reached from an outer one becomes "inner" and its
 * mate outer again (`growTree`). An edge between two outer blossoms either closes an odd cycle
 * inside one tree, which is shrunk into a new blossom (`findCycleBase`, `shrinkBlossom`), or
 * joins two trees: the path through them is augmenting and the stage ends (`augmentAlongPath`).
 * When no tight edge is left to scan, the duals move by the largest amount that keeps every edge
 * feasible (`adjustDuals`): the move makes a new edge tight, or brings an inner blossom's dual
 * to zero so it is expanded (`expandBlossom`), or proves nothing more can be gained. Each vertex
 * remembers its least-slack edge to an outer blossom and each outer blossom its least-slack edge
 * to every other outer blossom; a stage is O(m) scanning the edges once plus O(n) per blossom
 * event, O(n) of those per stage: O(n³) in all.
 *
 * A dual move is O(log n), not O(n): a late round of a 2000-player field takes thousands of moves
 * in one solve. Within a stage every candidate for the next move (a least-slack edge, an inner
 * blossom's dual) shrinks by exactly the move, so each is queued under its value plus the
 * stage's total move so far (`shift`), a key no later move changes (`DualQueue`). A dual is
 * stored so that its value is the stored number plus its direction (`drift`: −1 for an outer
 * vertex or inner blossom, +1 for an inner vertex or outer blossom, 0 otherwise) times `shift`;
 * the stored numbers are brought up to date when the stage ends. The queues break ties as a scan
 * of the ids in order does (`DUAL_SEARCHES`: 'scan' is that scan, kept as the reference the tests
 * hold the queues to), so both make the same moves and give the same matching.
 *
 * Integer weights only: vertex duals are kept doubled, so every quantity stays an integer and the
 * result is exact while weights stay well below 2^51 (callers keep them under 2^49).
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
 * The algorithm's state after a solve: the matching (as edge ends), every dual and the nested
 * blossoms. Valid for a later call only on the same vertices and an edge list that keeps the
 * first `edges` edges as they were (more may follow).
 */
export interface BlossomState {
  readonly edges: number
  readonly mateEnd: Int32Array
  readonly dual: Float64Array
  readonly parent: Int32Array
  readonly children: readonly (readonly number[] | null)[]
  readonly base: Int32Array
  readonly childLinks: readonly (readonly number[] | null)[]
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
  /** How each dual move is found: queued (the default) or by scanning every id (the reference). */
  search: DualSearch = 'queued',
): MatchingResult {
  if (edges.length === 0 || n === 0) return emptyResult(n)
  const s = newSolver(readGraph(n, edges), search)
  if (maxCardinality && resume !== undefined) resumeFrom(s, resume)
  else if (maxCardinality && warmStart) greedyStart(s)

  let matched = 0
  for (let v = 0; v < n; v++) if (s.mateEnd[v] !== -1) matched++
  for (let stage = 0; stage < n && matched < n - 1; stage++) {
    if (!runStage(s, maxCardinality)) break
    matched += 2
    expandSpentOuterBlossoms(s)
  }
  return resultOf(s)
}

// ---------------------------------------------------------------------------------------------
// The graph: edge k joins from[k] and to[k]; its two ends are numbered 2k (at from[k]) and 2k+1
// (at to[k]), so `end ^ 1` is the other end of the same edge and `end >> 1` the edge.

interface Graph {
  readonly n: number
  readonly edgeCount: number
  readonly from: Int32Array
  readonly to: Int32Array
  readonly weight: Float64Array
  readonly maxWeight: number
  /** The vertex at each edge end. */
  readonly vertexAt: Int32Array
  /** `farEnds[firstFarEnd[v] .. firstFarEnd[v + 1])`: the far ends of v's edges (CSR layout). */
  readonly firstFarEnd: Int32Array
  readonly farEnds: Int32Array
}

function readGraph(n: number, edges: readonly WeightedEdge[]): Graph {
  const edgeCount = edges.length
  const from = new Int32Array(edgeCount)
  const to = new Int32Array(edgeCount)
  const weight = new Float64Array(edgeCount)
  let maxWeight = 0
  for (let k = 0; k < edgeCount; k++) {
    const e = edges[k] as WeightedEdge
    if (e.u < 0 || e.v < 0 || e.u >= n || e.v >= n || e.u === e.v) {
      throw new RangeError(`Bad edge ${e.u}-${e.v} for ${n} vertices`)
    }
    if (!Number.isSafeInteger(e.w) || e.w < 0) throw new RangeError(`Bad edge weight ${e.w}`)
    from[k] = e.u
    to[k] = e.v
    weight[k] = e.w
    if (e.w > maxWeight) maxWeight = e.w
  }
  const vertexAt = new Int32Array(2 * edgeCount)
  for (let k = 0; k < edgeCount; k++) {
    vertexAt[2 * k] = at(from, k)
    vertexAt[2 * k + 1] = at(to, k)
  }
  const firstFarEnd = new Int32Array(n + 1)
  for (let k = 0; k < edgeCount; k++) {
    const u = at(from, k) + 1
    const v = at(to, k) + 1
    firstFarEnd[u] = at(firstFarEnd, u) + 1
    firstFarEnd[v] = at(firstFarEnd, v) + 1
  }
  for (let v = 0; v < n; v++) firstFarEnd[v + 1] = at(firstFarEnd, v + 1) + at(firstFarEnd, v)
  const filled = firstFarEnd.slice(0, n)
  const farEnds = new Int32Array(2 * edgeCount)
  for (let k = 0; k < edgeCount; k++) {
    const u = at(from, k)
    const v = at(to, k)
    farEnds[at(filled, u)] = 2 * k + 1
    filled[u] = at(filled, u) + 1
    farEnds[at(filled, v)] = 2 * k
    filled[v] = at(filled, v) + 1
  }
  return { n, edgeCount, from, to, weight, maxWeight, vertexAt, firstFarEnd, farEnds }
}

/** How a dual move is found; both give the same move, ties included (see the header). */
export const DUAL_SEARCHES = ['queued', 'scan'] as const
export type DualSearch = (typeof DUAL_SEARCHES)[number]

// ---------------------------------------------------------------------------------------------
// The solver's state. Ids 0..n-1 are vertices, n..2n-1 blossoms (a vertex is its own trivial
// blossom). Typed arrays updated in place: a stage touches O(n) entries many times over, and
// copying them would cost the O(n³) bound.

/** Labels in one stage's alternating forest (of top-level blossoms and, for inner ones, vertices). */
const UNLABELLED = 0
const OUTER = 1
const INNER = 2
/** Set on outer blossoms while `findCycleBase` walks up the trees. */
const WALKED = 4

interface Solver {
  readonly n: number
  readonly g: Graph
  /** The far end of v's matched edge (the mate is `vertexAt` that end), or -1. */
  readonly mateEnd: Int32Array
  readonly label: Int32Array
  /**
   * The edge end through which a labelled blossom (or inner vertex) was reached: the end at the
   * tree parent's side, so `vertexAt[treeEnd[b]]` is in the parent; -1 for a tree's root.
   */
  readonly treeEnd: Int32Array
  /** The top-level blossom holding each vertex. */
  readonly topBlossom: Int32Array
  /** The blossom directly holding a vertex or blossom, -1 at top level. */
  readonly parent: Int32Array
  /** A blossom's children around its odd cycle, the one holding the base first. */
  readonly children: (number[] | null)[]
  readonly base: Int32Array
  /** `childLinks[b][i]`: the end of the edge joining children i and i+1 (cyclically) at child i. */
  readonly childLinks: (number[] | null)[]
  /** Least-slack edge to an outer blossom: from an unlabelled vertex, or from an outer blossom. */
  readonly leastSlack: Int32Array
  /** For an outer blossom: its least-slack edge to each other outer blossom (null: not known). */
  readonly outerNeighbourEdges: (number[] | null)[]
  /** Scratch for `recordOuterNeighbours`: -1 everywhere between calls. */
  readonly bestEdgeTo: Int32Array
  readonly bestSlackTo: Float64Array
  /** Ids whose drift may be non-zero this stage (for `settleDuals`). */
  readonly drifting: number[]
  readonly spareBlossomIds: number[]
  /**
   * Twice the dual of each vertex; the dual of each blossom (ids n..2n-1). Within a stage the
   * value is `dual[x] + drift[x] · shift` (`dualOf`); between stages drift is 0.
   */
  readonly dual: Float64Array
  readonly drift: Int8Array
  /** The sum of this stage's dual moves so far. */
  shift: number
  readonly search: DualSearch
  /** This stage's candidates for the next dual move, by category (see `adjustDuals`). */
  readonly towardUnlabelled: DualQueue
  readonly betweenOuter: DualQueue
  readonly innerBlossoms: DualQueue
  /**
   * Ids whose least-slack edge improved since the last move, queued once each at the next
   * (a scan improves the same one many times between two moves).
   */
  readonly improved: number[]
  readonly isImproved: Uint8Array
  /**
   * Scratch lists, reused so that thousands of blossoms a solve allocate nothing: `leaves` for
   * a loop over one blossom's vertices that calls nothing listing leaves itself, and the others
   * each for the one function named.
   */
  readonly leaves: number[]
  readonly leafStack: number[]
  readonly walked: number[]
  readonly neighbours: number[]
  /** Edges known tight this stage (only tight edges carry the trees). */
  readonly tight: Uint8Array
  /** Outer vertices whose edges are yet to be scanned. */
  readonly toScan: number[]
}

function newSolver(g: Graph, search: DualSearch): Solver {
  const n = g.n
  const ids = 2 * n
  const topBlossom = new Int32Array(n)
  const base = new Int32Array(ids).fill(-1)
  const dual = new Float64Array(ids)
  for (let v = 0; v < n; v++) {
    topBlossom[v] = v
    base[v] = v
    dual[v] = g.maxWeight
  }
  const spareBlossomIds: number[] = []
  for (let b = ids - 1; b >= n; b--) spareBlossomIds.push(b)
  return {
    n,
    g,
    mateEnd: new Int32Array(n).fill(-1),
    label: new Int32Array(ids),
    treeEnd: new Int32Array(ids).fill(-1),
    topBlossom,
    parent: new Int32Array(ids).fill(-1),
    children: new Array<number[] | null>(ids).fill(null),
    base,
    childLinks: new Array<number[] | null>(ids).fill(null),
    leastSlack: new Int32Array(ids).fill(-1),
    outerNeighbourEdges: new Array<number[] | null>(ids).fill(null),
    bestEdgeTo: new Int32Array(ids).fill(-1),
    bestSlackTo: new Float64Array(ids),
    drifting: [],
    spareBlossomIds,
    dual,
    drift: new Int8Array(ids),
    shift: 0,
    search,
    towardUnlabelled: newQueue(),
    betweenOuter: newQueue(),
    innerBlossoms: newQueue(),
    improved: [],
    isImproved: new Uint8Array(ids),
    leaves: [],
    leafStack: [],
    walked: [],
    neighbours: [],
    tight: new Uint8Array(g.edgeCount),
    toScan: [],
  }
}

function emptyResult(n: number): MatchingResult {
  return {
    mate: new Int32Array(n).fill(-1),
    vertexDual: new Float64Array(n),
    blossomDual: new Float64Array(n),
    blossomParent: new Int32Array(2 * n).fill(-1),
    state: {
      edges: 0,
      mateEnd: new Int32Array(n).fill(-1),
      dual: new Float64Array(2 * n),
      parent: new Int32Array(2 * n).fill(-1),
      children: new Array<null>(2 * n).fill(null),
      base: Int32Array.from({ length: 2 * n }, (_, b) => (b < n ? b : -1)),
      childLinks: new Array<null>(2 * n).fill(null),
    },
  }
}

function resultOf(s: Solver): MatchingResult {
  const n = s.n
  const mate = new Int32Array(n).fill(-1)
  const vertexDual = new Float64Array(n)
  const blossomDual = new Float64Array(n)
  const blossomParent = new Int32Array(2 * n).fill(-1)
  for (let v = 0; v < n; v++) {
    const e = at(s.mateEnd, v)
    mate[v] = e >= 0 ? at(s.g.vertexAt, e) : -1
    vertexDual[v] = valueAt(s.dual, v)
    blossomParent[v] = at(s.parent, v)
  }
  for (let b = n; b < 2 * n; b++) {
    const used = s.base[b] !== -1
    blossomParent[b] = used ? at(s.parent, b) : -1
    blossomDual[b - n] = used ? valueAt(s.dual, b) : 0
  }
  return {
    mate,
    vertexDual,
    blossomDual,
    blossomParent,
    state: {
      edges: s.g.edgeCount,
      mateEnd: s.mateEnd,
      dual: s.dual,
      parent: s.parent,
      children: s.children,
      base: s.base,
      childLinks: s.childLinks,
    },
  }
}

// ---------------------------------------------------------------------------------------------
// Small helpers.

/**
 * An entry known to exist (the arrays are sized to their ids). Two helpers, not one taking
 * either array type: element access that sees one array type stays fast in the engine.
 */
function at(a: Int32Array, i: number): number {
  return a[i] as number
}

function valueAt(a: Float64Array, i: number): number {
  return a[i] as number
}

/** Cyclic indexing: -1 is the last entry (walks around a blossom run both ways). */
function around<T>(list: readonly T[], i: number): T {
  return list[i < 0 ? i + list.length : i] as T
}

/** The dual of vertex or blossom x now (within a stage its stored value lags; see `Solver`). */
function dualOf(s: Solver, x: number): number {
  return valueAt(s.dual, x) + (s.drift[x] as number) * s.shift
}

/** Sets the direction of x's dual from now on, keeping its value. */
function setDrift(s: Solver, x: number, drift: number): void {
  if (s.drift[x] === drift) return
  const value = dualOf(s, x)
  if (s.drift[x] === 0 && drift !== 0) s.drifting.push(x)
  s.drift[x] = drift
  s.dual[x] = value - drift * s.shift
}

/** At a stage's end: every dual stored at its value, so the next stage starts from shift 0. */
function settleDuals(s: Solver): void {
  const { dual, drift, shift, drifting } = s
  for (const x of drifting) {
    const d = drift[x] as number
    if (d !== 0) {
      dual[x] = valueAt(dual, x) + d * shift
      drift[x] = 0
    }
  }
  drifting.length = 0
  s.shift = 0
}

/** Twice the reduced cost of edge k counting vertex duals only (blossom duals cancel inside). */
function slack(s: Solver, k: number): number {
  return dualOf(s, at(s.g.from, k)) + dualOf(s, at(s.g.to, k)) - 2 * valueAt(s.g.weight, k)
}

// ---------------------------------------------------------------------------------------------
// Candidates for the next dual move: a binary min-heap of (key, id, edge) by key, then id (so a
// tie goes to the lowest id, as in a scan). An entry is checked against the solver when it comes
// to the top and dropped if stale, so nothing is ever removed from the middle.

interface DualQueue {
  readonly keys: number[]
  readonly ids: number[]
  readonly edges: number[]
}

function newQueue(): DualQueue {
  return { keys: [], ids: [], edges: [] }
}

function clearQueue(q: DualQueue): void {
  q.keys.length = 0
  q.ids.length = 0
  q.edges.length = 0
}

function before(q: DualQueue, i: number, j: number): boolean {
  const a = q.keys[i] as number
  const b = q.keys[j] as number
  return a < b || (a === b && (q.ids[i] as number) < (q.ids[j] as number))
}

function swapEntries(q: DualQueue, i: number, j: number): void {
  const key = q.keys[i] as number
  q.keys[i] = q.keys[j] as number
  q.keys[j] = key
  const id = q.ids[i] as number
  q.ids[i] = q.ids[j] as number
  q.ids[j] = id
  const edge = q.edges[i] as number
  q.edges[i] = q.edges[j] as number
  q.edges[j] = edge
}

function pushQueue(q: DualQueue, key: number, id: number, edge: number): void {
  let i = q.keys.length
  q.keys.push(key)
  q.ids.push(id)
  q.edges.push(edge)
  while (i > 0) {
    const up = (i - 1) >> 1
    if (!before(q, i, up)) break
    swapEntries(q, i, up)
    i = up
  }
}

function popQueue(q: DualQueue): void {
  const last = q.keys.length - 1
  swapEntries(q, 0, last)
  q.keys.pop()
  q.ids.pop()
  q.edges.pop()
  let i = 0
  for (;;) {
    const l = 2 * i + 1
    const r = l + 1
    let least = i
    if (l < last && before(q, l, least)) least = l
    if (r < last && before(q, r, least)) least = r
    if (least === i) break
    swapEntries(q, i, least)
    i = least
  }
}

function markImproved(s: Solver, x: number): void {
  if (s.isImproved[x] === 0) {
    s.isImproved[x] = 1
    s.improved.push(x)
  }
}

/**
 * Queues what improved since the last move, by its category now: an outer blossom's edge to
 * another outer one, or an unlabelled vertex's edge to an outer one (a vertex inside an inner
 * blossom is no candidate yet: it is queued if that blossom is expanded).
 */
function queueImproved(s: Solver): void {
  const { improved, isImproved, label, topBlossom } = s
  for (const x of improved) {
    isImproved[x] = 0
    if (label[x] === OUTER && s.parent[x] === -1) queueBetweenOuter(s, x)
    else if (x < s.n && label[at(topBlossom, x)] === UNLABELLED) queueTowardUnlabelled(s, x)
  }
  improved.length = 0
}

/** Queues unlabelled vertex v's least-slack edge (its slack falls by each move). */
function queueTowardUnlabelled(s: Solver, v: number): void {
  const k = at(s.leastSlack, v)
  if (k !== -1) pushQueue(s.towardUnlabelled, slack(s, k) + s.shift, v, k)
}

/** Queues outer blossom b's least-slack edge to another outer one (half its slack falls). */
function queueBetweenOuter(s: Solver, b: number): void {
  const k = at(s.leastSlack, b)
  if (k !== -1) pushQueue(s.betweenOuter, slack(s, k) / 2 + s.shift, b, k)
}

/** Queues inner blossom b's dual (it falls by each move). */
function queueInnerBlossom(s: Solver, b: number): void {
  pushQueue(s.innerBlossoms, dualOf(s, b) + s.shift, b, -1)
}

function childrenOf(s: Solver, b: number): number[] {
  return s.children[b] as number[]
}

function linksOf(s: Solver, b: number): number[] {
  return s.childLinks[b] as number[]
}

/** Appends the vertices inside vertex-or-blossom b to `out`. */
function leavesOf(s: Solver, b: number, out: number[]): number[] {
  if (b < s.n) {
    out.push(b)
    return out
  }
  const stack = s.leafStack
  stack.length = 0
  stack.push(b)
  while (stack.length > 0) {
    const t = stack.pop() as number
    if (t < s.n) out.push(t)
    else for (const c of childrenOf(s, t)) stack.push(c)
  }
  return out
}

/** The vertices inside b, in `s.leaves` (valid until the next call). */
function leavesOfScratch(s: Solver, b: number): number[] {
  s.leaves.length = 0
  return leavesOf(s, b, s.leaves)
}

/** Matches the two ends of an edge (given as the end at one of them). */
function matchEdge(s: Solver, end: number): void {
  s.mateEnd[at(s.g.vertexAt, end)] = end ^ 1
  s.mateEnd[at(s.g.vertexAt, end ^ 1)] = end
}

// ---------------------------------------------------------------------------------------------
// Starting points: a greedy matching of tight edges, or an earlier solve made feasible again.

/**
 * Feasible duals with each vertex at its heaviest edge make those edges tight; matching tight
 * edges greedily keeps every invariant (no blossoms yet) and saves most stages.
 */
function greedyStart(s: Solver): void {
  const { n, g } = s
  const heaviest = new Float64Array(n)
  for (let k = 0; k < g.edgeCount; k++) {
    const w = valueAt(g.weight, k)
    const u = at(g.from, k)
    const v = at(g.to, k)
    if (w > valueAt(heaviest, u)) heaviest[u] = w
    if (w > valueAt(heaviest, v)) heaviest[v] = w
  }
  s.dual.set(heaviest)
  for (let v = 0; v < n; v++) {
    if (s.mateEnd[v] !== -1) continue
    for (let q = at(g.firstFarEnd, v); q < at(g.firstFarEnd, v + 1); q++) {
      const far = at(g.farEnds, q)
      if (s.mateEnd[at(g.vertexAt, far)] === -1 && slack(s, far >> 1) === 0) {
        matchEdge(s, far)
        break
      }
    }
  }
  // Every free vertex starts at the same dual, as in the cold start: outer vertices then share
  // one parity, so a slack between two of them is even and halving it stays whole.
  for (let v = 0; v < n; v++) if (s.mateEnd[v] === -1) s.dual[v] = g.maxWeight
}

/**
 * Dissolves top-level blossom b into its children, its dual moved onto its leaves: an edge
 * inside b keeps its reduced cost, an edge leaving b gains z_b (still feasible). Only the
 * base's matched edge leaves b, and it is no longer tight, so base and mate are set free.
 */
function dissolve(s: Solver, b: number): void {
  const z = valueAt(s.dual, b)
  for (const leaf of leavesOf(s, b, [])) s.dual[leaf] = valueAt(s.dual, leaf) + z
  const base = at(s.base, b)
  const e = at(s.mateEnd, base)
  if (e !== -1) {
    s.mateEnd[at(s.g.vertexAt, e)] = -1
    s.mateEnd[base] = -1
  }
  for (const c of childrenOf(s, b)) {
    s.parent[c] = -1
    if (c < s.n) s.topBlossom[c] = c
    else for (const leaf of leavesOf(s, c, [])) s.topBlossom[leaf] = c
  }
  s.children[b] = null
  s.childLinks[b] = null
  s.base[b] = -1
  s.dual[b] = 0
  s.spareBlossomIds.push(b)
}

/** Makes v a top-level vertex with no mate (so its dual may rise). */
function isolate(s: Solver, v: number): void {
  while (at(s.topBlossom, v) !== v) dissolve(s, at(s.topBlossom, v))
  const e = at(s.mateEnd, v)
  if (e !== -1) {
    s.mateEnd[at(s.g.vertexAt, e)] = -1
    s.mateEnd[v] = -1
  }
}

/** Reduced cost of edge k with every blossom dual (what feasibility is about). */
function reducedCost(s: Solver, k: number): number {
  let r = slack(s, k)
  const holdingU = new Set<number>()
  for (let b = at(s.parent, at(s.g.from, k)); b !== -1; b = at(s.parent, b)) holdingU.add(b)
  for (let b = at(s.parent, at(s.g.to, k)); b !== -1; b = at(s.parent, b)) {
    if (holdingU.has(b)) r += 2 * valueAt(s.dual, b)
  }
  return r
}

function resumeFrom(s: Solver, state: BlossomState): void {
  const { n, g } = s
  if (state.edges > g.edgeCount || state.mateEnd.length !== n) {
    throw new RangeError('blossom: resume from a state of another graph')
  }
  s.mateEnd.set(state.mateEnd)
  s.dual.set(state.dual)
  s.parent.set(state.parent)
  s.base.set(state.base)
  s.spareBlossomIds.length = 0
  for (let b = 2 * n - 1; b >= n; b--) {
    const children = state.children[b]
    const links = state.childLinks[b]
    s.children[b] = children === null || children === undefined ? null : [...children]
    s.childLinks[b] = links === null || links === undefined ? null : [...links]
    if (at(s.base, b) === -1) s.spareBlossomIds.push(b)
  }
  for (let v = 0; v < n; v++) {
    let top = v
    while (at(s.parent, top) !== -1) top = at(s.parent, top)
    s.topBlossom[v] = top
  }
  // A new edge with a negative reduced cost: raise the dual of an end until it is tight.
  // The end chosen is the cheaper to free: outside every blossom, unmatched if possible.
  const costToFree = (x: number): number =>
    (at(s.topBlossom, x) === x ? 0 : 2) + (at(s.mateEnd, x) === -1 ? 0 : 1)
  for (let k = state.edges; k < g.edgeCount; k++) {
    if (reducedCost(s, k) >= 0) continue
    const u = at(g.from, k)
    const v = at(g.to, k)
    const end = costToFree(v) < costToFree(u) ? v : u
    isolate(s, end)
    // Dissolving blossoms may have settled it already.
    s.dual[end] = valueAt(s.dual, end) - Math.min(0, reducedCost(s, k))
  }
  // Outer vertices must share one parity (so halving a slack between two stays whole); each is
  // joined to a free vertex by tight edges, which keep parity: so free vertices must share it.
  let parity = -1
  for (let v = 0; v < n; v++) {
    if (at(s.mateEnd, v) !== -1) continue
    if (at(s.base, at(s.topBlossom, v)) !== v) continue
    const odd = Math.abs(valueAt(s.dual, v)) % 2
    if (parity === -1) parity = odd
    if (odd === parity) continue
    // Leaves of a blossom share a parity; free v of every blossom first, then lift it by one.
    isolate(s, v)
    if (Math.abs(valueAt(s.dual, v)) % 2 !== parity) s.dual[v] = valueAt(s.dual, v) + 1
  }
}

// ---------------------------------------------------------------------------------------------
// One stage: grow the alternating forest until an augmenting path is found (true) or the duals
// prove none is worth taking (false).

function runStage(s: Solver, maxCardinality: boolean): boolean {
  const augmented = growForest(s, maxCardinality)
  settleDuals(s)
  return augmented
}

function growForest(s: Solver, maxCardinality: boolean): boolean {
  const n = s.n
  clearQueue(s.towardUnlabelled)
  clearQueue(s.betweenOuter)
  clearQueue(s.innerBlossoms)
  for (const x of s.improved) s.isImproved[x] = 0
  s.improved.length = 0
  s.label.fill(UNLABELLED)
  s.leastSlack.fill(-1)
  for (let b = n; b < 2 * n; b++) s.outerNeighbourEdges[b] = null
  s.tight.fill(0)
  s.toScan.length = 0
  for (let v = 0; v < n; v++) {
    if (s.mateEnd[v] === -1 && s.label[at(s.topBlossom, v)] === UNLABELLED) {
      growTree(s, v, OUTER, -1)
    }
  }
  for (;;) {
    if (scanOuterVertices(s)) return true
    const step = adjustDuals(s, maxCardinality)
    switch (step.kind) {
      case 'done':
        return false
      case 'edge-to-unlabelled': {
        s.tight[step.edge] = 1
        let outer = at(s.g.from, step.edge)
        if (s.label[at(s.topBlossom, outer)] === UNLABELLED) outer = at(s.g.to, step.edge)
        s.toScan.push(outer)
        break
      }
      case 'edge-between-outer':
        s.tight[step.edge] = 1
        s.toScan.push(at(s.g.from, step.edge))
        break
      case 'inner-blossom-spent':
        expandBlossom(s, step.blossom, false)
        break
    }
  }
}

/**
 * Scans the edges of queued outer vertices: a tight edge grows a tree, shrinks a blossom or
 * augments (true: the stage is over); a loose one updates the least-slack records.
 */
function scanOuterVertices(s: Solver): boolean {
  const { g, label, topBlossom, leastSlack, tight, drift } = s
  const { from, to, weight, vertexAt, farEnds, firstFarEnd } = g
  const dual = s.dual
  const shift = s.shift
  // `slack` inlined by hand: this is the innermost loop.
  const dualNow = (x: number): number => valueAt(dual, x) + (drift[x] as number) * shift
  const slackOf = (k: number): number =>
    dualNow(at(from, k)) + dualNow(at(to, k)) - 2 * valueAt(weight, k)
  while (s.toScan.length > 0) {
    const v = s.toScan.pop() as number
    // v is outer for the rest of the stage, so its dual stays put while the duals do; its
    // blossom changes only when a new one is shrunk round it.
    const dualV = dualNow(v)
    let bv = at(topBlossom, v)
    const last = at(firstFarEnd, v + 1)
    for (let q = at(firstFarEnd, v); q < last; q++) {
      const far = at(farEnds, q)
      const k = far >> 1
      const w = at(vertexAt, far)
      const bw = at(topBlossom, w)
      if (bv === bw) continue
      let kSlack = 0
      if (tight[k] === 0) {
        kSlack = dualV + dualNow(w) - 2 * valueAt(weight, k)
        if (kSlack <= 0) tight[k] = 1
      }
      if (tight[k] !== 0) {
        if (label[bw] === UNLABELLED) {
          growTree(s, w, INNER, far ^ 1)
        } else if (label[bw] === OUTER) {
          const base = findCycleBase(s, v, w)
          if (base >= 0) {
            shrinkBlossom(s, base, k)
            bv = at(topBlossom, v)
          } else {
            augmentAlongPath(s, k)
            return true
          }
        } else if (label[w] === UNLABELLED) {
          // w is in an inner blossom but not yet labelled itself: remember how it was reached,
          // for when that blossom is expanded.
          label[w] = INNER
          s.treeEnd[w] = far ^ 1
        }
      } else if (label[bw] === OUTER) {
        if (leastSlack[bv] === -1 || kSlack < slackOf(at(leastSlack, bv))) {
          leastSlack[bv] = k
          markImproved(s, bv)
        }
      } else if (label[w] === UNLABELLED) {
        if (leastSlack[w] === -1 || kSlack < slackOf(at(leastSlack, w))) {
          leastSlack[w] = k
          markImproved(s, w)
        }
      }
    }
  }
  return false
}

/**
 * Labels w's top-level blossom `label`, reached through edge end `via`. An inner blossom's
 * matched edge is tight, so its mate's blossom joins the tree at once as outer; an outer
 * blossom's vertices are queued for scanning.
 */
function growTree(s: Solver, w0: number, label0: number, via0: number): void {
  let w = w0
  let label = label0
  let via = via0
  for (;;) {
    const b = at(s.topBlossom, w)
    s.label[w] = label
    s.label[b] = label
    s.treeEnd[w] = via
    s.treeEnd[b] = via
    s.leastSlack[w] = -1
    s.leastSlack[b] = -1
    if (label === OUTER) {
      const first = s.toScan.length
      leavesOf(s, b, s.toScan)
      for (let i = first; i < s.toScan.length; i++) setDrift(s, s.toScan[i] as number, -1)
      if (b >= s.n) setDrift(s, b, 1)
      return
    }
    if (b < s.n) {
      setDrift(s, b, 1)
    } else {
      for (const leaf of leavesOfScratch(s, b)) setDrift(s, leaf, 1)
      setDrift(s, b, -1)
      queueInnerBlossom(s, b)
    }
    const baseMate = at(s.mateEnd, at(s.base, b))
    w = at(s.g.vertexAt, baseMate)
    label = OUTER
    via = baseMate ^ 1
  }
}

/**
 * Walks up from the outer blossoms of v and w towards their roots, in turns: the first blossom
 * met twice is the base of the odd cycle the edge v–w closes; -1 if the walks reach two roots
 * (the edge joins two trees: an augmenting path).
 */
function findCycleBase(s: Solver, v0: number, w0: number): number {
  const walked = s.walked
  walked.length = 0
  let base = -1
  let v = v0
  let w = w0
  while (v !== -1 || w !== -1) {
    let b = at(s.topBlossom, v)
    if ((at(s.label, b) & WALKED) !== 0) {
      base = at(s.base, b)
      break
    }
    walked.push(b)
    s.label[b] = OUTER | WALKED
    if (at(s.treeEnd, b) === -1) {
      v = -1
    } else {
      // Up through the inner blossom to the outer one above it.
      v = at(s.g.vertexAt, at(s.treeEnd, b))
      b = at(s.topBlossom, v)
      v = at(s.g.vertexAt, at(s.treeEnd, b))
    }
    if (w !== -1) {
      const t = v
      v = w
      w = t
    }
  }
  for (const b of walked) s.label[b] = OUTER
  return base
}

/**
 * Shrinks the odd cycle closed by edge k (both ends outer, in one tree, meeting at `base`) into a
 * new outer blossom with dual 0, its children listed from the base's blossom round the cycle.
 */
function shrinkBlossom(s: Solver, base: number, k: number): void {
  const { g, topBlossom } = s
  let v = at(g.from, k)
  let w = at(g.to, k)
  const baseChild = at(topBlossom, base)
  let bv = at(topBlossom, v)
  let bw = at(topBlossom, w)
  const b = s.spareBlossomIds.pop() as number
  s.base[b] = base
  s.parent[b] = -1
  s.parent[baseChild] = b
  const children: number[] = []
  const links: number[] = []
  while (bv !== baseChild) {
    s.parent[bv] = b
    children.push(bv)
    links.push(at(s.treeEnd, bv))
    v = at(g.vertexAt, at(s.treeEnd, bv))
    bv = at(topBlossom, v)
  }
  children.push(baseChild)
  children.reverse()
  links.reverse()
  links.push(2 * k)
  while (bw !== baseChild) {
    s.parent[bw] = b
    children.push(bw)
    links.push(at(s.treeEnd, bw) ^ 1)
    w = at(g.vertexAt, at(s.treeEnd, bw))
    bw = at(topBlossom, w)
  }
  s.children[b] = children
  s.childLinks[b] = links
  s.label[b] = OUTER
  s.treeEnd[b] = at(s.treeEnd, baseChild)
  // Children's duals stop moving; the new blossom's starts at 0 and rises.
  for (const child of children) if (child >= s.n) setDrift(s, child, 0)
  s.dual[b] = 0
  s.drift[b] = 0
  setDrift(s, b, 1)
  for (const leaf of leavesOfScratch(s, b)) {
    // Inner vertices become outer inside the new blossom: their edges are now to be scanned.
    if (at(s.label, at(topBlossom, leaf)) === INNER) s.toScan.push(leaf)
    topBlossom[leaf] = b
    setDrift(s, leaf, -1)
  }
  recordOuterNeighbours(s, b, children)
}

/** The new blossom's least-slack edge to each other outer blossom, from its children's records. */
function recordOuterNeighbours(s: Solver, b: number, children: readonly number[]): void {
  const { g, topBlossom, bestEdgeTo, bestSlackTo } = s
  // Per neighbouring outer blossom, in the order first met (which keeps ties as they were).
  const order = s.neighbours
  order.length = 0
  const consider = (k: number): void => {
    const j = at(topBlossom, at(g.to, k)) === b ? at(g.from, k) : at(g.to, k)
    const bj = at(topBlossom, j)
    if (bj !== b && s.label[bj] === OUTER) {
      const current = at(bestEdgeTo, bj)
      if (current === -1) order.push(bj)
      if (current === -1 || slack(s, k) < valueAt(bestSlackTo, bj)) {
        bestEdgeTo[bj] = k
        bestSlackTo[bj] = slack(s, k)
      }
    }
  }
  for (const child of children) {
    const known = s.outerNeighbourEdges[child]
    if (known === null || known === undefined) {
      for (const leaf of leavesOfScratch(s, child)) {
        for (let q = at(g.firstFarEnd, leaf); q < at(g.firstFarEnd, leaf + 1); q++) {
          consider(at(g.farEnds, q) >> 1)
        }
      }
    } else {
      for (const k of known) consider(k)
    }
    s.outerNeighbourEdges[child] = null
    s.leastSlack[child] = -1
  }
  const list = new Array<number>(order.length)
  let least = -1
  let leastSlack = 0
  for (let i = 0; i < order.length; i++) {
    const bj = order[i] as number
    const k = at(bestEdgeTo, bj)
    list[i] = k
    bestEdgeTo[bj] = -1
    const d = valueAt(bestSlackTo, bj)
    if (least === -1 || d < leastSlack) {
      least = k
      leastSlack = d
    }
  }
  s.outerNeighbourEdges[b] = list
  s.leastSlack[b] = least
  queueBetweenOuter(s, b)
}

/**
 * Turns top-level blossom b back into its children. At the end of a stage (an outer blossom with
 * dual 0) its children simply become top level, and spent sub-blossoms with them. Mid-stage (an
 * inner blossom whose dual reached 0) the tree must still pass through: the even-length way
 * round the cycle from the child it was entered by to the base's child is relabelled inner,
 * outer, inner…, and the children off that way are left unlabelled unless reached by a tight
 * edge from an outer vertex already.
 */
function expandBlossom(s: Solver, b: number, endOfStage: boolean): void {
  const { n, g, topBlossom, label } = s
  const children = childrenOf(s, b)
  // Mid-stage its dual has just reached 0 and stops there.
  if (!endOfStage) setDrift(s, b, 0)
  for (const child of children) {
    s.parent[child] = -1
    if (child < n) topBlossom[child] = child
    else if (endOfStage && s.dual[child] === 0) expandBlossom(s, child, endOfStage)
    else for (const leaf of leavesOfScratch(s, child)) topBlossom[leaf] = child
  }
  if (!endOfStage && label[b] === INNER) {
    const links = linksOf(s, b)
    const entryChild = at(topBlossom, at(g.vertexAt, at(s.treeEnd, b) ^ 1))
    // Go round the cycle the way that reaches the base's child (index 0) in an even number of
    // steps; `linkShift` picks the link end on the side walked from.
    let j = children.indexOf(entryChild)
    let step: number
    let linkShift: number
    if ((j & 1) !== 0) {
      j -= children.length
      step = 1
      linkShift = 0
    } else {
      step = -1
      linkShift = 1
    }
    let via = at(s.treeEnd, b)
    while (j !== 0) {
      label[at(g.vertexAt, via ^ 1)] = UNLABELLED
      label[at(g.vertexAt, around(links, j - linkShift) ^ linkShift ^ 1)] = UNLABELLED
      growTree(s, at(g.vertexAt, via ^ 1), INNER, via)
      s.tight[around(links, j - linkShift) >> 1] = 1
      j += step
      via = around(links, j - linkShift) ^ linkShift
      s.tight[via >> 1] = 1
      j += step
    }
    // The base's child becomes inner, reached through the last link.
    let child = around(children, j)
    label[at(g.vertexAt, via ^ 1)] = INNER
    label[child] = INNER
    s.treeEnd[at(g.vertexAt, via ^ 1)] = via
    s.treeEnd[child] = via
    s.leastSlack[child] = -1
    j += step
    // The children off the path: one with a vertex reached from outside rejoins the tree.
    while (around(children, j) !== entryChild) {
      child = around(children, j)
      if (label[child] === OUTER) {
        j += step
        continue
      }
      let reached = -1
      for (const leaf of leavesOfScratch(s, child)) {
        if (label[leaf] !== UNLABELLED) {
          reached = leaf
          break
        }
      }
      if (reached !== -1) {
        label[reached] = UNLABELLED
        label[at(g.vertexAt, at(s.mateEnd, at(s.base, child)))] = UNLABELLED
        growTree(s, reached, INNER, at(s.treeEnd, reached))
      }
      j += step
    }
    followNewLabels(s, children)
  }
  label[b] = -1
  s.treeEnd[b] = -1
  s.children[b] = null
  s.childLinks[b] = null
  s.base[b] = -1
  s.outerNeighbourEdges[b] = null
  s.leastSlack[b] = -1
  s.spareBlossomIds.push(b)
}

/**
 * After an inner blossom is expanded mid-stage: each former child's duals move as its new label
 * says, an inner sub-blossom joins the queue, and a vertex left unlabelled becomes a candidate by
 * the least-slack edge it kept while inside.
 */
function followNewLabels(s: Solver, children: readonly number[]): void {
  const { n, label, topBlossom } = s
  const leaves = s.leaves
  leaves.length = 0
  for (const child of children) {
    leavesOf(s, child, leaves)
    if (child < n) continue
    const l = label[child]
    if (l === OUTER) setDrift(s, child, 1)
    else if (l === INNER) {
      if (s.drift[child] !== -1) {
        setDrift(s, child, -1)
        queueInnerBlossom(s, child)
      }
    } else setDrift(s, child, 0)
  }
  for (const leaf of leaves) {
    const l = label[at(topBlossom, leaf)]
    setDrift(s, leaf, l === OUTER ? -1 : l === INNER ? 1 : 0)
    if (l === UNLABELLED) queueTowardUnlabelled(s, leaf)
  }
}

/** After a stage, outer blossoms whose dual is 0 are expanded (they no longer help). */
function expandSpentOuterBlossoms(s: Solver): void {
  for (let b = s.n; b < 2 * s.n; b++) {
    if (s.parent[b] === -1 && at(s.base, b) >= 0 && s.label[b] === OUTER && s.dual[b] === 0) {
      expandBlossom(s, b, true)
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Augmenting.

/**
 * Flips the matched and unmatched edges on the even way round blossom b from its child holding
 * v to its base, so v becomes the new base (the child list is rotated to start there).
 */
function augmentThroughBlossom(s: Solver, b: number, v: number): void {
  const { n, g } = s
  let t = v
  while (s.parent[t] !== b) t = at(s.parent, t)
  if (t >= n) augmentThroughBlossom(s, t, v)
  const children = childrenOf(s, b)
  const links = linksOf(s, b)
  const i = children.indexOf(t)
  let j = i
  let step: number
  let linkShift: number
  if ((i & 1) !== 0) {
    j -= children.length
    step = 1
    linkShift = 0
  } else {
    step = -1
    linkShift = 1
  }
  while (j !== 0) {
    j += step
    t = around(children, j)
    const end = around(links, j - linkShift) ^ linkShift
    if (t >= n) augmentThroughBlossom(s, t, at(g.vertexAt, end))
    j += step
    t = around(children, j)
    if (t >= n) augmentThroughBlossom(s, t, at(g.vertexAt, end ^ 1))
    matchEdge(s, end)
  }
  s.children[b] = [...children.slice(i), ...children.slice(0, i)]
  s.childLinks[b] = [...links.slice(i), ...links.slice(0, i)]
  s.base[b] = at(s.base, childrenOf(s, b)[0] as number)
}

/**
 * Edge k joins two trees: flips every edge on the path from one root through k to the other,
 * so the matching gains one edge.
 */
function augmentAlongPath(s: Solver, k: number): void {
  const { n, g, topBlossom } = s
  const sides: readonly (readonly [number, number])[] = [
    [at(g.from, k), 2 * k + 1],
    [at(g.to, k), 2 * k],
  ]
  for (const [start, startEnd] of sides) {
    let outer = start
    let mateEnd = startEnd
    for (;;) {
      const bOuter = at(topBlossom, outer)
      if (bOuter >= n) augmentThroughBlossom(s, bOuter, outer)
      s.mateEnd[outer] = mateEnd
      if (s.treeEnd[bOuter] === -1) break
      const inner = at(g.vertexAt, at(s.treeEnd, bOuter))
      const bInner = at(topBlossom, inner)
      outer = at(g.vertexAt, at(s.treeEnd, bInner))
      const j = at(g.vertexAt, at(s.treeEnd, bInner) ^ 1)
      if (bInner >= n) augmentThroughBlossom(s, bInner, j)
      s.mateEnd[j] = at(s.treeEnd, bInner)
      mateEnd = at(s.treeEnd, bInner) ^ 1
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Dual adjustment.

type DualStep =
  | { readonly kind: 'done' }
  | { readonly kind: 'edge-to-unlabelled'; readonly edge: number }
  | { readonly kind: 'edge-between-outer'; readonly edge: number }
  | { readonly kind: 'inner-blossom-spent'; readonly blossom: number }

/** The move found, as plain numbers (thousands of moves a solve: no object per candidate). */
interface Move {
  kind: DualStep['kind'] | null
  target: number
  delta: number
}

/**
 * Moves the duals by the largest δ that keeps every edge feasible (outer vertices down, inner
 * ones up, outer blossoms up by 2δ, inner blossoms down) and says what that δ achieved: an edge
 * from an outer blossom to an unlabelled vertex or to another outer blossom became tight, an
 * inner blossom's dual reached 0, or nothing more can be gained ('done': without maximum
 * cardinality when some vertex dual reaches 0, with it when no tree can grow). Ties go to the
 * first category in that order, then to the lowest id.
 */
function adjustDuals(s: Solver, maxCardinality: boolean): DualStep {
  const move: Move = { kind: null, target: -1, delta: 0 }
  if (!maxCardinality) {
    move.kind = 'done'
    move.delta = Infinity
    for (let v = 0; v < s.n; v++) move.delta = Math.min(move.delta, dualOf(s, v))
  }
  switch (s.search) {
    case 'queued':
      leastByQueue(s, move)
      break
    case 'scan':
      leastByScan(s, move)
      break
  }
  const { target } = move
  let kind = move.kind
  if (kind === null) {
    // No augmenting path is left: the matching has maximum cardinality.
    kind = 'done'
  } else {
    s.shift += move.delta
  }
  switch (kind) {
    case 'done':
      return { kind }
    case 'edge-to-unlabelled':
    case 'edge-between-outer':
      return { kind, edge: target }
    case 'inner-blossom-spent':
      return { kind, blossom: target }
  }
}

function offer(move: Move, kind: DualStep['kind'], d: number, target: number): void {
  if (move.kind === null || d < move.delta) {
    move.kind = kind
    move.delta = d
    move.target = target
  }
}

/** The reference: every vertex and blossom looked at, in id order. */
function leastByScan(s: Solver, move: Move): void {
  const { n, label, topBlossom, leastSlack } = s
  for (let v = 0; v < n; v++) {
    if (label[at(topBlossom, v)] === UNLABELLED && leastSlack[v] !== -1) {
      offer(move, 'edge-to-unlabelled', slack(s, at(leastSlack, v)), at(leastSlack, v))
    }
  }
  for (let b = 0; b < 2 * n; b++) {
    if (s.parent[b] === -1 && label[b] === OUTER && leastSlack[b] !== -1) {
      offer(move, 'edge-between-outer', halfSlack(s, at(leastSlack, b)), at(leastSlack, b))
    }
  }
  for (let b = n; b < 2 * n; b++) {
    if (at(s.base, b) >= 0 && s.parent[b] === -1 && label[b] === INNER) {
      offer(move, 'inner-blossom-spent', dualOf(s, b), b)
    }
  }
}

function halfSlack(s: Solver, k: number): number {
  const twice = slack(s, k)
  if (twice % 2 !== 0) throw new Error('blossom: odd slack between S-vertices')
  return twice / 2
}

/**
 * The same move from the queues: the least live entry of each category (stale ones, whose
 * vertex or blossom has been labelled, absorbed or given another edge since, are dropped).
 */
function leastByQueue(s: Solver, move: Move): void {
  queueImproved(s)
  const { label, topBlossom, leastSlack, shift } = s
  const q1 = s.towardUnlabelled
  while (q1.keys.length > 0) {
    const v = q1.ids[0] as number
    const k = q1.edges[0] as number
    if (
      label[at(topBlossom, v)] === UNLABELLED &&
      leastSlack[v] === k &&
      slack(s, k) === (q1.keys[0] as number) - shift
    ) {
      offer(move, 'edge-to-unlabelled', slack(s, k), k)
      break
    }
    popQueue(q1)
  }
  const q2 = s.betweenOuter
  while (q2.keys.length > 0) {
    const b = q2.ids[0] as number
    const k = q2.edges[0] as number
    if (
      s.parent[b] === -1 &&
      label[b] === OUTER &&
      leastSlack[b] === k &&
      halfSlack(s, k) === (q2.keys[0] as number) - shift
    ) {
      offer(move, 'edge-between-outer', halfSlack(s, k), k)
      break
    }
    popQueue(q2)
  }
  const q3 = s.innerBlossoms
  while (q3.keys.length > 0) {
    const b = q3.ids[0] as number
    if (
      at(s.base, b) >= 0 &&
      s.parent[b] === -1 &&
      label[b] === INNER &&
      dualOf(s, b) === (q3.keys[0] as number) - shift
    ) {
      offer(move, 'inner-blossom-spent', dualOf(s, b), b)
      break
    }
    popQueue(q3)
  }
}
