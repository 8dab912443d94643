/*
 * What a desk sends the authority and what the authority answers (issue 21: several laptops, one
 * event). The director's laptop alone writes the log; every other desk proposes commands.
 */
import type { RuleError } from '../result'
import type { Command, CommandType, LoggedCommand } from '../tournament/commands'
import { fingerprint } from '../tournament/log'

/**
 * What a desk is (issue 27): the director's desk does everything and may undo anyone's command, a
 * check-in desk registers and checks players in, a results desk enters results, and a projector
 * only reads (issue 21). `desk` is the role desks joined as before issue 27, kept readable in
 * desks files and logs (a check-in and a results desk at once). A `player` is a player's phone,
 * opened by his code (issue 30): it checks in himself alone, on the days the director allows
 * (`playerMayPropose` in roles.ts). What each may propose is one table: `ROLE_RIGHTS` in roles.ts.
 */
export const DESK_ROLES = [
  'director',
  'check-in',
  'results',
  'desk',
  'projector',
  'player',
] as const
export type DeskRole = (typeof DESK_ROLES)[number]

/** Who proposes: the authority takes it from the desk's token, never from the document. */
export interface DeskIdentity {
  readonly id: string
  readonly role: DeskRole
  /** The name the director gave the desk, logged with its commands for History (issue 27). */
  readonly name?: string
  /** Issue 30: for the `player` role, the player the phone's code opens (never its code). */
  readonly player?: PlayerSelf
}

/** A player as his phone's proposals name him: division and stable `Player.key`. */
export interface PlayerSelf {
  readonly division: string
  readonly key: string
}

/**
 * The log as a desk last saw it: how many commands it held and the fingerprint of the last one
 * (`fingerprint` in shared/tournament/log.ts; null before the first), as a window's own head check
 * compares them before it writes.
 */
export interface BuiltOn {
  readonly length: number
  readonly last: string | null
}

export function headOfLog(log: readonly LoggedCommand[]): BuiltOn {
  const last = log.at(-1)
  return { length: log.length, last: last === undefined ? null : fingerprint(last) }
}

export interface Proposal {
  /** Chosen by the desk, unique per proposal: a re-sent proposal carries the same id. */
  readonly proposalId: string
  readonly desk: DeskIdentity
  readonly builtOn: BuiltOn
  readonly command: Command
  /**
   * Handed back after a restart or on another laptop (issue 27, `shared/venue/held.ts`): accepted
   * by another log of the event, or waiting on a desk that held one. Its head may be one this log
   * never had: every command but an undo or redo is then decided on the current state.
   */
  readonly handedIn?: boolean
}

/**
 * The authority's answer: the entry it appended (its `seq` and `at` the authority's own), or the
 * refusal with the rule's own code and message, or one of `AUTHORITY_REFUSALS`.
 */
export type Decision =
  | { readonly kind: 'accepted'; readonly proposalId: string; readonly entry: LoggedCommand }
  | { readonly kind: 'refused'; readonly proposalId: string; readonly error: RuleError }

/** The authority's own refusals, beside the rules' (each has words in the desk's messages). */
export const AUTHORITY_REFUSALS = [
  // A pairing, plan, rules change, undo or redo built on a log with commands the desk had not seen.
  'authority.stale-head',
  // The desk holds a log the authority does not (a file was opened or imported since).
  'authority.unknown-head',
  // A proposal id already decided, sent again with another command or from another desk.
  'authority.duplicate',
  // An undo of another desk's command from a desk that is not the director's.
  'authority.not-own',
  // A projector proposed a command.
  'authority.read-only',
  // A desk proposed a command its role may not give (`ROLE_RIGHTS` in roles.ts, issue 27).
  'authority.not-allowed',
  // A proposal without an id, which could not be told from its re-sending.
  'authority.proposal-id',
  // Issue 27 (shared/authority/rebase.ts), on a command built on an older head:
  // a player it names by key is not registered (the desk's own registration was refused).
  'authority.unknown-player',
  // a result's table now seats other players than the desk saw.
  'authority.re-paired',
  // a keyless command (an older desk) names a number the division did not have at its head.
  'authority.ambiguous-player',
  // a registration of a name another desk registered in the division meanwhile.
  'authority.same-name',
  // A correction of a result that changed since the desk saw it (another desk's correction).
  'authority.result-changed',
  // Issue 30: a player's phone proposed a check-in of someone else (or he no longer plays).
  'authority.not-own-player',
  // Issue 30: a player's phone checked in on a day the director did not open to phones.
  'authority.phone-off',
  // Issue 30: a player's phone entered a result of another game or round than his current one.
  'authority.not-own-game',
] as const
export type AuthorityRefusal = (typeof AUTHORITY_REFUSALS)[number]

