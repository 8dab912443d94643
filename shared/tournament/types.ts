import type { PairingSystem } from '../pairing/types'
import type { GameResult, PlayerId, SpreadPenalty } from '../results/game-result'
import type { RuleSet } from '../rules/rule-set'
import type { StartReason } from '../starts/starts'
import type { ContentionSettings, DoNotPairList } from './pairing-rules'
import type { PaperSize } from './paper'
import type { PrizeTable } from './prizes'
import type { RatingSystem } from '../ratings/rating-systems'
import type { Ranking } from '../rules/ranking'

export type { PlayerId } from '../results/game-result'

export interface TournamentInfo {
  readonly name: string
  readonly venue: string
  /** ISO dates (YYYY-MM-DD); an event may span several days. */
  readonly startDate: string
  readonly endDate: string
  readonly rounds: number
  /**
   * The rounds after which play stops for a while (a meal, the end of a day), as tsh's
   * `session_breaks`, in increasing order; absent or empty: none set. A lagged plan step pairs on
   * the round before last only inside a session: the first round after a break waits for the
   * latest standings (shared/tournament/plan.ts, `basisRound`).
   */
  readonly sessionBreaks?: readonly number[]
}

/** Who a player is, as the desk types it: what `registerPlayer` and `editPlayer` carry. */
export interface PlayerFields {
  readonly name: string
  /** 0 means unrated, as in tsh. */
  readonly rating: number
  readonly memberId: string
  readonly club: string
  /** Kept as a registration list gave them (CSV import); absent when never given. */
  readonly country?: string
  readonly team?: string
  readonly email?: string
  readonly phone?: string
  /**
   * Rated games played before this event (tsh's `lifeg`), which pick the rating multiplier
   * (shared/ratings/multiplier.ts: under 50 a higher one); absent = 100, tsh's default. Typed at the
   * desk or in a registration list, or read from an imported `.t` line's `lifeg`.
   */
  readonly lifetimeGames?: number
}

/** The player fields a registration list may add beside name, rating, member id and club. */
export const CONTACT_FIELDS = ['country', 'team', 'email', 'phone'] as const

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
  | { readonly kind: 'active' }
  | {
      readonly kind: 'withdrawn'
      readonly fromRound: number
      /** Withdrawn by the director's disqualification, not by the player. */
      readonly disqualified?: boolean
    }

/**
 * How the rounds a late entry missed count, fixed when they register by the preset's
 * `results.lateEntryMissedRounds` (no rule document speaks of it; tsh's convention is `unplayed`).
 * - `unplayed`: neither a win nor a loss and no spread, as tsh's opponent 0 and score 0.
 * - `forfeit-loss`: each missed round is a loss by `spread`, the forfeit spread of the preset then.
 */
export type MissedRounds =
  { readonly kind: 'unplayed' } | { readonly kind: 'forfeit-loss'; readonly spread: number }

/**
 * A registered player. `id` is the player's number in the division, from 1, in registration order:
 * the same number tsh uses (a `.t` file's line number), printed on slips and name tags.
 */
export interface Player extends PlayerFields {
  readonly id: PlayerId
  /**
   * Who the player is for good (issue 27): given when registered and never changed, the same on
   * every desk, while `id` is his place in the division, which an offline desk can only guess.
   * Commands built on an older head name players by it (`PlayerKey` in commands.ts). A player
   * registered without one (an older log, a tsh import) has `derivedPlayerKey(division, id)`.
   */
  readonly key: string
  /**
   * The first round the player can be paired in: 1, or later for a late entry. The rounds a late
   * entry missed count as `missedRounds` says; the player appears in the standings from their first
   * round on.
   */
  readonly firstRound: number
  readonly missedRounds: MissedRounds
  readonly status: PlayerStatus
  /**
   * The days (YYYY-MM-DD) the player checked in at the desk, sorted, each once. NEON makes players
   * register again every day, so a check-in belongs to one day.
   */
  readonly checkIns: readonly string[]
  /** Set when the player came from a tsh `.t` file (formats.md). */
  readonly tsh?: TshPlayerData
  /** The team the player plays for (team standings, issue 14); absent = none given. */
  readonly team?: string
  /**
   * Issue 32: the registration was deleted (`deleteRegistration`). The player keeps his place as a
   * tombstone, withdrawn from round 1, because a player's number is his place in the division and
   * commands (and a `.t` file's lines) name players by it: removing the entry would move everyone
   * registered after him to another number. Absent: a registration in force.
   */
  readonly deleted?: true
  /**
   * The hall's table kept for the player every round (issue 32, `reserveTable`): pairing seats his
   * game there and numbers every other table around it; absent = none.
   */
  readonly reservedTable?: number
  /**
   * Issue 32: the games he played in another division before he was moved here with them
   * (`movePlayer` with `games: 'carry'`), one a round before his `firstRound`. They count in his
   * standings here as played; his opponents stay in the division they were in, where their own
   * results stand. Absent: none carried.
   */
  readonly carried?: CarriedRecord
}

