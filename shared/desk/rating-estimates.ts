/*
 * Rating estimates as the desk, the paper and the projector show them (issue 22): the engine's
 * estimates (shared/ratings) read "after round k", with the change from the pre-event rating.
 */
import type { PlayerEstimates } from '../ratings/estimate'
import { ratingSystemFor } from '../ratings/division-ratings'
import type { PlayerId } from '../results/game-result'
import type { TournamentState } from '../tournament/types'

export interface RatingLine {
  readonly player: PlayerId
  /** The pre-event rating; 0 = unrated. */
  readonly rating: number
  /** The estimate as if the event ended after the round asked about. */
  readonly newRating: number
  /** `newRating − rating`; null for a newcomer, whose old rating is no rating at all. */
  readonly change: number | null
}

/**
 * Each player's estimate after `round`: tsh's `newr` value k is the event rated as if it ended
 * after round k (issue 22, "What an estimate is"), so this is estimate `round`, or the player's
 * latest when their result of that round is not in yet. Round 0 and a player with no rated round
 * yet have no line: before a game there is nothing to estimate.
 */
export function ratingsAfterRound(
  estimates: readonly PlayerEstimates[],
  round: number,
): ReadonlyMap<PlayerId, RatingLine> {
  const lines = new Map<PlayerId, RatingLine>()
  if (round < 1) return lines
  for (const p of estimates) {
    const upTo = p.estimates.slice(0, round)
    const newRating = upTo[upTo.length - 1]
    if (newRating === undefined) continue
    lines.set(p.id, {
      player: p.id,
      rating: p.rating,
      newRating,
      change: p.rating === 0 ? null : newRating - p.rating,
    })
  }
  return lines
}

/** One round of a player's estimates, for their history: the estimate and its change so far. */
export interface RoundEstimate {
  readonly round: number
  readonly newRating: number
  readonly change: number | null
}

export function estimatesByRound(player: PlayerEstimates | undefined): readonly RoundEstimate[] {
  if (player === undefined) return []
  return player.estimates.map((newRating, i) => ({
    round: i + 1,
    newRating,
    change: player.rating === 0 ? null : newRating - player.rating,
  }))
}

/**
 * "1746 (+7)", "1582 (-6)", "1700 (0)" (signed as the standings' spread is); a newcomer's first
 * rating "1821 (new)".
 */
export function newRatingWords(line: {
  readonly newRating: number
  readonly change: number | null
}): string {
  const { newRating, change } = line
  if (change === null) return `${newRating} (new)`
  return `${newRating} (${change > 0 ? `+${change}` : String(change)})`
}

/** A division rated by `none` shows no estimates anywhere (issue 22). */
export function showsRatings(state: TournamentState, division: string): boolean {
  return ratingSystemFor(state, division) !== 'none'
}
