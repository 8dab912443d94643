import type { GameOutcome, PlayerId, SpreadPenalty } from '../results/game-result'

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
}

export interface StandingsInput {
  readonly players: readonly StandingsPlayer[]
  /** `rounds[k]` holds round k+1: at most one outcome per player (none = no result yet). */
  readonly rounds: readonly (readonly RoundOutcome[])[]
  /** Director's spread penalties; each counts from its round on (NSA IV.J.3, VI.C). */
  readonly penalties?: readonly SpreadPenalty[]
  /** Each game's spread is held to ±cap before it is added (Thai events use 350); null = none. */
  readonly spreadCapPerGame?: number | null
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
    if (outcome.start === 'first') add(tally.firsts, i, 1)
    else if (outcome.start === 'second') add(tally.seconds, i, 1)
  }
  for (const penalty of penalties) {
    const i = tally.index.get(penalty.player)
    if (i === undefined) throw new RangeError(`Penalty for unknown player ${penalty.player}`)
    add(tally.spread, i, -penalty.points)
  }
}

/**
 * The order of design.md ("Standings", the tsh convention): more wins, then fewer losses, then more
 * spread, then higher rating, then lower player number. Only the first three decide the rank.
 */
function rankRows(
  tally: Tally,
  players: readonly StandingsPlayer[],
  afterRound: number,
  includeStarts: boolean,
): readonly StandingsRow[] {
  const { wins, losses, spread } = tally
  const order: number[] = []
  players.forEach((player, i) => {
    const left = player.withdrawnAfterRound
    if (left === null || left >= afterRound) order.push(i)
  })
  const rating = (i: number): number => players[i]?.rating ?? 0
  const id = (i: number): number => players[i]?.id ?? 0
  order.sort(
    (a, b) =>
      (wins[b] ?? 0) - (wins[a] ?? 0) ||
      (losses[a] ?? 0) - (losses[b] ?? 0) ||
      (spread[b] ?? 0) - (spread[a] ?? 0) ||
      rating(b) - rating(a) ||
      id(a) - id(b),
  )
  const rows: StandingsRow[] = []
  let rank = 0
  let previous = -1
  order.forEach((i, position) => {
    const shared =
      previous >= 0 &&
      wins[i] === wins[previous] &&
      losses[i] === losses[previous] &&
      spread[i] === spread[previous]
    if (!shared) rank = position + 1
    previous = i
    const player = players[i] as StandingsPlayer
    const row: StandingsRow = {
      rank,
      player: player.id,
      name: player.name,
      wins: wins[i] ?? 0,
      losses: losses[i] ?? 0,
      spread: spread[i] ?? 0,
      games: tally.games[i] ?? 0,
    }
    rows.push(
      includeStarts
        ? { ...row, firsts: tally.firsts[i] ?? 0, seconds: tally.seconds[i] ?? 0 }
        : row,
    )
  })
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
  for (let round = 1; round <= rounds; round++) {
    addRound(tally, round, input.rounds[round - 1] ?? [], penalties[round] ?? [], cap)
  }
  return rankRows(tally, input.players, afterRound, input.includeStarts ?? false)
}

/** Standings after every round at once: `result[k]` is after round k+1. One pass, one sort a round. */
export function standingsByRound(input: StandingsInput): readonly (readonly StandingsRow[])[] {
  const rounds = input.rounds.length
  const tally = newTally(input.players)
  const penalties = penaltiesByRound(input.penalties ?? [], rounds)
  const cap = input.spreadCapPerGame ?? null
  const all: (readonly StandingsRow[])[] = []
  for (let round = 1; round <= rounds; round++) {
    addRound(tally, round, input.rounds[round - 1] ?? [], penalties[round] ?? [], cap)
    all.push(rankRows(tally, input.players, round, input.includeStarts ?? false))
  }
  return all
}
