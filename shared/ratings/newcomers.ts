import { expectationOf, expectationTable, expectedScore, TABLE_REACH } from './expected-score'
import type { EloRules, Expectation } from './rating-systems'
import type { SegmentGames } from './segment-games'

/** tsh gives up iterating newcomers' ratings after this many passes (issue 22, "Newcomers"). */
const MAX_PASSES = 50

/**
 * The last midpoint of a binary search on whole numbers of `low..high` for the zero of an increasing
 * `f`: tsh keeps the last point it tried, not the bound, so the answer can be one below the root.
 */
export function lastMidpoint(f: (x: number) => number, low: number, high: number): number {
  let lo = low
  let hi = high
  let mid = lo
  while (hi - lo > 1) {
    mid = Math.floor((lo + hi) / 2)
    if (f(mid) < 0) lo = mid
    else hi = mid
  }
  return mid
}

/**
 * The ratings of the players unrated at the segment's start (`start[i]` 0), by index; `undefined` for
 * one with no rated game in the segment, which tsh leaves without a rating (0), except under `nsa`.
 */
export function rateNewcomers(
  rules: EloRules,
  start: readonly number[],
  games: SegmentGames,
): readonly (number | undefined)[] {
  return rules.homan ? homanNewcomers(start, games) : iteratedNewcomers(rules, start, games)
}

/**
 * Win share clipped to 5%–95% so a perfect or empty record still has a finite performance rating
 * (issue 22, "Newcomers").
 */
function clippedWins(wins: number, games: number): number {
  if (wins === 0) return games * 0.05
  if (wins === games) return games * 0.95
  return wins
}

/** Whole ratings the search looks up: x − r stays within the table for every x on 0–3000. */
const inTable = (r: number): boolean =>
  Number.isInteger(r) && r >= SEARCH_HIGH - TABLE_REACH && r <= TABLE_REACH
const SEARCH_HIGH = 3000

/**
 * The search on whole numbers 0–3000 for the rating where the expected score against opponents
 * at `shifted[j] = TABLE_REACH − rating` (the first `length`) meets `target`: every term is the
 * table entry `expectedScore` gives for that whole difference, summed in the opponents' order.
 */
function searchTable(
  table: Float64Array,
  shifted: Int32Array,
  length: number,
  target: number,
): number {
  return lastMidpoint(
    (x) => {
      let e = -target
      for (let j = 0; j < length; j++) e += table[x + (shifted[j] ?? 0)] ?? 0
      return e
    },
    0,
    SEARCH_HIGH,
  )
}

/** The same search against any ratings (some not whole), each term worked out. */
function searchAny(kind: Expectation, ratings: ArrayLike<number>, target: number): number {
  const expect = expectationOf(kind)
  return lastMidpoint(
    (x) => {
      let e = -target
      for (let j = 0; j < ratings.length; j++) e += expect(x, ratings[j] ?? 0)
      return e
    },
    0,
    SEARCH_HIGH,
  )
}

/** At least 500, at most `best` + 400 × win share (`best` 0: no cap). */
function bounded(r: number, wins: number, games: number, best: number): number {
  const floor = r < 500 ? 500 : r
  return best !== 0 ? Math.min(floor, best + (400 * wins) / games) : floor
}

/**
 * The performance rating of a record against opponents rated `ratings` (issue 22, "Newcomers"): the
 * whole number on 0–3000 where the expected score under `kind` meets `wins` (clipped to 5%–95% of
 * the games), at least 500, at most `best` + 400 × win share (`best` 0: no cap). tsh's newcomer
 * search; the engine rates newcomers with it and the ratings report shows it for everyone.
 */
export function searchPerformance(
  kind: Expectation,
  ratings: readonly number[],
  wins: number,
  best: number,
): number {
  const target = clippedWins(wins, ratings.length)
  const r = ratings.every(inTable)
    ? searchTable(
        expectationTable(kind),
        Int32Array.from(ratings, (or) => TABLE_REACH - or),
        ratings.length,
        target,
      )
    : searchAny(kind, ratings, target)
  return bounded(r, wins, ratings.length, best)
}

/**
 * Iterated performance ratings (issue 22, "Newcomers"): each pass, every newcomer's rating is the
 * whole number on 0–3000 where their expected score against this segment's opponents (rated ones at
 * their rating, newcomers at the previous pass's value) meets their wins, at least 500 and at most the
 * best opponent + 400 × win share, from the mean of their rated opponents (or 1500). If 50 passes do
 * not settle, the mean of 50 more is taken, as tsh does.
 *
 * This is the engine's hot path (every round of every estimate iterates it), so each newcomer's
 * opponents are laid out once in typed arrays and a pass allocates nothing.
 */
