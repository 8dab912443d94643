import { ok, type Result } from '../result'
import type { TournamentState } from '../tournament/types'
import { standingsTable } from '../desk/standings-table'
import { findDivision } from '../tournament/views'
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
}

export interface StandingsReport {
  readonly kind: 'standings'
  readonly header: ReportHeader
  readonly rows: readonly StandingsLine[]
}

/** The standings after a round, as the screen shows them (design.md, "Standings"). */
export function standingsReport(
  state: TournamentState,
  divisionName: string,
  round: number,
): Result<StandingsReport> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const checked = checkRoundNumber(state.info, round)
  if (!checked.ok) return checked
  // The same rows as the standings screen (shared/desk), so paper and screen never disagree.
  const rows = standingsTable(state, divisionName, round)
  return ok({
    kind: 'standings',
    header: reportHeader(state, division.value, round),
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
    })),
  })
}
