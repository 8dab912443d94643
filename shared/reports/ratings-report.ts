import { ratingsAfterRound, showsRatings } from '../desk/rating-estimates'
import { guessedSystemWords } from '../desk/rating-choice'
import {
  divisionRatingEstimates,
  ratingPlayers,
  ratingSystemFor,
} from '../ratings/division-ratings'
import { performanceRatings } from '../ratings/performance'
import type { RatingSystem } from '../ratings/rating-systems'
import { err, ok, type Result } from '../result'
import { checkRoundNumber } from '../tournament/lookup'
import { ratingSystemWords } from '../tournament/rating-settings'
import { findDivision } from '../tournament/views'
import { roundProgress, standingsAsOfWords } from '../desk/ready'
import { standingsTable } from '../desk/standings-table'
import type { TournamentState } from '../tournament/types'
import { reportHeader, type ReportHeader } from './header'

export interface RatingsLine {
  /** The standings rank after the round, as tsh's RATings lists it. */
  readonly rank: number
  readonly id: number
  readonly name: string
  /** The pre-event rating; 0 = unrated. */
  readonly rating: number
  /** The estimate after the round; null before the player's first game. */
  readonly newRating: number | null
  /** null for a newcomer, whose old rating is no rating. */
  readonly change: number | null
  /** The record: wins and losses (a tie half of each). */
  readonly wins: number
  readonly losses: number
  /**
   * The performance rating over the rounds played up to the round (shared/ratings/performance.ts);
   * null without a rated game (byes and forfeits are none).
   */
  readonly performance: number | null
}

/**
 * tsh's `RATings` report (issue 22): each player's old and new rating, the change, the record and the
 * performance rating.
 */
export interface RatingsReport {
  readonly kind: 'ratings'
  readonly header: ReportHeader
  readonly system: RatingSystem
  /** "NASPA (2008 formula)". */
  readonly systemWords: string
  readonly asOf: string
  readonly rows: readonly RatingsLine[]
  /** What the performance column is under this system, for the footnote. */
  readonly performanceNote: string
  /** Set when the system is the rules' default and that default is a guess: says so and why. */
  readonly guessNote: string | null
}

/** The footnote's words for the performance column, per system (issue 22, "Newcomers"). */
export function performanceNote(system: RatingSystem): string {
  switch (system) {
    case 'nsa':
      return 'Performance: the NSA’s pseudo-performance rating (the rating nsa gives a newcomer) over the games played; byes and forfeits are not games.'
    case 'absp':
      return 'Performance: ABSP’s equivalent, the mean of each opponent’s rating +50 for a win and −50 for a loss (what ABSP rates a newcomer), without the ±40 limit a rated player’s own rating puts on opponents; byes and forfeits are not games.'
    case 'none':
      return 'No performance: the division is not rated.'
    case 'nsa2008':
    case 'naspa-csw':
    case 'naspa2024':
    case 'wespa':
    case 'aus':
    case 'elo':
      return 'Performance: the rating at which the games played would be expected to score what they did under this system (as tsh rates a newcomer: at least 500, at most the best opponent + 400 × win share); byes and forfeits are not games; unrated opponents count at their new rating.'
  }
}

export function ratingsReport(
  state: TournamentState,
  divisionName: string,
  round: number,
): Result<RatingsReport> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const checked = checkRoundNumber(state.info, round)
  if (!checked.ok) return checked
  const system = ratingSystemFor(state, divisionName)
  if (!showsRatings(state, divisionName)) {
    return err(
      'report.ratings.not-rated',
      `Division ${divisionName} is not rated (its rating system is “none”): choose one in Settings to print estimates.`,
      { details: { division: divisionName } },
    )
  }
  const all = divisionRatingEstimates(state, divisionName)
  const estimates = ratingsAfterRound(all, round)
  const performance = performanceRatings(system, ratingPlayers(division.value), all, round)
  return ok({
    kind: 'ratings',
    header: reportHeader(state, division.value, round),
    system,
    systemWords: ratingSystemWords(system),
    asOf: standingsAsOfWords(roundProgress(state, divisionName, round)),
    rows: standingsTable(state, divisionName, round).map((row) => {
      const line = estimates.get(row.player)
      return {
        rank: row.rank,
        id: row.player,
        name: row.name,
        rating: division.value.players[row.player - 1]?.rating ?? 0,
        newRating: line?.newRating ?? null,
        change: line?.change ?? null,
        wins: row.wins,
        losses: row.losses,
        performance: performance.get(row.player) ?? null,
      }
    }),
    performanceNote: performanceNote(system),
    guessNote: guessedSystemWords(state, divisionName),
  })
}
