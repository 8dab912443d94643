import type { GameOutcome, PlayerId, SpreadPenalty } from '../results/game-result'
import { DEFAULT_RANKING, spreadCapForRound, type TieBreak } from '../rules/ranking'

const DEFAULT_TIE_BREAKS = DEFAULT_RANKING.tieBreaks

export interface StandingsPlayer {
  readonly id: PlayerId
  readonly name: string
  /** Pre-event rating (0 = unrated), the fourth key of the order. */
  readonly rating: number
  /** Last round the player is ranked after; null while they are still playing. */
  readonly withdrawnAfterRound: number | null
}

/** One player's game in one round, as `gameOutcome` gives it, with who started when known. */
export interface RoundOutcome extends GameOutcome {
  readonly player: PlayerId
  readonly start?: 'first' | 'second'
  /** Who the player met (a played game or a forfeit), for the opponents' wins and head-to-head. */
  readonly opponent?: PlayerId
  /** The player's own score in a played game, for the total score tie-break. */
  readonly score?: number
}

export interface StandingsInput {
  readonly players: readonly StandingsPlayer[]
  /** `rounds[k]` holds round k+1: at most one outcome per player (none = no result yet). */
  readonly rounds: readonly (readonly RoundOutcome[])[]
  /** Director's spread penalties; each counts from its round on (NSA IV.J.3, VI.C). */
  readonly penalties?: readonly SpreadPenalty[]
  /** Each game's spread is held to ±cap before it is added (Thai events use 350); null = none. */
  readonly spreadCapPerGame?: number | null
  /**
   * A cap per round (issue 32, a school championship's cap that rises by round): round k's games
   * are held to `spreadCapByRound[k-1]`, the last value for later rounds; empty or absent:
   * `spreadCapPerGame`.
   */
  readonly spreadCapByRound?: readonly number[]
  /** What orders players level on wins and losses (shared/rules/ranking.ts); absent: spread. */
  readonly tieBreaks?: readonly TieBreak[]
  /** Add firsts and seconds (from the outcomes' `start`) to every row. */
  readonly includeStarts?: boolean
}

export interface StandingsRow {
  /** Competition rank: players equal on wins, losses and spread share it (1, 2, 2, 4). */
  readonly rank: number
  readonly player: PlayerId
  readonly name: string
  /** A tie counts half (NSA VII.E), so these move in steps of 0.5. */
  readonly wins: number
  readonly losses: number
  readonly spread: number
  readonly games: number
  readonly firsts?: number
  readonly seconds?: number
}

/**
 * Running totals of every player, updated one round at a time so the standings of all rounds
 * cost one pass over the games plus one sort per round.
 */
interface Tally {
  readonly index: ReadonlyMap<PlayerId, number>
  readonly wins: Float64Array
  readonly losses: Float64Array
  readonly spread: Float64Array
  readonly games: Int32Array
  readonly firsts: Int32Array
  readonly seconds: Int32Array
  /** Own scores in played games (the total score tie-break). */
  readonly score: Float64Array
  /** Each player's opponents met so far (indexes) and the wins taken off each, game by game. */
  readonly met: number[][]
  readonly wonAgainst: number[][]
  /** The last round each player had an outcome in, to catch a player listed twice in a round. */
  readonly seenInRound: Int32Array
}

function newTally(players: readonly StandingsPlayer[]): Tally {
  const index = new Map<PlayerId, number>()
  players.forEach((player, i) => {
    if (index.has(player.id)) throw new RangeError(`Player ${player.id} is listed twice`)
    index.set(player.id, i)
  })
  const n = players.length
  return {
    index,
    wins: new Float64Array(n),
    losses: new Float64Array(n),
    spread: new Float64Array(n),
    games: new Int32Array(n),
    firsts: new Int32Array(n),
    seconds: new Int32Array(n),
    score: new Float64Array(n),
    met: Array.from({ length: n }, () => []),
    wonAgainst: Array.from({ length: n }, () => []),
    seenInRound: new Int32Array(n),
  }
}

