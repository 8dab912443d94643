import { NSA_WIN_PROBABILITIES } from './nsa-win-table'
import type { Expectation } from './rating-systems'

/** The logistic slope of the NSA's 2008 system and NASPA's (issue 22, "One segment"). */
const LOGISTIC_SLOPE = 0.0031879

/**
 * ½(1 + erf(x)) by its Taylor series, summed until a term is below 1e-10 and clipped to 0 and 1
 * beyond ±4, as tsh sums it, so `elo` estimates agree with tsh's to the last digit.
 */
export function halfErfc(x: number): number {
  if (x >= 4) return 1
  if (x <= -4) return 0
  let sum = 0.5
  let term = x / Math.sqrt(Math.PI)
  const x2 = x * x
  for (let n = 1; Math.abs(term) > 1e-10; n++) {
    sum += term
    term *= -(x2 * (2 * n - 1)) / ((2 * n + 1) * n)
  }
  return sum
}

/** Homan's table: the difference clipped to ±700 and cut to a whole number, as an array index is. */
function nsaTable(d: number): number {
  const clipped = Math.max(-700, Math.min(700, d))
  const index = Math.trunc(Math.abs(clipped))
  const p = NSA_WIN_PROBABILITIES[index] ?? 1
  return clipped >= 0 ? p : 1 - p
}

/** The expected score of a player rated `own` against one rated `opponent` (issue 22, "One segment"). */
export function expectedScore(kind: Expectation, own: number, opponent: number): number {
  const d = own - opponent
  switch (kind) {
    case 'nsa-table':
      return nsaTable(d)
    case 'logistic':
      return 1 - 1 / (1 + Math.exp(LOGISTIC_SLOPE * d))
    case 'wespa':
      return 1 / (1 + Math.exp(-d / 172))
    case 'aus':
      return Math.max(0.05, Math.min(0.95, (50 + d / 12) / 100))
    case 'normal':
      return halfErfc(d / 400)
  }
}

/** Whole rating differences up to this size are looked up instead of worked out. */
export const TABLE_REACH = 4000
const tables = new Map<Expectation, Float64Array>()

/** `expectedScore(kind, d, 0)` at index `d + TABLE_REACH` for every whole d within the reach. */
export function expectationTable(kind: Expectation): Float64Array {
  let table = tables.get(kind)
  if (table === undefined) {
    table = new Float64Array(2 * TABLE_REACH + 1)
    for (let d = -TABLE_REACH; d <= TABLE_REACH; d++) {
      table[d + TABLE_REACH] = expectedScore(kind, d, 0)
    }
    tables.set(kind, table)
  }
  return table
}

/**
 * `expectedScore` for one kind, looked up for whole differences (the usual case: ratings are whole
 * numbers; the values are the very numbers the formula gives, worked out once) and worked out
 * otherwise. Rating thousands of players re-rates every round, so this is the hot path.
 */
export function expectationOf(kind: Expectation): (own: number, opponent: number) => number {
  const values = expectationTable(kind)
  return (own, opponent) => {
    const d = own - opponent
    if (Number.isInteger(d) && d >= -TABLE_REACH && d <= TABLE_REACH) {
      return values[d + TABLE_REACH] ?? expectedScore(kind, own, opponent)
    }
    return expectedScore(kind, own, opponent)
  }
}
