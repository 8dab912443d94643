import { defineStore } from 'pinia'
import {
  estimatesByRound,
  ratingsAfterRound,
  showsRatings,
  type RatingLine,
  type RoundEstimate,
} from '../../../shared/desk/rating-estimates'
import {
  divisionRatingEstimatesReusing,
  ratingSystemFor,
} from '../../../shared/ratings/division-ratings'
import type { EstimateMemo, PlayerEstimates } from '../../../shared/ratings/estimate'
import type { RatingSystem } from '../../../shared/ratings/rating-systems'
import type { PlayerId } from '../../../shared/results/game-result'
import type { Division } from '../../../shared/tournament/types'
import { useTournamentStore } from './tournament'

interface Memo {
  readonly system: RatingSystem
  readonly rounds: number
  readonly estimates: readonly PlayerEstimates[]
}

/**
 * Rating estimates of the open tournament (issue 22), worked out once per change of the log: a
 * result in division A folds a new A (apply copies only what a command touches), so B's estimates
 * are kept and A's are worked out again once, however many screens ask, from the round of the
 * change on (the rounds before it are A's last estimate's). The rules are the
 * engine's (shared/ratings); this only remembers them.
 */
export const useRatingsStore = defineStore('ratings', () => {
  const tournament = useTournamentStore()
  // Division objects are immutable: the same object is the same input, and a dropped one is freed.
  let memo = new WeakMap<Division, Memo>()
  // Each division's last estimate, whatever its state: a result in round k leaves the rounds
  // before k as they were, so the next estimate works out only round k on (issue 22).
  let last = new Map<string, EstimateMemo>()

  /** The division's estimates, one per round played, in player order; none when `none` rates it. */
  function estimates(division: string): readonly PlayerEstimates[] {
    const state = tournament.state
    const found = state?.divisions.find((d) => d.name === division)
    if (state === undefined || found === undefined) return []
    const system = ratingSystemFor(state, division)
    if (system === 'none') return []
    const kept = memo.get(found)
    if (kept !== undefined && kept.system === system && kept.rounds === state.info.rounds) {
      return kept.estimates
    }
    const worked = divisionRatingEstimatesReusing(state, division, last.get(division))
    if (worked === undefined) return []
    last.set(division, worked.memo)
    memo.set(found, { system, rounds: state.info.rounds, estimates: worked.estimates })
    return worked.estimates
  }

  /** Each player's new rating after `round`, for the standings' "New rating" column. */
  function afterRound(division: string, round: number): ReadonlyMap<PlayerId, RatingLine> {
    return ratingsAfterRound(estimates(division), round)
  }

  /** One player's estimate after each round, for their history. */
  function byRound(division: string, player: PlayerId): readonly RoundEstimate[] {
    return estimatesByRound(estimates(division).find((p) => p.id === player))
  }

  /** Whether the division shows estimates at all (not when rated by `none`). */
  function shown(division: string): boolean {
    const state = tournament.state
    return state !== undefined && showsRatings(state, division)
  }

  /** Forgets every kept estimate (a test, or a tournament closed). */
  function forget(): void {
    memo = new WeakMap()
    last = new Map()
  }

  return { estimates, afterRound, byRound, shown, forget }
})
