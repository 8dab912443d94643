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
import { apply } from '../tournament/apply'
import { isLogControl, type Command, type LoggedCommand } from '../tournament/commands'
import type { TournamentState } from '../tournament/types'
import type { OutboxProposal } from './protocol'

/** The accepted log the desk holds and its fold. */
export interface AcceptedView {
  readonly log: readonly LoggedCommand[]
  readonly state: TournamentState | undefined
}

export function pendingThatApply(
  tournamentId: string,
  accepted: AcceptedView,
  pending: readonly OutboxProposal[],
  desk: string,
): readonly OutboxProposal[] {
  let state = accepted.state
  const shown: OutboxProposal[] = []
  for (const proposal of pending) {
    // An undo or redo is checked against the whole log by the authority (planControl); it is
    // only ever proposed with nothing else pending, so it is shown as the last entry.
    if (isLogControl(proposal.command)) {
      shown.push(proposal)
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
  return shown
}
