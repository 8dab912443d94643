import { abspRatings } from './absp'
import { ELO_RULES, type EloSystem, type RatingSystem } from './rating-systems'
import { segmentGames, type IndexedGame } from './segment-games'
import { rateSegment } from './segment-rating'
import { segmentsFor } from './segments'

/** One round of a player's event as the rating code sees it. */
export interface RatedGame {
  /** 1-based. */
  readonly round: number
  /** The opponent's id; 0 = a bye or forfeit, never rated. */
  readonly opponent: number
  readonly score: 0 | 0.5 | 1
}

export interface RatingPlayer {
  readonly id: number
  /** The pre-event rating; 0 = unrated. */
  readonly rating: number
  /** Lifetime games before the event (tsh's `lifeg`; 100 when unknown). */
  readonly lifetimeGames: number
  readonly games: readonly RatedGame[]
}

export interface RatingInput {
  readonly system: RatingSystem
  /** The event's configured rounds (tsh's `max_rounds`), which decide the segments. */
  readonly maxRounds: number
  readonly players: readonly RatingPlayer[]
}

export interface PlayerEstimates {
  readonly id: number
  /** The pre-event rating, as given. */
  readonly rating: number
  /** One per round the player has played (byes and missed rounds too): index k = after round k+1. */
  readonly estimates: readonly number[]
}

interface Prepared {
  readonly pre: readonly number[]
  readonly lifetimeGames: readonly number[]
  readonly games: readonly (readonly IndexedGame[])[]
  /** Each player's last round with an entry; 0 = none. */
  readonly lastRound: readonly number[]
}

function prepare(players: readonly RatingPlayer[]): Prepared {
  const index = new Map<number, number>()
  players.forEach((p, i) => index.set(p.id, i))
  const games = players.map((p) =>
    p.games
      .map((g) => ({
        round: g.round,
        opponent: g.opponent === 0 ? -1 : (index.get(g.opponent) ?? -1),
        score: g.score,
      }))
      .sort((a, b) => a.round - b.round),
  )
  return {
    pre: players.map((p) => p.rating),
    lifetimeGames: players.map((p) => p.lifetimeGames),
    games,
    lastRound: games.map((list) => list[list.length - 1]?.round ?? 0),
  }
}

/**
 * Everyone's estimate after each round k (issue 22, "What an estimate is"): rounds 1..k rated from
 * the pre-event ratings as if the event ended after round k, split into the segments of the
 * configured rounds. The segments before k's are the same for every later k, so each is rated once
 * in full and only k's own segment (and the empty ones after it) again per round.
 */
function eloEstimates(system: EloSystem, maxRounds: number, data: Prepared): number[][] {
  const rules = ELO_RULES[system]
  const rounds = Math.max(0, ...data.lastRound)
  // A round played beyond the configured count is still rated (tsh would drop it silently).
  const segments = segmentsFor(Math.max(maxRounds, rounds), rules.splits)
  const byRound: number[][] = []
  let start = data.pre.slice()
  let lifetime = data.lifetimeGames.slice()
  for (const segment of segments) {
    if (segment.first > rounds) break
    const last = Math.min(segment.last, rounds)
    let full: number[] = start
    for (let k = segment.first; k <= last; k++) {
      const games = segmentGames(data.games, segment.first, k)
      let r = rateSegment(rules, start, lifetime, games)
      if (k === segment.last || k === rounds) full = r
      for (const later of segments) {
        if (later.first <= segment.last) continue
        r = rateSegment(rules, r, lifetime, segmentGames(data.games, later.first, k))
      }
      byRound.push(r)
    }
    if (rules.splitLifetimeGames) {
      const games = segmentGames(data.games, segment.first, segment.last)
      lifetime = lifetime.map((g, i) => g + (games.opponents[i]?.length ?? 0))
    }
    start = full
  }
  return byRound
}

/**
 * Rating estimates after every round for a division's players, in input order (issue 22): one per
 * round the player has an entry for, each a full re-rating of rounds 1..k from the pre-event rating.
 * `none` gives no estimates.
 */
export function estimateRatings(input: RatingInput): readonly PlayerEstimates[] {
  const data = prepare(input.players)
  const rounds = Math.max(0, ...data.lastRound)
  let byRound: readonly (readonly number[])[]
  switch (input.system) {
    case 'none':
      byRound = []
      break
    case 'absp': {
      const rows: number[][] = []
      for (let k = 1; k <= rounds; k++) rows.push(abspRatings(data.pre, data.games, k))
      byRound = rows
      break
    }
    case 'nsa':
    case 'nsa2008':
    case 'naspa-csw':
    case 'naspa2024':
    case 'wespa':
    case 'aus':
    case 'elo':
      byRound = eloEstimates(input.system, input.maxRounds, data)
      break
  }
  return input.players.map((p, i) => {
    const last = input.system === 'none' ? 0 : (data.lastRound[i] ?? 0)
    const estimates: number[] = []
    for (let k = 0; k < last; k++) estimates.push(byRound[k]?.[i] ?? p.rating)
    return { id: p.id, rating: p.rating, estimates }
  })
}
