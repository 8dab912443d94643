import type { Player } from './types'
import { foldForSearch } from './validation'

/**
 * The desk's search: every word typed must appear in the name or member id, in any order, ignoring
 * case and accents ("ann smi" finds "Smith, Ann"). A number alone also finds the player with that id.
 */
export function searchPlayers(players: readonly Player[], query: string): readonly Player[] {
  const words = foldForSearch(query)
    .split(/[\s,]+/)
    .filter(Boolean)
  if (words.length === 0) return players
  const byId = words.length === 1 && /^\d+$/.test(words[0] ?? '') ? Number(words[0]) : undefined
  return players.filter((player) => {
    if (player.id === byId) return true
    const haystack = `${foldForSearch(player.name)} ${player.memberId.toLowerCase()}`
    return words.every((word) => haystack.includes(word))
  })
}
