/*
 * The standings as the desk and the projector show them, live as of any round (design.md,
 * "Standings"), with the tie-break rule in words beside them.
 */
import type { StandingsRow } from '../standings/standings'
import { divisionStandings, rankedFrom } from '../tournament/views'
import type { Division, PlayerStatus, TournamentState } from '../tournament/types'

/** design.md, "Standings" (the tsh convention), for printing under the table. */
export const TIE_BREAK_RULE_TEXT =
  'Ranked by wins (a tie counts as half a win and half a loss), then fewer losses, then spread, ' +
  'then rating, then player number. Players equal on wins, losses and spread share a rank.'

/** A standings row as screens and printouts show it: starts counted, the player's status known. */
export interface StandingsTableRow extends Omit<StandingsRow, 'firsts' | 'seconds'> {
  readonly firsts: number
  readonly seconds: number
  /** The player's status now: a withdrawn player still shows in the rounds they played. */
  readonly status: PlayerStatus['kind']
}

/**
 * The standings after `round` with every correction entered so far; round 0 lists the entered
 * players level, by rating. An unknown division or a round beyond the event gives no rows.
 */
export function standingsTable(
  state: TournamentState,
  division: string,
  round: number,
): readonly StandingsTableRow[] {
  const found = state.divisions.find((d) => d.name === division)
  if (found === undefined || !Number.isInteger(round) || round < 0 || round > state.info.rounds) {
    return []
  }
  const byRound = tablesKept.get(found) ?? new Map<number, KeptTable>()
  tablesKept.set(found, byRound)
  const kept = byRound.get(round)
  if (kept !== undefined && kept.rules === state.rules) return kept.rows
  const rows = workedOut(state.rules, found, round)
  byRound.set(round, { rules: state.rules, rows })
  return rows
}

interface KeptTable {
  readonly rules: TournamentState['rules']
  readonly rows: readonly StandingsTableRow[]
}

/**
 * Each division's tables, worked out once per division object (issue 33: at 2000 players the
 * Standings screen worked the table out again each time it opened). A division is immutable, and
 * the rules (the spread cap) are checked beside it; the event's rounds only bound `round`.
 */
const tablesKept = new WeakMap<Division, Map<number, KeptTable>>()

function workedOut(
  rules: TournamentState['rules'],
  found: Division,
  round: number,
): readonly StandingsTableRow[] {
  const entered = found.players.filter((p) => rankedFrom(p) <= Math.max(1, round))
  return divisionStandings(rules, found, round, entered).map((row) => ({
    rank: row.rank,
    player: row.player,
    name: row.name,
    wins: row.wins,
    losses: row.losses,
    spread: row.spread,
    games: row.games,
    firsts: row.firsts ?? 0,
    seconds: row.seconds ?? 0,
    status: found.players[row.player - 1]?.status.kind ?? 'active',
  }))
}
