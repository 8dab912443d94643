import { createRequire } from 'node:module'
import type { BuiltOn } from '../../shared/authority/proposal'
import type { Command } from '../../shared/tournament/commands'
import {
  bearer,
  replicationBackOff,
  VENUE_ROUTES,
  type JoinRequested,
  type JoinRole,
  type JoinStatus,
  type LogChunk,
  type OutboxProposal,
  type VenueInfo,
} from '../../shared/venue/protocol'
import type { Authority } from './serve'

/*
 * A desk in Node, on the same protocol a browser desk uses (issue 21): it asks to join, is
 * approved by the authority's stdin, keeps its outbox in a memory PouchDB pushed live to its
 * outbox on the authority, and pulls the log database live into a memory copy. For benches that
 * need more desks than a 2-core machine can run browsers: each `propose` is one OutboxProposal
 * document, as the browser desk writes it; `seen` says when each accepted proposal reached here.
 */

/*
 * The few PouchDB calls a desk makes, typed here: @types/pouchdb-core declares a global `Buffer`
 * interface of its own, which breaks Node's `Buffer` for every other file of this project (e2e
 * mixes Node and DOM types), so the modules are loaded untyped and given this shape.
 */
interface PouchDatabase<T extends object> {
  put(doc: T): Promise<{ readonly rev: string }>
  changes(options: { live: true; since: 'now'; include_docs: true }): Feed
  bulkDocs(docs: readonly object[], options?: { readonly new_edits?: boolean }): Promise<unknown>
  destroy(): Promise<unknown>
}
interface Feed extends PromiseLike<unknown> {
  on(event: 'change', listener: (change: { readonly doc?: unknown }) => void): Feed
  cancel(): void
}
interface Replication {
  on(event: 'change', listener: (info: { readonly docs: readonly unknown[] }) => void): Replication
  on(event: 'error', listener: (error: unknown) => void): Replication
  cancel(): void
}
interface PouchStatic {
  plugin(plugin: unknown): PouchStatic
  new <T extends object>(name: string, options: object): PouchDatabase<T>
  replicate(
    source: PouchDatabase<object>,
    target: PouchDatabase<object>,
    options: object,
  ): Replication
}
const require = createRequire(import.meta.url)
const Pouch = (require('pouchdb-core') as PouchStatic)
  .plugin(require('pouchdb-adapter-memory'))
  .plugin(require('pouchdb-adapter-http'))
  .plugin(require('pouchdb-replication'))

/*
 * PouchDB's replication asks `src.info()` after each batch without a catch (browser-link.ts
 * swallows the same rejection in a browser): when the authority closes a socket under load, it
 * ended the bench's process (issue 27: "fetch failed: other side closed" at load 50). Only a
 * failed fetch is let go; any other unhandled rejection still ends the process.
 */
process.on('unhandledRejection', (reason) => {
  if (reason instanceof TypeError && reason.message === 'fetch failed') {
    console.error(`a Node desk's request failed: ${String(reason.cause ?? reason)}`)
    return
  }
  throw reason
})

/** The spike: PouchDB's back-off doubles up to 10 minutes; capped at 2 s a desk is back in 1.9 s. */

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok)
    throw new Error(`${what}: HTTP ${String(response.status)} ${await response.text()}`)
  return (await response.json()) as T
}

export class NodeDesk {
  /** Accepted proposal id → when this desk first held it (`performance.now()`). */
  readonly seen = new Map<string, number>()
  /** Proposal id → when this desk wrote it to its own outbox. */
  readonly proposedAt = new Map<string, number>()
  private order = 0
  private readonly outbox: PouchDatabase<OutboxProposal>
  private readonly log: PouchDatabase<LogChunk>
  private readonly replications: Replication[] = []
  private readonly feeds: Feed[] = []
  private remoteOutbox: PouchDatabase<OutboxProposal> | undefined

