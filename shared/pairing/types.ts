/**
 * The pairing engine's own input and output: plain data the tournament (or the CLI, from a `.t`
 * file) fills in. Kept apart from shared/tournament so the engine can be wired to it later.
 */
import type { PlayerId } from '../results/game-result'
import type { RuleSet } from '../rules/rule-set'
import type { StartDecision, StartsHistoryEntry, StartsOptions } from '../starts/starts'
import type { CopOptions } from './cop'
import type { RankMode } from './weights'

export const PAIRING_SYSTEMS = [
  'swiss',
  'koth',
  'round-robin',
  'double-round-robin',
  'random',
  'rating',
  'fontes',
  'australian',
  'manual',
  'cop',
] as const
export type PairingSystem = (typeof PAIRING_SYSTEMS)[number]

/** One player as the pairing sees them: standings of the round the pairing is based on. */
export interface PairingPlayer {
  readonly id: PlayerId
  readonly name: string
  readonly rating: number
  /** A tie counts half. */
  readonly wins: number
  readonly losses: number
  readonly spread: number
  /** Rank in the standings the round is based on (shared ranks allowed); pre-event: by rating. */
  readonly rank: number
  /** False for a withdrawn player or one not (yet) checked in: left out of the round. */
  readonly active: boolean
  /**
   * Rounds so far without an opponent, as tsh's CountByes counts them (byes, forfeits either way,
   * unplayed and missed rounds: pairing/input.ts); the bye goes to the fewest first.
   */
  readonly byes: number
  readonly firsts: number
  readonly seconds: number
  /** A late entry is paired from this round on (default 1). */
  readonly firstRound?: number
  /** A table kept for this player every round (accessibility). */
  readonly reservedTable?: number
}

/** One past round as paired, whether or not results are in: a pairing there is a meeting. */
export interface PastRound {
  readonly round: number
  readonly pairs: readonly (readonly [PlayerId, PlayerId])[]
  readonly byes: readonly PlayerId[]
}

export interface GibsonOptions {
  /** Rounds in the event, to know how many are left after this one's basis. */
  readonly totalRounds: number
  /** The most spread a player can gain (or lose) in one game, for who can still catch whom. */
  readonly maxSpreadPerRound: number
  /** Places that win prizes, each its own band (default 3); `prizeBands` wins when both are set. */
  readonly prizePlaces?: number
  /**
   * The last place of each paying band, ascending (tsh's `prize_bands`): [1, 2, 3] = first, second
   * and third each pay; [1, 3, 10] = first; second to third; fourth to tenth. A player whose best
   * and worst possible finish fall in one band has clinched it (Gibsonized).
   */
  readonly prizeBands?: readonly number[]
  /** Keep clinched players away from contenders (default true; false: contenders only). */
  readonly gibsonize?: boolean
  /**
   * In the last this many rounds, a player holding a paying place meets someone who can still
   * catch them (tsh's ChewPair contenders); 0 = off (default).
   */
  readonly contenderRounds?: number
}

export interface PairingConstraints {
  /** Pairs the director set by hand: kept as they are. */
  readonly locked?: readonly (readonly [PlayerId, PlayerId])[]
  /** A bye the director set by hand. */
  readonly lockedBye?: PlayerId
  /** Pairs that must not meet this round (family, same club…). */
  readonly avoid?: readonly (readonly [PlayerId, PlayerId])[]
}

export interface PairingInput {
  /** The round being paired. */
  readonly round: number
  readonly system: PairingSystem
  /**
   * Rounds in the event: a long event's rematch is priced dearer (weights.ts, repeatPrice).
   * Absent: Gibson's `totalRounds`, else this round.
   */
  readonly rounds?: number
  /** The round whose standings `players` carry (round − 1, or round − 2 for lagged pairing). */
  readonly basedOn: number
  readonly players: readonly PairingPlayer[]
  /** Every earlier round that has been paired (results in or not). */
  readonly history: readonly PastRound[]
  /**
   * How often two players may meet before a pairing counts as over the limit (weights.ts, tier
   * 2); undefined or null = no limit, repeats only minimised by their cost.
   */
  readonly maxRepeats?: number | null
  /** Swiss inside a score group: top half v bottom half (default) or neighbours. */
  readonly rankMode?: RankMode
  readonly seed?: number
  readonly constraints?: PairingConstraints
  /** Gibsonization (Swiss, King of the Hill, Australian Draw); off when absent. */
  readonly gibson?: GibsonOptions
  /** Initial Fontes: the number of rounds it pairs (odd); default 3. */
  readonly fontesRounds?: number
  /** Round robin: the round the schedule starts in (default 1). */
  readonly roundRobinStart?: number
  /** COP's settings (cop.ts); its defaults when absent. */
  readonly cop?: CopOptions
  readonly starts: {
    readonly rules: Pick<RuleSet, 'starts'>
    readonly options?: StartsOptions
    /** The games starts are counted from; without it the players' firsts/seconds are used. */
    readonly history?: readonly StartsHistoryEntry[]
  }
}

export interface Pairing {
  readonly table: number
  /** The player who starts, or (when the players draw for first) the higher-ranked one. */
  readonly first: PlayerId
  readonly second: PlayerId
  /** How the starts rules decided (a round robin's too, since issue 18). */
  readonly start: StartDecision
  readonly reason: string
}

export interface Bye {
  readonly player: PlayerId
  readonly reason: string
  /**
   * A round robin's scheduled opponent who is not in this round (withdrawn, or not playing it):
   * the desk decides whether that is a forfeit win (a withdrawal) or a plain bye.
   */
  readonly absentOpponent?: PlayerId
}

export interface PairingSummary {
  /** Pairings between players who had met before. */
  readonly repeats: number
  /** Pairings over the `maxRepeats` limit (only when keeping it would widen a win gap). */
  readonly overLimit: number
  /** The pairings over the limit, named. */
  readonly overLimitPairs: readonly (readonly [PlayerId, PlayerId])[]
  /** Rematches of the previous round. */
  readonly backToBack: number
  /** The widest win difference inside a pairing, in wins (0.5 steps). */
  readonly widestWinGap: number
  /** Each score group (players on the same wins) and how many were paired outside it. */
  readonly scoreGroups: readonly {
    readonly wins: number
    readonly players: number
    readonly pairedOutside: number
  }[]
  readonly gibsonized: readonly PlayerId[]
  /** The summary as separate lines, for a list on screen. */
  readonly lines: readonly string[]
  /** The same lines joined with '; ', for one line of text. */
  readonly text: string
}

export interface PairedRound {
  readonly round: number
  readonly system: PairingSystem
  readonly basedOn: number
  readonly pairings: readonly Pairing[]
  readonly byes: readonly Bye[]
  readonly summary: PairingSummary
}
