import { seededRng } from '../random'
import type { GameResult, PlayerId } from '../results/game-result'
import type { RuleSet } from '../rules/rule-set'

/** One game of the history the starts are counted from. */
export interface StartsHistoryEntry {
  readonly round: number
  readonly result: GameResult
  /** Who went first in a played game; null when not recorded (then neither is counted). */
  readonly first: PlayerId | null
}

/**
 * How a forfeit loss counts for starts.
 * - `neither` (MSA, WSC, and tsh's `bye_firsts ignore`): byes and forfeits are neither a first nor
 *   a second (rules.md, "Who plays first").
 * - `alternate` (tsh's `bye_firsts alternate`, the NSA practice from 2008): a player's forfeit
 *   losses count in turn as a first, a second, a first… (the first one as a first), so a player who
 *   keeps missing games does not pile up a claim to start. Byes and forfeit wins stay neither.
 */
export const FORFEIT_LOSS_STARTS = ['neither', 'alternate'] as const
export type ForfeitLossStarts = (typeof FORFEIT_LOSS_STARTS)[number]

export interface StartsOptions {
  readonly forfeitLosses?: ForfeitLossStarts
  /**
   * When firsts (and, where the preset uses it, seconds) are equal, reverse the two players' last
   * differing order before drawing: go back from the latest earlier round to the most recent round
   * in which exactly one of the two went first (each player in their own game that round; rounds in
   * which both or neither went first are skipped), and let the other one start now. No such round:
   * fall through to the draw. A director's choice (tsh `avoid_sr_runs`), off by default.
   */
  readonly reverseLastDifferingOrder?: boolean
  /** Seed of the program's draw, recorded in the command; needed when the preset says `program-draw`. */
  readonly seed?: number
}

export type Start = 'first' | 'second'

export interface StartTally {
  readonly firsts: number
  readonly seconds: number
}

/**
 * A player's round in the index: a start, or `neither` for a bye or forfeit (kept so NSA II.F.2
 * knows the player had one; it counts as no start).
 */
type StartMark = Start | 'neither'

/** Each player's start in each round they have one (or `neither`), after the forfeit-loss option. */
export type StartsIndex = ReadonlyMap<PlayerId, ReadonlyMap<number, StartMark>>

/** The history indexed by player, for `decideStarterFrom`. */
export function indexStarts(
  history: readonly StartsHistoryEntry[],
  options: StartsOptions = {},
): StartsIndex {
  return startsByPlayer(history, options)
}

function startsByPlayer(
  history: readonly StartsHistoryEntry[],
  options: StartsOptions,
): StartsIndex {
  const byPlayer = new Map<PlayerId, Map<number, StartMark>>()
  const set = (player: PlayerId, round: number, start: StartMark): void => {
    let rounds = byPlayer.get(player)
    if (rounds === undefined) {
      rounds = new Map()
      byPlayer.set(player, rounds)
    }
    rounds.set(round, start)
  }
  const forfeitLosses = new Map<PlayerId, number>()
  const inOrder = [...history].sort((x, y) => x.round - y.round)
  for (const { round, result, first } of inOrder) {
    switch (result.kind) {
      case 'played': {
        const [a, b] = result.players
        if (first === a || first === b) {
          set(first, round, 'first')
          set(first === a ? b : a, round, 'second')
        }
        break
      }
      case 'forfeit':
        set(result.winner, round, 'neither')
        if ((options.forfeitLosses ?? 'neither') === 'alternate') {
          const count = (forfeitLosses.get(result.loser) ?? 0) + 1
          forfeitLosses.set(result.loser, count)
          set(result.loser, round, count % 2 === 1 ? 'first' : 'second')
        } else set(result.loser, round, 'neither')
        break
      case 'bye':
        set(result.player, round, 'neither')
        break
      case 'doubleForfeit':
        for (const player of result.players) set(player, round, 'neither')
        break
      case 'unplayed':
        break
    }
  }
  return byPlayer
}

function tallyOf(starts: ReadonlyMap<number, StartMark> | undefined): StartTally {
  let firsts = 0
  let seconds = 0
  for (const start of starts?.values() ?? []) {
    if (start === 'first') firsts++
    else if (start === 'second') seconds++
  }
  return { firsts, seconds }
}

/** The player had a bye or a forfeit (won, lost or double) in the history. */
const hadByeOrForfeit = (starts: ReadonlyMap<number, StartMark> | undefined): boolean =>
  [...(starts?.values() ?? [])].some((s) => s === 'neither')

/**
 * Firsts and seconds of every player in the history (rules.md: a bye or forfeit is neither, unless
 * `forfeitLosses: 'alternate'`). Players without a counted start are absent: read as 0 and 0.
 */
export function startTallies(
  history: readonly StartsHistoryEntry[],
  options: StartsOptions = {},
): ReadonlyMap<PlayerId, StartTally> {
  const tallies = new Map<PlayerId, StartTally>()
  for (const [player, starts] of startsByPlayer(history, options)) {
    const tally = tallyOf(starts)
    if (tally.firsts + tally.seconds > 0) tallies.set(player, tally)
  }
  return tallies
}

export type StartReason =
  | {
      /** MSA 1.3, WSC 1.3, NSA II.F.1. */
      readonly kind: 'fewer-firsts'
      readonly starterFirsts: number
      readonly otherFirsts: number
    }
  | {
      /** NSA II.F.2. */
      readonly kind: 'more-seconds'
      readonly firsts: number
      readonly starterSeconds: number
      readonly otherSeconds: number
    }
  | {
      /** The director's option: in `round` the other player went first and the starter did not. */
      readonly kind: 'reverse-last-order'
      readonly round: number
    }
  | {
      /** MSA 1.4, NSA II.F.1: the players draw tiles at the table; printed "draw for first". */
      readonly kind: 'draw-tiles'
      readonly firsts: number
    }
  | {
      /** MSA 1.2 allows the program to decide: a reproducible draw from the recorded seed. */
      readonly kind: 'program-draw'
      readonly seed: number
    }
  | {
      /**
       * MSA 1.2 allows the program to decide: in a fixed schedule it chose by looking ahead to the
       * schedule's last round `through`, to keep starts balanced (schedule-starts.ts).
       */
      readonly kind: 'program-plan'
      readonly through: number
    }

