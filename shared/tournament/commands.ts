import type { RatingSystem } from '../ratings/rating-systems'
import type { GameResult, PlayerId } from '../results/game-result'
import type { Ranking } from '../rules/ranking'
import type { RuleSet } from '../rules/rule-set'
import type { ContentionSettings, DoNotPairList } from './pairing-rules'
import type { PaperSize } from './paper'
import type { PrizeTable } from './prizes'
import type {
  MissedRounds,
  PairingStart,
  PlanStep,
  PlayerFields,
  TournamentInfo,
  TshPlayerData,
} from './types'

/**
 * What becomes of a moved player's games (issue 32): `carry` takes his record with him, his
 * opponents keeping theirs; `drop` takes it off, each opponent's game becoming a forfeit win.
 */
export const MOVE_GAMES = ['carry', 'drop'] as const
export type MoveGames = (typeof MOVE_GAMES)[number]

/**
 * Who leaves a division being split (issue 32, `splitDivision`): the top `count` by rating stay,
 * the players rated `atLeast` or more stay (the rating line), or the listed players leave.
 */
export const SPLIT_KINDS = ['top', 'rating', 'list'] as const
export type SplitKind = (typeof SPLIT_KINDS)[number]
export type SplitBy =
  | { readonly kind: 'top'; readonly count: number }
  | { readonly kind: 'rating'; readonly atLeast: number }
  | {
      readonly kind: 'list'
      readonly players: readonly PlayerId[]
      /** The listed players as the desk saw them (`PlayerKey`). */
      readonly keys?: readonly PlayerKey[]
    }

/**
 * One pairing as a pairing system (or the director) produced it. The desk's proposal carries each
 * game's `start` as the pairing engine decided it (one decision, stored as it is and printed); a
 * game without `start` (an older log, a hand-made command) has its starter decided by the preset's
 * start rules when the command is applied (shared/starts), with the same per-table draw seed.
 */

export type PairingSpec =
  | {
      readonly kind: 'game'
      readonly table: number
      readonly players: readonly [PlayerId, PlayerId]
      readonly start?: PairingStart
      readonly locked?: boolean
      readonly reason?: string
    }
  | {
      readonly kind: 'bye'
      readonly player: PlayerId
      readonly locked?: boolean
      readonly reason?: string
      /**
       * The round robin seated the player against this one, who has withdrawn: the player wins as
       * by that player's forfeit, at the preset's forfeit spread rather than a bye's (issue 28).
       */
      readonly forfeitBy?: PlayerId
    }

/**
 * A change to one table of a paired round. Every change but `lock` makes the tables it touches
 * manual (locked) and decides their starters again by the rules.
 * - `replace`: the table gets these two players; whoever sat there before is left unpaired.
 * - `swap`: `player`, seated at the table, changes places with `with`, who sits at another table,
 *   has a bye, or is not paired (then `player` is left unpaired).
 * - `lock`: mark the table as manual, or free it for the pairing engine.
 */
export type PairingChange =
  | { readonly kind: 'replace'; readonly players: readonly [PlayerId, PlayerId] }
  | { readonly kind: 'swap'; readonly player: PlayerId; readonly with: PlayerId }
  | { readonly kind: 'lock'; readonly locked: boolean }

/**
 * A player a command names, as the desk meant him (issue 27): his number where the desk typed the
 * command, and his `key` (`Player.key`), which never changes and is the same on every desk.
 *
 * The one shape every commuting command that names a player carries (an optional `keys` list):
 * checkIn, cancelCheckIn, recordArrival and assignPenalty name one player; a result or correction
 * names the game's players as the desk saw them seated (one for a bye), so a table re-paired
 * meanwhile is told from the game the desk meant. Keys never replace numbers: the numbers are what
 * the hall sees and what `apply` acts on; `apply` refuses a command whose number no longer names
 * the keyed player, and the authority (shared/authority/rebase.ts) re-targets a command built on
 * an older head to the players' current numbers. Absent in logs written before issue 27.
 */
export interface PlayerKey {
  readonly player: PlayerId
  readonly key: string
}

/** Which game a result is for: its table, or its players (two at a table, one for a bye). */
export type GameRef = { readonly table: number } | { readonly players: readonly PlayerId[] }

