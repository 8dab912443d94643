import type { EloRules } from './rating-systems'

/**
 * Points per game of excess (issue 22, "Multiplier"): fewer than 50 lifetime games 30 / 24 / 15 below
 * 1800 / 1800–1999 / 2000 up, otherwise 20 / 16 / 10; `aus` always 20.
 */
export function multiplier(rules: EloRules, lifetimeGames: number, rating: number): number {
  if (rules.multiplier === 'flat20') return 20
  if (lifetimeGames < 50) return rating < 1800 ? 30 : rating < 2000 ? 24 : 15
  return rating < 1800 ? 20 : rating < 2000 ? 16 : 10
}

/**
 * A veteran's rating after turning `excess` games into points (issue 22, "Multiplier"): a change that
 * crosses 1800 or 2000 stops at the boundary (going down: 1799, 1999) and goes on at the new band's
 * multiplier. The NSA's original code has two quirks the real files show: a player starting exactly
 * at 1800 who loses points keeps the 1800 band's multiplier all the way, and one exactly at 2000 does
 * too unless the drop takes them below 1799, where it stops at 1799 first.
 */
export function applyExcess(
  rules: EloRules,
  lifetimeGames: number,
  rating: number,
  excess: number,
): number {
  let rest = excess
  let current = rating
  while (rest !== 0) {
    const m = multiplier(rules, lifetimeGames, current)
    const target = current + m * rest
    if (rules.ignoreBoundaries || m === multiplier(rules, lifetimeGames, target)) return target
    let boundary: number
    if (current < 1800) boundary = 1800
    else if (current === 1800 && rest < 0 && rules.homan) return target
    else if (current < 2000) boundary = rest > 0 ? 2000 : 1799
    else if (current === 2000 && rest < 0 && rules.homan) {
      if (target < 1799) boundary = 1799
      else return target
    } else boundary = 1999
    rest -= (boundary - current) / m
    current = boundary
  }
  return current
}
