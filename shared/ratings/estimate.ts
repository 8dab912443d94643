import { abspRatings } from './absp'
import { ELO_RULES, type EloSystem, type RatingSystem } from './rating-systems'
import { segmentGames, type IndexedGame } from './segment-games'
import { rateSegment } from './segment-rating'
import { segmentsFor } from './segments'

/** One round of a player's event as the rating code sees it. */
export interface RatedGame {
  /** 1-based. */
  readonly round: number
  /** The opponent's id; 0 = a bye or an unrated forfeit, never rated. */
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
 * What a later estimate of the same division can reuse (issue 22: the store keeps one per
 * division): the input it was worked out from, every round's ratings and each segment's starting
 * ratings. A change in round k leaves rounds before k as they were, since the estimate after round
 * j rates rounds 1..j only ("What an estimate is").
 */
export interface EstimateMemo {
  readonly system: RatingSystem
  /** The configured rounds that decided the segments (at least the rounds played). */
  readonly segmentRounds: number
  readonly players: readonly RatingPlayer[]
  /** Everyone's ratings after round k, at index k − 1, in input order. */
  readonly rows: readonly (readonly number[])[]
  /** Each segment's starting ratings, by segment index, for the segments reached. */
  readonly starts: readonly (readonly number[])[]
}

const sameGame = (a: RatedGame, b: RatedGame): boolean =>
  a.round === b.round && a.opponent === b.opponent && a.score === b.score

/**
 * The first round whose games differ between two inputs of the same players (Infinity: none; 1
 * when the players themselves differ: a rating, lifetime games, one added or taken away).
 */
export function firstChangedRound(
  before: readonly RatingPlayer[],
  after: readonly RatingPlayer[],
): number {
  if (before.length !== after.length) return 1
  let first = Infinity
  for (let i = 0; i < after.length; i++) {
    const a = before[i]
    const b = after[i]
    if (a === undefined || b === undefined) return 1
    if (a.id !== b.id || a.rating !== b.rating || a.lifetimeGames !== b.lifetimeGames) return 1
    if (a.games === b.games) continue
    const length = Math.max(a.games.length, b.games.length)
    for (let j = 0; j < length; j++) {
      const ga = a.games[j]
      const gb = b.games[j]
      if (ga !== undefined && gb !== undefined && sameGame(ga, gb)) continue
      first = Math.min(first, ga?.round ?? Infinity, gb?.round ?? Infinity)
      break
    }
  }
  return first
}

/**
 * Everyone's estimate after each round k (issue 22, "What an estimate is"): rounds 1..k rated from
 * the pre-event ratings as if the event ended after round k, split into the segments of the
 * configured rounds. The segments before k's are the same for every later k, so each is rated once
 * in full and only k's own segment (and the empty ones after it) again per round. Rounds before
 * `from` are taken from `memo` (their games are unchanged).
 */
function eloEstimates(
  system: EloSystem,
  segmentRounds: number,
  data: Prepared,
  from: number,
  memo: EstimateMemo | undefined,
): { rows: (readonly number[])[]; starts: (readonly number[])[] } {
  const rules = ELO_RULES[system]
  const rounds = Math.max(0, ...data.lastRound)
  const segments = segmentsFor(segmentRounds, rules.splits)
  const byRound: (readonly number[])[] = []
  const starts: (readonly number[])[] = []
  let start: readonly number[] = data.pre.slice()
  let lifetime = data.lifetimeGames.slice()
  segments.forEach((segment, s) => {
    if (segment.first > rounds) return
    starts[s] = start
    const last = Math.min(segment.last, rounds)
    let full: readonly number[] = start
    for (let k = segment.first; k <= last; k++) {
      const kept = k < from ? memo?.rows[k - 1] : undefined
      if (kept !== undefined) {
        byRound.push(kept)
        continue
      }
      const games = segmentGames(data.games, segment.first, k)
      let r = rateSegment(rules, start, lifetime, games)
      if (k === segment.last || k === rounds) full = r
      for (const later of segments) {
        if (later.first <= segment.last) continue
        r = rateSegment(rules, r, lifetime, segmentGames(data.games, later.first, k))
      }
      byRound.push(r)
    }
    if (segment.last < from && segment.last < rounds) {
      // Every round of the segment was reused: its result is the next segment's start, as kept.
      full =
        memo?.starts[s + 1] ??
        rateSegment(rules, start, lifetime, segmentGames(data.games, segment.first, segment.last))
    }
    if (rules.splitLifetimeGames) {
      const games = segmentGames(data.games, segment.first, segment.last)
      lifetime = lifetime.map((g, i) => g + (games.opponents[i]?.length ?? 0))
    }
    start = full
  })
  return { rows: byRound, starts }
}

/**
 * Rating estimates after every round for a division's players, in input order (issue 22): one per
 * round the player has an entry for, each a full re-rating of rounds 1..k from the pre-event rating.
 * `none` gives no estimates.
 */
export function estimateRatings(input: RatingInput): readonly PlayerEstimates[] {
  return estimateRatingsReusing(input, undefined).estimates
}

/**
 * `estimateRatings`, reusing what `memo` (the same division's last estimate) holds for the rounds
 * before the first one whose games changed, with the memo of this input for next time. The numbers
 * are the same as worked out afresh (estimate.property.test.ts).
 */
export function estimateRatingsReusing(
  input: RatingInput,
  memo: EstimateMemo | undefined,
): { readonly estimates: readonly PlayerEstimates[]; readonly memo: EstimateMemo } {
  const data = prepare(input.players)
  const rounds = Math.max(0, ...data.lastRound)
  // A round played beyond the configured count is still rated (tsh would drop it silently).
  const segmentRounds = Math.max(input.maxRounds, rounds)
  const from =
    memo === undefined || memo.system !== input.system || memo.segmentRounds !== segmentRounds
      ? 1
      : firstChangedRound(memo.players, input.players)
  const reuse = from > 1 ? memo : undefined
  let byRound: readonly (readonly number[])[]
  let starts: readonly (readonly number[])[] = []
  switch (input.system) {
    case 'none':
      byRound = []
      break
    case 'absp': {
      const rows: (readonly number[])[] = []
      for (let k = 1; k <= rounds; k++) {
        rows.push(
          (k < from ? reuse?.rows[k - 1] : undefined) ?? abspRatings(data.pre, data.games, k),
        )
      }
      byRound = rows
      break
    }
    case 'nsa':
    case 'nsa2008':
    case 'naspa-csw':
    case 'naspa2024':
    case 'wespa':
    case 'aus':
    case 'elo': {
      const worked = eloEstimates(input.system, segmentRounds, data, from, reuse)
      byRound = worked.rows
      starts = worked.starts
      break
    }
  }
  const estimates = input.players.map((p, i) => {
    const last = input.system === 'none' ? 0 : (data.lastRound[i] ?? 0)
    const list: number[] = []
    for (let k = 0; k < last; k++) list.push(byRound[k]?.[i] ?? p.rating)
    return { id: p.id, rating: p.rating, estimates: list }
  })
  return {
    estimates,
    memo: {
      system: input.system,
      segmentRounds,
      players: input.players,
      rows: byRound,
      starts,
    },
  }
}
