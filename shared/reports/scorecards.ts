import { ok, type Result } from '../result'
import { checkRoundNumber } from '../tournament/lookup'
import type { PlayerId } from '../results/game-result'
import type { Division, TournamentState } from '../tournament/types'
import { findDivision, rankedFrom } from '../tournament/views'
import { reportHeader, type ReportHeader } from './header'
import { playerRounds, type RoundCell } from './player-rounds'

export interface ScorecardLine {
  readonly round: number
  /** null for a round not paired yet (or one the player sits out): a line to write on. */
  readonly cell: RoundCell | null
  /** The director's spread penalties on this player in this round (NSA IV.J.3), 0 when none. */
  readonly penalty: number
  /**
   * Wins, losses and spread up to this round, the spread less the director's penalties so far
   * (as the standings count it); null once a result is missing.
   */
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
  /** How to draw tiles for first (MSA 1.4, NSA II.F.1), when some card's game draws; else null. */
  readonly tileDraw: string | null
  readonly cards: readonly Scorecard[]
}

/**
 * One player's card lines, rounds 1..`rounds`: `own` is the player's cells (`playerRounds`), shown
 * through `round`, with their record so far as the standings count it (the director's penalties
 * off the spread). The phones' player page (shared/venue/live-pages.ts) reads the same lines.
 */
export function scorecardLines(
  division: Division,
  player: PlayerId,
  own: readonly (RoundCell | null)[],
  round: number,
  rounds: number,
): readonly ScorecardLine[] {
  let wins = 0
  let losses = 0
  let spread = 0
  let complete = true
  const lines: ScorecardLine[] = []
  for (let r = 1; r <= rounds; r++) {
    const cell = r <= round ? (own[r - 1] ?? null) : null
    const penalty =
      r <= round
        ? division.penalties
            .filter((p) => p.player === player && p.round === r)
            .reduce((total, p) => total + p.points, 0)
        : 0
    spread -= penalty
    if (cell?.result) {
      const outcome = cell.result.outcome
      wins += outcome === 'win' ? 1 : outcome === 'tie' ? 0.5 : 0
      losses += outcome === 'loss' ? 1 : outcome === 'tie' ? 0.5 : 0
      spread += cell.result.spread
    } else if (cell !== null) complete = false
    lines.push({
      round: r,
      cell,
      penalty,
      record: cell?.result && complete ? { wins, losses, spread } : null,
    })
  }
  return lines
}

/**
 * A card per player for keeping score through the event (NSA VII.F: the player fills in their own
 * card and the opponent signs it, so each line has a box for the opponent's signature); every
 * round of the event has a line;
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
    // Issue 32: a player moved here with his games has a card from the first of them.
    if (rankedFrom(player) > round) continue
    if (player.status.kind === 'withdrawn' && player.status.fromRound <= round) continue
    const lines = scorecardLines(
      division.value,
      player.id,
      cells.get(player.id) ?? [],
      round,
      state.info.rounds,
    )
    cards.push({
      id: player.id,
      name: player.name,
      rating: player.rating,
      club: player.club,
      lines,
    })
  }
  const draws = cards.some((card) => card.lines.some((line) => line.cell?.start === 'draw'))
  return ok({
    kind: 'scorecards',
    header: reportHeader(state, division.value, round),
    tileDraw: draws ? state.rules.printed.tileDraw : null,
    cards,
  })
}