function iteratedNewcomers(
  rules: EloRules,
  start: readonly number[],
  games: SegmentGames,
): readonly (number | undefined)[] {
  const n = start.length
  const unrated: number[] = []
  const current: (number | undefined)[] = new Array<number | undefined>(n).fill(undefined)
  for (let i = 0; i < n; i++) {
    if (start[i] !== 0) continue
    unrated.push(i)
    let sum = 0
    let count = 0
    for (const o of games.opponents[i] ?? []) {
      const r = start[o] ?? 0
      if (r !== 0) {
        sum += r
        count++
      }
    }
    current[i] = count > 0 ? sum / count : 1500
  }
  if (unrated.length === 0) return current

  const kind = rules.expectation
  const table = expectationTable(kind)
  const u = unrated.length
  // Per newcomer k: its opponents (player indices), which of them are newcomers, the rated ones'
  // best rating, whether the rated ones are all table-looked-up, and a buffer of shifted ratings
  // whose rated entries are set once.
  const opps: Int32Array[] = []
  const newcomerOpp: Uint8Array[] = []
  const shifted: Int32Array[] = []
  const ratings: Float64Array[] = []
  const bestRated = new Float64Array(u)
  const ratedInTable = new Uint8Array(u)
  const wins = new Float64Array(u)
  const target = new Float64Array(u)
  const played = new Uint8Array(u)
  const hasNewcomerOpp = new Uint8Array(u)
  // The newcomers each newcomer's value depends on, as indices into `unrated`.
  const dependsOn: Int32Array[] = []
  const slot = new Int32Array(n).fill(-1)
  unrated.forEach((p, k) => (slot[p] = k))
  unrated.forEach((p, k) => {
    const list = games.opponents[p] ?? []
    const o = Int32Array.from(list)
    const isNew = new Uint8Array(list.length)
    const sh = new Int32Array(list.length)
    const rs = new Float64Array(list.length)
    let best = 0
    let whole = 1
    const deps: number[] = []
    list.forEach((q, j) => {
      const r = start[q] ?? 0
      if (r === 0) {
        isNew[j] = 1
        hasNewcomerOpp[k] = 1
        deps.push(slot[q] ?? -1)
      } else {
        best = Math.max(best, r)
        rs[j] = r
        if (inTable(r)) sh[j] = TABLE_REACH - r
        else whole = 0
      }
    })
    opps.push(o)
    newcomerOpp.push(isNew)
    shifted.push(sh)
    ratings.push(rs)
    dependsOn.push(Int32Array.from(deps))
    bestRated[k] = best
    ratedInTable[k] = whole
    const won = games.wins[p] ?? 0
    wins[k] = won
    target[k] = clippedWins(won, list.length)
    played[k] = list.length > 0 ? 1 : 0
  })

  const performance = (k: number, capByNewcomers: boolean): number => {
    const o = opps[k] ?? new Int32Array(0)
    const isNew = newcomerOpp[k] ?? new Uint8Array(0)
    const sh = shifted[k] ?? new Int32Array(0)
    const rs = ratings[k] ?? new Float64Array(0)
    let whole = ratedInTable[k] === 1
    let bestNew = 0
    if (hasNewcomerOpp[k] === 1) {
      for (let j = 0; j < o.length; j++) {
        if (isNew[j] !== 1) continue
        const c = current[o[j] ?? 0]
        const r = c ?? 0
        rs[j] = r
        if (inTable(r)) sh[j] = TABLE_REACH - r
        else whole = false
        if (capByNewcomers && c !== undefined) bestNew = Math.max(bestNew, c)
      }
    }
    const t = target[k] ?? 0
    const r = whole ? searchTable(table, sh, o.length, t) : searchAny(kind, rs, t)
    const best = (bestRated[k] ?? 0) !== 0 ? (bestRated[k] ?? 0) : bestNew
    return bounded(r, wins[k] ?? 0, o.length, best)
  }

  // A newcomer's value depends only on its newcomer opponents' values of the pass before: when none
  // of them changed, it is what it was, so only those beside a change are worked out again (exact).
  let moved = new Uint8Array(u)
  let nowMoved = new Uint8Array(u)
  const dependsOnMove = (k: number): boolean => {
    const deps = dependsOn[k] ?? new Int32Array(0)
    for (let j = 0; j < deps.length; j++) if (moved[deps[j] ?? 0] === 1) return true
    return false
  }
  // This pass's values, applied together after the pass (each reads the pass before's).
  const next = new Float64Array(u)
  const computed = new Uint8Array(u)

  let settled = false
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    computed.fill(0)
    for (let k = 0; k < u; k++) {
      if (played[k] === 1 && (pass === 0 || dependsOnMove(k))) {
        next[k] = performance(k, true)
        computed[k] = 1
      }
    }
    nowMoved.fill(0)
    let changed = false
    for (let k = 0; k < u; k++) {
      const p = unrated[k] ?? 0
      if (played[k] !== 1) {
        // The first pass drops the starting means of newcomers without a game, which no one reads.
        if (pass === 0 && current[p] !== undefined) {
          current[p] = undefined
          nowMoved[k] = 1
        }
        continue
      }
      if (computed[k] !== 1) continue
      const r = next[k] ?? 0
      if (r !== current[p]) {
        nowMoved[k] = 1
        changed = true
      }
      current[p] = r
    }
    ;[moved, nowMoved] = [nowMoved, moved]
    if (!changed) {
      settled = true
      break
    }
  }
  if (settled) return current
  const sums = new Float64Array(u)
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    computed.fill(0)
    for (let k = 0; k < u; k++) {
      if (played[k] !== 1) continue
      if (pass === 0 || dependsOnMove(k)) {
        next[k] = performance(k, false)
        computed[k] = 1
      }
    }
    nowMoved.fill(0)
    for (let k = 0; k < u; k++) {
      if (played[k] !== 1) continue
      const p = unrated[k] ?? 0
      // Unchanged inputs give the value of the pass before, which is the current one.
      const r = computed[k] === 1 ? (next[k] ?? 0) : (current[p] ?? 0)
      sums[k] = (sums[k] ?? 0) + r
      if (r !== current[p]) nowMoved[k] = 1
      current[p] = r
    }
    ;[moved, nowMoved] = [nowMoved, moved]
  }
  for (let k = 0; k < u; k++) {
    if (played[k] === 1) current[unrated[k] ?? 0] = (sums[k] ?? 0) / MAX_PASSES
  }
  return current
}

