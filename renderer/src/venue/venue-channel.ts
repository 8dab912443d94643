/*
 * How a window on the venue network hands on its commands and reads the log (issue 27: "a desk
 * proposes through an interface of its own"): a command becomes a proposal to the authority
 * (`VenueLink.propose`), the log is what the authority accepted, read from where the window holds
 * it (`acceptedFrom`), and `pending` is what this desk proposed with no decision yet. The tournament
 * store (renderer/src/stores/tournament.ts) holds the accepted log's fold and shows the pending
 * commands on top of it, each applied once (`withPending`, shared/venue/pending.ts).
 */
import { commutes, headOfLog, type BuiltOn } from '../../../shared/authority/proposal'
import { err, ok, type Result } from '../../../shared/result'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import { fingerprint } from '../../../shared/tournament/log'
import type { OutboxProposal } from '../../../shared/venue/protocol'
import { storageFailed } from '../db/summary'
import type { CommandChannel, SentOn } from '../stores/command-channel'
import type { VenueLink } from './link'

/** The count of this desk's proposals, kept where a reload of the page finds it. */
export interface ProposalCounter {
  /** The `order` of the next proposal; each call gives the next number. */
  next(): number
}

export interface VenueChannelOptions {
  readonly newId: () => string
  readonly counter: ProposalCounter
  /**
   * How long a pairing, plan, rules change, undo or redo waits for this desk's own pending
   * proposals to be decided before it is refused with `venue.pending` (`WAIT_FOR_OWN_MS`).
   */
  readonly waitMs?: number
}

/**
 * A director pressing Publish right after Pair expects it to publish (issue 27): the pairing is
 * usually decided within a second; past this the Wi-Fi is down or the authority busy, and the
 * desk is told to try again rather than left waiting.
 */
export const WAIT_FOR_OWN_MS = 15_000

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

function othersFirst(): Result<never> {
  return err(
    'storage.conflict',
    "Not proposed: other desks' commands reached the director's laptop meanwhile.",
  )
}

function replaced(tournamentId: string, generation: number, held: number): Result<never> {
  return err(
    'storage.replaced',
    `The log of ${tournamentId} was replaced (a file opened at the director's laptop) since this window read it.`,
    { details: { generation, held } },
  )
}

/**
 * The accepted log as the link holds it now, from the window's last held entry on: the head to
 * build on and the entries after what the window holds. Within one generation the accepted log
 * only grows, so its last held entry read again at its place is the same one; were it not, the
 * window holds another log and nothing is built on it (null).
 */
async function acceptedNow(
  link: VenueLink,
  held: readonly LoggedCommand[],
): Promise<{ readonly head: BuiltOn; readonly added: readonly LoggedCommand[] } | null> {
  const last = held.at(-1)
  const read = await link.acceptedFrom(held.length - 2)
  if (last === undefined) return { head: headOfLog(read), added: read }
  const again = read[0]
  if (again === undefined || fingerprint(again) !== fingerprint(last)) return null
  const newest = read.at(-1) ?? last
  return {
    head: { length: held.length + read.length - 1, last: fingerprint(newest) },
    added: read.slice(1),
  }
}

/**
 * Whether what the window shows is no longer what the authority holds: an entry accepted that is
 * not one of the window's pending commands (another desk's), or a pending command it shows
 * decided but not accepted (refused). Its own pending commands accepted meanwhile change nothing
 * the command was checked on.
 */
function changedUnder(
  on: SentOn,
  added: readonly LoggedCommand[],
  pending: readonly OutboxProposal[],
): boolean {
  const shown = new Set(on.pending)
  const accepted = new Set(added.map((entry) => entry.proposal))
  const waiting = new Set(pending.map((proposal) => proposal._id))
  return (
    added.some((entry) => entry.proposal === undefined || !shown.has(entry.proposal)) ||
    on.pending.some((id) => !waiting.has(id) && !accepted.has(id))
  )
}

export function createVenueChannel(link: VenueLink, options: VenueChannelOptions): CommandChannel {
  const isEvent = (tournamentId: string): boolean => tournamentId === link.event().tournamentId

  /**
   * Waits for this desk's own pending proposals to be decided (issue 27: Publish pressed right
   * after Pair), then gives the head to build on: the accepted log seen before with exactly those
   * proposals accepted after it. One of them refused, or another desk's command accepted
   * meanwhile (the command was checked on a state without it), and the command is not proposed.
   */
  async function afterOwnPending(
    seen: BuiltOn,
    pending: readonly OutboxProposal[],
  ): Promise<Result<BuiltOn>> {
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
    // Read from the last entry seen on: it must be still there, then only the waited ones.
    const now = await link.acceptedFrom(seen.length - 2)
    const joint = seen.length === 0 ? undefined : now[0]
    const added = seen.length === 0 ? now : now.slice(1)
    const waited = pending.map((proposal) => proposal._id)
    const acceptedIds = new Set(added.map((entry) => entry.proposal))
    if (waited.some((id) => !acceptedIds.has(id))) return pendingRefusedRefusal(pending.length)
    const extendsSeen =
      seen.last === null || (joint !== undefined && fingerprint(joint) === seen.last)
    if (!extendsSeen || added.length !== waited.length) return othersFirst()
    const newest = added.at(-1)
    return ok({
      length: seen.length + added.length,
      last: newest === undefined ? seen.last : fingerprint(newest),
    })
  }

  return {
    async loadStored(tournamentId) {
      if (!isEvent(tournamentId)) return undefined
      return { log: await link.acceptedFrom(-1), generation: link.event().generation }
    },

    async readFrom(tournamentId, afterSeq) {
      if (!isEvent(tournamentId)) return undefined
      const log = await link.acceptedFrom(Math.max(-1, Math.floor(afterSeq)))
      return { log, generation: link.event().generation }
    },

    async pending(tournamentId) {
      return isEvent(tournamentId) ? link.pending() : []
    },

    async send(tournamentId, entry, _summary, on) {
      if (link.desk.role === 'projector') {
        return err(
          'authority.read-only',
          'This screen only shows the event: enter commands at a desk.',
        )
      }
      const { generation } = link.event()
      if (!isEvent(tournamentId) || on.head.generation !== generation) {
        return replaced(tournamentId, generation, on.head.generation)
      }
      const [now, pending] = await Promise.all([acceptedNow(link, on.accepted), link.pending()])
      if (now === null) return othersFirst()
      // A result, check-in or registration commutes: the authority applies it to its own current
      // state whatever the desk had seen (issue 21), so a log grown meanwhile by other desks'
      // commands is no reason to make the operator type it again; it is built on the head the
      // link holds now. Anything else was checked on what the window shows, which must be the
      // latest.
      const stale = changedUnder(on, now.added, pending)
      if (stale && !commutes(entry.command)) return othersFirst()
      // The authority checks a pairing, plan, rules change, undo or redo against its own head;
      // built on results it has not accepted yet, it could only be refused (issue 21): it waits
      // for them to be decided and is built on the head they make (issue 27).
      let builtOn = now.head
      if (!commutes(entry.command) && pending.length > 0) {
        const after = await afterOwnPending(now.head, pending)
        if (!after.ok) return after
        builtOn = after.value
      }
      const proposal: OutboxProposal = {
        _id: options.newId(),
        type: 'proposal',
        order: options.counter.next(),
        builtOn,
        command: entry.command,
        madeAt: entry.at,
      }
      try {
        await link.propose(proposal)
      } catch (error) {
        return storageFailed(error)
      }
      return ok({ kind: 'proposed', id: proposal._id })
    },
  }
}
