/*
 * The tournament repository of a window in venue mode (issue 21): the event's log is what the
 * authority accepted followed by this desk's proposals still waiting for an answer, so the desk
 * sees its own results at once, as on one laptop. An append is a proposal; only the authority
 * writes the log.
 */
import { commutes, headOfLog } from '../../../shared/authority/proposal'
import { err, ok, type Result } from '../../../shared/result'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import { LOG_VERSION } from '../../../shared/tournament/log-version'
import { followLog, type HeldLog } from '../../../shared/formats/follow-log'
import { checkLog } from '../../../shared/formats/tournament-file'
import { pendingThatApply } from '../../../shared/venue/pending'
import type { OutboxProposal } from '../../../shared/venue/protocol'
import type { TournamentRepository } from '../db/repository'
import { checkHead, storageFailed, summarizeLog } from '../db/summary'
import type { LogChanged } from '../stores/live'
import type { VenueLink } from './link'

/** The count of this desk's proposals, kept where a reload of the page finds it. */
export interface ProposalCounter {
  /** The `order` of the next proposal; each call gives the next number. */
  next(): number
}

export interface VenueRepositoryOptions {
  readonly newId: () => string
  readonly counter: ProposalCounter
  /**
   * Runs `fold` once the desk has been idle a while (default: a second after the last read), so
   * the accepted log is folded here before the operator's first result, not while it is shown.
   */
  readonly whenIdle?: (fold: () => void) => () => void
}

/** How long after the last read a desk with nothing pending folds the accepted log for later. */
const IDLE_MS = 1000

function afterIdle(fold: () => void): () => void {
  const timer = setTimeout(fold, IDLE_MS)
  return () => clearTimeout(timer)
}

/** How a pending proposal shows in the log: after the accepted entries, as this desk's. */
export function pendingEntries(
  link: Pick<VenueLink, 'desk'>,
  acceptedLength: number,
  pending: readonly OutboxProposal[],
): LoggedCommand[] {
  return pending.map((proposal, index) => ({
    seq: acceptedLength + index,
    at: proposal.madeAt,
    desk: link.desk.id,
    version: LOG_VERSION,
    command: proposal.command,
    proposal: proposal._id,
  }))
}

export function pendingRefusal(count: number): Result<never> {
  const results =
    count === 1 ? '1 result from this desk is' : `${String(count)} results from this desk are`
  return err(
    'venue.pending',
    `${results} still waiting for the director's laptop; pair again once they are accepted.`,
    { details: { pending: count } },
  )
}

