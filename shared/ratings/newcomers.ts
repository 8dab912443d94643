import { expectedScore } from './expected-score'
import type { EloRules } from './rating-systems'
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
    const won = games.wins[p] ?? 0
    const target = clippedWins(won, opps.length)
    const ratings = opps.map((o) => ((start[o] ?? 0) !== 0 ? (start[o] ?? 0) : (current[o] ?? 0)))
    let r = lastMidpoint(
      (x) => {
        let e = -target
        for (const or of ratings) e += expectedScore(rules.expectation, x, or)
        return e
      },
      0,
      3000,
    )
    if (r < 500) r = 500
    let bestRated = 0
    let bestNew = 0
    for (const o of opps) {
      const rated = start[o] ?? 0
      if (rated !== 0) bestRated = Math.max(bestRated, rated)
      else if (capByNewcomers && current[o] !== undefined) bestNew = Math.max(bestNew, current[o])
    }
    const best = bestRated !== 0 ? bestRated : bestNew
    if (best !== 0) r = Math.min(r, best + (400 * won) / opps.length)
    return r
  }

  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let changed = false
    const next: (number | undefined)[] = new Array<number | undefined>(n).fill(undefined)
    for (const p of unrated) {
      if ((games.opponents[p]?.length ?? 0) === 0) continue
      const r = performance(p, true)
      if (r !== current[p]) changed = true
      next[p] = r
    }
    for (const p of unrated) current[p] = next[p]
    if (!changed) return current
  }
  const sums = new Array<number>(n).fill(0)
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const next: (number | undefined)[] = new Array<number | undefined>(n).fill(undefined)
    for (const p of unrated) {
      if ((games.opponents[p]?.length ?? 0) === 0) continue
      const r = performance(p, false)
      next[p] = r
      sums[p] = (sums[p] ?? 0) + r
    }
    for (const p of unrated) current[p] = next[p]
  }
  for (const p of unrated) {
    if ((games.opponents[p]?.length ?? 0) > 0) current[p] = (sums[p] ?? 0) / MAX_PASSES
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
  let diff = 0
  while (diff < 700 && expectedScore('nsa-table', diff, 0) < need) diff++
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
  let changedBefore = -1
  let totalBefore = -1
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let changed = 0
    let total = 0
    for (const p of unrated) {
      const opps = games.opponents[p] ?? []
      if (opps.length === 0) continue
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
    }
    for (const p of unrated) {
      const pr = proposed[p]
      if (pr !== undefined) current[p] = pr
    }
    if (changed === changedBefore && total === totalBefore && total <= changed) break
    changedBefore = changed
    totalBefore = total
  }
  return current.map((r, i) => (start[i] === 0 ? r : undefined))
}
