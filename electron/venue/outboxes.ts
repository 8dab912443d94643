/*
 * Following each approved desk's outbox (issue 21): its proposals decided in their `order` (a
 * later one replicated first waits for the earlier), a document that is not a proposal refused as
 * `venue.malformed`, and the desk's `DeskStatus` kept for recovery (`desk-recovery.ts`).
 */
import type { DeskIdentity, Proposal } from '../../shared/authority/proposal'
import type { RuleError } from '../../shared/result'
import {
  outboxDatabase,
  STATUS_ID,
  type DeskStatus,
  type OutboxProposal,
  type VenueDesk,
} from '../../shared/venue/protocol'
import { activeDesks, hasOutbox } from './desks'
import { servedDatabase, type ChangeEvent, type ChangesFeed, type PouchDatabase } from './pouch'
import type { Recovery } from './recovery'
import { messageOf, type ServerContext } from './server-context'

/** What a desk's outbox document turned out to be. */
export type ReadOutbox =
  | { readonly kind: 'proposal'; readonly id: string; readonly proposal: OutboxProposal }
  | {
      readonly kind: 'unreadable'
      readonly id: string
      readonly order: number | undefined
      readonly command: unknown
      readonly error: RuleError
    }

interface Follower {
  readonly feed: ChangesFeed
  readonly db: PouchDatabase
  /** Decisions asked for and not yet given. */
  readonly deciding: Set<Promise<unknown>>
}

/** One desk's outbox as it is read: the next `order` due and those that came early. */
interface Reading {
  readonly desk: VenueDesk
  readonly identity: DeskIdentity
  expected: number
  readonly held: Map<number, ReadOutbox>
  readonly deciding: Set<Promise<unknown>>
}

export class Outboxes {
  private readonly followers = new Map<string, Follower>()
  /** Each desk's last `DeskStatus`, by desk id. */
  readonly statuses = new Map<string, DeskStatus>()
  /** Called on each status seen (recovery waits for them). */
  statusSeen: (() => void) | undefined

  constructor(
    private readonly ctx: ServerContext,
    /** Issue 27: held documents and proposals built on another log (recovery.ts). */
    private readonly recovery?: Recovery,
  ) {}

  /** Follows the desk's outbox from its start (a projector has none). */
  async follow(desk: VenueDesk): Promise<void> {
    if (!hasOutbox(desk.role) || this.followers.has(desk.id) || this.ctx.closing()) return
    const db = await servedDatabase(this.ctx.Pouch, outboxDatabase(desk.id))
    // Revoked (or closing) while its database was made: nothing to follow.
    const active = activeDesks(this.ctx.authority).some((d) => d.id === desk.id)
    if (!active || this.followers.has(desk.id) || this.ctx.closing()) {
      await db.close().catch(() => undefined)
      return
    }
    const reading: Reading = {
      desk,
      identity: { id: desk.id, name: desk.name, role: desk.role },
      expected: this.ctx.authority.nextOrder(desk.id),
      held: new Map(),
      deciding: new Set(),
    }
    const feed = db.changes({ live: true, since: 0, include_docs: true })
    // The feed is also a promise that rejects on an error or a cancel: without a handler that
    // is an unhandled rejection, which ends a Node process (the spike's crash).
    Promise.resolve(feed).catch(() => undefined)
    feed.on('change', (change) => this.changeOf(reading, change))
    feed.on('error', (e: unknown) => {
      if (this.ctx.closing()) return
      this.ctx.emit({
        event: 'error',
        code: 'venue.outbox',
        message: `Following ${desk.name}'s outbox stopped: ${messageOf(e)}`,
      })
    })
    this.followers.set(desk.id, { feed, db, deciding: reading.deciding })
  }

  /**
   * Stops following a revoked desk's outbox and gives its proposals nobody decided (issue 27:
   * they were dropped silently), in their order, once the decisions under way are given.
   */
  async release(deskId: string): Promise<readonly OutboxProposal[]> {
    const follower = this.followers.get(deskId)
    if (follower === undefined) return []
    this.followers.delete(deskId)
    follower.feed.cancel()
    await Promise.allSettled([...follower.deciding])
    try {
      const { rows } = await follower.db.allDocs({ include_docs: true })
      const { accepted, refused } = this.ctx.authority.state()
      return rows
        .filter((row) => !row.id.startsWith('_') && row.id !== STATUS_ID)
        .map((row) => readOutboxDoc(row.id, row.doc))
        .flatMap((doc) => (doc.kind === 'proposal' ? [doc.proposal] : []))
        .filter((p) => !accepted.has(p._id) && !refused.has(p._id))
        .sort((a, b) => a.order - b.order)
    } finally {
      await follower.db.close().catch(() => undefined)
    }
  }

