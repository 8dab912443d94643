/**
 * Every number and choice of ../../../shared/rules.md, as plain data. A tournament keeps its own copy,
 * so editing a preset later never changes a running event. `naspa` and `wespa` are the federations'
 * current rules (issue 32; what was read of them is in docs/federation-rules.md).
 */
export const PRESET_IDS = [
  'msa',
  'wsc2003',
  'msa-guide',
  'neon',
  'nsa1995',
  'naspa',
  'wespa',
  'custom',
] as const
export type PresetId = (typeof PRESET_IDS)[number]

/** What happens when both players have had the same number of firsts. */
export const EQUAL_FIRSTS_RULES = ['draw-tiles', 'program-draw'] as const
export type EqualFirstsRule = (typeof EQUAL_FIRSTS_RULES)[number]

/**
 * How a late player's remaining clock time is found.
 * - `split-elapsed`: MSA/WSC 2.2 — both absent: at the first arrival each loses half the time elapsed,
 *   then the absent player's clock runs; one absent: their clock runs from the director's start.
 * - `own-absence`: NEON — each late player loses exactly the time they were absent.
 * - `clock-runs`: the director starts the absent player's clock; no split (MSA guide).
 */
export const LATE_ARRIVAL_METHODS = ['split-elapsed', 'own-absence', 'clock-runs'] as const
export type LateArrivalMethod = (typeof LATE_ARRIVAL_METHODS)[number]

/** NSA VII.J.3 deficit rule, NEON's "1 win and 0 margin", or the director decides the spread. */
export const WALK_OUT_RULES = ['nsa-deficit', 'zero-margin', 'forfeit-spread'] as const
export type WalkOutRule = (typeof WALK_OUT_RULES)[number]

/**
 * How the rounds a late entry missed count in the standings: `unplayed` (neither a win nor a loss,
 * tsh's opponent 0 and score 0) or `forfeit-loss` (a loss at the forfeit spread each). No rule
 * document speaks of late entries, so every preset keeps the tsh convention.
 */
export const LATE_ENTRY_MISSED_ROUNDS = ['unplayed', 'forfeit-loss'] as const
export type LateEntryMissedRounds = (typeof LATE_ENTRY_MISSED_ROUNDS)[number]

export const CHALLENGE_RULES = ['penalty-per-word', 'free', 'double'] as const
export type ChallengeRule = (typeof CHALLENGE_RULES)[number]

/**
 * What the hold time measures: `call-within` — a hold must be called within that many seconds of
 * the opponent's turn ending (MSA 12 i, WSC 12.2, NSA X.B); `lasts-at-most` — once called, a hold
 * gives the challenger at most that many seconds to decide (MSA guide, "Challenging").
 */
export const HOLD_RULES = ['call-within', 'lasts-at-most'] as const
export type HoldRule = (typeof HOLD_RULES)[number]

export interface ClockRules {
  readonly minutesPerPlayer: number
  /**
   * Minutes of `minutesPerPlayer` that are overtime, 0 when overtime only starts after them (MSA
   * 2.3). NEON counts 25 minutes each *including* 5 of overtime: 20 minutes of play, then 5 more,
   * and the game ends when the time is over.
   */
  readonly overtimeIncludedMinutes: number
  /** Points off the player's own score for each minute or part of a minute over (0 = not used). */
  readonly overtimePenaltyPerMinute: number
}

export interface LateArrivalRules {
  readonly method: LateArrivalMethod
  /** A late player may choose to forfeit when less than this many minutes remain (null = no choice). */
  readonly mayForfeitUnderMinutes: number | null
  /** The game is forfeited when the late player's clock has run out. */
  readonly forfeitWhenClockExpires: boolean
  /** Spread the opponent wins by when a late player forfeits. */
  readonly forfeitSpread: number
  readonly forfeitRated: boolean
}

export interface StartRules {
  /** The player with fewer firsts so far starts (MSA 1.3, WSC 1.3, NSA II.F.1). */
  readonly fewerFirstsStarts: boolean
  /** Firsts equal: the player with more seconds starts (NSA II.F.2, after byes and forfeits). */
  readonly moreSecondsStarts: boolean
  readonly whenEqual: EqualFirstsRule
}

export interface ResultRules {
  /** Spread a bye counts for (NSA VII.J.1: +50). */
  readonly byeSpread: number
  readonly byeRated: boolean
  /** Spread of a no-show forfeit: winner +, loser − (NSA VII.J.2). */
  readonly forfeitSpread: number
  readonly forfeitRated: boolean
  readonly walkOut: WalkOutRule
  /** Director's spread penalty, as a positive number of points off the offender's spread. */
  readonly spreadPenalty: number
  /** Warnings that make a disqualification (NEON: 3); null = not counted. */
  readonly warningsToDisqualify: number | null
  /** Cap on one game's spread in the standings (Thai events use 350); null = none. */
  readonly spreadCapPerGame: number | null
  /** Highest believable score of one player in one game, for refusing typing mistakes. */
  readonly maxScore: number
  /** What the rounds a player missed by entering late count as. */
  readonly lateEntryMissedRounds: LateEntryMissedRounds
}

export interface PrintedRules {
  readonly challenge: ChallengeRule
  /** Points per challenged word for `penalty-per-word`. */
  readonly challengePenalty: number
  /** Seconds of the hold rule; null when the document has no hold (NEON). */
  readonly holdSeconds: number | null
  readonly holdRule: HoldRule
  readonly wordAuthority: string
  readonly endOfGame: string
  /** How players draw tiles for first, printed wherever a table draws (MSA 1.4, NSA II.F.1). */
  readonly tileDraw: string
}

export interface DeskRules {
  /** NEON: players re-register every day. */
  readonly reRegisterEveryDay: boolean
  /** NEON: an identity tag is shown to enter. */
  readonly identityTags: boolean
}

export interface RuleSet {
  readonly preset: PresetId
  readonly name: string
  /** The rule document this preset follows, for citing on printouts. */
  readonly source: string
  readonly clock: ClockRules
  readonly lateArrival: LateArrivalRules
  readonly starts: StartRules
  readonly results: ResultRules
  readonly printed: PrintedRules
  readonly desk: DeskRules
}
