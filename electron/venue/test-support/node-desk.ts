/*
 * A desk in Node for the venue's tests: its outbox and its copy of the log in memory PouchDB,
 * replicating with the authority over HTTP with its token, as a browser desk does in IndexedDB.
 */
import { randomBytes } from 'node:crypto'
import { logFromChunks } from '../../../shared/venue/chunks'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import {
  bearer,
  type OutboxProposal,
  type RefusalDoc,
  type VenueInfo,
} from '../../../shared/venue/protocol'
import { NodePouch, type PouchDatabase } from '../pouch'

export interface NodeDesk {
  readonly outbox: PouchDatabase
  readonly log: PouchDatabase
  readonly decisions: PouchDatabase
  propose(proposal: OutboxProposal): Promise<void>
  /** One push of the outbox and one pull of the log and decisions. */
  sync(): Promise<void>
  /** The authority restarted at another address (a test's port 0). */
  moveTo(serverUrl: string): void
  accepted(): Promise<readonly LoggedCommand[]>
  refusals(): Promise<readonly RefusalDoc[]>
  close(): Promise<void>
}

function remote(url: string, token: string): PouchDatabase {
  return new NodePouch(url, {
    skip_setup: true,
    fetch: (input: string, init: { headers: Headers }) => {
      init.headers.set('Authorization', bearer(token))
      return fetch(input, init)
    },
  })
}

export async function nodeDesk(serverUrl: string, token: string): Promise<NodeDesk> {
  const info = (await (
    await fetch(`${serverUrl}/venue/info`, { headers: { authorization: bearer(token) } })
  ).json()) as VenueInfo
  const local = (name: string): PouchDatabase =>
    new NodePouch(`${name}-${randomBytes(4).toString('hex')}`, { adapter: 'memory' })
  const outbox = local('outbox')
  const log = local('log')
  const decisions = local('decisions')
  const remotesAt = (url: string) => ({
    outbox:
      info.databases.outbox === undefined
        ? undefined
        : remote(`${url}/db/${info.databases.outbox}`, token),
    log: remote(`${url}/db/${info.databases.log}`, token),
    decisions: remote(`${url}/db/${info.databases.decisions}`, token),
  })
  let remotes = remotesAt(serverUrl)
  const docs = async (db: PouchDatabase): Promise<unknown[]> =>
    (await db.allDocs({ include_docs: true })).rows.map((row) => row.doc)
  return {
    outbox,
    log,
    decisions,
    async propose(proposal) {
      await outbox.put(proposal)
    },
    async sync() {
      if (remotes.outbox !== undefined) await outbox.replicate.to(remotes.outbox)
      // The authority's databases are read: the checkpoint is kept on this side only.
      await log.replicate.from(remotes.log, { checkpoint: 'target' })
      await decisions.replicate.from(remotes.decisions, { checkpoint: 'target' })
    },
    moveTo(url) {
      remotes = remotesAt(url)
    },
    async accepted() {
      const read = logFromChunks(await docs(log))
      if (!read.ok) throw new Error(read.error.message)
      return read.value
    },
    async refusals() {
      return (await docs(decisions)) as RefusalDoc[]
    },
    async close() {
      await Promise.all([outbox, log, decisions].map((db) => db.destroy()))
    },
  }
}