function penaltiesByRound(
  penalties: readonly SpreadPenalty[],
  rounds: number,
): readonly (readonly SpreadPenalty[])[] {
  const byRound: SpreadPenalty[][] = Array.from({ length: rounds + 1 }, () => [])
  for (const penalty of penalties) {
    // A penalty given before round 1 counts from the first standings on.
    const round = Math.max(1, penalty.round)
    if (round <= rounds) byRound[round]?.push(penalty)
  }
  return byRound
}

function add(values: Float64Array | Int32Array, i: number, amount: number): void {
  values[i] = (values[i] ?? 0) + amount
}

function addRound(
  tally: Tally,
  round: number,
  outcomes: readonly RoundOutcome[],
  penalties: readonly SpreadPenalty[],
  cap: number | null,
): void {
  for (const outcome of outcomes) {
    const i = tally.index.get(outcome.player)
    if (i === undefined) throw new RangeError(`Round ${round}: unknown player ${outcome.player}`)
    if (tally.seenInRound[i] === round) {
      throw new RangeError(`Round ${round}: player ${outcome.player} has two outcomes`)
    }
    tally.seenInRound[i] = round
    if (!outcome.counts) continue
    add(tally.wins, i, outcome.win)
    add(tally.losses, i, outcome.loss)
    add(
      tally.spread,
      i,
      cap === null ? outcome.spread : Math.max(-cap, Math.min(cap, outcome.spread)),
    )
    add(tally.games, i, 1)
    if (outcome.score !== undefined) add(tally.score, i, outcome.score)
    const opponent = outcome.opponent === undefined ? undefined : tally.index.get(outcome.opponent)
    if (opponent !== undefined) {
      tally.met[i]?.push(opponent)
      tally.wonAgainst[i]?.push(outcome.win)
    }
    if (outcome.start === 'first') add(tally.firsts, i, 1)
    else if (outcome.start === 'second') add(tally.seconds, i, 1)
  }
  for (const penalty of penalties) {
    const i = tally.index.get(penalty.player)
    if (i === undefined) throw new RangeError(`Penalty for unknown player ${penalty.player}`)
    add(tally.spread, i, -penalty.points)
  }
}

/** The players still ranked after `afterRound` (a withdrawn player drops out after his rounds). */
function rankedPlayers(players: readonly StandingsPlayer[], afterRound: number): number[] {
  const order: number[] = []
  players.forEach((player, i) => {
    const left = player.withdrawnAfterRound
    if (left === null || left >= afterRound) order.push(i)
  })
  return order
}

/** One tie-break's value for each player of a group still level (higher ranks first). */
function tieBreakValue(
  tally: Tally,
  key: TieBreak,
  group: readonly number[],
): (i: number) => number {
  switch (key) {
    case 'spread':
      return (i) => tally.spread[i] ?? 0
    case 'total-score':
      return (i) => tally.score[i] ?? 0
    case 'opponents-wins':
      return (i) => (tally.met[i] ?? []).reduce((sum, o) => sum + (tally.wins[o] ?? 0), 0)
    case 'head-to-head': {
      const level = new Set(group)
      return (i) => {
        const met = tally.met[i] ?? []
        const won = tally.wonAgainst[i] ?? []
        let wins = 0
        met.forEach((o, g) => {
          if (level.has(o)) wins += won[g] ?? 0
        })
        return wins
      }
    }
  }
}

/** `order` cut where `same` says two neighbours differ. */
function runs(order: readonly number[], same: (a: number, b: number) => boolean): number[][] {
  const groups: number[][] = []
  for (const i of order) {
    const last = groups[groups.length - 1]
    const previous = last?.[last.length - 1]
    if (last !== undefined && previous !== undefined && same(previous, i)) last.push(i)
    else groups.push([i])
  }
  return groups
}

/**
 * Groups of players level on wins and losses, then on each tie-break in turn: a key orders only
 * the players the keys before it left level (head-to-head counts the games inside the group).
 */
