import { err, ok, type Result } from '../result'
import type { RuleSet } from '../rules/rule-set'

/** A player's number in the division (the tsh line number), as in shared/tournament/types.ts. */
export type PlayerId = number

/**
 * Why a game was forfeited. `late` is the late-arrival forfeit (MSA guide, NEON), `walk-out` a game
 * abandoned part way (NSA VII.J.3, NEON, MSA 19), `director` any other forfeit the director declares.
 */
export const FORFEIT_REASONS = ['no-show', 'late', 'walk-out', 'director'] as const
export type ForfeitReason = (typeof FORFEIT_REASONS)[number]

export interface PlayedResult {
  readonly kind: 'played'
  readonly players: readonly [PlayerId, PlayerId]
  /** Scores as written on the slip, before any overtime penalty. */
  readonly rawScores: readonly [number, number]
  /** Seconds each player went over their time (0 = not over). */
  readonly overtimeSeconds: readonly [number, number]
  /** Raw scores less each player's own overtime penalty: the game's spread comes from these. */
  readonly scores: readonly [number, number]
}

export interface ByeResult {
  readonly kind: 'bye'
  readonly player: PlayerId
  readonly spread: number
}

export interface ForfeitResult {
  readonly kind: 'forfeit'
  readonly winner: PlayerId
  readonly loser: PlayerId
  readonly reason: ForfeitReason
  /** Margin the winner gains and the loser gives up (>= 0). */
  readonly spread: number
  readonly rated: boolean
  /** A walk-out's scores when the loser left (NSA VII.J.3), kept for the record and the cards. */
  readonly scoresAtDeparture?: { readonly winner: number; readonly loser: number }
}

/** Neither player showed (or both were disqualified from the game): both take a forfeit loss. */
export interface DoubleForfeitResult {
  readonly kind: 'doubleForfeit'
  readonly players: readonly [PlayerId, PlayerId]
  /** Margin each player gives up (>= 0). */
  readonly spread: number
}

/** Paired but not played and not scored (tsh: opponent 0, score 0): neither a win nor a loss. */
export interface UnplayedResult {
  readonly kind: 'unplayed'
  readonly players: readonly PlayerId[]
}

export type GameResult =
  PlayedResult | ByeResult | ForfeitResult | DoubleForfeitResult | UnplayedResult

/** A director's spread penalty (NSA IV.J.3, VI.C): `points` (> 0) come off the player's spread. */
export interface SpreadPenalty {
  readonly player: PlayerId
  readonly round: number
  readonly points: number
  readonly reason: string
}

export type Fraction = 0 | 0.5 | 1

/** What one game adds to one player's line in the standings. */
export interface GameOutcome {
  readonly win: Fraction
  readonly loss: Fraction
  readonly spread: number
  /** Whether the game counts in the player's games played (an unplayed game does not). */
  readonly counts: boolean
}

/**
 * Points off a player's own score for going over time: every started minute costs a full minute
 * (MSA 2.3, NSA VIII.C). A clock showing 0:00 is not over; -0:01 already costs one minute.
 */
export function overtimePenalty(secondsOver: number, rules: Pick<RuleSet, 'clock'>): number {
  if (!Number.isFinite(secondsOver)) throw new RangeError(`secondsOver must be finite`)
  if (secondsOver <= 0) return 0
  return Math.ceil(secondsOver / 60) * rules.clock.overtimePenaltyPerMinute
}

/**
 * Reads overtime as the director types it from a clock: `m:ss`, optionally with the minus sign a
 * digital clock shows (`-1:05`, both meaning one minute five seconds over). Returns seconds.
 */
export function parseOvertime(text: string): Result<number> {
  const match = /^-?(\d{1,3}):([0-5]\d)$/.exec(text.trim())
  if (match === null) {
    return err('overtime.format', `Overtime must be minutes:seconds such as 1:05, not "${text}"`, {
      field: 'overtime',
    })
  }
  return ok(Number(match[1]) * 60 + Number(match[2]))
}

/**
 * Refuses scores no game can end with: not whole numbers, or beyond the preset's believable maximum
 * either way (a negative score is possible after overtime or when a player is left holding tiles).
 */
export function validateScores(
  a: number,
  b: number,
  rules: Pick<RuleSet, 'results'>,
): Result<readonly [number, number]> {
  const max = rules.results.maxScore
  for (const [index, score] of [a, b].entries()) {
    const field = index === 0 ? 'scoreA' : 'scoreB'
    if (!Number.isInteger(score)) {
      return err('score.not-integer', `A score must be a whole number, not ${String(score)}`, {
        field,
      })
    }
    if (score > max || score < -max) {
      return err('score.out-of-range', `A score must be between ${-max} and ${max}`, {
        field,
        details: { score, max },
      })
    }
  }
  return ok([a, b] as const)
}

