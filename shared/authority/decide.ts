/*
 * The authority's one decision (issue 21): the director's laptop alone appends to the log, so
 * `seq` and the time are its own and every desk's command is judged by the same `apply` the app
 * and the CLI run. The ids it accepted are read back from the log, so a restarted authority never
 * applies a re-sent proposal twice.
 */
import { historyAction } from '../desk/history'
import { checkLog, checkLogEntry, type LogProblem } from '../formats/tournament-file'
import { err, ok, type Result, type RuleError } from '../result'
import { apply } from '../tournament/apply'
import { isLogControl, type LoggedCommand, type LogControl } from '../tournament/commands'
import { describeCommand } from '../tournament/describe'
import { fingerprint, planControl, stableJson, undoneBy } from '../tournament/log'
import { LOG_VERSION } from '../tournament/log-version'
import type { TournamentState } from '../tournament/types'
import { loggedAs } from './authority-time'
import { commutes, type Decision, type Proposal } from './proposal'
import { rebase, renumbered } from './rebase'
import { mayPropose, playerMayPropose } from './roles'

type Refusal = Extract<Decision, { readonly kind: 'refused' }>

/** A refusal kept in memory so the same proposal sent again gets the same answer. */
interface RefusedProposal {
  readonly desk: string
  /** `stableJson` of the command, to tell a re-sending from another command under the same id. */
  readonly command: string
  readonly decision: Refusal
}

export interface AuthorityState {
  readonly tournamentId: string
  /** The accepted log, `seq` 0..n-1. */
  readonly log: readonly LoggedCommand[]
  /** Its fold. */
  readonly state: TournamentState | undefined
  /** Proposal id → `seq` of the entry accepted for it: read back from the log (`recover`). */
  readonly accepted: ReadonlyMap<string, number>
  /**
   * Proposals refused since the authority started. Not kept across a restart: a refused proposal
   * changed nothing, so deciding it again on the log as it is then is as good an answer.
   */
  readonly refused: ReadonlyMap<string, RefusedProposal>
}

export interface Decided {
  readonly decision: Decision
  readonly next: AuthorityState
}

/** An authority with no log yet: the first proposal it can accept is `createTournament`. */
export function emptyAuthority(tournamentId: string): AuthorityState {
  return { tournamentId, log: [], state: undefined, accepted: new Map(), refused: new Map() }
}

/**
 * Accepts the proposal (appending it at `seq` = the log's length, stamped `now`, an ISO time the
 * caller read) or refuses it with the rule's code and message. A proposal id already decided gets
 * its first decision again and changes nothing. Commands that commute (`COMMUTATION`) are
 * brought to the current state (`rebase`: the players they name by key at their current numbers,
 * or a refusal saying what changed) whatever head they were built on; any other needs the current
 * head. An undo takes back the desk's own command, or anyone's for the director's desk, by the
 * rules History offers (`historyAction`).
 */
export function decide(authority: AuthorityState, proposal: Proposal, now: string): Decided {
  const { proposalId } = proposal
  if (proposalId.trim() === '') {
    return unchanged(
      authority,
      refusal(
        proposalId,
        'authority.proposal-id',
        'The proposal has no id; the desk must send one.',
      ),
    )
  }
  const earlier = earlierDecision(authority, proposal)
  if (earlier !== undefined) return unchanged(authority, earlier)

  const decided = judge(authority, proposal, now)
  if (!decided.ok) {
    const refused: Refusal = { kind: 'refused', proposalId, error: decided.error }
    const kept: RefusedProposal = {
      desk: proposal.desk.id,
      command: stableJson(proposal.command),
      decision: refused,
    }
    return {
      decision: refused,
      next: { ...authority, refused: new Map(authority.refused).set(proposalId, kept) },
    }
  }
  const { entry, state } = decided.value
  return {
    decision: { kind: 'accepted', proposalId, entry },
    next: {
      ...authority,
      log: [...authority.log, entry],
      state,
      accepted: new Map(authority.accepted).set(proposalId, entry.seq),
    },
  }
}

