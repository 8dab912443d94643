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
