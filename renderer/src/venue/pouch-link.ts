/*
 * A desk in a browser reaches the authority by CouchDB replication (issue 21): PouchDB keeps a
 * replica of the event's log and decisions in IndexedDB, pulled live, and the desk's outbox, pushed
 * live. Proposals are written to the outbox first, so a Wi-Fi drop loses nothing: they leave when
 * the link comes back. The PouchDB constructor is passed in, so the unit tests run the same code in
 * Node on memory databases.
 */
import type { LoggedCommand } from '../../../shared/tournament/commands'
import { fingerprint } from '../../../shared/tournament/log'
import { logFromChunks } from '../../../shared/venue/chunks'
import {
  bearer,
  chunkId,
  chunkOf,
  LOG_CHUNK,
  LOG_SLOT,
  SLOTS_PER_CHUNK,
  slotId,
  STATUS_ID,
  type DeskStatus,
  replicationBackOff,
  type OutboxProposal,
  type RefusalDoc,
  type VenueInfo,
} from '../../../shared/venue/protocol'
import { createAuthorityClock, everyInterval } from './authority-clock'
import { handInOldReplica, isRecoveredFor, recoveredNotices } from './hand-in'
import type { LinkState, VenueLink } from './link'

/** Documents per replication batch: a 20 000-command log (200 chunks) arrives in one. */
const BATCH_SIZE = 250

/** At most one `DeskStatus` write this often (`PouchLinkOptions.statusEveryMs`). */
const STATUS_EVERY_MS = 1000

/** The local document that remembers which of this desk's proposals were answered. */
const ANSWERED_ID = '_local/answered'

export interface PouchLinkOptions {
  /** What `/venue/info` said: this desk, the event and its databases. */
  readonly info: VenueInfo
  /** Opens one of this side's databases (IndexedDB in a browser). */
  readonly local: (name: string) => PouchDB.Database
  /**
   * Opens one of the authority's databases; `unauthorized` is called when the authority answers
   * 401 (the director revoked this desk).
   */
  readonly remote: (name: string, unauthorized: () => void) => PouchDB.Database
  readonly replicate: PouchDB.Static['replicate']
  readonly now?: () => Date
  /**
   * The device's own word on its network (a browser's `offline`/`online` events): a request in
   * flight when the Wi-Fi drops may hang until its timeout before replication says so.
   */
  readonly network?: (changed: (online: boolean) => void) => () => void
  /**
   * Asks the authority its time (`askAuthorityTime`), so the desk's `now()` is the authority's
   * clock (issue 27); without it (tests) the desk's own clock.
   */
  readonly askTime?: () => Promise<number>
  /** Runs `run` every `ms` until stopped (the clock's minute); `setInterval` by default. */
  readonly every?: (ms: number, run: () => void) => () => void
  /** The least time between two writes of the desk's status (a second unless said). */
  readonly statusEveryMs?: number
}

type Listener = () => void
type RefusalListener = (refusal: RefusalDoc, proposal: OutboxProposal | undefined) => void

/**
 * The `fetch` a remote database uses: every request carries the desk's token, and a 401 says the
 * director revoked the desk.
 */
export function authorizedFetch(
  token: string,
  underlying: (url: RequestInfo | URL, init?: RequestInit) => Promise<Response>,
  unauthorized: () => void,
): (url: RequestInfo | URL, init?: RequestInit) => Promise<Response> {
  return async (url, init) => {
    const headers = new Headers(init?.headers)
    headers.set('Authorization', bearer(token))
    const response = await underlying(url, { ...init, headers })
    if (response.status === 401) unauthorized()
    return response
  }
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const status = (error as { status?: unknown }).status
  return typeof status === 'number' ? status : undefined
}

function isProposal(doc: unknown): doc is OutboxProposal {
  return typeof doc === 'object' && doc !== null && (doc as { type?: unknown }).type === 'proposal'
}