/**
 * The authority's state from its accepted log, after a restart or on a desk's full copy when the
 * director's laptop dies: the entries checked and folded as `checkLog` does (a log that does not
 * open is refused with the same problem), and the accepted proposal ids read from the entries.
 */
export function recover(
  tournamentId: string,
  entries: readonly unknown[],
): Result<AuthorityState, LogProblem> {
  const checked = checkLog(tournamentId, entries)
  if (!checked.ok) return checked
  const { log, state } = checked.value
  const accepted = new Map<string, number>()
  for (const entry of log) {
    if (entry.proposal === undefined) continue
    const first = accepted.get(entry.proposal)
    if (first !== undefined) {
      // Two entries for one proposal: the log was written by something other than an authority.
      return {
        ok: false,
        error: {
          code: 'authority.proposal-twice',
          message: `Commands ${String(first + 1)} and ${String(entry.seq + 1)} were both accepted for proposal ${entry.proposal}; a proposal is accepted at most once.`,
          details: { first, seq: entry.seq },
          seq: entry.seq,
          kind: 'unreadable',
          type: entry.command.type,
          readable: log.slice(0, entry.seq),
        },
      }
    }
    accepted.set(entry.proposal, entry.seq)
  }
  return ok({ tournamentId, log, state, accepted, refused: new Map() })
}

function unchanged(authority: AuthorityState, decision: Decision): Decided {
  return { decision, next: authority }
}

function refusal(
  proposalId: string,
  code: string,
  message: string,
  extra: Omit<RuleError, 'code' | 'message'> = {},
): Refusal {
  return { kind: 'refused', proposalId, error: { code, message, ...extra } }
}

/**
 * The first decision for this proposal id, when there was one: the same again for the same desk
 * and command (a re-sending), a refusal for anything else under that id.
 */
function earlierDecision(authority: AuthorityState, proposal: Proposal): Decision | undefined {
  const { proposalId } = proposal
  const seq = authority.accepted.get(proposalId)
  const entry = seq === undefined ? undefined : authority.log[seq]
  const refused = authority.refused.get(proposalId)
  if (entry === undefined && refused === undefined) return undefined
  const desk = entry?.desk ?? refused?.desk
  const command = entry === undefined ? refused?.command : stableJson(entry.command)
  // An accepted command may have been re-targeted (`rebase`: the same players by key) and its
  // time set to the authority's (`loggedAs`): a re-sending is told by what the log holds.
  const sent = [proposal.command, renumbered(authority.state, proposal.command)]
  const same = sent.some((c) => c !== undefined && stableJson(loggedAs(c, entry?.at)) === command)
  if (desk === proposal.desk.id && same) {
    return entry === undefined ? refused?.decision : { kind: 'accepted', proposalId, entry }
  }
  const was = entry === undefined ? 'refused' : `accepted as command ${String(entry.seq + 1)}`
  return refusal(
    proposalId,
    'authority.duplicate',
    `Proposal ${proposalId} was already ${was} for another command or desk; a new command needs a new id.`,
    { details: { proposal: proposalId } },
  )
}

interface Accepted {
  readonly entry: LoggedCommand
  readonly state: TournamentState | undefined
}

