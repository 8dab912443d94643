import type { PresetId } from '../rules/rule-set'
import type { Division, Round, TournamentState } from '../tournament/types'
import {
  estimateRatings,
  type PlayerEstimates,
  type RatedGame,
  type RatingPlayer,
} from './estimate'
import { DEFAULT_LIFETIME_GAMES } from './lifetime-games'
import type { RatingSystem } from './rating-systems'

/**
 * The rating system a division gets when the director has not chosen one, by the tournament's
 * preset. Only `msa`/`msa-guide` → `absp` (the MSA's ratings are the ABSP's) and `wsc2003` → `wespa`
 * (WESPA rates world events) follow from the rule documents; the rest are guesses: `nsa1995` → `nsa`
 * and `custom` → `nsa` because `nsa` is what tsh uses when config.tsh names no system, so an imported
 * tsh event estimates as tsh wrote it; `neon` → `wespa`, as the international rating NEON events are
 * most often submitted to.
 */
export const DEFAULT_RATING_SYSTEM: Readonly<Record<PresetId, RatingSystem>> = {
  msa: 'absp',
  'msa-guide': 'absp',
  wsc2003: 'wespa',
  nsa1995: 'nsa',
  neon: 'wespa',
  custom: 'nsa',
}

/** The division's rating system: the one stored on it, else the preset's default. */
export function ratingSystemFor(state: TournamentState, divisionName: string): RatingSystem {
  const division = state.divisions.find((d) => d.name === divisionName)
  return division?.ratingSystem ?? DEFAULT_RATING_SYSTEM[state.rules.preset]
}

const won = (own: number, other: number): RatedGame['score'] =>
  own > other ? 1 : own < other ? 0 : 0.5

/**
 * Each player's entries in one round with a result, by player id: a played game against its
 * opponent; a bye, forfeit (either side), double forfeit or unplayed game against opponent 0, never
 * rated (issue 22, "What an estimate is").
 */
function roundGames(round: Round, into: Map<number, RatedGame[]>): void {
  const add = (player: number, game: RatedGame): void => {
    const list = into.get(player)
    if (list === undefined) into.set(player, [game])
    else list.push(game)
  }
  round.results.forEach((recorded) => {
    if (recorded === null) return
    const r = round.number
    const result = recorded.result
    switch (result.kind) {
      case 'played': {
        const [a, b] = result.players
        const [sa, sb] = result.scores
        add(a, { round: r, opponent: b, score: won(sa, sb) })
        add(b, { round: r, opponent: a, score: won(sb, sa) })
        break
      }
      case 'bye':
        add(result.player, { round: r, opponent: 0, score: result.spread > 0 ? 1 : 0 })
        break
      case 'forfeit':
        add(result.winner, { round: r, opponent: 0, score: 1 })
        add(result.loser, { round: r, opponent: 0, score: 0 })
        break
      case 'doubleForfeit':
        for (const p of result.players) add(p, { round: r, opponent: 0, score: 0 })
        break
      case 'unplayed':
        for (const p of result.players) add(p, { round: r, opponent: 0, score: 0 })
        break
    }
  })
}

/**
 * The rating input of a folded division: every player in id order with the rounds that have
 * results; a round a player missed before their last entry (a late entry's, or one they sat out)
 * counts as opponent 0.
 */
export function ratingPlayers(division: Division): readonly RatingPlayer[] {
  const byPlayer = new Map<number, RatedGame[]>()
  for (const round of division.rounds) roundGames(round, byPlayer)
  return division.players.map((p) => {
    const entries = (byPlayer.get(p.id) ?? []).sort((a, b) => a.round - b.round)
    const games: RatedGame[] = []
    let next = 1
    for (const g of entries) {
      for (; next < g.round; next++) games.push({ round: next, opponent: 0, score: 0 })
      games.push(g)
      next = g.round + 1
    }
    return {
      id: p.id,
      rating: p.rating,
      lifetimeGames: p.lifetimeGames ?? DEFAULT_LIFETIME_GAMES,
      games,
    }
  })
}

/**
 * Rating estimates after every round for a division (issue 22), by its rating system and the event's
 * configured rounds; a division that does not exist has none.
 */
export function divisionRatingEstimates(
  state: TournamentState,
  divisionName: string,
): readonly PlayerEstimates[] {
  const division = state.divisions.find((d) => d.name === divisionName)
  if (division === undefined) return []
  return estimateRatings({
    system: ratingSystemFor(state, divisionName),
    maxRounds: state.info.rounds,
    players: ratingPlayers(division),
  })
}