function isRefusal(doc: unknown): doc is RefusalDoc {
  return typeof doc === 'object' && doc !== null && (doc as { type?: unknown }).type === 'refused'
}

/**
 * The authority's whole log database in one request, for a desk that holds none of it; undefined
 * when the authority does not answer (replication then brings the log when it can).
 */
async function seedLog(remote: PouchDB.Database): Promise<readonly object[] | undefined> {
  try {
    const { rows } = await remote.allDocs({ include_docs: true })
    return rows.flatMap((row) => (row.doc === undefined ? [] : [row.doc]))
  } catch {
    return undefined
  }
}

export async function createPouchLink(options: PouchLinkOptions): Promise<VenueLink> {
  const { info, replicate } = options
  const now = options.now ?? (() => new Date())
  const desk = info.desk
  const names = info.databases
  const localLog = options.local(names.log)
  const localDecisions = options.local(names.decisions)
  const outbox = names.outbox === undefined ? undefined : options.local(names.outbox)

  let state: LinkState = { kind: 'online' }
  const changeListeners = new Set<Listener>()
  const refusalListeners = new Set<RefusalListener>()
  /** Refusals that arrived before anyone listened: given to the first listener, once. */
  const undelivered: { refusal: RefusalDoc; proposal: OutboxProposal | undefined }[] = []

  /** Those waiting for a decision (`decided`): told of every change, and of the link closing. */
  const decisionWaiters = new Set<() => void>()
  let closed = false

  function changed(): void {
    for (const listener of changeListeners) listener()
    for (const waiter of decisionWaiters) waiter()
  }

  function setState(next: LinkState): void {
    if (state.kind === 'revoked') return
    if (next.kind === state.kind) return
    state = next
    changed()
  }

  /** The log's tail from the authority's changes (`tailLog`), while the desk is online. */
  let tail: PouchDB.Core.Changes<object> | undefined

  function wentOffline(): void {
    if (state.kind !== 'offline') setState({ kind: 'offline', since: now().toISOString() })
    // An offline desk shows what it had: the tail's long-poll, answered after the network went (a
    // browser's offline emulation lets a request in flight finish), would bring in what another
    // desk did meanwhile. Replication starts it again once back (issue 27, venue-identity.spec).
    const following = tail
    tail = undefined
    following?.cancel()
  }

  // The accepted log as last read, and the ids of the proposals it holds.
  let accepted: readonly LoggedCommand[] = []
  let acceptedIds = new Set<string>()
  /** How much of `accepted` the replica holds: the status says no more (`tailLog` runs ahead). */
  let replicaHeld = 0
  let stale = true
  let reading: Promise<readonly LoggedCommand[]> | undefined

  /** The part of the accepted log the replica holds. */
  function inReplica(): readonly LoggedCommand[] {
    return replicaHeld >= accepted.length ? accepted : accepted.slice(0, replicaHeld)
  }

  /** The accepted log is `read` when it is longer: a log never shrinks. */
  function advance(read: readonly LoggedCommand[]): boolean {
    const held = accepted
    if (read.length <= held.length) return false
    accepted = read
    const ids = new Set(acceptedIds)
    for (const entry of read.slice(held.length)) {
      if (entry.proposal !== undefined) ids.add(entry.proposal)
    }
    acceptedIds = ids
    return true
  }

  /**
   * The log documents that may hold entries after the first `held`: the full chunks from the one
   * `held` ends in, then the slots from the one holding the next entry on, while each is full.
   * Full chunks and slots already read never change their part of the log (shared/venue/chunks.ts),
   * so a desk following one new result reads one slot, not the chunk around it.
   */
  async function docsAfter(held: number): Promise<unknown[]> {
    const chunks = await localLog.allDocs({
      include_docs: true,
      startkey: chunkId(chunkOf(held)),
      endkey: 'chunk-\uffff',
    })
    const docs: unknown[] = chunks.rows.map((row) => row.doc)
    let next = Math.max(held, (chunkOf(held) + chunks.rows.length) * LOG_CHUNK)
    for (let slots = 0; slots < SLOTS_PER_CHUNK; slots++) {
      const slot = await localLog
        .get<{ first: number; entries: readonly unknown[] }>(slotId(next))
        .catch(() => undefined)
      if (slot === undefined || slot.first > next) break
      const end = slot.first + slot.entries.length
      if (end <= next) break
      docs.push(slot)
      if (slot.entries.length < LOG_SLOT) break
      next = end
    }
    return docs
  }

  async function readAccepted(): Promise<readonly LoggedCommand[]> {
    // A read in flight answers every ask made meanwhile, for it reads again until no change is left
    // unread. The held log is no answer then: a change already told may not be in it yet (issue 27:
    // the projector, which has no outbox to tell it again, stayed a result behind until reloaded).
    if (reading) return reading
    if (!stale) return accepted
    reading = (async () => {
      try {
        while (stale) {
          stale = false
          // From what the replica held, not what the tail brought (it may hold more).
          const held = inReplica()
          // Closed while reading (a window going away, a test's end): its databases are too, and
          // the answer is what the link held, not a rejection nobody is there to catch.
          const docs = await docsAfter(held.length).catch((error: unknown) => {
            if (closed) return undefined
            throw error
          })
          if (docs === undefined) break
          const read = logFromChunks(docs, held)
          // A damaged log document is left unread, and a log never shrinks (a document still on
          // its way, or the tail ahead of the replica): the held log stays what the desk shows.
          if (!read.ok) continue
          replicaHeld = Math.max(replicaHeld, read.value.length)
          advance(read.value)
        }
        return accepted
      } finally {
        reading = undefined
      }
    })()
    return reading
  }

  // What this desk has been answered: kept in a local document, which never replicates.
  let answered = new Set<string>()
  if (outbox) {
    try {
      const doc = await outbox.get<{ ids: string[] }>(ANSWERED_ID)
      answered = new Set(doc.ids)
    } catch (error) {
      if (statusOf(error) !== 404) throw error
    }
  }
  let answeredWrite: Promise<void> = Promise.resolve()
  // Issue 27: the replica read last, if another generation's, handed in (hand-in.ts).
  if (outbox) {
    await handInOldReplica({ info, outbox, local: options.local, answered }).catch(() => undefined)
  }
  const notices = recoveredNotices(desk.id)

  function rememberAnswered(id: string): void {
    answered = new Set(answered).add(id)
    if (!outbox) return
    const ids = [...answered]
    answeredWrite = answeredWrite.then(async () => {
      let rev: string | undefined
      try {
        rev = (await outbox.get(ANSWERED_ID))._rev
      } catch (error) {
        if (statusOf(error) !== 404) throw error
      }
      await outbox.put({ _id: ANSWERED_ID, ...(rev === undefined ? {} : { _rev: rev }), ids })
    })
  }

  async function proposalById(id: string): Promise<OutboxProposal | undefined> {
    if (!outbox) return undefined
    try {
      const doc = await outbox.get(id)
      return isProposal(doc) ? doc : undefined
    } catch {
      return undefined
    }
  }

  async function refused(refusal: RefusalDoc): Promise<void> {
    if (refusal.desk !== desk.id || answered.has(refusal._id)) return
    rememberAnswered(refusal._id)
    const proposal = await proposalById(refusal._id)
    if (refusalListeners.size === 0) undelivered.push({ refusal, proposal })
    for (const listener of refusalListeners) listener(refusal, proposal)
    changed()
  }

  // The desk's status: what it holds of the log, for a restarted authority (protocol.ts).
  let statusHeld = -1
  let statusWrite: Promise<void> = Promise.resolve()
  /** When the last status was written, and the log a write waiting for its turn will say. */
  let statusWrittenAt = Number.NEGATIVE_INFINITY
  let statusDue: { timer: ReturnType<typeof setTimeout>; log: readonly LoggedCommand[] } | undefined
  const statusEvery = options.statusEveryMs ?? STATUS_EVERY_MS

  /**
   * At most one status a `statusEvery`, the latest: every desk wrote one per result it followed,
   * each a push the authority handled beside the decisions (issue 27: desk to desk under load).
   * The first is written at once, and the last always follows within the interval.
   */
  function writeStatus(log: readonly LoggedCommand[]): void {
    if (!outbox || closed || log.length === statusHeld) return
    if (statusDue !== undefined) {
      statusDue.log = log
      return
    }
    const wait = statusWrittenAt + statusEvery - performance.now()
    if (wait > 0) {
      const due = {
        log,
        timer: setTimeout(() => {
          statusDue = undefined
          writeStatus(due.log)
        }, wait),
      }
      statusDue = due
      return
    }
    statusWrittenAt = performance.now()
    storeStatus(log)
  }

  function storeStatus(log: readonly LoggedCommand[]): void {
    if (!outbox) return
    statusHeld = log.length
    const last = log.at(-1)
    const status: DeskStatus = {
      _id: STATUS_ID,
      type: 'status',
      tournamentId: info.event.tournamentId,
      generation: info.event.generation,
      held: log.length,
      last: last === undefined ? null : fingerprint(last),
      at: now().toISOString(),
    }
    statusWrite = statusWrite
      .then(async () => {
        let rev: string | undefined
        try {
          rev = (await outbox.get(STATUS_ID))._rev
        } catch (error) {
          if (statusOf(error) !== 404) throw error
        }
        await outbox.put({ ...status, ...(rev === undefined ? {} : { _rev: rev }) })
      })
      .catch(() => undefined)
  }

  const feeds: { cancel(): void }[] = []
  const replications: PouchDB.Replication.Replication<object>[] = []

  const remoteLog = options.remote(names.log, revoke)
  const localInfo = await localLog.info()
  // Issue 27 (a new desk catching up 10 000 commands under load): a desk holding nothing of the
  // log reads it whole in one request and shows it at once; it is stored in its replica after,
  // and the log's replication starts only then, so it finds every document already held. Stored
  // first, the desk waited for IndexedDB to write the whole log and to read it back.
  const seeded = localInfo.doc_count === 0 ? await seedLog(remoteLog) : undefined
  if (seeded !== undefined) {
    const read = logFromChunks(seeded)
    if (read.ok) {
      accepted = read.value
      acceptedIds = new Set(accepted.flatMap((e) => (e.proposal === undefined ? [] : [e.proposal])))
      replicaHeld = accepted.length
    }
  }
  const stored =
    seeded === undefined || seeded.length === 0
      ? Promise.resolve()
      : localLog.bulkDocs(seeded as PouchDB.Core.PutDocument<object>[], { new_edits: false }).then(
          () => undefined,
          () => undefined,
        )

  /**
   * Follows the replica of the log from `since` and starts its replication. From the sequence read
   * before replication starts, not `'now'`, which PouchDB resolves later: a chunk written in
   * between would be in neither the first read nor the feed.
   */
  function followLog(since: number | string): void {
    if (closed || state.kind === 'revoked') return
    const logFeed = localLog.changes({ live: true, since })
    // A replicated batch is a burst of changes (a hundred chunks when a desk catches up): marked
    // stale at once, so no ask is answered with the log before it, and told once per task.
    let telling = false
    logFeed.on('change', () => {
      stale = true
      if (telling) return
      telling = true
      setTimeout(() => {
        telling = false
        // Closed meanwhile: its databases are too, and nobody listens.
        if (closed) return
        changed()
        readAccepted().then(
          () => writeStatus(inReplica()),
          () => undefined,
        )
      }, 0)
    })
    feeds.push(logFeed)
    watch(replicate(remoteLog, localLog, pull))
  }

  /**
   * Issue 27 (desk to desk under load): the log's new documents with their bodies, straight from
   * the authority's `_changes`, one long-poll answer a decision, so a result reaches the screens
   * without waiting for replication. Replication's batch for the same document takes a
   * `_bulk_get`, the database's info and the checkpoint's read and write, each batch after the
   * previous one's checkpoint: five requests a decision for each desk, the largest share of a
   * result's way (a median of 0.8 s from the authority's decision to the other desks, at load
   * 12). Replication still keeps the replica, which the status and a hand-in read; the tail only
   * brings the shown log forward. It ends with the network and starts again, from then, once
   * replication is back: what was written meanwhile comes by replication.
   */
  function tailLog(): void {
    if (closed || tail !== undefined || state.kind === 'revoked') return
    const feed = remoteLog.changes({ live: true, since: 'now', include_docs: true })
    tail = feed
    feed.on('change', (change) => {
      const read = logFromChunks([change.doc], accepted)
      if (read.ok && advance(read.value)) changed()
    })
    const ended = (): void => {
      if (tail === feed) tail = undefined
    }
    feed.then(ended, ended)
  }

  const decisionFeed = localDecisions.changes({ live: true, since: 0, include_docs: true })
  decisionFeed.on('change', (change) => {
    if (isRefusal(change.doc)) void refused(change.doc)
    // Issue 27: the authority's answer to what this desk handed in, shown once.
    else if (isRecoveredFor(change.doc, desk.id) && !answered.has(change.doc._id)) {
      rememberAnswered(change.doc._id)
      notices.deliver(change.doc)
    }
  })
  feeds.push(decisionFeed)

  if (outbox) {
    const outboxFeed = outbox.changes({ live: true, since: 'now' })
    outboxFeed.on('change', () => changed())
    feeds.push(outboxFeed)
  }

  function revoke(): void {
    if (state.kind === 'revoked') return
    state = { kind: 'revoked' }
    for (const feed of replications) feed.cancel()
    tail?.cancel()
    changed()
  }

  function watch(replication: PouchDB.Replication.Replication<object>): void {
    replication.on('active', () => {
      setState({ kind: 'online' })
      tailLog()
    })
    replication.on('paused', (error: unknown) => {
      if (statusOf(error) === 401) revoke()
      else if (error) wentOffline()
      else {
        setState({ kind: 'online' })
        tailLog()
      }
    })
    replication.on('denied', (error: unknown) => {
      if (statusOf(error) === 401) revoke()
    })
    replication.on('error', (error: unknown) => {
      if (statusOf(error) === 401) revoke()
      else wentOffline()
    })
    replications.push(replication)
  }

  // No checkpoints (issue 27): each replication, and each retry of one, reads the changes from
  // the start (some 120 rows for a day's log, fewer for an outbox) and compares them with
  // `_revs_diff`, so a restarted authority's rebuilt databases, whose sequence numbers start
  // again, are compared from the start. With the checkpoint on the desk alone, a pull waited for
  // sequence numbers the rebuilt log had not reached, and proposals pushed just before a crash
  // and not yet decided were never pushed again. Checkpoints on both sides did the same at the
  // cost of their read and write on the authority after every batch: two of the five requests
  // each desk made for each decision, on a server the whole hall waits on.
  const pull = {
    live: true,
    retry: true,
    batch_size: BATCH_SIZE,
    back_off_function: replicationBackOff,
    checkpoint: false,
  } as const
  // A seeded log is followed from after its own write: the feed would read back every document
  // of it (a quarter second of the desk's catch-up) to say what the desk already shows.
  if (seeded === undefined) followLog(localInfo.update_seq)
  else {
    void stored
      .then(() => localLog.info())
      .then(
        (after) => followLog(after.update_seq),
        () => followLog(localInfo.update_seq),
      )
  }
  tailLog()
  watch(replicate(options.remote(names.decisions, revoke), localDecisions, pull))
  const remoteOutbox =
    outbox && names.outbox !== undefined ? options.remote(names.outbox, revoke) : undefined
  if (outbox && remoteOutbox) {
    watch(
      replicate(outbox, remoteOutbox, {
        live: true,
        retry: true,
        batch_size: BATCH_SIZE,
        back_off_function: replicationBackOff,
        checkpoint: false,
      }),
    )
  }

  /**
   * Issue 27 (desk to desk under load): the proposal also goes to the authority at once, in one
   * request, as the revision the outbox gave it (`new_edits: false`, as replication writes it).
   * Replication alone took a `_revs_diff` and a `_bulk_docs`, after the previous batch's
   * checkpoints (two requests more): a second on a loaded machine, the largest share of a
   * result's way to the other desks. Replication still carries it when this fails (offline), and
   * finds it there when it does not.
   */
  async function sendNow(to: PouchDB.Database, proposal: OutboxProposal, rev: string) {
    // A new document: its one revision is `1-<hash>`.
    const doc = { ...proposal, _rev: rev, _revisions: { start: 1, ids: [rev.slice(2)] } }
    await to.bulkDocs([doc], { new_edits: false }).catch(() => undefined)
  }

  const stopNetwork = options.network?.((online) => {
    if (!online) wentOffline()
    // Back on the network: online until replication's next attempt says otherwise.
    else setState({ kind: 'online' })
  })

  await readAccepted().then(() => writeStatus(inReplica()))

  const askTime = options.askTime
  const clock =
    askTime === undefined
      ? undefined
      : createAuthorityClock({
          ask: askTime,
          deskNow: () => now().getTime(),
          online: () => state.kind === 'online',
          every: options.every ?? everyInterval,
        })

  return {
    desk,
    event: () => info.event,
    async propose(proposal) {
      if (!outbox) throw new Error(`Desk ${desk.id} is a ${desk.role}: it proposes nothing.`)
      if (state.kind === 'revoked') throw new Error(`Desk ${desk.id} was revoked.`)
      const { rev } = await outbox.put(proposal)
      if (remoteOutbox && state.kind === 'online') void sendNow(remoteOutbox, proposal, rev)
    },
    async acceptedFrom(afterSeq) {
      const log = await readAccepted()
      return log.slice(Math.max(0, afterSeq + 1))
    },
    async pending() {
      if (!outbox) return []
      await readAccepted()
      const docs = await outbox.allDocs({ include_docs: true })
      return docs.rows
        .flatMap((row) => (isProposal(row.doc) ? [row.doc] : []))
        .filter((doc) => !answered.has(doc._id) && !acceptedIds.has(doc._id))
        .sort((a, b) => a.order - b.order)
    },
    async decided(proposalId) {
      for (;;) {
        if (closed || state.kind === 'revoked') return
        // Listening before reading: a change between the two is not missed.
        let wake = (): void => undefined
        const next = new Promise<void>((resolve) => (wake = resolve))
        decisionWaiters.add(wake)
        try {
          await readAccepted()
          if (acceptedIds.has(proposalId) || answered.has(proposalId)) return
          // Not this desk's proposal (or not stored): nothing will decide it here.
          if ((await proposalById(proposalId)) === undefined) return
          await next
        } finally {
          decisionWaiters.delete(wake)
        }
      }
    },
    onRefused(listener) {
      refusalListeners.add(listener)
      for (const { refusal, proposal } of undelivered.splice(0)) listener(refusal, proposal)
      return () => refusalListeners.delete(listener)
    },
    onRecovered: notices.on, // issue 27
    onChange(listener) {
      changeListeners.add(listener)
      return () => changeListeners.delete(listener)
    },
    state: () => state,
    now: () => clock?.now() ?? now().getTime(),
    async close() {
      closed = true
      for (const waiter of decisionWaiters) waiter()
      clock?.stop()
      stopNetwork?.()
      for (const replication of replications) replication.cancel()
      for (const feed of feeds) feed.cancel()
      tail?.cancel()
      if (statusDue !== undefined) clearTimeout(statusDue.timer)
      await Promise.allSettled([answeredWrite, statusWrite])
      await Promise.allSettled([localLog.close(), localDecisions.close(), outbox?.close()])
    },
  }
}
