/**
 * Building a PairingInput from an event so far: entrants, the rounds as paired and the games
 * with results. Standings come from shared/standings as of the round the pairing is based on
 * (round − 1, or round − 2 for lagged pairing); meetings, byes and starts from everything paired.
 */
import { ok, err, type Result } from '../result'
import { gameOutcome, resultPlayers, type PlayerId } from '../results/game-result'
import { computeStandings, type RoundOutcome } from '../standings/standings'
import { startTallies, type StartsHistoryEntry } from '../starts/starts'
import type { PairingInput, PairingPlayer, PastRound } from './types'

export interface Entrant {
  readonly id: PlayerId
  readonly name: string
  readonly rating: number
  /** Withdrawn or not checked in: left out of the round. Default true. */
  readonly active?: boolean
  readonly firstRound?: number
  readonly reservedTable?: number
}

export interface EventSoFar {
  readonly entrants: readonly Entrant[]
  /** Every round paired before the one being paired. */
  readonly paired: readonly PastRound[]
  /** Every game with a result (and who started it, when known). */
  readonly games: readonly StartsHistoryEntry[]
}

export type PairingRequest = Omit<PairingInput, 'players' | 'history' | 'starts'> & {
  readonly starts: Omit<PairingInput['starts'], 'history'>
}

export function pairingInputFromEvent(
  event: EventSoFar,
  request: PairingRequest,
): Result<PairingInput> {
  const basedOn = request.basedOn
  const byRound: RoundOutcome[][] = Array.from({ length: Math.max(0, basedOn) }, () => [])
  const earlier = event.games.filter((g) => g.round < request.round)
  for (const game of earlier) {
    if (game.round < 1 || game.round > basedOn) continue
    for (const player of resultPlayers(game.result)) {
      const outcome = gameOutcome(game.result, player)
      const start = game.first === null ? undefined : game.first === player ? 'first' : 'second'
      byRound[game.round - 1]?.push({
        ...outcome,
        player,
        ...(game.result.kind === 'played' && start !== undefined ? { start } : {}),
      })
    }
  }
  const ids = new Set(event.entrants.map((e) => e.id))
  for (const game of earlier) {
    for (const player of resultPlayers(game.result)) {
      if (!ids.has(player)) {
        return err('pairing.input.unknown-player', `Round ${game.round} names unknown #${player}`, {
          details: { player, round: game.round },
        })
      }
    }
  }
  const standings = computeStandings({
    players: event.entrants.map((e) => ({
      id: e.id,
      name: e.name,
      rating: e.rating,
      withdrawnAfterRound: null,
    })),
    rounds: byRound,
  })
  const row = new Map(standings.map((r) => [r.player, r]))
  // Before any results everyone shares rank 1; the pre-event rank is the rating order, which is
  // the order computeStandings lists them in.
  const preEvent = new Map(standings.map((r, i) => [r.player, i + 1]))
  const tallies = startTallies(earlier)
  const byes = new Map<PlayerId, number>()
  const addBye = (id: PlayerId): void => {
    byes.set(id, (byes.get(id) ?? 0) + 1)
  }
  const paired = event.paired.filter((r) => r.round < request.round)
  for (const r of paired) for (const id of r.byes) addBye(id)
  // Forfeits count as byes for who gets the next bye (design.md, "Pairing").
  for (const game of earlier) {
    if (game.result.kind === 'forfeit' || game.result.kind === 'doubleForfeit') {
      for (const id of resultPlayers(game.result)) addBye(id)
    }
  }
  const players: PairingPlayer[] = event.entrants.map((e) => {
    const r = row.get(e.id)
    const t = tallies.get(e.id)
    return {
      id: e.id,
      name: e.name,
      rating: e.rating,
      wins: r?.wins ?? 0,
      losses: r?.losses ?? 0,
      spread: r?.spread ?? 0,
      rank: (basedOn === 0 ? preEvent.get(e.id) : r?.rank) ?? event.entrants.length,
      active: e.active ?? true,
      byes: byes.get(e.id) ?? 0,
      firsts: t?.firsts ?? 0,
      seconds: t?.seconds ?? 0,
      ...(e.firstRound === undefined ? {} : { firstRound: e.firstRound }),
      ...(e.reservedTable === undefined ? {} : { reservedTable: e.reservedTable }),
    }
  })
  return ok({
    ...request,
    players,
    history: paired,
    starts: { ...request.starts, history: earlier },
  })
}