  private constructor(
    readonly name: string,
    readonly token: string,
    readonly info: VenueInfo,
    url: string,
  ) {
    const remote = <T extends object>(database: string): PouchDatabase<T> =>
      new Pouch<T>(`${url}${VENUE_ROUTES.databases}/${database}`, {
        skip_setup: true,
        fetch: (target: string, init?: RequestInit) => {
          const headers = new Headers(init?.headers)
          headers.set('Authorization', bearer(token))
          return fetch(target, { ...init, headers })
        },
      })
    const local = `${name}-${String(Math.random()).slice(2)}`
    this.outbox = new Pouch<OutboxProposal>(`outbox-${local}`, { adapter: 'memory' })
    this.log = new Pouch<LogChunk>(`log-${local}`, { adapter: 'memory' })
    // No checkpoints, as the browser desk (pouch-link.ts, issue 27).
    const options = {
      live: true,
      retry: true,
      back_off_function: replicationBackOff,
      checkpoint: false,
    }
    const remoteLog = remote<LogChunk>(info.databases.log)
    const pull = Pouch.replicate(remoteLog, this.log, options)
    const held = (docs: readonly unknown[]): void => {
      const now = performance.now()
      for (const doc of docs as readonly (LogChunk | undefined)[]) {
        for (const entry of doc?.entries ?? []) {
          if (entry.proposal !== undefined && !this.seen.has(entry.proposal)) {
            this.seen.set(entry.proposal, now)
          }
        }
      }
    }
    pull.on('change', (change) => held(change.docs))
    // As the browser desk does (pouch-link.ts `tailLog`, issue 27): the log's new documents from
    // the authority's changes, long-polled with their bodies, ahead of replication's batches.
    const tail = remoteLog.changes({ live: true, since: 'now', include_docs: true })
    tail.on('change', (change) => held([change.doc]))
    // Also a promise, rejected when the authority drops: no unhandled rejection, which ends Node.
    tail.then(undefined, (error: unknown) =>
      console.error(`${name}: the log's tail: ${String(error)}`),
    )
    this.feeds.push(tail)
    // A dropped server must not end the process (the spike's unhandled rejection): log and go on.
    pull.on('error', (error) => console.error(`${name}: log replication: ${String(error)}`))
    this.replications.push(pull)
    const outbox = info.databases.outbox
    if (outbox !== undefined) {
      this.remoteOutbox = remote<OutboxProposal>(outbox)
      const push = Pouch.replicate(this.outbox, this.remoteOutbox, options)
      push.on('error', (error) => console.error(`${name}: outbox replication: ${String(error)}`))
      this.replications.push(push)
    }
  }

  /** Asks to join, has the authority approve it as `name`, and starts replicating. */
  static async join(
    authority: Authority,
    name: string,
    role: JoinRole = 'results',
  ): Promise<NodeDesk> {
    const url = authority.url
    const asked = await json<JoinRequested>(
      await fetch(`${url}${VENUE_ROUTES.join}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ role, device: `Node desk ${name}` }),
      }),
      'join request',
    )
    await authority.waitFor('desk', (event) => event.code === asked.code)
    await authority.approve(asked.code, name)
    for (let tries = 0; tries < 600; tries++) {
      const status = await json<JoinStatus>(
        await fetch(`${url}${VENUE_ROUTES.joinStatus}${asked.request}`),
        'join status',
      )
      if (status.status === 'approved') {
        const info = await json<VenueInfo>(
          await fetch(`${url}${VENUE_ROUTES.info}`, {
            headers: { Authorization: bearer(status.token) },
          }),
          'venue info',
        )
        return new NodeDesk(name, status.token, info, url)
      }
      if (status.status === 'refused') throw new Error(`${name} was refused`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    throw new Error(`${name} was not approved within a minute`)
  }

  /** Writes one proposal to this desk's outbox; returns its id. */
  async propose(command: Command, builtOn: BuiltOn): Promise<string> {
    const order = this.order++
    const id = `${this.info.desk.id}-${String(order)}`
    this.proposedAt.set(id, performance.now())
    const proposal: OutboxProposal = {
      _id: id,
      type: 'proposal',
      order,
      builtOn,
      command,
      madeAt: new Date().toISOString(),
    }
    const { rev } = await this.outbox.put(proposal)
    // As the browser desk does (pouch-link.ts `sendNow`, issue 27): sent at once too, in one
    // request, with the outbox's revision; replication carries it when that fails.
    const doc = { ...proposal, _rev: rev, _revisions: { start: 1, ids: [rev.slice(2)] } }
    void this.remoteOutbox?.bulkDocs([doc], { new_edits: false }).catch(() => undefined)
    return id
  }

  async close(): Promise<void> {
    for (const replication of this.replications) replication.cancel()
    for (const feed of this.feeds) feed.cancel()
    await Promise.all([this.outbox.destroy(), this.log.destroy()])
  }
}
