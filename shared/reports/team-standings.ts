/**
 * Team standings (issue 14): players grouped by team, ranked by their average record, as tsh's
 * "Average Team Record" prize ranks teams (average wins, then fewer average losses, then average
 * spread), so a team of three and a team of five compare fairly.
 *
 * A player's team is their `team` when it is set, else the `team` tag of an imported tsh line,
 * else their club: the report says which was used.
 */
import { ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import { checkRoundNumber } from '../tournament/lookup'
import type { Player, TournamentState } from '../tournament/types'
import { findDivision, standingsAsOf } from '../tournament/views'
import { reportHeader, type ReportHeader } from './header'

export type TeamSource = 'team' | 'club'

/** The player's team and where it came from, or null when they have neither team nor club. */
export function teamOf(
  player: Player,
): { readonly name: string; readonly source: TeamSource } | null {
  const team = player.team?.trim() ?? ''
  if (team !== '') return { name: team, source: 'team' }
  const tag =
    player.tsh?.tags
      .find((t) => t.name === 'team')
      ?.values.join(' ')
      .trim() ?? ''
  if (tag !== '') return { name: tag, source: 'team' }
  const club = player.club.trim()
  return club === '' ? null : { name: club, source: 'club' }
}

export interface TeamMember {
  readonly id: PlayerId
  readonly name: string
  readonly wins: number
  readonly losses: number
  readonly spread: number
}

export interface TeamRow {
  readonly rank: number
  readonly team: string
  readonly members: readonly TeamMember[]
  readonly wins: number
  readonly losses: number
  readonly spread: number
  readonly averageWins: number
  readonly averageLosses: number
  readonly averageSpread: number
}

export interface TeamStandings {
  readonly kind: 'team-standings'
  readonly header: ReportHeader
  /** Where the teams came from: players' teams, their clubs, or both. */
  readonly sources: readonly TeamSource[]
  readonly rows: readonly TeamRow[]
  /** Players in the standings with neither a team nor a club. */
  readonly withoutTeam: number
}

/** Teams of a division after `round`. */
export function teamStandings(
  state: TournamentState,
  divisionName: string,
  round: number,
): Result<TeamStandings> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const checked = checkRoundNumber(state.info, round)
  if (!checked.ok) return checked
  const standings = standingsAsOf(state, divisionName, round)
  if (!standings.ok) return standings
  const teams = new Map<string, TeamMember[]>()
  const sources = new Set<TeamSource>()
  let withoutTeam = 0
  for (const row of standings.value) {
    const player = division.value.players[row.player - 1]
    const team = player === undefined ? null : teamOf(player)
    if (team === null) {
      withoutTeam += 1
      continue
    }
    sources.add(team.source)
    const members = teams.get(team.name) ?? []
    members.push({
      id: row.player,
      name: row.name,
      wins: row.wins,
      losses: row.losses,
      spread: row.spread,
    })
    teams.set(team.name, members)
  }
  const sum = (members: readonly TeamMember[], f: (m: TeamMember) => number): number =>
    members.reduce((t, m) => t + f(m), 0)
  const unranked = [...teams].map(([team, members]) => {
    const wins = sum(members, (m) => m.wins)
    const losses = sum(members, (m) => m.losses)
    const spread = sum(members, (m) => m.spread)
    const n = members.length
    return {
      team,
      members,
      wins,
      losses,
      spread,
      averageWins: wins / n,
      averageLosses: losses / n,
      averageSpread: spread / n,
    }
  })
  unranked.sort(
    (a, b) =>
      b.averageWins - a.averageWins ||
      a.averageLosses - b.averageLosses ||
      b.averageSpread - a.averageSpread ||
      a.team.localeCompare(b.team),
  )
  const rows: TeamRow[] = []
  for (const [i, t] of unranked.entries()) {
    const before = rows[i - 1]
    const level =
      before !== undefined &&
      before.averageWins === t.averageWins &&
      before.averageLosses === t.averageLosses &&
      before.averageSpread === t.averageSpread
    rows.push({ ...t, rank: level ? before.rank : i + 1 })
  }
  return ok({
    kind: 'team-standings',
    header: reportHeader(state, division.value, round),
    sources: [...sources].sort(),
    rows,
    withoutTeam,
  })
}