/** How the authority takes a command built on a head with commands the desk had not seen. */
export const HEAD_RULES = ['rebased', 'needs the current head'] as const
export type HeadRule = (typeof HEAD_RULES)[number]

export interface Commutation {
  readonly rule: HeadRule
  /** Why, in words: what the command names and why that stays true (or may not) meanwhile. */
  readonly why: string
}

/**
 * Every command type, and why it is applied on the current state whatever head it was built on
 * (`rebased`: shared/authority/rebase.ts first brings its numbers to the current state, or refuses
 * it with what changed) or must be built on the current head (issue 21, issue 27). A Record, so a
 * new command type does not build until someone decides and writes down why.
 */
export const COMMUTATION: Readonly<Record<CommandType, Commutation>> = {
  checkIn: {
    rule: 'rebased',
    why: 'Names one player, by number and key: the key finds him wherever he is numbered now; checking in twice changes nothing.',
  },
  cancelCheckIn: {
    rule: 'rebased',
    why: 'Names one player by number and key, as a check-in; cancelling one not made changes nothing.',
  },
  recordArrival: {
    rule: 'rebased',
    why: 'Names one player by number and key; apply refuses it if his round is no longer started or he is not absent.',
  },
  assignPenalty: {
    rule: 'rebased',
    why: 'Names one player by number and key; penalties add up, so their order does not matter.',
  },
  recordResult: {
    rule: 'rebased',
    why: 'Carries the keys of the players the desk saw at the table: refused if the table now seats others; a second result for the game is refused by apply (result.exists).',
  },
  correctResult: {
    rule: 'rebased',
    why: 'Carries the seated players’ keys and the result it replaces: refused if the table was re-paired or the result changed meanwhile (another desk’s correction).',
  },
  registerPlayer: {
    rule: 'rebased',
    why: 'Carries its own key and takes the next number whatever it is; refused when another desk registered the same name meanwhile (the same-name question).',
  },
  registerPlayers: {
    rule: 'rebased',
    why: 'Each entry as a registerPlayer: its own key, the next number, the same-name question.',
  },
  createTournament: {
    rule: 'needs the current head',
    why: 'Only the first command of a log.',
  },
  editTournamentInfo: {
    rule: 'needs the current head',
    why: 'Replaces the whole info: two desks’ edits would silently overwrite each other.',
  },
  changeRules: {
    rule: 'needs the current head',
    why: 'Replaces the whole rule set, which decides how every later command is judged.',
  },
  addDivision: {
    rule: 'needs the current head',
    why: 'Rare and the director’s; kept strict rather than reasoning about division names.',
  },
  editPlayer: {
    rule: 'needs the current head',
    why: 'Replaces every field of a player named by number, without a key: decided on the roster the desk saw.',
  },
  withdrawPlayer: {
    rule: 'needs the current head',
    why: 'Names a player by number without a key and depends on the rounds paired since.',
  },
  reinstatePlayer: {
    rule: 'needs the current head',
    why: 'Names a player by number without a key.',
  },
  setPairingPlan: {
    rule: 'needs the current head',
    why: 'Replaces the division’s plan, chosen against the rounds the desk saw.',
  },
  setContention: {
    rule: 'needs the current head',
    why: 'Replaces a division setting as a whole.',
  },
  setDoNotPair: {
    rule: 'needs the current head',
    why: 'A list naming players by number, replaced as a whole.',
  },
  setPrizes: {
    rule: 'needs the current head',
    why: 'Replaces the prize table, whose flags name players by number.',
  },
  setTableOffset: {
    rule: 'needs the current head',
    why: 'Renumbers tables, which results name.',
  },
  setRatingSystem: {
    rule: 'needs the current head',
    why: 'Replaces a division setting as a whole.',
  },
  setPaperSize: {
    rule: 'needs the current head',
    why: 'Replaces an event setting as a whole; rare and the director’s.',
  },
  pairRound: {
    rule: 'needs the current head',
    why: 'Pairs on the standings, roster and check-ins the desk saw: any command since may change the pairings.',
  },
  editPairing: {
    rule: 'needs the current head',
    why: 'Names a table and players by number, on the pairings the desk saw.',
  },
  unpairRound: {
    rule: 'needs the current head',
    why: 'Drops the round with its results: the desk must have seen the results entered since.',
  },
  publishRound: {
    rule: 'needs the current head',
    why: 'The director publishes the pairings they reviewed, not ones changed since.',
  },
  startRound: {
    rule: 'needs the current head',
    why: 'Names the absent players by number without keys, on the pairings the desk saw.',
  },
  markAbsent: {
    rule: 'needs the current head',
    why: 'Names a player by number without a key.',
  },
  issueWarning: {
    rule: 'needs the current head',
    why: 'Names a player by number without a key and may disqualify him (NEON): decided on what the desk saw.',
  },
  overrideStarter: {
    rule: 'needs the current head',
    why: 'Names a table and a player by number, on the pairings the desk saw.',
  },
  undo: {
    rule: 'needs the current head',
    why: 'Names a log position: the whole log must still fold without it.',
  },
  redo: {
    rule: 'needs the current head',
    why: 'Names a log position: the whole log must still fold with it.',
  },
  renameDivision: {
    rule: 'needs the current head',
    why: 'Rare and the director’s, like adding a division. Commands built before it that name the old name still apply (the division keeps its former names), so desks’ rebased check-ins and results land.',
  },
  deleteRegistration: {
    rule: 'needs the current head',
    why: 'Decided on what depends on the player as the desk saw it: a check-in or pairing since must refuse it.',
  },
  movePlayer: {
    rule: 'needs the current head',
    why: 'Gives the player the next number of the other division, which a registration there meanwhile would take; decided on the rounds the desk saw, and after play on the results it saw (carried along or forfeited, issue 32).',
  },
  reserveTable: {
    rule: 'needs the current head',
    why: 'Names a player by number and key and a hall table that one player may hold: decided on the reservations the desk saw.',
  },
  updateRatings: {
    rule: 'needs the current head',
    why: 'Names players by number without keys, with the ratings the desk compared against the roster it saw.',
  },
  setRanking: {
    rule: 'needs the current head',
    why: 'Replaces a division setting as a whole, and reorders the standings pairing reads.',
  },
  setPhoneAccess: {
    rule: 'needs the current head',
    why: 'The director’s setting for a day, replaced as a whole: decided on the one the desk saw.',
  },
  mergeDivisions: {
    rule: 'needs the current head',
    why: 'Renumbers the absorbed players after the other division’s, which a registration there meanwhile would shift; decided on the rounds and results the desk saw (issue 32). Commands built before it that name the absorbed division still apply, keyed ones to the player’s new number.',
  },
  mendCommand: {
    rule: 'needs the current head',
    why: 'Names a log position and changes what that command says, as an undo does: the whole log must still fold with it (issue 28).',
  },
  splitDivision: {
    rule: 'needs the current head',
    why: 'Renumbers both divisions’ players and chooses who leaves by the roster and ratings the desk saw, which a registration, an edited rating or a round paired meanwhile would change (issue 32). Keyed commands built before it find a player who stayed at his new number; one who left is in the new division.',
  },
  phoneResult: {
    rule: 'needs the current head',
    why: 'Issue 30: the authority builds it itself from the player’s page on its own head (a phone keeps no copy of the log); whether it confirms the opponent’s entry is decided on the entries at that head.',
  },
}

export function commutes(command: Command): boolean {
  return COMMUTATION[command.type].rule === 'rebased'
}