  async unfollow(deskId: string): Promise<void> {
    const follower = this.followers.get(deskId)
    if (follower === undefined) return
    this.followers.delete(deskId)
    follower.feed.cancel()
    await follower.db.close().catch(() => undefined)
  }

  async unfollowAll(): Promise<void> {
    await Promise.all([...this.followers.keys()].map((id) => this.unfollow(id)))
  }

  private changeOf(reading: Reading, change: ChangeEvent): void {
    if (change.deleted === true || change.doc === undefined) return
    if (change.id === STATUS_ID) {
      const status = readStatus(change.doc)
      if (status !== undefined) {
        this.statuses.set(reading.desk.id, status)
        this.statusSeen?.()
      }
      return
    }
    if (change.id.startsWith('_')) return
    if (this.recovery?.received(reading.desk, change.doc) === true) return // issue 27: held
    const doc = readOutboxDoc(change.id, change.doc)
    const order = doc.kind === 'proposal' ? doc.proposal.order : doc.order
    if (order === undefined || order < reading.expected) return this.submit(reading, doc)
    if (order > reading.expected) {
      // Replication may bring a later proposal first: it waits for the earlier ones.
      reading.held.set(order, doc)
      return
    }
    this.submit(reading, doc)
    reading.expected += 1
    for (let next = reading.held.get(reading.expected); next !== undefined;) {
      reading.held.delete(reading.expected)
      this.submit(reading, next)
      reading.expected += 1
      next = reading.held.get(reading.expected)
    }
  }

  private submit(reading: Reading, doc: ReadOutbox): void {
    const { authority, now } = this.ctx
    // Issue 27: built on another log's head, it waits for its desk's held document.
    const { recovery } = this
    if (
      doc.kind === 'proposal' &&
      recovery?.defer(reading.desk, doc.proposal, () => this.submit(reading, doc))
    ) {
      return
    }
    const decided =
      doc.kind === 'proposal'
        ? authority.propose(
            (recovery?.proposalOf ?? proposalOf)(reading.identity, doc.proposal),
            now,
            doc.proposal.order,
          )
        : authority.refuseUnreadable(
            reading.identity,
            doc.id,
            doc.command,
            doc.error,
            now,
            doc.order,
          )
    reading.deciding.add(decided)
    decided.finally(() => reading.deciding.delete(decided)).catch(() => undefined)
    decided.catch((e: unknown) => {
      if (this.ctx.closing()) return
      this.ctx.emit({
        event: 'error',
        code: 'venue.decide',
        message: `Proposal ${doc.id} from ${reading.desk.name}: ${messageOf(e)}`,
      })
    })
  }
}

export function proposalOf(desk: DeskIdentity, proposal: OutboxProposal): Proposal {
  return {
    proposalId: proposal._id,
    desk,
    builtOn: proposal.builtOn,
    command: proposal.command,
  }
}

export function readOutboxDoc(id: string, doc: unknown): ReadOutbox {
  const d = doc as Record<string, unknown>
  const orderRaw = d['order']
  const order =
    Number.isInteger(orderRaw) && (orderRaw as number) >= 0 ? (orderRaw as number) : undefined
  const builtOn = d['builtOn'] as Record<string, unknown> | null | undefined
  const command = d['command'] as Record<string, unknown> | null | undefined
  const problems: string[] = []
  if (d['type'] !== 'proposal') problems.push('its type is not "proposal"')
  if (order === undefined) problems.push('"order" is not a whole number from 0')
  if (
    typeof builtOn !== 'object' ||
    builtOn === null ||
    !Number.isInteger(builtOn['length']) ||
    !(builtOn['last'] === null || typeof builtOn['last'] === 'string')
  ) {
    problems.push('"builtOn" is not { length, last }')
  }
  if (typeof command !== 'object' || command === null || typeof command['type'] !== 'string') {
    problems.push('"command" has no type')
  }
  if (problems.length === 0) {
    return { kind: 'proposal', id, proposal: doc as OutboxProposal }
  }
  return {
    kind: 'unreadable',
    id,
    order,
    command: d['command'] ?? null,
    error: {
      code: 'venue.malformed',
      message: `Outbox document ${id} is not a proposal: ${problems.join('; ')}.`,
      details: { proposal: id },
    },
  }
}

function readStatus(doc: unknown): DeskStatus | undefined {
  const d = doc as Record<string, unknown>
  if (d['type'] !== 'status' || !Number.isInteger(d['held'])) return undefined
  if (typeof d['tournamentId'] !== 'string' || !Number.isInteger(d['generation'])) return undefined
  return doc as DeskStatus
}