/** A played game from the slip: checks both scores and applies each player's overtime penalty. */
export function playedResult(
  players: readonly [PlayerId, PlayerId],
  rawScores: readonly [number, number],
  overtimeSeconds: readonly [number, number],
  rules: Pick<RuleSet, 'results' | 'clock'>,
): Result<PlayedResult> {
  if (players[0] === players[1]) {
    return err('result.same-player', `Player ${players[0]} cannot play themselves`)
  }
  const checked = validateScores(rawScores[0], rawScores[1], rules)
  if (!checked.ok) return checked
  for (const [index, seconds] of overtimeSeconds.entries()) {
    if (!Number.isInteger(seconds) || seconds < 0) {
      return err('overtime.invalid', `Overtime must be a whole, non-negative number of seconds`, {
        field: index === 0 ? 'overtimeA' : 'overtimeB',
      })
    }
  }
  // MSA 2.3: the penalty comes off the offender's own score and is not given to the opponent.
  const scores = [
    rawScores[0] - overtimePenalty(overtimeSeconds[0], rules),
    rawScores[1] - overtimePenalty(overtimeSeconds[1], rules),
  ] as const
  return ok({ kind: 'played', players, rawScores, overtimeSeconds, scores })
}

export interface WalkOutInput {
  /** The player who left the game in progress. */
  readonly leaver: PlayerId
  readonly stayer: PlayerId
  /** Scores when the leaver left; NSA VII.J.3 needs them, the other rules do not. */
  readonly scoresAtDeparture?: { readonly leaver: number; readonly stayer: number }
}

/**
 * The result of an abandoned game by the preset's walk-out rule. The leaver always loses.
 * - `nsa-deficit` (NSA VII.J.3): the leaver gives up the forfeit spread if ahead (or level) when
 *   leaving, else the forfeit spread plus the deficit at that moment.
 * - `zero-margin` (NEON): the stayer gets the win with no margin.
 * - `forfeit-spread` (MSA 19, WSC 14.6): an ordinary forfeit at the preset's forfeit spread.
 */
export function walkOutResult(
  input: WalkOutInput,
  rules: Pick<RuleSet, 'results'>,
): Result<ForfeitResult> {
  if (input.leaver === input.stayer) {
    return err('result.same-player', `Player ${input.leaver} cannot play themselves`)
  }
  const departure = input.scoresAtDeparture
  const base = {
    kind: 'forfeit',
    winner: input.stayer,
    loser: input.leaver,
    reason: 'walk-out',
    rated: rules.results.forfeitRated,
    // The game stops where it was: its scores stay on the record whatever the spread rule.
    ...(departure === undefined
      ? {}
      : { scoresAtDeparture: { winner: departure.stayer, loser: departure.leaver } }),
  } as const
  switch (rules.results.walkOut) {
    case 'nsa-deficit': {
      const scores = input.scoresAtDeparture
      if (scores === undefined) {
        return err(
          'walk-out.scores-required',
          'The scores when the player left are needed for this walk-out rule',
        )
      }
      const deficit = Math.max(0, scores.stayer - scores.leaver)
      return ok({ ...base, spread: rules.results.forfeitSpread + deficit })
    }
    case 'zero-margin':
      return ok({ ...base, spread: 0 })
    case 'forfeit-spread':
      return ok({ ...base, spread: rules.results.forfeitSpread })
  }
}

const WIN: GameOutcome = { win: 1, loss: 0, spread: 0, counts: true }
const LOSS: GameOutcome = { win: 0, loss: 1, spread: 0, counts: true }
const NOT_COUNTED: GameOutcome = { win: 0, loss: 0, spread: 0, counts: false }

/** The players a result involves, for checking who may be asked about it. */
export function resultPlayers(result: GameResult): readonly PlayerId[] {
  switch (result.kind) {
    case 'played':
    case 'doubleForfeit':
    case 'unplayed':
      return result.players
    case 'bye':
      return [result.player]
    case 'forfeit':
      return [result.winner, result.loser]
  }
}

/**
 * What a result means for one of its players in the standings. A tie is half a win and half a
 * loss (NSA VII.E); a bye is a win at its spread (NSA VII.J.1); a forfeit is a win for the player
 * present and a loss for the other at its spread (NSA VII.J.2); an unplayed game counts for nothing.
 * Asking about a player who is not in the result is a programming error.
 */
export function gameOutcome(result: GameResult, player: PlayerId): GameOutcome {
  if (!resultPlayers(result).includes(player)) {
    throw new RangeError(`Player ${player} is not in this ${result.kind} result`)
  }
  switch (result.kind) {
    case 'played': {
      const own = result.players[0] === player ? 0 : 1
      const spread = (result.scores[own] ?? 0) - (result.scores[1 - own] ?? 0)
      if (spread > 0) return { ...WIN, spread }
      if (spread < 0) return { ...LOSS, spread }
      return { win: 0.5, loss: 0.5, spread: 0, counts: true }
    }
    case 'bye':
      return { ...WIN, spread: result.spread }
    case 'forfeit':
      return player === result.winner
        ? { ...WIN, spread: result.spread }
        : { ...LOSS, spread: -result.spread }
    case 'doubleForfeit':
      return { ...LOSS, spread: -result.spread }
    case 'unplayed':
      return NOT_COUNTED
  }
}

/** Total spread penalty points of one player up to and including a round. */
export function penaltyPoints(
  penalties: readonly SpreadPenalty[],
  player: PlayerId,
  throughRound: number,
): number {
  let total = 0
  for (const penalty of penalties) {
    if (penalty.player === player && penalty.round <= throughRound) total += penalty.points
  }
  return total
}
