import { gameOutcome, type PlayerId } from '../results/game-result'
import { outcomeKind, outcomeLetter, type OutcomeKind } from '../results/outcome-letter'
import { pairingPlayers } from '../tournament/lookup'
import type { CarriedGame, Division, Player } from '../tournament/types'
import { starterOf } from '../tournament/lookup'

export type CellOutcome = OutcomeKind

/** What a round's entered result gives one player. */
export interface CellResult {
  readonly outcome: CellOutcome
  /**
   * Scores counted (after overtime) of a played game, or a walk-out's scores when the player left
   * (NSA VII.J.3); null for a bye, other forfeits or an unplayed game.
   */
  readonly score: number | null
  readonly opponentScore: number | null
  readonly spread: number
  /** Won or lost without a game (a forfeit); a bye is told by the cell's kind. */
  readonly forfeit: boolean
}

/** One player's round: where they sat, against whom, who started, and the result once entered. */
export interface RoundCell {
  readonly round: number
  readonly kind: 'game' | 'bye'
  readonly table: number | null
  readonly opponent: { readonly id: PlayerId; readonly name: string } | null
  /** Who went first as recorded, else as printed on the pairings; 'draw' = decided at the table. */
  readonly start: 'first' | 'second' | 'draw' | null
  readonly result: CellResult | null
  /**
   * The division the round was played in, for a round he brought along when moved here with his
   * games (issue 32): then `opponent.id` is the opponent's number there. Absent: a round here.
   */
  readonly from?: string
}

/** W, L, T; B for a bye; F after a forfeit's letter; ? a result not entered (wall chart, scorecard). */
export function roundCellLetter(cell: RoundCell): string {
  if (cell.result === null) return '?'
  const letter = cell.kind === 'bye' ? 'B' : outcomeLetter(cell.result.outcome)
  return cell.result.forfeit ? `${letter}F` : letter
}

/**
 * The opponent as a player's line names him: a round brought from another division (issue 32)
 * says where, since the name is not one of this division's; null for a bye or no opponent.
 */
export function opponentWords(cell: RoundCell): string | null {
  if (cell.kind === 'bye' || cell.opponent === null) return null
  return cell.from === undefined ? cell.opponent.name : `${cell.opponent.name} (in ${cell.from})`
}

/** The opponent's number on a wall chart or card; another division's as `A#3` (issue 32). */
export function opponentNumber(cell: RoundCell): string {
  if (cell.opponent === null) return ''
  const id = String(cell.opponent.id)
  return cell.from === undefined ? id : `${cell.from}#${id}`
}

/**
 * Every player's rounds 1..throughRound, indexed once per round so a wall chart of a large event
 * costs one pass over the pairings (not one search per player per round). `cells.get(id)[k]` is
 * round k+1, or null when the player is not paired in it. `only`: one player's cells alone (a
 * phone's player page, issue 21), without building the other players'.
 */
export function playerRounds(
  division: Division,
  throughRound: number,
  only?: PlayerId,
): ReadonlyMap<PlayerId, readonly (RoundCell | null)[]> {
  const cells = new Map<PlayerId, (RoundCell | null)[]>()
  for (const player of division.players) {
    if (only === undefined || player.id === only) cells.set(player.id, [])
  }
  const rounds = division.rounds.slice(0, throughRound)
  for (const round of rounds) {
    const seen = new Set<PlayerId>()
    round.pairings.forEach((pairing, index) => {
      const recorded = round.results[index] ?? null
      for (const player of pairingPlayers(pairing)) {
        if (!cells.has(player)) continue
        seen.add(player)
        const game = pairing.kind === 'game' ? pairing : null
        const opponentId = game?.players.find((p) => p !== player) ?? null
        const opponent: Player | undefined =
          opponentId === null ? undefined : division.players[opponentId - 1]
        let start: RoundCell['start'] = null
        if (game !== null) {
          const first = recorded?.first ?? null
          const printed = starterOf(game.start)
          const who = first ?? printed
          start = who === null ? 'draw' : who === player ? 'first' : 'second'
        }
        let result: CellResult | null = null
        if (recorded !== null) {
          const r = recorded.result
          const outcome = gameOutcome(r, player)
          const own = r.kind === 'played' ? r.players.indexOf(player) : -1
          const left = r.kind === 'forfeit' ? (r.scoresAtDeparture ?? null) : null
          const leftScores =
            left === null || r.kind !== 'forfeit'
              ? null
              : r.winner === player
                ? [left.winner, left.loser]
                : [left.loser, left.winner]
          result = {
            outcome: outcomeKind(outcome),
            score: r.kind === 'played' ? (r.scores[own] ?? null) : (leftScores?.[0] ?? null),
            opponentScore:
              r.kind === 'played' ? (r.scores[1 - own] ?? null) : (leftScores?.[1] ?? null),
            spread: outcome.spread,
            forfeit: r.kind === 'forfeit' || r.kind === 'doubleForfeit',
          }
        }
        cells.get(player)?.push({
          round: round.number,
          kind: pairing.kind,
          table: game?.table ?? null,
          opponent: opponent === undefined ? null : { id: opponent.id, name: opponent.name },
          start,
          result,
        })
      }
    })
    for (const [player, list] of cells) if (!seen.has(player)) list.push(null)
  }
  for (const player of division.players) {
    const list = cells.get(player.id)
    if (list === undefined || player.carried === undefined) continue
    for (const game of player.carried.games) {
      // A round he played here wins: carried rounds are those before he entered (movePlayer).
      if (game.round > rounds.length || list[game.round - 1] !== null) continue
      list[game.round - 1] = carriedCell(game, player.carried.from)
    }
  }
  return cells
}

/** A round he played in the division he was moved from (issue 32), as his line here shows it. */
function carriedCell(game: CarriedGame, from: string): RoundCell {
  const forfeit = game.opponent !== null && game.scores === null && game.counts
  return {
    round: game.round,
    kind: game.opponentId === null ? 'bye' : 'game',
    table: null,
    opponent: game.opponentId === null ? null : { id: game.opponentId, name: game.opponent ?? '' },
    start: game.start,
    result: {
      outcome: outcomeKind(game),
      score: game.scores?.[0] ?? null,
      opponentScore: game.scores?.[1] ?? null,
      spread: game.spread,
      forfeit,
    },
    from,
  }
}