export interface StartDecision {
  /** Who starts; null when the players draw tiles at the table. */
  readonly starter: PlayerId | null
  readonly reason: StartReason
}

/**
 * Who starts the game between `a` and `b`, from the games before this round, by the preset's start
 * rules: fewer firsts; then (NSA) more seconds; then, if the director turned it on, the reverse of
 * their last differing order; then a tile draw at the table or the program's seeded draw.
 * Deciding `(a, b)` and `(b, a)` gives the same starter.
 */
export function decideStarter(
  a: PlayerId,
  b: PlayerId,
  history: readonly StartsHistoryEntry[],
  rules: Pick<RuleSet, 'starts'>,
  options: StartsOptions = {},
): StartDecision {
  return decideStarterFrom(a, b, indexStarts(history, options), rules, options)
}

/**
 * `decideStarter` over a history indexed once with `indexStarts`: a round of many pairings indexes
 * the history once instead of once per table. The index must be built with the same options.
 */
export function decideStarterFrom(
  a: PlayerId,
  b: PlayerId,
  starts: StartsIndex,
  rules: Pick<RuleSet, 'starts'>,
  options: StartsOptions = {},
): StartDecision {
  const ta = tallyOf(starts.get(a))
  const tb = tallyOf(starts.get(b))

  if (rules.starts.fewerFirstsStarts && ta.firsts !== tb.firsts) {
    const [starter, s, o] = ta.firsts < tb.firsts ? [a, ta, tb] : [b, tb, ta]
    return {
      starter,
      reason: { kind: 'fewer-firsts', starterFirsts: s.firsts, otherFirsts: o.firsts },
    }
  }
  // NSA II.F.2 applies only when one of the two has had a bye or forfeit. Equal firsts and unequal
  // seconds also arise when an earlier start is merely unknown (not recorded): then II.F.1 says
  // draw, and naming a starter would invent one.
  if (
    rules.starts.fewerFirstsStarts &&
    rules.starts.moreSecondsStarts &&
    ta.seconds !== tb.seconds &&
    (hadByeOrForfeit(starts.get(a)) || hadByeOrForfeit(starts.get(b)))
  ) {
    const [starter, s, o] = ta.seconds > tb.seconds ? [a, ta, tb] : [b, tb, ta]
    return {
      starter,
      reason: {
        kind: 'more-seconds',
        firsts: ta.firsts,
        starterSeconds: s.seconds,
        otherSeconds: o.seconds,
      },
    }
  }
  if (options.reverseLastDifferingOrder === true) {
    const reversed = reverseLastOrder(a, b, starts)
    if (reversed !== null) return reversed
  }
  switch (rules.starts.whenEqual) {
    case 'draw-tiles':
      return { starter: null, reason: { kind: 'draw-tiles', firsts: ta.firsts } }
    case 'program-draw': {
      const seed = options.seed
      if (seed === undefined) throw new RangeError('A program draw for first needs a recorded seed')
      // Order the pair so the draw does not depend on which player was named first.
      const [low, high] = a < b ? [a, b] : [b, a]
      const starter = seededRng(seed).int(2) === 0 ? low : high
      return { starter, reason: { kind: 'program-draw', seed } }
    }
  }
}

function reverseLastOrder(a: PlayerId, b: PlayerId, starts: StartsIndex): StartDecision | null {
  const sa = starts.get(a)
  const sb = starts.get(b)
  const rounds = [...new Set([...(sa?.keys() ?? []), ...(sb?.keys() ?? [])])].sort((x, y) => y - x)
  for (const round of rounds) {
    const aFirst = sa?.get(round) === 'first'
    const bFirst = sb?.get(round) === 'first'
    if (aFirst === bFirst) continue
    return { starter: aFirst ? b : a, reason: { kind: 'reverse-last-order', round } }
  }
  return null
}

/**
 * One seed per table out of the round's recorded seed, so a program draw does not give the same
 * side of the coin at every table. The pairing engine and `apply` both use it: the same log gives
 * the same starters whoever decides.
 */
export function tableDrawSeed(seed: number, table: number): number {
  return (seed ^ Math.imul(table, 0x9e3779b1)) >>> 0
}

/** The decision as a director reads it on the pairings, e.g. "Ann starts: fewer firsts (1 vs 2)". */
export function describeStart(
  decision: StartDecision,
  nameOf: (player: PlayerId) => string,
): string {
  const who = decision.starter === null ? '' : `${nameOf(decision.starter)} starts: `
  const reason = decision.reason
  switch (reason.kind) {
    case 'fewer-firsts':
      return `${who}fewer firsts (${reason.starterFirsts} vs ${reason.otherFirsts})`
    case 'more-seconds':
      return `${who}equal firsts (${reason.firsts}), more seconds (${reason.starterSeconds} vs ${reason.otherSeconds})`
    case 'reverse-last-order':
      return `${who}reverses their order of round ${reason.round}`
    case 'draw-tiles':
      return `Draw for first (equal firsts: ${reason.firsts})`
    case 'program-draw':
      // The seed stays in the log (History, exports): the reason is read by players.
      return `${who}drawn by the program`
    case 'program-plan':
      return `${who}chosen by the program to keep starts balanced to round ${reason.through}`
  }
}
