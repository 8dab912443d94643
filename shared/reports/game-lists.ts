/**
 * Game lists (issue 14): the high games, high losses, low wins, high combined scores and biggest
 * upsets of a division, each from the recorded scores with its round and table. Only games played
 * over the board count: a bye or forfeit has no scores (tsh's lists read the scores too).
 */
import { ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import { checkRoundNumber, playerName } from '../tournament/lookup'
import type { Division, TournamentState } from '../tournament/types'
import { findDivision } from '../tournament/views'
import { reportHeader, type ReportHeader } from './header'

/** One side of a game played over the board. */
export interface PlayedGame {
  readonly round: number
  readonly table: number
  readonly player: PlayerId
  readonly opponent: PlayerId
  /** Counted scores (after overtime penalties). */
  readonly score: number
  readonly opponentScore: number
  readonly rating: number
  readonly opponentRating: number
}

/**
 * Both sides of every game played over the board in rounds 1..through, round by round. Read from
 * the rounds' pairings and results directly (issue 33: through every player's cells, as the wall
 * chart builds them, it took a third of a second at 2000 players × 20 rounds).
 */
export function playedGames(division: Division, through: number): readonly PlayedGame[] {
  const games: PlayedGame[] = []
  const { players } = division
  for (const round of division.rounds.slice(0, through)) {
    round.pairings.forEach((pairing, index) => {
      const r = round.results[index]?.result
      if (pairing.kind !== 'game' || r === undefined || r.kind !== 'played') return
      for (const player of pairing.players) {
        const opponent = pairing.players.find((p) => p !== player)
        const own = r.players.indexOf(player)
        const score = r.scores[own]
        const opponentScore = r.scores[1 - own]
        if (players[player - 1] === undefined || opponent === undefined) continue
        if (players[opponent - 1] === undefined) continue
        if (own === -1 || score === undefined || opponentScore === undefined) continue
        games.push({
          round: round.number,
          table: pairing.table,
          player,
          opponent,
          score,
          opponentScore,
          rating: players[player - 1]?.rating ?? 0,
          opponentRating: players[opponent - 1]?.rating ?? 0,
        })
      }
    })
  }
  return games.sort((a, b) => a.round - b.round || a.table - b.table || a.player - b.player)
}

export const GAME_LIST_KINDS = [
  'high-game',
  'high-loss',
  'low-win',
  'high-combined',
  'upsets',
] as const
export type GameListKind = (typeof GAME_LIST_KINDS)[number]

export const GAME_LIST_TITLES: Readonly<Record<GameListKind, string>> = {
  'high-game': 'High games',
  'high-loss': 'High losses',
  'low-win': 'Low wins',
  'high-combined': 'High combined scores',
  upsets: 'Biggest upsets (by rating)',
}

export interface GameListEntry {
  readonly rank: number
  readonly round: number
  readonly table: number
  readonly player: { readonly id: PlayerId; readonly name: string }
  readonly opponent: { readonly id: PlayerId; readonly name: string }
  readonly score: number
  readonly opponentScore: number
  /** What the list ranks by: the score, the combined score, or the rating gap. */
  readonly value: number
}

export interface GameList {
  readonly kind: GameListKind
  readonly title: string
  readonly entries: readonly GameListEntry[]
}

export interface GameLists {
  readonly kind: 'game-lists'
  readonly header: ReportHeader
  readonly throughRound: number
  readonly lists: readonly GameList[]
}

/** How many lines each list shows; games level with the last one shown are shown too. */
export const GAME_LIST_LENGTH = 10

/**
 * The chosen games a list of `length` lines can show: those ranked in the first `length` and every
 * one level with the last of them, in their first order (issue 33: sorting every game of 2000
 * players × 20 rounds, five times, to show ten lines of each took a tenth of a second).
 */
function topOf<T extends { readonly value: number }>(
  chosen: readonly T[],
  length: number,
  ascending: boolean,
): T[] {
  if (chosen.length <= length) return [...chosen]
  const values = Float64Array.from(chosen, (c) => (ascending ? c.value : -c.value)).sort()
  const last = values[Math.max(0, length - 1)] ?? Infinity
  return chosen.filter((c) => (ascending ? c.value : -c.value) <= last)
}

function listOf(
  kind: GameListKind,
  games: readonly PlayedGame[],
  division: Division,
  length: number,
): GameList {
  const named = (id: PlayerId) => ({ id, name: playerName(division, id) })
  let chosen: { game: PlayedGame; value: number }[]
  let ascending = false
  switch (kind) {
    case 'high-game':
      chosen = games.map((game) => ({ game, value: game.score }))
      break
    case 'high-loss':
      chosen = games
        .filter((g) => g.score < g.opponentScore)
        .map((game) => ({ game, value: game.score }))
      break
    case 'low-win':
      ascending = true
      chosen = games
        .filter((g) => g.score > g.opponentScore)
        .map((game) => ({ game, value: game.score }))
      break
    case 'high-combined':
      // One line per game: the side with the higher score (the first listed when level).
      chosen = games
        .filter(
          (g) =>
            g.score > g.opponentScore || (g.score === g.opponentScore && g.player < g.opponent),
        )
        .map((game) => ({ game, value: game.score + game.opponentScore }))
      break
    case 'upsets':
      chosen = games
        .filter((g) => g.score > g.opponentScore && g.rating > 0 && g.opponentRating > g.rating)
        .map((game) => ({ game, value: game.opponentRating - game.rating }))
      break
  }
  const sorted = topOf(chosen, length, ascending).sort(
    (a, b) =>
      (ascending ? a.value - b.value : b.value - a.value) ||
      a.game.round - b.game.round ||
      a.game.table - b.game.table,
  )
  const entries: GameListEntry[] = []
  for (const [i, { game, value }] of sorted.entries()) {
    const before = entries[entries.length - 1]
    const rank = before !== undefined && before.value === value ? before.rank : i + 1
    if (i >= length && rank !== before?.rank) break
    entries.push({
      rank,
      round: game.round,
      table: game.table,
      player: named(game.player),
      opponent: named(game.opponent),
      score: game.score,
      opponentScore: game.opponentScore,
      value,
    })
  }
  return { kind, title: GAME_LIST_TITLES[kind], entries }
}

/** The game lists of a division over rounds 1..round. */
export function gameLists(
  state: TournamentState,
  divisionName: string,
  round: number,
  length: number = GAME_LIST_LENGTH,
): Result<GameLists> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const checked = checkRoundNumber(state.info, round)
  if (!checked.ok) return checked
  const through = Math.min(round, division.value.rounds.length)
  const games = playedGames(division.value, through)
  return ok({
    kind: 'game-lists',
    header: reportHeader(state, division.value, round),
    throughRound: through,
    lists: GAME_LIST_KINDS.map((kind) => listOf(kind, games, division.value, length)),
  })
}
