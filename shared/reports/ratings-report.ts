import { ratingsAfterRound, showsRatings } from '../desk/rating-estimates'
import { divisionRatingEstimates, ratingSystemFor } from '../ratings/division-ratings'
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
  /** The performance shown: wins and losses (a tie half of each). */
  readonly wins: number
  readonly losses: number
}

/** tsh's `RATings` report (issue 22): each player's old and new rating, the change and the record. */
export interface RatingsReport {
  readonly kind: 'ratings'
  readonly header: ReportHeader
  readonly system: RatingSystem
  /** "NASPA (2008 formula)". */
  readonly systemWords: string
  readonly asOf: string
  readonly rows: readonly RatingsLine[]
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
  const estimates = ratingsAfterRound(divisionRatingEstimates(state, divisionName), round)
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
      }
    }),
  })
}
