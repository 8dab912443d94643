import { ok, type Result } from '../result'
import { penaltyPoints } from '../results/game-result'
import type { PlayerStatus, TournamentState } from '../tournament/types'
import { standingsTable } from '../desk/standings-table'
import { newRatingWords, ratingsAfterRound, showsRatings } from '../desk/rating-estimates'
import { divisionRatingEstimates } from '../ratings/division-ratings'
import type { PlayerEstimates } from '../ratings/estimate'
import { roundProgress, standingsAsOfWords, type RoundProgress } from '../desk/ready'
import { findDivision } from '../tournament/views'
import { rankingNote } from '../desk/ranking-choice'
import { checkRoundNumber } from '../tournament/lookup'
import { reportHeader, type ReportHeader } from './header'

export interface StandingsLine {
  readonly rank: number
  readonly id: number
  readonly name: string
  readonly rating: number
  readonly wins: number
  readonly losses: number
  readonly spread: number
  readonly games: number
  readonly firsts: number
  readonly seconds: number
  /** The round a withdrawn player stopped playing from; null while they play on. */
  readonly withdrawnFrom: number | null
  /** The withdrawal was the director's disqualification. */
  readonly disqualified: boolean
  /** Spread points the director took off up to this round (NSA IV.J.3), 0 for none. */
  readonly penalty: number
  /** The rating estimate after this round (issue 22); null before a game or when not rated. */
  readonly newRating: number | null
  /** `newRating − rating`; null for a newcomer (rating 0) and where `newRating` is null. */
  readonly ratingChange: number | null
}

export interface StandingsReport {
  readonly kind: 'standings'
  readonly header: ReportHeader
  /**
   * How complete the round is: the page says "after round N" only when every result is in,
   * otherwise "round N: 12 of 15 results in" (issue 11: nothing premature for players to read).
   */
  readonly progress: RoundProgress
  readonly asOf: string
  /** The division is rated (its system is not `none`): paper shows the "New rating" column. */
  readonly ratings: boolean
  /** How the rows are ordered (issue 32): "Ranked by wins, then spread capped at 250. …" */
  readonly ranking: string
  readonly rows: readonly StandingsLine[]
}

/**
 * The standings after a round, as the screen shows them (design.md, "Standings"). `estimates`: the
 * division's rating estimates when the caller keeps them between results (issue 20: the projector
 * reuses the last ones, so a result re-rates only its own round on); absent, they are worked out.
 */
export function standingsReport(
  state: TournamentState,
  divisionName: string,
  round: number,
  estimates?: readonly PlayerEstimates[],
): Result<StandingsReport> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const checked = checkRoundNumber(state.info, round)
  if (!checked.ok) return checked
  // The same rows as the standings screen (shared/desk), so paper and screen never disagree.
  const rows = standingsTable(state, divisionName, round)
  const progress = roundProgress(state, divisionName, round)
  const ratings = showsRatings(state, divisionName)
  const after = ratings
    ? ratingsAfterRound(estimates ?? divisionRatingEstimates(state, divisionName), round)
    : new Map()
  return ok({
    kind: 'standings',
    header: reportHeader(state, division.value, round),
    progress,
    asOf: standingsAsOfWords(progress),
    ratings,
    ranking: rankingNote(state, division.value.name),
    rows: rows.map((row) => ({
      rank: row.rank,
      id: row.player,
      name: row.name,
      rating: division.value.players[row.player - 1]?.rating ?? 0,
      wins: row.wins,
      losses: row.losses,
      spread: row.spread,
      games: row.games,
      firsts: row.firsts,
      seconds: row.seconds,
      withdrawnFrom: withdrawnFrom(division.value.players[row.player - 1]?.status),
      disqualified: disqualified(division.value.players[row.player - 1]?.status),
      penalty: penaltyPoints(division.value.penalties, row.player, round),
      newRating: after.get(row.player)?.newRating ?? null,
      ratingChange: after.get(row.player)?.change ?? null,
    })),
  })
}

/** "1746 (+7)", or nothing before the player's first rated round (issue 22). */
export function newRatingText(row: StandingsLine): string {
  return row.newRating === null
    ? ''
    : newRatingWords({ newRating: row.newRating, change: row.ratingChange })
}

function disqualified(status: PlayerStatus | undefined): boolean {
  return status?.kind === 'withdrawn' && status.disqualified === true
}

function withdrawnFrom(status: PlayerStatus | undefined): number | null {
  if (status === undefined) return null
  switch (status.kind) {
    case 'active':
      return null
    case 'withdrawn':
      return status.fromRound
  }
}