export function createVenueRepository(
  link: VenueLink,
  options: VenueRepositoryOptions,
): TournamentRepository {
  /** The accepted log and its fold, followed as it grows (`followLog`), never folded twice. */
  let held: HeldLog | null = null

  function followAccepted(accepted: readonly LoggedCommand[]): HeldLog | null {
    const { tournamentId, generation } = link.event()
    if (held !== null && held.generation === generation && accepted.length >= held.log.length) {
      if (accepted.length === held.log.length && accepted.at(-1) === held.log.at(-1)) return held
      const followed = followLog(tournamentId, held, {
        log: accepted.slice(held.log.length - 1),
        generation,
      })
      if (followed.ok && followed.value.kind === 'followed') {
        return { log: followed.value.log, state: followed.value.state, generation }
      }
    }
    const checked = checkLog(tournamentId, accepted)
    return checked.ok ? { log: checked.value.log, state: checked.value.state, generation } : null
  }

  const whenIdle = options.whenIdle ?? afterIdle
  let cancelIdleFold: (() => void) | undefined

  /**
   * Only the pending commands the accepted log still takes: the others will be refused. The fold
   * that tells is made only when something is pending (issue 27: a desk catching up folded 10 000
   * commands here and again in its store); a desk that proposes folds it when idle, for later.
   */
  function pendingShown(
    accepted: readonly LoggedCommand[],
    pending: readonly OutboxProposal[],
  ): readonly OutboxProposal[] {
    cancelIdleFold?.()
    cancelIdleFold = undefined
    if (pending.length === 0) {
      if (link.desk.role !== 'projector' && accepted.length > 0) {
        cancelIdleFold = whenIdle(() => {
          cancelIdleFold = undefined
          held = followAccepted(accepted)
        })
      }
      return pending
    }
    held = accepted.length === 0 ? null : followAccepted(accepted)
    return held === null
      ? pending
      : pendingThatApply(link.event().tournamentId, held, pending, link.desk.id)
  }

  async function view(): Promise<{
    accepted: readonly LoggedCommand[]
    pending: readonly OutboxProposal[]
    log: readonly LoggedCommand[]
  }> {
    const [accepted, pending] = await Promise.all([link.acceptedFrom(-1), link.pending()])
    const shown = pendingShown(accepted, pending)
    return {
      accepted,
      pending,
      log: [...accepted, ...pendingEntries(link, accepted.length, shown)],
    }
  }

  const isEvent = (tournamentId: string): boolean => tournamentId === link.event().tournamentId

  return {
    async list() {
      const { tournamentId } = link.event()
      const { log } = await view()
      const summary = summarizeLog(tournamentId, log, log.at(-1)?.at ?? '')
      return summary === undefined ? [] : [summary]
    },

    async loadLog(tournamentId) {
      return isEvent(tournamentId) ? (await view()).log : undefined
    },

    async loadStored(tournamentId) {
      if (!isEvent(tournamentId)) return undefined
      return { log: (await view()).log, generation: link.event().generation }
    },

    async readFrom(tournamentId, afterSeq) {
      if (!isEvent(tournamentId)) return undefined
      const { log } = await view()
      return {
        log: log.slice(Math.max(0, Math.floor(afterSeq) + 1)),
        generation: link.event().generation,
      }
    },

    async append(tournamentId, entry, _summary, head) {
      const event = link.event()
      if (link.desk.role === 'projector') {
        return err(
          'authority.read-only',
          'This screen only shows the event: enter commands at a desk.',
        )
      }
      const { accepted, pending, log } = await view()
      const fits = checkHead(
        tournamentId,
        isEvent(tournamentId) ? { last: log.at(-1), generation: event.generation } : undefined,
        entry,
        head,
      )
      // A result, check-in or registration commutes: the authority applies it to its own current
      // state whatever the desk had seen (issue 21), so a log grown meanwhile by other desks'
      // commands is no reason to make the operator type it again. The store reads the log again
      // on the change this proposal makes. Another generation is still refused.
      const grownMeanwhile = !fits.ok && fits.error.code === 'storage.conflict'
      if (!fits.ok && !(grownMeanwhile && commutes(entry.command))) return fits
      // The authority checks a pairing, plan, rules change, undo or redo against its own head;
      // built on results it has not accepted yet, it could only be refused (issue 21).
      if (!commutes(entry.command) && pending.length > 0) return pendingRefusal(pending.length)
      const proposal: OutboxProposal = {
        _id: options.newId(),
        type: 'proposal',
        order: options.counter.next(),
        builtOn: headOfLog(accepted),
        command: entry.command,
        madeAt: entry.at,
      }
      try {
        await link.propose(proposal)
      } catch (error) {
        return storageFailed(error)
      }
      return ok(undefined)
    },

    async importLog() {
      return err(
        'venue.import',
        "Files are opened on the director's laptop: this desk follows the event it shares.",
      )
    },

    // A desk holds a replica of the director's event: there is nothing of its own to delete, and
    // the screens offer no Delete in venue mode.
    async remove() {},
  }
}

/**
 * Tells this window's tournament store whenever the link changes (an accepted entry, a refusal, a
 * proposal stored), coalesced to one notice per task; returns the way to stop.
 */
export function announceLinkChanges(
  link: VenueLink,
  announce: (change: LogChanged) => void,
): () => void {
  let scheduled = false
  return link.onChange(() => {
    if (scheduled) return
    scheduled = true
    setTimeout(() => {
      scheduled = false
      const { tournamentId, generation } = link.event()
      void link
        .acceptedFrom(-1)
        .then((accepted) => announce({ tournamentId, generation, commandCount: accepted.length }))
    }, 0)
  })
}