/**
 * The NSA's pseudo-performance rating (issue 22, "Newcomers"; tsh's Homan PR): the mean opponent
 * rating plus the smallest whole difference (up to 700) at which Homan's table expects the player's
 * win share (clipped to 5%–95%), at least 500, at most the best rated opponent + 400 × win share,
 * rounded half up.
 */
export function homanPerformance(
  games: number,
  wins: number,
  sumOpponents: number,
  bestRatedOpponent: number,
): number {
  if (games === 0) return 0
  const mean = sumOpponents / games
  let share = wins / games
  if (share === 0) share = 0.05
  else if (share === 1) share = 0.95
  const need = share < 0.5 ? 1 - share : share
  // The smallest difference up to 700 whose expectation reaches `need` (tsh counts up from 0; the
  // table rises, so halving finds the same one).
  let low = 0
  let high = 700
  while (low < high) {
    const mid = (low + high) >> 1
    if (expectedScore('nsa-table', mid, 0) < need) low = mid + 1
    else high = mid
  }
  const diff = low
  let pr = share < 0.5 ? mean - diff : mean + diff
  if (pr < 500) pr = 500
  if (bestRatedOpponent !== 0) pr = Math.min(pr, bestRatedOpponent + (400 * wins) / games)
  return Math.trunc(pr + 0.5)
}

/**
 * `nsa` newcomers: everyone starts at their rating (newcomers at 1500) and each pass gives every
 * newcomer the pseudo-performance rating against the opponents' values of the pass before, until two
 * passes in a row change the same amount of at most one point, or 50 passes. A newcomer with no
 * rated game keeps 1500.
 */
function homanNewcomers(
  start: readonly number[],
  games: SegmentGames,
): readonly (number | undefined)[] {
  const n = start.length
  const current = start.map((r) => (r !== 0 ? r : 1500))
  const proposed: (number | undefined)[] = new Array<number | undefined>(n).fill(undefined)
  const unrated: number[] = []
  for (let i = 0; i < n; i++) if (start[i] === 0) unrated.push(i)
  const newcomerOpponents = unrated.map((p) =>
    (games.opponents[p] ?? []).filter((o) => (start[o] ?? 0) === 0),
  )
  let moved = new Set<number>()
  let changedBefore = -1
  let totalBefore = -1
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let changed = 0
    let total = 0
    unrated.forEach((p, k) => {
      const opps = games.opponents[p] ?? []
      if (opps.length === 0) return
      // Unchanged newcomer opponents give the value of the pass before, which is the current one.
      if (pass > 0 && !(newcomerOpponents[k] ?? []).some((o) => moved.has(o))) return
      let sum = 0
      let best = 0
      for (const o of opps) {
        sum += current[o] ?? 0
        best = Math.max(best, start[o] ?? 0)
      }
      const pr = homanPerformance(opps.length, games.wins[p] ?? 0, sum, best)
      if (pr !== current[p]) {
        changed = 1
        total += Math.abs((proposed[p] ?? 0) - pr)
        proposed[p] = pr
      }
    })
    const nowMoved = new Set<number>()
    for (const p of unrated) {
      const pr = proposed[p]
      if (pr !== undefined && pr !== current[p]) {
        current[p] = pr
        nowMoved.add(p)
      }
    }
    moved = nowMoved
    if (changed === changedBefore && total === totalBefore && total <= changed) break
    changedBefore = changed
    totalBefore = total
  }
  return current.map((r, i) => (start[i] === 0 ? r : undefined))
}
