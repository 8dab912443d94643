import { homanPerformance, searchPerformance } from './newcomers'
import type { PlayerEstimates, RatingPlayer } from './estimate'
import { ELO_RULES, type RatingSystem } from './rating-systems'
import { roundHalfUp } from './segment-rating'

/**
 * A record's performance rating under a division's system (tsh's RATings lists it beside old, new
 * and change), from the opponents' ratings and the score (a tie half a win); null without a rated
 * game or under `none`. It is the engine's own newcomer rating, so a newcomer's performance in a
 * one-segment event against rated opponents is their new rating:
 * - the Elo family: tsh's iterated search (`searchPerformance`) under the system's expectation;
 * - `nsa`: the NSA's pseudo-performance rating (`homanPerformance`), which `nsa` rates newcomers by;
 * - `absp`: ABSP's rating of a newcomer, the mean of each opponent's rating +50 for a win and −50
 *   for a loss (issue 22, "Newcomers"), without the ±40 clamp a rated player's own rating puts on
 *   opponents — the clamp is about the player's rating, not the games.
 */
export function performanceRating(
  system: RatingSystem,
  opponents: readonly number[],
  wins: number,
): number | null {
  const games = opponents.length
  if (games === 0) return null
  let sum = 0
  let best = 0
  for (const r of opponents) {
    sum += r
    best = Math.max(best, r)
  }
  switch (system) {
    case 'none':
      return null
    case 'absp':
      // Σ ±50 over the games is 50 × (wins − losses) = 50 × (2 × score − games), ties adding 0.
      return roundHalfUp((sum + 50 * (2 * wins - games)) / games)
    case 'nsa':
      return homanPerformance(games, wins, sum, best)
    case 'nsa2008':
    case 'naspa-csw':
    case 'naspa2024':
    case 'wespa':
    case 'aus':
    case 'elo':
      return searchPerformance(ELO_RULES[system].expectation, opponents, wins, best)
  }
}

/**
 * Each player's performance over rounds 1..`round` (byes, forfeits and unplayed rounds are not
 * games, issue 22), by id: opponents at their pre-event rating, a newcomer opponent at their
 * estimate after the round (what the engine rates them at); null without a rated game.
 */
export function performanceRatings(
  system: RatingSystem,
  players: readonly RatingPlayer[],
  estimates: readonly PlayerEstimates[],
  round: number,
): ReadonlyMap<number, number | null> {
  const ratingOf = new Map<number, number | undefined>()
  players.forEach((p, i) => {
    if (p.rating !== 0) ratingOf.set(p.id, p.rating)
    else {
      const list = estimates[i]?.estimates ?? []
      ratingOf.set(p.id, list[Math.min(round, list.length) - 1])
    }
  })
  const result = new Map<number, number | null>()
  for (const p of players) {
    const opponents: number[] = []
    let wins = 0
    for (const g of p.games) {
      if (g.round > round || g.opponent === 0) continue
      const r = ratingOf.get(g.opponent)
      if (r === undefined || r === 0) continue
      opponents.push(r)
      wins += g.score
    }
    result.set(p.id, performanceRating(system, opponents, wins))
  }
  return result
}
