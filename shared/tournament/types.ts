import type { GameResult, PlayerId, SpreadPenalty } from '../results/game-result'
import type { RuleSet } from '../rules/rule-set'
import type { StartReason } from '../starts/starts'

export type { PlayerId } from '../results/game-result'

export interface TournamentInfo {
  readonly name: string
  readonly venue: string
  /** ISO dates (YYYY-MM-DD); an event may span several days. */
  readonly startDate: string
  readonly endDate: string
  readonly rounds: number
}

/** Who a player is, as the desk types it: what `registerPlayer` and `editPlayer` carry. */
export interface PlayerFields {
  readonly name: string
  /** 0 means unrated, as in tsh. */
  readonly rating: number
  readonly memberId: string
  readonly club: string
}

/** A field of a tsh `.t` line (`; TAG v v …`), kept as written (formats.md: keep every tag). */
export interface KeptTag {
  readonly name: string
  readonly values: readonly string[]
}

/**
 * What an imported tsh player line carries that Rackside does not interpret, so exporting the
 * division writes it back (shared/formats/t-export.ts). Present only on imported players.
 */
export interface TshPlayerData {
  /** Every tag of the line in file order; t-export regenerates the ones Rackside owns. */
  readonly tags: readonly KeptTag[]
  /** The rating as written when it is not the plain integer (`01500`, `1500.5`). */
  readonly ratingText?: string
}

/**
 * Whether a player still plays. A withdrawn player plays no round from `fromRound` on: they are
 * ranked in the standings of the rounds before it and dropped from later ones (design.md).
 */
export type PlayerStatus =
  { readonly kind: 'active' } | { readonly kind: 'withdrawn'; readonly fromRound: number }

/**
 * A registered player. `id` is the player's number in the division, from 1, in registration order:
 * the same number tsh uses (a `.t` file's line number), printed on slips and name tags.
 */
export interface Player extends PlayerFields {
  readonly id: PlayerId
  /**
   * The first round the player can be paired in: 1, or later for a late entry. The rounds a late
   * entry missed count as unplayed (neither a win nor a loss, no spread), as tsh's opponent 0 and
   * score 0; the player appears in the standings from their first round on.
   */
  readonly firstRound: number
  readonly status: PlayerStatus
  /** Set when the player came from a tsh `.t` file (formats.md). */
  readonly tsh?: TshPlayerData
}

/**
 * Who starts at a table and why, as printed on the pairings.
 * - `rule`: decided by the preset's start rules (shared/starts); `starter` null means the players
 *   draw tiles at the table.
 * - `schedule`: a round-robin schedule set it (the pairing engine's `start: null`).
 * - `director`: the director chose (rules.md: the director can override any pairing's starter).
 * - `undecided`: nobody has decided yet (printed as a draw for first).
 */
export type PairingStart =
  | { readonly kind: 'rule'; readonly starter: PlayerId | null; readonly reason: StartReason }
  | { readonly kind: 'schedule'; readonly starter: PlayerId }
  | { readonly kind: 'director'; readonly starter: PlayerId }
  | { readonly kind: 'undecided' }

export interface GamePairing {
  readonly kind: 'game'
  /** Board number, from 1; tables a director skips are simply not used. */
  readonly table: number
  readonly players: readonly [PlayerId, PlayerId]
  readonly start: PairingStart
  /** A manual pairing the pairing engine must keep when it pairs again. */
  readonly locked: boolean
  /** Why the system paired them, in words a director reads (design.md, "Pairing"); null = none. */
  readonly reason: string | null
}

export interface ByePairing {
  readonly kind: 'bye'
  readonly player: PlayerId
  readonly locked: boolean
  readonly reason: string | null
}

export type Pairing = GamePairing | ByePairing

/** A result as entered: the game, and who actually went first (for the starts tally). */
export interface RecordedResult {
  readonly result: GameResult
  /** Who went first in a played game; null when unknown or when no game was played. */
  readonly first: PlayerId | null
}

/** A player absent when the round started, and when they sat down (ms; null = not yet). */
export interface Arrival {
  readonly player: PlayerId
  readonly arrivedAt: number | null
}

export interface Round {
  readonly number: number
  /** Games in table order, then byes in player order: a table is found by binary search. */
  readonly pairings: readonly Pairing[]
  /**
   * `results[i]` is the result of `pairings[i]`, null until entered. A bye's result is entered
   * when the round is paired (a win at the preset's bye spread, NSA VII.J.1).
   */
  readonly results: readonly (RecordedResult | null)[]
  /** The pairing system and seed the pairings came from, kept for the audit. */
  readonly system: string | null
  readonly seed: number | null
  /** When the director started the round (ms), if they did it in the program. */
  readonly startedAt: number | null
  readonly arrivals: readonly Arrival[]
}

/** A director's warning (NEON: the third proposes disqualification). */
export interface Warning {
  readonly player: PlayerId
  readonly round: number
  readonly reason: string
}

export interface Division {
  readonly name: string
  readonly players: readonly Player[]
  /** `rounds[k]` is round k+1; rounds are paired in order. */
  readonly rounds: readonly Round[]
  readonly penalties: readonly SpreadPenalty[]
  readonly warnings: readonly Warning[]
}

export interface TournamentState {
  readonly id: string
  readonly info: TournamentInfo
  readonly rules: RuleSet
  readonly divisions: readonly Division[]
}