function levelGroups(tally: Tally, order: number[], tieBreaks: readonly TieBreak[]): number[][] {
  const { wins, losses } = tally
  order.sort((a, b) => (wins[b] ?? 0) - (wins[a] ?? 0) || (losses[a] ?? 0) - (losses[b] ?? 0))
  let groups = runs(order, (a, b) => wins[a] === wins[b] && losses[a] === losses[b])
  for (const key of tieBreaks) {
    groups = groups.flatMap((group) => {
      if (group.length < 2) return [group]
      const valueOf = tieBreakValue(tally, key, group)
      const values = new Map(group.map((i) => [i, valueOf(i)]))
      const value = (i: number): number => values.get(i) ?? 0
      return runs(
        [...group].sort((a, b) => value(b) - value(a)),
        (a, b) => value(a) === value(b),
      )
    })
  }
  return groups
}

/**
 * The order of design.md ("Standings", the tsh convention): more wins, then fewer losses, then the
 * division's tie-breaks (the documents' spread unless the director chose others, issue 32), then
 * higher rating, then lower player number. Rating and number never decide the rank.
 */
function rankRows(
  tally: Tally,
  players: readonly StandingsPlayer[],
  afterRound: number,
  includeStarts: boolean,
  tieBreaks: readonly TieBreak[],
): readonly StandingsRow[] {
  const rating = (i: number): number => players[i]?.rating ?? 0
  const id = (i: number): number => players[i]?.id ?? 0
  const groups = levelGroups(tally, rankedPlayers(players, afterRound), tieBreaks)
  const rows: StandingsRow[] = []
  for (const group of groups) {
    const rank = rows.length + 1
    group.sort((a, b) => rating(b) - rating(a) || id(a) - id(b))
    for (const i of group) {
      const player = players[i] as StandingsPlayer
      const row: StandingsRow = {
        rank,
        player: player.id,
        name: player.name,
        wins: tally.wins[i] ?? 0,
        losses: tally.losses[i] ?? 0,
        spread: tally.spread[i] ?? 0,
        games: tally.games[i] ?? 0,
      }
      rows.push(
        includeStarts
          ? { ...row, firsts: tally.firsts[i] ?? 0, seconds: tally.seconds[i] ?? 0 }
          : row,
      )
    }
  }
  return rows
}

/**
 * Standings after `afterRound` (default: the last round given), best first. A withdrawn player is
 * ranked after the rounds they played and dropped from later standings (design.md, "Standings").
 * Bad input (an outcome for an unknown player, two outcomes for one player in a round) is a
 * programming error and throws: results reach here already checked.
 */
export function computeStandings(
  input: StandingsInput,
  afterRound: number = input.rounds.length,
): readonly StandingsRow[] {
  const rounds = Math.min(afterRound, input.rounds.length)
  const tally = newTally(input.players)
  const penalties = penaltiesByRound(input.penalties ?? [], rounds)
  const cap = input.spreadCapPerGame ?? null
  const caps = input.spreadCapByRound ?? []
  for (let round = 1; round <= rounds; round++) {
    const roundCap = spreadCapForRound(caps, round, cap)
    addRound(tally, round, input.rounds[round - 1] ?? [], penalties[round] ?? [], roundCap)
  }
  return rankRows(
    tally,
    input.players,
    afterRound,
    input.includeStarts ?? false,
    input.tieBreaks ?? DEFAULT_TIE_BREAKS,
  )
}

/** Standings after every round at once: `result[k]` is after round k+1. One pass, one sort a round. */
export function standingsByRound(input: StandingsInput): readonly (readonly StandingsRow[])[] {
  const rounds = input.rounds.length
  const tally = newTally(input.players)
  const penalties = penaltiesByRound(input.penalties ?? [], rounds)
  const cap = input.spreadCapPerGame ?? null
  const caps = input.spreadCapByRound ?? []
  const tieBreaks = input.tieBreaks ?? DEFAULT_TIE_BREAKS
  const all: (readonly StandingsRow[])[] = []
  for (let round = 1; round <= rounds; round++) {
    const roundCap = spreadCapForRound(caps, round, cap)
    addRound(tally, round, input.rounds[round - 1] ?? [], penalties[round] ?? [], roundCap)
    all.push(rankRows(tally, input.players, round, input.includeStarts ?? false, tieBreaks))
  }
  return all
}
