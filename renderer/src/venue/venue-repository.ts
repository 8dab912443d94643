/*
 * The tournament repository of a window in venue mode (issue 21): the event's log is what the
 * authority accepted followed by this desk's proposals still waiting for an answer, so the desk
 * sees its own results at once, as on one laptop. An append is a proposal; only the authority
 * writes the log.
 */
import { commutes, headOfLog } from '../../../shared/authority/proposal'
import { fingerprint } from '../../../shared/tournament/log'
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
  /**
   * How long a pairing, plan, rules change, undo or redo waits for this desk's own pending
   * proposals to be decided before it is refused with `venue.pending` (`WAIT_FOR_OWN_MS`).
   */
  readonly waitMs?: number
}

/** How long after the last read a desk with nothing pending folds the accepted log for later. */
const IDLE_MS = 1000

/**
 * A second after the last read, then when the page is idle where the browser says so: on a loaded
 * machine a catch-up's first render may come later than a second, and the fold must not delay it.
 */
function afterIdle(fold: () => void): () => void {
  let idle: number | undefined
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(fold)
    else fold()
  }, IDLE_MS)
  return () => {
    clearTimeout(timer)
    if (idle !== undefined) cancelIdleCallback(idle)
  }
}

/**
 * A director pressing Publish right after Pair expects it to publish (issue 27): the pairing is
 * usually decided within a second; past this the Wi-Fi is down or the authority busy, and the
 * desk is told to try again rather than left waiting.
 */
export const WAIT_FOR_OWN_MS = 15_000

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

/** One of this desk's own commands that a pairing or undo waited for was refused. */
export function pendingRefusedRefusal(count: number): Result<never> {
  const earlier = count === 1 ? 'The command' : `One of the ${String(count)} commands`
  return err(
    'venue.pending-refused',
    `${earlier} this desk gave just before was refused by the director's laptop (its reason is shown): look at the event and repeat this one.`,
    { details: { pending: count } },
  )
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

  /**
   * Waits for this desk's own pending proposals to be decided (issue 27: Publish pressed right
   * after Pair), then gives the accepted log to build on: the one seen before with exactly those
   * proposals accepted after it. One of them refused, or another desk's command accepted
   * meanwhile (the command was checked on a state without it), and the command is not proposed.
   */
  async function afterOwnPending(
    seen: readonly LoggedCommand[],
    pending: readonly OutboxProposal[],
  ): Promise<Result<readonly LoggedCommand[]>> {
    if (link.state().kind !== 'online') return pendingRefusal(pending.length)
    let timer: ReturnType<typeof setTimeout> | undefined
    const decided = await Promise.race([
      Promise.all(pending.map((proposal) => link.decided(proposal._id))).then(() => true),
      new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), options.waitMs ?? WAIT_FOR_OWN_MS)
      }),
    ])
    clearTimeout(timer)
    if (!decided) return pendingRefusal(pending.length)
    const now = await link.acceptedFrom(-1)
    const seenIds = new Set(seen.map((entry) => entry.proposal))
    // One accepted as the view was read is in `seen` already: nothing to wait for in it.
    const waited = pending.map((proposal) => proposal._id).filter((id) => !seenIds.has(id))
    const acceptedIds = new Set(now.map((entry) => entry.proposal))
    if (waited.some((id) => !acceptedIds.has(id))) return pendingRefusedRefusal(pending.length)
    const last = seen.at(-1)
    const joint = now[seen.length - 1]
    const extendsSeen =
      last === undefined || (joint !== undefined && fingerprint(joint) === fingerprint(last))
    const added = now.slice(seen.length)
    const onlyWaited = added.every(
      (entry) => entry.proposal !== undefined && waited.includes(entry.proposal),
    )
    if (!extendsSeen || added.length !== waited.length || !onlyWaited) {
      return err(
        'storage.conflict',
        "Not proposed: other desks' commands reached the director's laptop meanwhile.",
      )
    }
    return ok(now)
  }

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
      // built on results it has not accepted yet, it could only be refused (issue 21): it waits
      // for them to be decided and is built on the head they make (issue 27).
      let builtOn = accepted
      if (!commutes(entry.command) && pending.length > 0) {
        const after = await afterOwnPending(accepted, pending)
        if (!after.ok) return after
        builtOn = after.value
      }
      const proposal: OutboxProposal = {
        _id: options.newId(),
        type: 'proposal',
        order: options.counter.next(),
        builtOn: headOfLog(builtOn),
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
