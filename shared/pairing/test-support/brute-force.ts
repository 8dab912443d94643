/** Exhaustive matchings for checking the engine on small graphs (tests only). */

/** Minimum total cost of a perfect matching of 0..n-1 using `cost` (null = not allowed), or null. */
export function bruteMinCostPerfect(
  n: number,
  cost: (u: number, v: number) => number | null,
): number | null {
  if (n % 2 === 1) return null
  const memo = new Map<number, number | null>()
  const full = (1 << n) - 1
  const solve = (used: number): number | null => {
    if (used === full) return 0
    const hit = memo.get(used)
    if (hit !== undefined) return hit
    let u = 0
    while ((used & (1 << u)) !== 0) u++
    let best: number | null = null
    for (let v = u + 1; v < n; v++) {
      if ((used & (1 << v)) !== 0) continue
      const c = cost(u, v)
      if (c === null) continue
      const rest = solve(used | (1 << u) | (1 << v))
      if (rest !== null && (best === null || c + rest < best)) best = c + rest
    }
    memo.set(used, best)
    return best
  }
  return solve(0)
}

/** Best [cardinality, weight] of any matching (cardinality first), for the max-weight engine. */
export function bruteMaxCardinalityWeight(
  n: number,
  weight: (u: number, v: number) => number | null,
): readonly [number, number] {
  const memo = new Map<number, readonly [number, number]>()
  const full = (1 << n) - 1
  const better = (a: readonly [number, number], b: readonly [number, number]): boolean =>
    a[0] > b[0] || (a[0] === b[0] && a[1] > b[1])
  const solve = (used: number): readonly [number, number] => {
    if (used === full) return [0, 0]
    const hit = memo.get(used)
    if (hit !== undefined) return hit
    let u = 0
    while ((used & (1 << u)) !== 0) u++
    // u stays unmatched…
    let best = solve(used | (1 << u))
    // …or is matched to a free neighbour.
    for (let v = u + 1; v < n; v++) {
      if ((used & (1 << v)) !== 0) continue
      const w = weight(u, v)
      if (w === null) continue
      const [c, t] = solve(used | (1 << u) | (1 << v))
      const option = [c + 1, t + w] as const
      if (better(option, best)) best = option
    }
    memo.set(used, best)
    return best
  }
  return solve(0)
}

/** Lexicographic sum of two tier vectors, and the order between them. */
const addVectors = (a: readonly number[], b: readonly number[]): number[] =>
  a.map((x, t) => x + (b[t] ?? 0))
const lexLess = (a: readonly number[], b: readonly number[]): boolean => {
  for (let t = 0; t < a.length; t++) {
    if ((a[t] ?? 0) !== (b[t] ?? 0)) return (a[t] ?? 0) < (b[t] ?? 0)
  }
  return false
}

/**
 * The lexicographically least sum of tier vectors over every perfect matching of 0..n-1
 * (`values` null = not allowed), or null when none exists. Exhaustive: n up to about 16.
 */
export function bruteLexMin(
  n: number,
  tiers: number,
  values: (u: number, v: number) => readonly number[] | null,
): readonly number[] | null {
  if (n % 2 === 1) return null
  const memo = new Map<number, readonly number[] | null>()
  const full = (1 << n) - 1
  const solve = (used: number): readonly number[] | null => {
    if (used === full) return new Array<number>(tiers).fill(0)
    const hit = memo.get(used)
    if (hit !== undefined) return hit
    let u = 0
    while ((used & (1 << u)) !== 0) u++
    let best: readonly number[] | null = null
    for (let v = u + 1; v < n; v++) {
      if ((used & (1 << v)) !== 0) continue
      const c = values(u, v)
      if (c === null) continue
      const rest = solve(used | (1 << u) | (1 << v))
      if (rest === null) continue
      const total = addVectors(c, rest)
      if (best === null || lexLess(total, best)) best = total
    }
    memo.set(used, best)
    return best
  }
  return solve(0)
}

/** Best total weight of any matching (cardinality aside), for the max-weight engine. */
export function bruteMaxWeight(n: number, weight: (u: number, v: number) => number | null): number {
  const memo = new Map<number, number>()
  const full = (1 << n) - 1
  const solve = (used: number): number => {
    if (used === full) return 0
    const hit = memo.get(used)
    if (hit !== undefined) return hit
    let u = 0
    while ((used & (1 << u)) !== 0) u++
    let best = solve(used | (1 << u))
    for (let v = u + 1; v < n; v++) {
      if ((used & (1 << v)) !== 0) continue
      const w = weight(u, v)
      if (w !== null) best = Math.max(best, w + solve(used | (1 << u) | (1 << v)))
    }
    memo.set(used, best)
    return best
  }
  return solve(0)
}
