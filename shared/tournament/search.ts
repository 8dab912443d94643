import { foldName, nameLevel } from './names'
import type { Player } from './types'

/**
 * The desk's search: every word typed must match the name (as names.ts reads a fragment) or
 * appear in the member id, in any order, ignoring case and accents ("ann smi" finds "Smith, Ann";
 * a number alone is also the player with that id). Closest matches come first, ties in the
 * order given, so the row Enter takes at check-in is the player the result line and typed
 * pairings would pick for the same fragment.
 */
export function searchPlayers(players: readonly Player[], query: string): readonly Player[] {
  const words = foldName(query)
    .split(/[\s,]+/)
    .filter(Boolean)
  if (words.length === 0) return players
  const ranked: { readonly player: Player; readonly rank: number }[] = []
  for (const player of players) {
    const memberId = foldName(player.memberId)
    let rank = 0
    for (const word of words) {
      const level = Math.max(nameLevel(word, player), memberId.includes(word) ? 1 : 0)
      if (level === 0) {
        rank = 0
        break
      }
      rank += level
    }
    if (rank > 0) ranked.push({ player, rank })
  }
  // Array.prototype.sort is stable: equal ranks keep the players' order.
  return ranked.sort((a, b) => b.rank - a.rank).map((r) => r.player)
}
