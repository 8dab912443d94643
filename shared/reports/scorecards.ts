import { ok, type Result } from '../result'
import { checkRoundNumber } from '../tournament/lookup'
import type { TournamentState } from '../tournament/types'
import { findDivision } from '../tournament/views'
import { reportHeader, type ReportHeader } from './header'
import { playerRounds, type RoundCell } from './player-rounds'

export interface ScorecardLine {
  readonly round: number
  /** null for a round not paired yet (or one the player sits out): a line to write on. */
  readonly cell: RoundCell | null
  /** Wins, losses and spread of games entered up to this round; null once a result is missing. */
  readonly record: {
    readonly wins: number
    readonly losses: number
    readonly spread: number
  } | null
}

export interface Scorecard {
  readonly id: number
  readonly name: string
  readonly rating: number
  readonly club: string
  readonly lines: readonly ScorecardLine[]
}

export interface Scorecards {
  readonly kind: 'scorecards'
  readonly header: ReportHeader
  readonly cards: readonly Scorecard[]
}

/**
 * A card per player for keeping score through the event: every round of the event has a line;
 * rounds paired by `round` show the opponent, the table and whether the player goes first or
 * second, and results already entered. Withdrawn players (before `round`) and late entries not yet
 * entered get no card.
 */
export function scorecards(
  state: TournamentState,
  divisionName: string,
  round: number,
): Result<Scorecards> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const checked = checkRoundNumber(state.info, round)
  if (!checked.ok) return checked
  const cells = playerRounds(division.value, round)
  const cards: Scorecard[] = []
  for (const player of division.value.players) {
    if (player.firstRound > round) continue
    if (player.status.kind === 'withdrawn' && player.status.fromRound <= round) continue
    const own = cells.get(player.id) ?? []
    let wins = 0
    let losses = 0
    let spread = 0
    let complete = true
    const lines: ScorecardLine[] = []
    for (let r = 1; r <= state.info.rounds; r++) {
      const cell = r <= round ? (own[r - 1] ?? null) : null
      if (cell?.result) {
        const outcome = cell.result.outcome
        wins += outcome === 'win' ? 1 : outcome === 'tie' ? 0.5 : 0
        losses += outcome === 'loss' ? 1 : outcome === 'tie' ? 0.5 : 0
        spread += cell.result.spread
      } else if (cell !== null) complete = false
      lines.push({
        round: r,
        cell,
        record: cell?.result && complete ? { wins, losses, spread } : null,
      })
    }
    cards.push({
      id: player.id,
      name: player.name,
      rating: player.rating,
      club: player.club,
      lines,
    })
  }
  return ok({ kind: 'scorecards', header: reportHeader(state, division.value, round), cards })
}
