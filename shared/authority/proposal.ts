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
 * desks files and logs (a check-in and a results desk at once). What each may propose is one
 * table: `ROLE_RIGHTS` in roles.ts.
 */
export const DESK_ROLES = ['director', 'check-in', 'results', 'desk', 'projector'] as const
export type DeskRole = (typeof DESK_ROLES)[number]

/** Who proposes: the authority takes it from the desk's token, never from the document. */
export interface DeskIdentity {
  readonly id: string
  readonly role: DeskRole
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
] as const
export type AuthorityRefusal = (typeof AUTHORITY_REFUSALS)[number]

/**
 * Commands that commute, so one built on an older head is applied again on the current state
 * (issue 21: "check-in, result, correction, arrival, registration, penalty"); if it no longer
 * applies (a result for a game unpaired meanwhile) apply's own refusal is the answer. Every other
 * command (pairing, plan, rules, undo and redo) must be built on the current head.
 */
export const COMMUTING_COMMANDS = [
  'checkIn',
  'cancelCheckIn',
  'recordResult',
  'correctResult',
  'recordArrival',
  'registerPlayer',
  'registerPlayers',
  'assignPenalty',
] as const satisfies readonly CommandType[]

const COMMUTING: ReadonlySet<CommandType> = new Set(COMMUTING_COMMANDS)

export function commutes(command: Command): boolean {
  return COMMUTING.has(command.type)
}
