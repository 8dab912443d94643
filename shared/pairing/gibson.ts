/**
 * Gibsonization (design.md, "Pairing"): a leader whom nobody can catch in the games left is kept
 * away from the players still playing for a prize, so the leader's remaining games cannot decide
 * the other places.
 */
import type { GibsonOptions, PairingPlayer } from './types'

export interface GibsonState {
  readonly leader: PairingPlayer
  /** Players other than the leader who can still reach a prize place. */
  readonly contenders: ReadonlySet<number>
  readonly gamesLeft: number
}

/**
 * Can `chaser` still end level with or ahead of `target` in `games` games, if the chaser wins
 * them all by `maxSpread` and the target loses them all by as much? (The worst case for the
 * target: a tie on wins is then decided by spread.)
 */
export function canCatch(
  chaser: PairingPlayer,
  target: PairingPlayer,
  games: number,
  maxSpread: number,
): boolean {
  const wins = chaser.wins + games
  if (wins !== target.wins) return wins > target.wins
  return chaser.spread + games * maxSpread >= target.spread - games * maxSpread
}

/**
 * The Gibsonized leader of `ordered` (standings order, best first), or null. `basedOn` is the
 * last round with results in the standings: every later round is still to be played.
 */
export function gibsonState(
  ordered: readonly PairingPlayer[],
  basedOn: number,
  options: GibsonOptions,
): GibsonState | null {
  const leader = ordered[0]
  if (leader === undefined || ordered.length < 2) return null
  const gamesLeft = options.totalRounds - basedOn
  if (gamesLeft <= 0) return null
  const max = options.maxSpreadPerRound
  for (const other of ordered.slice(1)) if (canCatch(other, leader, gamesLeft, max)) return null
  // The last prize place as it stands; anyone who can still reach it plays for a prize.
  const places = Math.max(2, options.prizePlaces ?? 3)
  const lastPrize = ordered[Math.min(places, ordered.length) - 1] as PairingPlayer
  const contenders = new Set<number>()
  ordered.slice(1).forEach((p, k) => {
    if (k + 1 < places || canCatch(p, lastPrize, gamesLeft, max)) contenders.add(p.id)
  })
  return { leader, contenders, gamesLeft }
}
