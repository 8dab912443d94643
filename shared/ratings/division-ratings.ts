import type { PresetId } from '../rules/rule-set'
import type { Division, Round, TournamentState } from '../tournament/types'
import {
  estimateRatings,
  estimateRatingsReusing,
  type EstimateMemo,
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
 * most often submitted to. `wespa` → `wespa`: WESPA rates events played under its current rules
 * (wespa.org's organiser page); `naspa` → `naspa2024`, a guess: NASPA rates its sanctioned events,
 * and naspa2024 is tsh's name for its newest formula.
 */
export const DEFAULT_RATING_SYSTEM: Readonly<Record<PresetId, RatingSystem>> = {
  msa: 'absp',
  'msa-guide': 'absp',
  wsc2003: 'wespa',
  nsa1995: 'nsa',
  neon: 'wespa',
  custom: 'nsa',
  naspa: 'naspa2024',
  wespa: 'wespa',
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
 * rated (issue 22, "What an estimate is"), except a forfeit the rules rate: a win and a loss
 * against each other, as the `.t` writes it (issue 28).
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
      case 'forfeit': {
        // A forfeit without a margin has no rated form in tsh (a 0–0 game is a tie), so the `.t`
        // writes it unrated and so is it here: the estimates agree with the file's.
        const rated = result.rated && result.spread > 0
        add(result.winner, { round: r, opponent: rated ? result.loser : 0, score: 1 })
        add(result.loser, { round: r, opponent: rated ? result.winner : 0, score: 0 })
        break
      }
      case 'doubleForfeit':
        for (const p of result.players) add(p, { round: r, opponent: 0, score: 0 })
        break
      case 'unplayed':
        for (const p of result.players) add(p, { round: r, opponent: 0, score: 0 })
        break
    }
  })
}

/** Who is paired in the round (a game or a bye), whether or not the result is in. */
function pairedIn(round: Round): Set<number> {
  const paired = new Set<number>()
  for (const pairing of round.pairings) {
    if (pairing.kind === 'game') for (const p of pairing.players) paired.add(p)
    else paired.add(pairing.player)
  }
  return paired
}

/**
 * The rating input of a folded division: every player in id order, one entry per round up to the
 * division's last round with a result, as tsh's `.t` has one: a round the player missed (a late
 * entry's, one after a withdrawal, one sat out) counts as opponent 0. A game whose result is not
 * in yet ends the player's entries there, so their estimates stop at the last round they finished.
 */
export function ratingPlayers(division: Division): readonly RatingPlayer[] {
  const byPlayer = new Map<number, RatedGame[]>()
  for (const round of division.rounds) roundGames(round, byPlayer)
  let last = 0
  for (const round of division.rounds) {
    if (round.results.some((r) => r !== null)) last = Math.max(last, round.number)
  }
  const paired = division.rounds.map(pairedIn)
  const opponents = carriedOpponents(division, byPlayer)
  const here = division.players.map((p) => {
    const entries = new Map((byPlayer.get(p.id) ?? []).map((g) => [g.round, g]))
    const games: RatedGame[] = []
    for (let r = 1; r <= last; r++) {
      const entry = entries.get(r)
      if (entry !== undefined) games.push(entry)
      else if (paired[r - 1]?.has(p.id) === true) break
      else games.push({ round: r, opponent: 0, score: 0 })
    }
    return {
      id: p.id,
      rating: p.rating,
      lifetimeGames: p.lifetimeGames ?? DEFAULT_LIFETIME_GAMES,
      games,
    }
  })
  return [...here, ...opponents.map((o) => ({ ...o, games: unpairedUntil(o.games, last) }))]
}

/**
 * Issue 32: a moved player's games in the division he left are rated games (his opponents were
 * rated there), so each of his played carried games goes into `into` against an opponent who
 * stands for that one game: a player numbered after this division's, at the rating he had there,
 * who played nothing else here. His own estimate and the others' are what they would be with the
 * game in the file; the stand-ins' estimates are no one's and are left out (`ownEstimates`).
 */
function carriedOpponents(
  division: Division,
  into: Map<number, RatedGame[]>,
): (RatingPlayer & { readonly games: RatedGame[] })[] {
  const opponents: (RatingPlayer & { games: RatedGame[] })[] = []
  for (const player of division.players) {
    for (const game of player.carried?.games ?? []) {
      if (game.round >= player.firstRound) continue
      const rated = game.scores !== null && game.opponentId !== null && game.counts
      const list = into.get(player.id) ?? []
      into.set(player.id, list)
      if (!rated) {
        list.push({ round: game.round, opponent: 0, score: 0 })
        continue
      }
      const id = division.players.length + opponents.length + 1
      list.push({ round: game.round, opponent: id, score: game.win })
      opponents.push({
        id,
        rating: game.opponentRating ?? 0,
        lifetimeGames: DEFAULT_LIFETIME_GAMES,
        games: [{ round: game.round, opponent: player.id, score: game.loss }],
      })
    }
  }
  return opponents
}

/** A stand-in's one game among rounds 1..last, the others without an opponent (never rated). */
function unpairedUntil(games: readonly RatedGame[], last: number): RatedGame[] {
  const byRound = new Map(games.map((g) => [g.round, g]))
  return Array.from(
    { length: last },
    (_, i) => byRound.get(i + 1) ?? { round: i + 1, opponent: 0, score: 0 },
  )
}

/** The estimates of the division's own players, without the stand-ins of carried games. */
function ownEstimates(
  division: Division,
  estimates: readonly PlayerEstimates[],
): readonly PlayerEstimates[] {
  return estimates.filter((e) => e.id <= division.players.length)
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
  const estimates = estimateRatings({
    system: ratingSystemFor(state, divisionName),
    maxRounds: state.info.rounds,
    players: ratingPlayers(division),
  })
  return ownEstimates(division, estimates)
}

/**
 * `divisionRatingEstimates` reusing the division's last estimate (`memo`) for the rounds before the
 * first one whose games changed: a result entered in the last round re-rates that round alone.
 * Undefined for a division that does not exist.
 */
export function divisionRatingEstimatesReusing(
  state: TournamentState,
  divisionName: string,
  memo: EstimateMemo | undefined,
): { readonly estimates: readonly PlayerEstimates[]; readonly memo: EstimateMemo } | undefined {
  const division = state.divisions.find((d) => d.name === divisionName)
  if (division === undefined) return undefined
  const reused = estimateRatingsReusing(
    {
      system: ratingSystemFor(state, divisionName),
      maxRounds: state.info.rounds,
      players: ratingPlayers(division),
    },
    memo,
  )
  return { ...reused, estimates: ownEstimates(division, reused.estimates) }
}