export interface ResultFields {
  readonly division: string
  readonly round: number
  readonly game: GameRef
  readonly result: GameResult
  /** Who went first, when it differs from the printed starter or none was printed. */
  readonly first?: PlayerId
  /** The game's players as the desk saw them seated (`PlayerKey`); absent before issue 27. */
  readonly keys?: readonly PlayerKey[]
}

/** One entry of a registration: who, and the key the registering desk gave him (issue 27). */
export interface Registration {
  readonly player: PlayerFields
  /**
   * The player's `key` for good, made (at random) by the desk that typed the registration; absent
   * in older logs and imports, where it is derived from the division and number
   * (`derivedPlayerKey`).
   */
  readonly key?: string
}

/**
 * Everything a director does is one of these small, plain, serialisable commands; the tournament is
 * the fold of their log (design.md). A command never holds derived data, randomness enters it as
 * a recorded seed and time as a number of milliseconds the caller read.
 */
export type Command =
  | { readonly type: 'createTournament'; readonly info: TournamentInfo; readonly rules: RuleSet }
  | { readonly type: 'editTournamentInfo'; readonly info: TournamentInfo }
  | { readonly type: 'changeRules'; readonly rules: RuleSet }
  | { readonly type: 'addDivision'; readonly name: string }
  | {
      readonly type: 'registerPlayer'
      readonly division: string
      readonly player: PlayerFields
      /** See `Registration.key`. */
      readonly key?: string
      /** A late entry's first round; by default the first round not yet paired. */
      readonly firstRound?: number
      /**
       * How the rounds before `firstRound` count, when a file says so (issue 28: a `.t` written
       * under "forfeit losses" read back under another preset); by default the preset's.
       */
      readonly missedRounds?: MissedRounds
      /** What a tsh import keeps for writing the line back (shared/formats/t-import.ts). */
      readonly tsh?: TshPlayerData
    }
  | {
      /**
       * A registration list at once (a CSV file): one command, so the whole list is stored in one
       * transaction and undone in one step. Each entry goes to its own division, else `division`;
       * the list is refused as a whole if one entry is.
       */
      readonly type: 'registerPlayers'
      readonly division: string
      readonly players: readonly (Registration & { readonly division?: string })[]
    }
  | {
      readonly type: 'editPlayer'
      readonly division: string
      readonly playerId: number
      readonly player: PlayerFields
    }
  | {
      readonly type: 'withdrawPlayer'
      readonly division: string
      readonly player: PlayerId
      /** The first round the player does not play. */
      readonly fromRound: number
      /** The director disqualified the player (NEON: after the third warning); printed so. */
      readonly disqualified?: boolean
    }
  | { readonly type: 'reinstatePlayer'; readonly division: string; readonly player: PlayerId }
  /**
   * The player is at the desk on `day` (YYYY-MM-DD). Checking in again the same day changes nothing
   * and is not refused (a second key press at the desk is harmless); see `isCheckedIn`.
   */
  | {
      readonly type: 'checkIn'
      readonly division: string
      readonly player: PlayerId
      readonly day: string
      /** The player as the desk meant him (`PlayerKey`). */
      readonly keys?: readonly PlayerKey[]
    }
  /** Takes back a check-in of `day`; cancelling one that was not made changes nothing. */
  | {
      readonly type: 'cancelCheckIn'
      readonly division: string
      readonly player: PlayerId
      readonly day: string
      /** The player as the desk meant him (`PlayerKey`). */
      readonly keys?: readonly PlayerKey[]
    }
  /** How the division's rounds are paired from now on (design.md, "Pairing"). */
  | {
      readonly type: 'setPairingPlan'
      readonly division: string
      readonly plan: readonly PlanStep[]
    }
  /** Prize bands, Gibsonization and contender pairing of a division (issue 10). */
  | {
      readonly type: 'setContention'
      readonly division: string
      readonly contention: ContentionSettings
    }
  /** The division's do-not-pair list: families, club-mates early on, named pairs (issue 10). */
  | {
      readonly type: 'setDoNotPair'
      readonly division: string
      readonly doNotPair: DoNotPairList
    }
  /** The division's prize table, classes and player flags (issue 14). */
  | { readonly type: 'setPrizes'; readonly division: string; readonly prizes: PrizeTable }
  /**
   * Where the division's table numbers start (offset 30: its first table is 31). Pairings made
   * from now on use it; `renumberRound`, the division's latest round, moves to the new numbers at
   * once, every table by the same step (locked ones too), without pairing it again (issue 19).
   * Without it (older logs) rounds already paired keep their tables.
   */
  | {
      readonly type: 'setTableOffset'
      readonly division: string
      readonly offset: number
      readonly renumberRound?: number
    }
  /**
   * Which formula the division's rating estimates use (issue 22: tsh's `rating_system`, or
   * `division_rating_system{'A'}`); null goes back to the preset's default (`ratingSystemFor`).
   */
  | {
      readonly type: 'setRatingSystem'
      readonly division: string
      readonly system: RatingSystem | null
    }
  /** The paper every print path uses (issue 28: chosen once per event, not per print). */
  | { readonly type: 'setPaperSize'; readonly paperSize: PaperSize }
  | {
      readonly type: 'pairRound'
      readonly division: string
      readonly round: number
      readonly pairings: readonly PairingSpec[]
      /** Which system made the pairings (for the audit), and its seed. */
      readonly system?: string
      /** Also seeds the program's draw for first where the preset lets the program decide. */
      readonly seed?: number
      /**
       * Pairs the last round again: its pairings are replaced in this one command, so the log
       * never holds the round unpaired between two commands and a refused re-pair changes nothing.
       */
      readonly replace?: boolean
    }
  | {
      readonly type: 'editPairing'
      readonly division: string
      readonly round: number
      readonly table: number
      readonly change: PairingChange
    }
  | { readonly type: 'unpairRound'; readonly division: string; readonly round: number }
  /** The director has reviewed the pairings and shows them; publishing again is allowed. */
  | { readonly type: 'publishRound'; readonly division: string; readonly round: number }
  | {
      readonly type: 'startRound'
      readonly division: string
      readonly round: number
      /** ms timestamp read by the caller. */
      readonly at: number
      /** Players not at their table when the round started. */
      readonly absent?: readonly PlayerId[]
    }
  /**
   * A player found missing after the clock started (the director had not marked them at the
   * start): absent since the start, so their clock runs from it as if marked then.
   */
  | {
      readonly type: 'markAbsent'
      readonly division: string
      readonly round: number
      readonly player: PlayerId
    }
  | {
      readonly type: 'recordArrival'
      readonly division: string
      readonly round: number
      readonly player: PlayerId
      readonly at: number
      /** The player as the desk meant him (`PlayerKey`). */
      readonly keys?: readonly PlayerKey[]
    }
  | ({ readonly type: 'recordResult' } & ResultFields)
  /**
   * Replaces an entered result; the earlier command stays in the log, so the audit keeps it.
   * `replaces` is the result the desk saw and corrects (issue 27): the authority refuses the
   * correction when the game's result changed meanwhile (another desk's correction), instead of
   * losing that one silently. Absent before issue 27 (and from tsh imports): not compared.
   */
  | ({ readonly type: 'correctResult'; readonly replaces?: GameResult } & ResultFields)
  | {
      readonly type: 'assignPenalty'
      readonly division: string
      readonly player: PlayerId
      readonly round: number
      readonly points: number
      readonly reason: string
      /** The player as the desk meant him (`PlayerKey`). */
      readonly keys?: readonly PlayerKey[]
    }
  | {
      readonly type: 'issueWarning'
      readonly division: string
      readonly player: PlayerId
      readonly round: number
      readonly reason: string
    }
  | {
      readonly type: 'overrideStarter'
      readonly division: string
      readonly round: number
      readonly table: number
      readonly starter: PlayerId
    }
  /**
   * Cancels the command at log position `seq`: folding skips it from then on, while the log keeps
   * both it and this undo, so the audit shows what was done and what was taken back.
   */
  | { readonly type: 'undo'; readonly seq: number }
  /** Takes back the undo of the command at `seq`: folding applies that command again. */
  | { readonly type: 'redo'; readonly seq: number }
  /**
   * Issue 32: the division is called `name` from now on. Commands given before it name the old
   * name and still fold (the division keeps it in `formerNames`); commands after name the new one.
   */
  | { readonly type: 'renameDivision'; readonly division: string; readonly name: string }
  /**
   * Issue 32: takes back a registration nothing depends on (`registrationDependents`): the player
   * stays at his number as a tombstone (`Player.deleted`), so no other player is renumbered.
   * `key` is the player as the director saw him, refused if the number names someone else.
   */
  | {
      readonly type: 'deleteRegistration'
      readonly division: string
      readonly player: PlayerId
      readonly key: string
    }
  /**
   * Issue 32: a player registered in the wrong division, moved before he has played: he leaves
   * `division` as a deleted registration (his number stays unused) and joins `to` as its next
   * number, with the same key, fields and check-ins. `key` as in `deleteRegistration`.
   * `games`: a player who has played is moved only with the director's choice of what becomes of
   * his games (`MOVE_GAMES`, shared/tournament/roster.ts); absent (every log before it): he must
   * not have played.
   */
  | {
      readonly type: 'movePlayer'
      readonly division: string
      readonly player: PlayerId
      readonly key: string
      readonly to: string
      readonly games?: MoveGames
    }
  /**
   * A table kept for one player every round (issue 32: a wheelchair user's place in the hall), or
   * released with null. The number is the hall's, as printed: divisions share the hall's tables,
   * so no two players hold one. The player is named by number and key (`PlayerKey`).
   */
  | {
      readonly type: 'reserveTable'
      readonly division: string
      readonly player: PlayerId
      readonly table: number | null
      readonly keys?: readonly PlayerKey[]
    }
  /**
   * Ratings brought in line with the federation's list at once (issue 32, "update ratings from
   * the list"): one command, so the whole update is stored together and undone in one step.
   */
  | {
      readonly type: 'updateRatings'
      readonly division: string
      readonly ratings: readonly { readonly player: PlayerId; readonly rating: number }[]
      /** The list's file, for History. */
      readonly source: string
    }
  /**
   * What orders the division's players level on wins, and its spread cap by round (issue 32);
   * null goes back to the documents' order (wins, then spread).
   */
  | {
      readonly type: 'setRanking'
      readonly division: string
      readonly ranking: Ranking | null
    }
  /**
   * What the division's players may do from their phones on one day of the event (issue 30):
   * check themselves in, enter results. Both false: the phones only read that day.
   */
  | {
      readonly type: 'setPhoneAccess'
      readonly division: string
      readonly day: string
      readonly checkIn: boolean
      readonly results: boolean
      /** Minutes a phone's entry waits for the opponent's (issue 30); absent: the default 10. */
      readonly confirmMinutes?: number
    }
  /**
   * Issue 32: division `absorbed` joins `division` mid-event (`mergeDivisions`,
   * shared/tournament/roster.ts): its players become the next numbers, games and all, and its
   * names resolve to the merged division from then on.
   */
  | { readonly type: 'mergeDivisions'; readonly division: string; readonly absorbed: string }
  /**
   * Issue 28: the command at `seq` folds as `command` (the same type, one field or more put right)
   * from now on, while the log keeps it as it was stored, so History and the audit show both. A
   * log refused on replay (an impossible score, a bad name) is mended in place this way: every
   * later command keeps its place and every player his number, which an undo of a registration
   * cannot promise. A log control like undo and redo: it names a position and chooses what counts.
   */
  | { readonly type: 'mendCommand'; readonly seq: number; readonly command: Command }
  /**
   * Issue 32: division `division` split before play into itself and a new division `name`, which
   * takes the players `by` says leave and the division's settings (`splitDivision`,
   * shared/tournament/roster.ts).
   */
  | {
      readonly type: 'splitDivision'
      readonly division: string
      readonly name: string
      readonly by: SplitBy
    }
  /**
   * Issue 30: a player's phone enters his game's result (`phoneResult`,
   * shared/tournament/phone-results.ts). The first side's entry waits; the other side's equal
   * entry records the result as `recordResult` would; a different one leaves the table disputed.
   * `player` typed it (with his key); `at` is the authority's time (ms) it was given.
   */
  | {
      readonly type: 'phoneResult'
      readonly division: string
      readonly round: number
      readonly table: number
      readonly player: PlayerId
      readonly result: GameResult
      /** Who went first, as the phone says. */
      readonly first?: PlayerId
      readonly at: number
      /** The player who typed it (`PlayerKey`). */
      readonly keys?: readonly PlayerKey[]
    }

