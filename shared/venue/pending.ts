/*
 * What a venue desk shows of its own pending proposals (issue 21). A proposal the accepted log no
 * longer takes (another desk's result for the same table accepted first) will be refused by the
 * authority, which applies commuting commands to its current state; shown meanwhile it would make
 * the desk's log one that does not fold. So only those that still apply are shown, in order, each
 * on the state the ones before it made; the refusal follows with the reason.
 */
import { apply } from '../tournament/apply'
import { isLogControl } from '../tournament/commands'
import type { TournamentState } from '../tournament/types'
import type { OutboxProposal } from './protocol'

export function pendingThatApply(
  tournamentId: string,
  accepted: TournamentState | undefined,
  pending: readonly OutboxProposal[],
): readonly OutboxProposal[] {
  let state = accepted
  const shown: OutboxProposal[] = []
  for (const proposal of pending) {
    // An undo or redo is checked against the whole log by the authority (planControl); it is
    // only ever proposed with nothing else pending, so it is shown as the last entry.
    if (isLogControl(proposal.command)) {
      shown.push(proposal)
      continue
    }
    const next = apply(state, proposal.command, tournamentId)
    if (!next.ok) continue
    state = next.value
    shown.push(proposal)
  }
  return shown
}
