/*
 * What a venue desk shows of its own pending proposals (issue 21). A proposal the accepted log no
 * longer takes (another desk's result for the same table accepted first) will be refused by the
 * authority; shown meanwhile it would make the desk's log one that does not fold. So each is
 * decided here as the authority will decide it (issue 27): a commuting one brought to the state
 * the ones before it made by the same `rebase` (its players at their current numbers, or refused
 * for what changed), any other only on the head it was built on. Only those that still apply are
 * shown, in order, each with the command as the authority will log it; the refusal follows with
 * the reason.
 */
import { rebase } from '../authority/rebase'
import { commutes } from '../authority/proposal'
import { apply, fold } from '../tournament/apply'
import { isLogControl, type Command, type LoggedCommand } from '../tournament/commands'
import { LOG_VERSION } from '../tournament/log-version'
import type { TournamentState } from '../tournament/types'
import type { OutboxProposal } from './protocol'

/** What a desk knows of one of its proposals still waiting for a decision. */
export type PendingProposal = Pick<OutboxProposal, '_id' | 'builtOn' | 'command' | 'madeAt'>

/** The accepted log the desk holds and its fold. */
export interface AcceptedView {
  readonly log: readonly LoggedCommand[]
  readonly state: TournamentState | undefined
}

export function pendingThatApply<P extends PendingProposal>(
  tournamentId: string,
  accepted: AcceptedView,
  pending: readonly P[],
  desk: string,
): readonly P[] {
  return decidePending(tournamentId, accepted, pending, desk).shown
}

/** What a desk shows: the accepted log, then its pending commands that still apply, and the fold. */
export interface WithPending<P extends PendingProposal> {
  readonly shown: readonly P[]
  readonly log: readonly LoggedCommand[]
  readonly state: TournamentState | undefined
}

/**
 * The accepted log with this desk's pending commands on top (issue 27: the screens read the
 * accepted log plus the desk's pending commands applied once): each applied once on the accepted
 * fold, shown as an entry of this desk's after the accepted ones (`pendingEntries`).
 */
export function withPending<P extends PendingProposal>(
  tournamentId: string,
  accepted: AcceptedView,
  pending: readonly P[],
  desk: string,
): WithPending<P> {
  const decided = decidePending(tournamentId, accepted, pending, desk)
  if (decided.shown.length === 0) return { shown: [], log: accepted.log, state: accepted.state }
  const log = [...accepted.log, ...pendingEntries(accepted.log.length, decided.shown, desk)]
  if (!decided.control) return { shown: decided.shown, log, state: decided.state }
  // An undo or redo names a command anywhere in the log: only a fold of the whole log says what
  // it leaves (it waits alone, after this desk's other commands were decided: rare).
  const folded = fold(tournamentId, log)
  return { shown: decided.shown, log, state: folded.ok ? folded.value : decided.state }
}

/** How pending commands show in the log: after the accepted entries, as this desk's. */
export function pendingEntries(
  acceptedLength: number,
  pending: readonly PendingProposal[],
  desk: string,
): LoggedCommand[] {
  return pending.map((proposal, index) => ({
    seq: acceptedLength + index,
    at: proposal.madeAt,
    desk,
    version: LOG_VERSION,
    command: proposal.command,
    proposal: proposal._id,
  }))
}

function decidePending<P extends PendingProposal>(
  tournamentId: string,
  accepted: AcceptedView,
  pending: readonly P[],
  desk: string,
): { readonly shown: readonly P[]; readonly state: TournamentState | undefined; control: boolean } {
  let state = accepted.state
  let control = false
  const shown: P[] = []
  for (const proposal of pending) {
    // An undo or redo is checked against the whole log by the authority (planControl); it is
    // only ever proposed with nothing else pending, so it is shown as the last entry.
    if (isLogControl(proposal.command)) {
      shown.push(proposal)
      control = true
      continue
    }
    const builtOn = proposal.builtOn.length
    let command: Command = proposal.command
    if (commutes(command)) {
      const meant = rebase({ log: accepted.log, state }, { command, builtOn, desk })
      if (!meant.ok) continue
      command = meant.value
    } else if (builtOn < accepted.log.length) {
      // Built before commands it has not seen: the authority refuses it (authority.stale-head).
      continue
    }
    const next = apply(state, command, tournamentId)
    if (!next.ok) continue
    state = next.value
    shown.push(command === proposal.command ? proposal : { ...proposal, command })
  }
  return { shown, state, control }
}
