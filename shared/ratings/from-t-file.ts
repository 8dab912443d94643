import type { TDivisionFile } from '../formats/t-file-types'
import type { RatedGame, RatingPlayer } from './estimate'
import { DEFAULT_LIFETIME_GAMES, lifetimeGamesFromTags } from './lifetime-games'

/**
 * The rating input of a tsh `.t` division, read as tsh reads it for its estimates: every round with
 * a score; opponent 0 (a bye, a forfeit, an unplayed round) or an opponent without a score that
 * round is never rated; a game's result is the two scores compared, equal a tie.
 */
export function ratingPlayersFromTFile(file: TDivisionFile): readonly RatingPlayer[] {
  return file.players.map((line) => {
    const games: RatedGame[] = line.scores.map((own, i) => {
      const opponent = line.opponents[i] ?? 0
      const theirs = opponent === 0 ? undefined : file.players[opponent - 1]?.scores[i]
      if (theirs === undefined) return { round: i + 1, opponent: 0, score: 0 }
      return { round: i + 1, opponent, score: own > theirs ? 1 : own < theirs ? 0 : 0.5 }
    })
    return {
      id: line.id,
      rating: line.rating ?? 0,
      lifetimeGames: lifetimeGamesFromTags(line.tags) ?? DEFAULT_LIFETIME_GAMES,
      games,
    }
  })
}