function judge(authority: AuthorityState, proposal: Proposal, now: string): Result<Accepted> {
  const { desk, command, proposalId } = { ...proposal, command: loggedAs(proposal.command, now) }
  if (desk.role === 'projector') {
    return err(
      'authority.read-only',
      `${desk.id} is a projector: it shows the event and proposes nothing.`,
    )
  }
  const { log, tournamentId } = authority
  const entry: LoggedCommand = {
    seq: log.length,
    at: now,
    desk: desk.id,
    ...(desk.name === undefined ? {} : { deskName: desk.name }),
    version: LOG_VERSION,
    proposal: proposalId,
    command,
  }
  // The command came over the network: checked as the file reader checks a stored one.
  const shape = checkLogEntry(entry, entry.seq)
  if (!shape.ok) return shape
  // After the shape check: a type no table names came over the network, not from a role.
  const allowed =
    desk.role === 'player'
      ? playerMayPropose(desk.player, command, authority.state)
      : mayPropose(desk.role, command)
  if (!allowed.ok) return allowed
  const head = checkBuiltOn(authority, proposal)
  if (!head.ok) return head
  if (isLogControl(command)) return control(authority, proposal, command, entry)
  // Issue 27: what the desk meant, in today's numbers, or why it no longer holds.
  const meant = commutes(command)
    ? rebase(authority, { command, builtOn: proposal.builtOn.length, desk: desk.id })
    : ok(command)
  if (!meant.ok) return meant
  const next = apply(authority.state, meant.value, tournamentId)
  return next.ok ? ok({ entry: { ...entry, command: meant.value }, state: next.value }) : next
}

/**
 * The head the desk built on must be a head of this log (else the desk holds another log); and,
 * for a command that does not commute, the current head, else the desk is told which commands
 * it has not seen.
 */
function checkBuiltOn(authority: AuthorityState, proposal: Proposal): Result<void> {
  const { log } = authority
  const { length, last } = proposal.builtOn
  const seen = length > 0 ? log[length - 1] : undefined
  const known =
    Number.isInteger(length) &&
    length >= 0 &&
    length <= log.length &&
    (length === 0 ? last === null : seen !== undefined && fingerprint(seen) === last)
  // Issue 27: a command handed back from another log names its seqs there, unless it is an undo
  // or redo; every other one is judged on the current state like a commuting one.
  const rebased = proposal.handedIn === true && !isLogControl(proposal.command)
  if (!known && !rebased) {
    return err(
      'authority.unknown-head',
      `This desk holds a log of ${String(length)} commands that is not the event's (a file may have been opened or imported since): reload the event before proposing.`,
      { details: { length, held: log.length } },
    )
  }
  if (rebased || length === log.length || commutes(proposal.command)) return ok(undefined)
  const unseen = log.slice(length)
  const named = unseen
    .slice(0, 3)
    .map((entry) => `#${String(entry.seq + 1)} ${describeCommand(entry.command, authority.state)}`)
  const more = unseen.length > 3 ? `; and ${String(unseen.length - 3)} more` : ''
  const span =
    unseen.length === 1
      ? `command ${String(length + 1)}`
      : `commands ${String(length + 1)}–${String(log.length)}`
  return err(
    'authority.stale-head',
    `This desk has not seen ${span} (${named.join('; ')}${more}). Pairings, plans, rule changes, undo and redo are decided on the whole log (${proposal.command.type}): look at the event again and repeat it.`,
    { details: { from: length, to: log.length } },
  )
}

/** An undo or redo: History's rules for this desk, then the whole log must still fold. */
function control(
  authority: AuthorityState,
  proposal: Proposal,
  command: LogControl,
  entry: LoggedCommand,
): Result<Accepted> {
  const { log, tournamentId } = authority
  const target = log[command.seq]
  if (command.type === 'undo' && target !== undefined && proposal.desk.role !== 'director') {
    const action = historyAction(
      {
        seq: target.seq,
        desk: target.desk,
        undoneBy: undoneBy(log).get(target.seq) ?? null,
        target: isLogControl(target.command) ? target.command.seq : null,
      },
      proposal.desk.id,
    )
    if (action === 'confirm-undo') {
      return err(
        'authority.not-own',
        `Command ${String(command.seq + 1)} was given at ${target.desk ?? 'another desk'}: only that desk or the director's may undo it.`,
        { details: { seq: command.seq } },
      )
    }
  }
  const planned = planControl(tournamentId, log, command, { at: entry.at, desk: proposal.desk.id })
  if (!planned.ok) return planned
  return ok({
    entry: {
      ...planned.value.entry,
      ...(entry.deskName === undefined ? {} : { deskName: entry.deskName }),
      proposal: entry.proposal,
    },
    state: planned.value.state,
  })
}
