/**
 * The one place a PairingInput is built from an event so far (issue 18): the desk's proposal, the
 * review of a paired round and the CLI's `.t` path all come here, so the engine and the review see
 * the same standings, bye counts, starts and basis round by construction.
 *
 * - Standings are those of the round the pairing is based on (round − 1, or round − 2 for lagged
 *   pairing): the event's own rows when it keeps them (a division's penalties, spread cap and late
 *   entries' missed rounds; a `.t` file's standings), else computed from the games.
 * - Byes are counted as tsh's `CountByes` counts them (TSH::Division, "Counts how many byes each
 *   player has had"): every earlier round in which the player had no opponent, which tsh writes as
 *   opponent 0 — a bye, a forfeit won or lost, a double forfeit, an unplayed pairing, and a round the
 *   player was not paired in at all (a late entry's missed rounds, a round sat out). design.md
 *   ("Pairing": forfeits count as byes) says the same for forfeits; tsh settles the rest.
 * - Meetings come from every round paired, results in or not; starts from the games with results.
 */
import { ok, err, type Result } from '../result'
import { gameOutcome, resultPlayers, type GameResult, type PlayerId } from '../results/game-result'
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

/** One player's line of the standings the round is based on, as the event ranks them. */
export interface BasisStanding {
  readonly player: PlayerId
  readonly wins: number
  readonly losses: number
  readonly spread: number
  readonly rank: number
}

export interface EventSoFar {
  readonly entrants: readonly Entrant[]
  /** Every round paired before the one being paired. */
  readonly paired: readonly PastRound[]
  /** Every game with a result (and who started it, when known). */
  readonly games: readonly StartsHistoryEntry[]
  /**
   * The event's own standings after the basis round, when it keeps them (penalties, a spread cap,
   * late entries' missed rounds); players missing from them are ranked from the games.
   */
  readonly standings?: readonly BasisStanding[]
  /**
   * Rounds each player moved in from another division played against an opponent there (issue 32,
   * games carried): rounds with an opponent, though no pairing of this division shows them.
   */
  readonly playedElsewhere?: ReadonlyMap<PlayerId, readonly number[]>
}

export type PairingRequest = Omit<PairingInput, 'players' | 'history' | 'starts'> & {
  readonly starts: Omit<PairingInput['starts'], 'history'>
}

/** A result that leaves both players without an opponent that round (tsh writes opponent 0). */
function withoutOpponent(result: GameResult): boolean {
  switch (result.kind) {
    case 'played':
      return false
    case 'bye':
    case 'forfeit':
    case 'doubleForfeit':
    case 'unplayed':
      return true
  }
}

/**
 * Rounds without an opponent before `round`, per entrant (tsh's `CountByes`, see the file comment):
 * the count the bye goes by, fewest first, in every system.
 */
export function roundsWithoutOpponent(
  event: Pick<EventSoFar, 'entrants' | 'paired' | 'games' | 'playedElsewhere'>,
  round: number,
): ReadonlyMap<PlayerId, number> {
  // Keyed round × (largest id + 1) + id: one number per player and round, no strings.
  const span = event.entrants.reduce((most, e) => Math.max(most, e.id), 0) + 1
  const noOpponent = new Set<number>()
  for (const game of event.games) {
    if (game.round >= round || !withoutOpponent(game.result)) continue
    for (const id of resultPlayers(game.result)) noOpponent.add(game.round * span + id)
  }
  // Rounds each player had an opponent in; every other round paired so far was one without.
  const withOpponent = new Int32Array(span)
  let rounds = 0
  const pairedRounds = new Set<number>()
  for (const past of event.paired) {
    if (past.round >= round) continue
    rounds++
    pairedRounds.add(past.round)
    for (const pair of past.pairs) {
      for (const id of pair) {
        if (id < span && !noOpponent.has(past.round * span + id)) {
          withOpponent[id] = (withOpponent[id] ?? 0) + 1
        }
      }
    }
  }
  for (const [id, played] of event.playedElsewhere ?? []) {
    if (id >= span) continue
    const here = played.filter((r) => r < round && pairedRounds.has(r)).length
    withOpponent[id] = (withOpponent[id] ?? 0) + here
  }
  const counts = new Map<PlayerId, number>()
  for (const e of event.entrants) counts.set(e.id, rounds - (withOpponent[e.id] ?? 0))
  return counts
}

/** The standings after `basedOn` from the games alone (no penalties, no spread cap). */
function standingsFromGames(
  event: EventSoFar,
  earlier: readonly StartsHistoryEntry[],
  basedOn: number,
) {
  const byRound: RoundOutcome[][] = Array.from({ length: Math.max(0, basedOn) }, () => [])
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
  return computeStandings({
    players: event.entrants.map((e) => ({
      id: e.id,
      name: e.name,
      rating: e.rating,
      withdrawnAfterRound: null,
    })),
    rounds: byRound,
  })
}

export function pairingInputFromEvent(
  event: EventSoFar,
  request: PairingRequest,
): Result<PairingInput> {
  const basedOn = request.basedOn
  const earlier = event.games.filter((g) => g.round < request.round)
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
  const own = basedOn > 0 ? event.standings : undefined
  const row = new Map<PlayerId, BasisStanding>((own ?? []).map((r) => [r.player, r]))
  // The games rank whoever the event's own standings leave out (a late entry not yet ranked):
  // the whole field is ranked only when someone is missing, as it is costly at 2000 players.
  const missing =
    own === undefined || event.entrants.some((e) => (e.active ?? true) && !row.has(e.id))
  const computed = missing || basedOn === 0 ? standingsFromGames(event, earlier, basedOn) : []
  for (const r of computed) if (!row.has(r.player)) row.set(r.player, r)
  // Before any results everyone shares rank 1; the pre-event rank is the rating order, which is
  // the order computeStandings lists them in.
  const preEvent = new Map(computed.map((r, i) => [r.player, i + 1]))
  const tallies = startTallies(earlier)
  const byes = roundsWithoutOpponent(event, request.round)
  const paired = event.paired.filter((r) => r.round < request.round)
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
