import { defineStore } from 'pinia'
import { shallowRef } from 'vue'
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
import type { Division, TournamentState } from '../../../shared/tournament/types'
import { reportOf } from '../workers/reports-client'
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
  /** The latest estimates worked out for each tournament's division: shown until the next land. */
  const latest = new Map<string, readonly PlayerEstimates[]>()
  const latestKey = (state: TournamentState, division: string) => `${state.id}\n${division}`
  /** Bumped when estimates worked out later land, so the screens that wait for them redraw. */
  const landed = shallowRef(0)
  /** Divisions whose estimates a screen waits for, worked out together in the next task. */
  const waiting = new Set<string>()

  /** The division and its system, and its estimates when they are already worked out. */
  function lookUp(division: string) {
    const state = tournament.state
    const found = state?.divisions.find((d) => d.name === division)
    if (state === undefined || found === undefined) return null
    const system = ratingSystemFor(state, division)
    const kept = memo.get(found)
    const fresh = kept !== undefined && kept.system === system && kept.rounds === state.info.rounds
    return { state, found, system, kept: fresh ? kept.estimates : null }
  }

  /** The division's estimates, one per round played, in player order; none when `none` rates it. */
  function estimates(division: string): readonly PlayerEstimates[] {
    const looked = lookUp(division)
    if (looked === null || looked.system === 'none') return []
    if (looked.kept !== null) return looked.kept
    const { state, found, system } = looked
    const worked = divisionRatingEstimatesReusing(
      state,
      division,
      last.get(latestKey(state, division)),
    )
    if (worked === undefined) return []
    last.set(latestKey(state, division), worked.memo)
    memo.set(found, { system, rounds: state.info.rounds, estimates: worked.estimates })
    latest.set(latestKey(state, division), worked.estimates)
    return worked.estimates
  }

  /**
   * Each player's new rating after `round` for a screen that must not wait for them (issue 20: at
   * 2000 players × 20 rounds the estimates take a tenth of a second or more, and worked out in the
   * same task as the standings they froze the page for 300–400 ms on each result). When they are
   * not worked out yet, they are worked out in a task of their own, and meanwhile the division's
   * previous ones are given with `fresh: false`; `landed` tells the screen to ask again.
   */
  function afterRoundSoon(
    division: string,
    round: number,
  ): { readonly ratings: ReadonlyMap<PlayerId, RatingLine>; readonly fresh: boolean } {
    void landed.value
    const looked = lookUp(division)
    if (looked === null || looked.system === 'none' || looked.kept !== null)
      return { ratings: afterRound(division, round), fresh: true }
    if (!waiting.has(division)) {
      waiting.add(division)
      void workedOff(looked.state, division, looked.found, looked.system)
    }
    const before = latest.get(latestKey(looked.state, division)) ?? []
    return { ratings: linesAfter(before, round), fresh: false }
  }

  /**
   * The division's estimates worked out in the reports worker (issue 33: the first estimate of
   * 2000 players × 20 rounds took the page a task of a quarter of a second and more), kept for the
   * division object they are of; then the screens that wait for them ask again.
   */
  async function workedOff(
    state: TournamentState,
    division: string,
    found: Division,
    system: RatingSystem,
  ): Promise<void> {
    try {
      const worked = await reportOf(state, { report: 'rating-estimates', division, round: 0 })
      memo.set(found, { system, rounds: state.info.rounds, estimates: worked })
      latest.set(latestKey(state, division), worked)
    } finally {
      waiting.delete(division)
      landed.value++
    }
  }

  /** Each player's new rating after `round`, for the standings' "New rating" column. */
  function afterRound(division: string, round: number): ReadonlyMap<PlayerId, RatingLine> {
    return linesAfter(estimates(division), round)
  }

  /**
   * Each round's lines, written once per estimate (issue 33: the Standings screen wrote 2000 of
   * them again each time it opened).
   */
  const linesKept = new WeakMap<
    readonly PlayerEstimates[],
    Map<number, ReadonlyMap<PlayerId, RatingLine>>
  >()
  function linesAfter(
    worked: readonly PlayerEstimates[],
    round: number,
  ): ReadonlyMap<PlayerId, RatingLine> {
    const byRound = linesKept.get(worked) ?? new Map<number, ReadonlyMap<PlayerId, RatingLine>>()
    linesKept.set(worked, byRound)
    const kept = byRound.get(round)
    if (kept !== undefined) return kept
    const lines = ratingsAfterRound(worked, round)
    byRound.set(round, lines)
    return lines
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
    latest.clear()
  }

  return { estimates, afterRound, afterRoundSoon, byRound, shown, forget }
})
