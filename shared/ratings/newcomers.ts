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
  // The search tries whole numbers 0–3000: against whole-numbered ratings every term is a table
  // entry, the same number `expectedScore` gives, summed in the same order.
  const whole = ratings.every((or) => Number.isInteger(or) && Math.abs(or) <= TABLE_REACH - 3000)
  let r: number
  if (whole) {
    const table = expectationTable(kind)
    const shifted = Int32Array.from(ratings, (or) => TABLE_REACH - or)
    r = lastMidpoint(
      (x) => {
        let e = -target
        for (let j = 0; j < shifted.length; j++) e += table[x + (shifted[j] ?? 0)] ?? 0
        return e
      },
      0,
      3000,
    )
  } else {
    const expect = expectationOf(kind)
    r = lastMidpoint(
      (x) => {
        let e = -target
        for (const or of ratings) e += expect(x, or)
        return e
      },
      0,
      3000,
    )
  }
  if (r < 500) r = 500
  if (best !== 0) r = Math.min(r, best + (400 * wins) / ratings.length)
  return r
}

/**
 * Iterated performance ratings (issue 22, "Newcomers"): each pass, every newcomer's rating is the
 * whole number on 0–3000 where their expected score against this segment's opponents (rated ones at
 * their rating, newcomers at the previous pass's value) meets their wins, at least 500 and at most the
 * best opponent + 400 × win share, from the mean of their rated opponents (or 1500). If 50 passes do
 * not settle, the mean of 50 more is taken, as tsh does.
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

  const performance = (p: number, capByNewcomers: boolean): number => {
    const opps = games.opponents[p] ?? []
    const ratings = opps.map((o) => ((start[o] ?? 0) !== 0 ? (start[o] ?? 0) : (current[o] ?? 0)))
    let bestRated = 0
    let bestNew = 0
    for (const o of opps) {
      const rated = start[o] ?? 0
      if (rated !== 0) bestRated = Math.max(bestRated, rated)
      else if (capByNewcomers && current[o] !== undefined) bestNew = Math.max(bestNew, current[o])
    }
    return searchPerformance(
      rules.expectation,
      ratings,
      games.wins[p] ?? 0,
      bestRated !== 0 ? bestRated : bestNew,
    )
  }

  // A newcomer's value depends only on its newcomer opponents' values of the pass before: when none
  // of them changed, it is what it was, so only those beside a change are worked out again (exact).
  const newcomerOpponents = unrated.map((p) =>
    (games.opponents[p] ?? []).filter((o) => (start[o] ?? 0) === 0),
  )
  const played = unrated.map((p) => (games.opponents[p]?.length ?? 0) > 0)
  let moved = new Set<number>()
  const dependsOnMove = (k: number, first: boolean): boolean =>
    first || (newcomerOpponents[k] ?? []).some((o) => moved.has(o))

  let settled = false
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = new Map<number, number | undefined>()
    unrated.forEach((p, k) => {
      if (!played[k]) next.set(p, undefined)
      else if (dependsOnMove(k, pass === 0)) next.set(p, performance(p, true))
    })
    const nowMoved = new Set<number>()
    for (const [p, r] of next) {
      if (r !== current[p]) nowMoved.add(p)
      current[p] = r
    }
    // The first pass also drops the starting means of newcomers without a game, which no one reads.
    const changed = [...nowMoved].some((p) => next.get(p) !== undefined)
    moved = nowMoved
    if (!changed) {
      settled = true
      break
    }
  }
  if (settled) return current
  const sums = new Array<number>(n).fill(0)
  const latest = new Map<number, number>()
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next = new Map<number, number>()
    unrated.forEach((p, k) => {
      if (!played[k]) return
      const r = pass === 0 || dependsOnMove(k, false) ? performance(p, false) : (latest.get(p) ?? 0)
      next.set(p, r)
      sums[p] = (sums[p] ?? 0) + r
    })
    const nowMoved = new Set<number>()
    for (const [p, r] of next) {
      if (r !== current[p]) nowMoved.add(p)
      current[p] = r
      latest.set(p, r)
    }
    moved = nowMoved
  }
  unrated.forEach((p, k) => {
    if (played[k]) current[p] = (sums[p] ?? 0) / MAX_PASSES
  })
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
