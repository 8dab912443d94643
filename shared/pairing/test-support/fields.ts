/** Small hand-made fields for worked examples and property tests. */
import type { PlayerId } from '../../results/game-result'
import { STARTS } from './simulate'
import type { PairedRound, PairingInput, PairingPlayer, PastRound } from '../types'

export const NAMES = ['Ann', 'Bob', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal', 'Ida', 'Jo', 'Kim', 'Lu']

export function player(
  id: number,
  wins: number,
  losses: number,
  spread: number,
  extra: Partial<PairingPlayer> = {},
): PairingPlayer {
  return {
    id,
    name: NAMES[id - 1] ?? `P${String(id)}`,
    rating: 2000 - id * 10,
    wins,
    losses,
    spread,
    rank: 0,
    active: true,
    byes: 0,
    firsts: 0,
    seconds: 0,
    ...extra,
  }
}

/** Ranks by wins, then spread (shared on both equal), as the standings would give. */
export function ranked(players: readonly PairingPlayer[]): PairingPlayer[] {
  const order = [...players].sort((a, b) => b.wins - a.wins || b.spread - a.spread || a.id - b.id)
  return players.map((p) => {
    const rank =
      1 + order.filter((q) => q.wins > p.wins || (q.wins === p.wins && q.spread > p.spread)).length
    return { ...p, rank }
  })
}

export function input(
  players: readonly PairingPlayer[],
  extra: Partial<PairingInput> = {},
): PairingInput {
  return {
    round: 2,
    basedOn: 1,
    system: 'swiss',
    players: ranked(players),
    history: [],
    starts: STARTS,
    ...extra,
  }
}

export const past = (
  round: number,
  pairs: readonly (readonly [PlayerId, PlayerId])[],
  byes: readonly PlayerId[] = [],
): PastRound => ({ round, pairs, byes })

/** The round as [first, second] pairs by table, and the bye holders. */
export function shape(round: PairedRound): { pairs: [PlayerId, PlayerId][]; byes: PlayerId[] } {
  return {
    pairs: round.pairings.map((p) => [p.first, p.second]),
    byes: round.byes.map((b) => b.player),
  }
}

/** The round as unordered pairs (sorted), for checks that do not care who starts. */
export function unordered(round: PairedRound): [PlayerId, PlayerId][] {
  return round.pairings
    .map((p): [PlayerId, PlayerId] =>
      p.first < p.second ? [p.first, p.second] : [p.second, p.first],
    )
    .sort((x, y) => x[0] - y[0] || x[1] - y[1])
}