export type CommandType = Command['type']

/** A command as stored: its place in the log and when the director gave it. */
export interface LoggedCommand {
  readonly seq: number
  /** ISO timestamp, stamped by the caller (shared/ reads no clock). */
  readonly at: string
  /**
   * Which desk (window or browser tab) gave it, so a desk's Undo takes back its own last action
   * and not another desk's; absent in logs written before desks were recorded.
   */
  readonly desk?: string
  /**
   * The name the director gave that desk on the venue network ("Desk 2", "Director"), stamped by
   * the authority so History names desks as the hall does (issue 27); absent elsewhere.
   */
  readonly deskName?: string
  /**
   * The log version (`LOG_VERSION`) of the Rackside that stored it, so an older copy names a
   * command it cannot read instead of failing on it (issue 20); absent on commands stored before.
   */
  readonly version?: number
  /**
   * The proposal id a desk sent with it when an authority accepted it (issue 21: several laptops),
   * so the ids already accepted are read back from the log itself and a proposal re-sent after a
   * crash is never applied twice; absent on commands a window stored on its own.
   */
  readonly proposal?: string
  readonly command: Command
}

/** Commands that change which commands count, or what they say, rather than the tournament. */
export type LogControl = Extract<Command, { readonly type: 'undo' | 'redo' | 'mendCommand' }>