/** A moved player's record from the division he left (issue 32), as his standings here read it. */
export interface CarriedRecord {
  /** The division he played them in, as it was named when he left. */
  readonly from: string
  readonly games: readonly CarriedGame[]
}

/** One round of a carried record: what it added to his line, and whom he played there. */
export interface CarriedGame {
  readonly round: number
  readonly win: 0 | 0.5 | 1
  readonly loss: 0 | 0.5 | 1
  readonly spread: number
  /** Whether the game counts in his games played (an unplayed one does not). */
  readonly counts: boolean
  /** His opponent's name in the other division; null for a bye. */
  readonly opponent: string | null
  /** The scores counted of a played game (his first); null otherwise. */
  readonly scores: readonly [number, number] | null
  /** His opponent's number in the other division; null for a bye. */
  readonly opponentId: PlayerId | null
  /** His opponent's rating there, which his rating estimate rates the game at; null for a bye. */
  readonly opponentRating: number | null
  /** Whether he went first, as recorded there; null when not recorded (counted as neither). */
  readonly start: 'first' | 'second' | null
}

/**
 * Who starts at a table and why, as printed on the pairings.
 * - `rule`: decided by the preset's start rules (shared/starts); `starter` null means the players
 *   draw tiles at the table.
 * - `schedule`: a round-robin schedule set it; only in logs from before issue 18 (round robins now
 *   decide by the rules), kept so those logs fold and print as they did.
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
  /**
   * Who went first when this game last had a played result, kept while a correction makes it a
   * forfeit or unplayed, so correcting it back to the played game keeps the slip's starter (issue
   * 28). Absent when there is nothing to keep; never counted as a first.
   */
  readonly firstBefore?: PlayerId
  /**
   * Set when no one entered the result: a third warning disqualified a player (NEON, During 2) and
   * their game went to the opponent. A result entered for the game later replaces it, as the
   * director's own decision (and a log written before issue 28, when the director entered it, still
   * folds).
   */
  readonly decidedBy?: 'disqualification'
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
  /**
   * The director has published the pairings (shown, printed). A round is paired unpublished, so the
   * director reviews it first; editing a published round stays allowed and the screens warn.
   */
  readonly published: boolean
  /**
   * Issue 30: the players' phone entries waiting for the opponent's or disputed, by table
   * (shared/tournament/phone-results.ts); absent: none. An entry of a table whose result is in
   * counts no more: the desk's result wins.
   */
  readonly phoneEntries?: readonly PhoneEntry[]
}

/** One side's result of a game as his phone entered it (issue 30, `phoneResult`). */
export interface PhoneEntry {
  readonly table: number
  readonly player: PlayerId
  readonly result: GameResult
  readonly first?: PlayerId
  /** The authority's time (ms) of the entry. */
  readonly at: number
}

/** A director's warning (NEON: the third proposes disqualification). */
export interface Warning {
  readonly player: PlayerId
  readonly round: number
  readonly reason: string
}

/**
 * One step of a division's pairing plan: from `fromRound` on (until the next step), rounds are
 * paired by `system`, on the standings after the previous round or (`lagged`) the round before it,
 * allowing two players to meet `maxRepeats` times before a pairing counts as a repeat over the limit
 * (null: no limit, repeats only cost; shared/pairing/weights.ts).
 */
