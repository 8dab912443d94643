import { expectationOf } from './expected-score'
import { applyExcess } from './multiplier'
import { rateNewcomers } from './newcomers'
import type { EloRules } from './rating-systems'
import type { SegmentGames } from './segment-games'

/** Perl's `int(x + 0.5)`: half up for the positive numbers ratings are. */
export const roundHalfUp = (x: number): number => Math.trunc(x + 0.5)

/**
 * Everyone's rating after one segment, by index, from their ratings at its start (0 = unrated) —
 * issue 22's "One segment", "Multiplier" and "Acceleration", in tsh's order: newcomers first (rated
 * at their performance), then each veteran's excess over expectation against opponents' ratings at
 * the segment start (newcomers at their new rating), then acceleration in player order with feedback
 * to rated opponents, the floor, deferred feedback, and rounding half up.
 */
export function rateSegment(
  rules: EloRules,
  start: readonly number[],
  lifetimeGames: readonly number[],
  games: SegmentGames,
): number[] {
  const n = start.length
  const newcomers = rateNewcomers(rules, start, games)
  const effective = start.map((r, i) => (r !== 0 ? r : (newcomers[i] ?? 0)))
  const rating = effective.slice()
  const expect = expectationOf(rules.expectation)
  for (let i = 0; i < n; i++) {
    const own = start[i] ?? 0
    if (own === 0 || games.entries[i] !== true) continue
    const me = effective[i] ?? 0
    let excess = games.wins[i] ?? 0
    for (const o of games.opponents[i] ?? []) {
      excess -= expect(me, effective[o] ?? 0)
    }
    rating[i] = applyExcess(rules, lifetimeGames[i] ?? 0, own, excess)
  }
  const feedback = new Array<number>(n).fill(0)
  if (rules.acceleration > 0) {
    for (let i = 0; i < n; i++) {
      const own = start[i] ?? 0
      if (own === 0) continue
      const opps = games.opponents[i] ?? []
      const accel = rules.acceleration * ((rating[i] ?? 0) - own - 5 * opps.length)
      if (!(accel > 0)) continue
      rating[i] = (rating[i] ?? 0) + accel
      const share = accel / 20
      for (const o of opps) {
        if ((start[o] ?? 0) === 0) continue
        switch (rules.feedback) {
          case 'immediate':
            rating[o] = (rating[o] ?? 0) + share
            break
          case 'deferred':
            feedback[o] = (feedback[o] ?? 0) + share
            break
          case 'none':
            break
        }
      }
    }
  }
  for (let i = 0; i < n; i++) {
    let r = rating[i] ?? 0
    if (rules.floor !== null && (start[i] ?? 0) !== 0 && r < rules.floor) r = rules.floor
    rating[i] = roundHalfUp(r + (feedback[i] ?? 0))
  }
  return rating
}
