import type { GameResult } from '../results/game-result'
import type { GameRef } from '../tournament/commands'
import { describeResultIn } from '../tournament/describe'
import type { TournamentState } from '../tournament/types'
import { indexOfGame } from './result-line'

/**
 * The result already stored for a game, in words, or null when it has none. A line typed for a
 * game with a result is a correction, which the director confirms against this value (issue 13):
 * a mistyped table number or a second Enter must never overwrite a result unseen.
 */
export function storedResultText(
  state: TournamentState,
  division: string,
  round: number,
  game: GameRef,
): string | null {
  const found = state.divisions.find((d) => d.name === division)
  const played = found?.rounds[round - 1]
  if (!found || !played) return null
  const stored: GameResult | undefined = played.results[indexOfGame(played, game)]?.result
  return stored === undefined ? null : describeResultIn(stored, found)
}