export interface PlanStep {
  readonly fromRound: number
  readonly system: PairingSystem
  readonly basedOn: 'previous' | 'lagged'
  readonly maxRepeats: number | null
  /**
   * Swiss only: inside a score group pair neighbours (1 v 2, 3 v 4) instead of tsh's top half
   * against bottom half (shared/pairing/weights.ts). Absent: halves.
   */
  readonly neighbours?: boolean
}

/**
 * The plan every division was created with before the automatic plan (shared/pairing/auto-plan.ts):
 * seeded by rating, then Swiss never repeating. It was never written to a log (a division's
 * creation carried no plan), so folding an old log gives such a division the automatic plan; a
 * director who saves this very plan keeps it (issue 20: nothing is inferred from a plan's shape).
 */
export const DEFAULT_PLAN: readonly PlanStep[] = [
  { fromRound: 1, system: 'rating', basedOn: 'previous', maxRepeats: 0 },
  { fromRound: 2, system: 'swiss', basedOn: 'previous', maxRepeats: 0 },
]

export interface Division {
  readonly name: string
  readonly players: readonly Player[]
  /** `rounds[k]` is round k+1; rounds are paired in order. */
  readonly rounds: readonly Round[]
  readonly penalties: readonly SpreadPenalty[]
  readonly warnings: readonly Warning[]
  /**
   * The director's plan: how each round is paired, sorted by `fromRound`, the first step from
   * round 1. Empty is the explicit "automatic" state (`addDivision`, or `setPairingPlan` with no
   * steps): the automatic plan is worked out when pairing. A saved plan is always kept as saved,
   * whatever its shape.
   */
  readonly plan: readonly PlanStep[]
  /** Prize contention and Gibsonization (shared/tournament/pairing-rules.ts); absent = off. */
  readonly contention?: ContentionSettings
  /** Who must not meet whom (shared/tournament/pairing-rules.ts); absent = nobody. */
  readonly doNotPair?: DoNotPairList
  /** Prizes, classes and player flags (shared/tournament/prizes.ts); absent = no prizes. */
  readonly prizes?: PrizeTable
  /**
   * Added to the table numbers of the division's pairings, so two divisions in one hall never
   * both have a table 1 (A 1–30, B from 31: offset 30). Absent in older logs: 0.
   */
  readonly tableOffset?: number
  /**
   * How the division's rating estimates are worked out (shared/ratings); absent = the preset's
   * default (`ratingSystemFor` in shared/ratings/division-ratings.ts).
   */
  readonly ratingSystem?: RatingSystem
  /**
   * The names the division had before `renameDivision` (issue 32), oldest first; absent: never
   * renamed. Commands name divisions by name, and a command built before the rename (a venue
   * desk's check-in or result rebased onto the renamed division, an old log read again) still
   * names an old one: `divisionNamed` finds the division by any of them, so no name is reused.
   */
  readonly formerNames?: readonly string[]
  /**
   * What orders players level on wins and the spread cap by round (issue 32, `setRanking`,
   * shared/rules/ranking.ts); absent = the documents' order, wins then spread.
   */
  readonly ranking?: Ranking
  /**
   * The days the division's players may check in or enter results from their phones (issue 30,
   * `setPhoneAccess`, shared/tournament/phone-access.ts), by day; absent: phones only read.
   */
  readonly phoneAccess?: readonly PhoneAccessDay[]
}

/** What the players of a division may do from their phones on one day (issue 30). */
export interface PhoneAccessDay {
  readonly day: string
  readonly checkIn: boolean
  readonly results: boolean
  /** How long a phone's entry waits for the opponent before it is a dispute; absent: 10. */
  readonly confirmMinutes?: number
}

export interface TournamentState {
  readonly id: string
  readonly info: TournamentInfo
  readonly rules: RuleSet
  readonly divisions: readonly Division[]
  /** The paper every print path uses (issue 28, `setPaperSize`); absent = A4. */
  readonly paperSize?: PaperSize
}