export function isLogControl(command: Command): command is LogControl {
  return command.type === 'undo' || command.type === 'redo' || command.type === 'mendCommand'
}

/**
 * The players a command names by key (`PlayerKey`), with their division and the one number a
 * single-player command acts on (which its keys must cover); undefined: no keys.
 */
export function keyedPlayers(command: Command):
  | {
      readonly division: string
      readonly keys: readonly PlayerKey[]
      readonly named?: PlayerId
    }
  | undefined {
  switch (command.type) {
    case 'checkIn':
    case 'cancelCheckIn':
    case 'recordArrival':
    case 'assignPenalty':
      return command.keys === undefined
        ? undefined
        : { division: command.division, keys: command.keys, named: command.player }
    case 'recordResult':
    case 'correctResult':
      return command.keys === undefined
        ? undefined
        : { division: command.division, keys: command.keys }
    case 'createTournament':
    case 'editTournamentInfo':
    case 'changeRules':
    case 'addDivision':
    case 'registerPlayer':
    case 'registerPlayers':
    case 'editPlayer':
    case 'withdrawPlayer':
    case 'reinstatePlayer':
    case 'setPairingPlan':
    case 'setContention':
    case 'setDoNotPair':
    case 'setPrizes':
    case 'setTableOffset':
    case 'setRatingSystem':
    case 'setPaperSize':
    case 'pairRound':
    case 'editPairing':
    case 'unpairRound':
    case 'publishRound':
    case 'startRound':
    case 'markAbsent':
    case 'issueWarning':
    case 'overrideStarter':
    case 'undo':
    case 'redo':
    case 'renameDivision':
      return undefined
    case 'deleteRegistration':
    case 'movePlayer':
      return {
        division: command.division,
        keys: [{ player: command.player, key: command.key }],
        named: command.player,
      }
    case 'reserveTable':
      return command.keys === undefined
        ? undefined
        : { division: command.division, keys: command.keys, named: command.player }
    case 'updateRatings':
    case 'setPhoneAccess':
      return undefined
    case 'setRanking':
      return undefined
    case 'mergeDivisions':
      return undefined
    case 'mendCommand':
      return undefined
    case 'splitDivision':
      return command.by.kind === 'list' && command.by.keys !== undefined
        ? { division: command.division, keys: command.by.keys }
        : undefined
    case 'phoneResult':
      return command.keys === undefined
        ? undefined
        : { division: command.division, keys: command.keys, named: command.player }
  }
}
