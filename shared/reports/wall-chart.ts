import { ok, type Result } from '../result'
import { checkRoundNumber } from '../tournament/lookup'
import type { TournamentState } from '../tournament/types'
import { findDivision, standingsAsOf } from '../tournament/views'
import { reportHeader, type ReportHeader } from './header'
import { playerRounds, type RoundCell } from './player-rounds'

export interface WallChartRow {
  readonly id: number
  readonly name: string
  readonly rating: number
  /** `cells[k]` is round k+1; null when the player was not paired in it. */
  readonly cells: readonly (RoundCell | null)[]
  /** Totals and rank from the standings; null for a player the standings leave out (withdrawn). */
  readonly standing: {
    readonly rank: number
    readonly wins: number
    readonly losses: number
    readonly spread: number
  } | null
}

export interface WallChart {
  /** `ranked-wall-chart`: the same chart with its rows in standings order (issue 14). */
  readonly kind: 'wall-chart' | 'ranked-wall-chart'
  readonly header: ReportHeader
  /** Rounds shown: 1..throughRound. */
  readonly rounds: number
  /** In player-number order, as a chart on the wall is read; ranked: in standings order. */
  readonly rows: readonly WallChartRow[]
}

/** Every player's results by round (the wall chart), with the standings after `round`. */
export function wallChart(
  state: TournamentState,
  divisionName: string,
  round: number,
): Result<WallChart> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const checked = checkRoundNumber(state.info, round)
  if (!checked.ok) return checked
  const standings = standingsAsOf(state, divisionName, round)
  if (!standings.ok) return standings
  const byPlayer = new Map(standings.value.map((row) => [row.player, row]))
  const cells = playerRounds(division.value, round)
  const shown = Math.min(round, division.value.rounds.length)
  return ok({
    kind: 'wall-chart',
    header: reportHeader(state, division.value, round),
    rounds: shown,
    // A deleted or moved registration (issue 32) has no row: its number stays unused.
    rows: division.value.players.flatMap((player) => {
      if (player.deleted === true) return []
      const standing = byPlayer.get(player.id)
      return {
        id: player.id,
        name: player.name,
        rating: player.rating,
        cells: (cells.get(player.id) ?? []).slice(0, shown),
        standing:
          standing === undefined
            ? null
            : {
                rank: standing.rank,
                wins: standing.wins,
                losses: standing.losses,
                spread: standing.spread,
              },
      }
    }),
  })
}

/**
 * The wall chart with its rows in standings order after `round` (issue 14): best first, players
 * the standings leave out (withdrawn) last, in player-number order.
 */
export function rankedWallChart(
  state: TournamentState,
  divisionName: string,
  round: number,
): Result<WallChart> {
  const chart = wallChart(state, divisionName, round)
  if (!chart.ok) return chart
  const rankOf = (row: WallChartRow): number => row.standing?.rank ?? Number.MAX_SAFE_INTEGER
  const order = new Map<number, number>()
  const standings = standingsAsOf(state, divisionName, round)
  if (standings.ok) standings.value.forEach((row, i) => order.set(row.player, i))
  const position = (row: WallChartRow): number => order.get(row.id) ?? Number.MAX_SAFE_INTEGER
  return ok({
    ...chart.value,
    kind: 'ranked-wall-chart',
    rows: [...chart.value.rows].sort(
      (a, b) => rankOf(a) - rankOf(b) || position(a) - position(b) || a.id - b.id,
    ),
  })
}
