/*
 * The authority's PouchDB (issue 21): memory databases, rebuilt from the journal and EVENT.json at
 * every start, behind express-pouchdb. Durability is the journal's job (journal.ts), never
 * PouchDB's: leveldown does not fsync by default, and a memory database needs none.
 *
 * Loaded with `require` and typed here, only as far as the venue uses it: @types/pouchdb-core
 * declares a global `Buffer` and the DOM library, which would change Node's types for all of
 * electron/.
 */
import { randomBytes } from 'node:crypto'
import { createRequire } from 'node:module'

export interface ChangeEvent {
  readonly id: string
  readonly deleted?: boolean
  readonly doc?: unknown
}

export interface ChangesFeed extends PromiseLike<unknown> {
  on(event: 'change', listener: (change: ChangeEvent) => void): ChangesFeed
  on(event: 'error', listener: (error: unknown) => void): ChangesFeed
  cancel(): void
}

export interface Replication extends PromiseLike<unknown> {
  on(
    event: 'error' | 'denied' | 'change' | 'paused',
    listener: (info: unknown) => void,
  ): Replication
  cancel(): void
}

export interface PouchDatabase {
  readonly name: string
  info(): Promise<unknown>
  get(
    id: string,
    options?: { readonly conflicts?: boolean; readonly revs?: boolean },
  ): Promise<Record<string, unknown>>
  put(doc: object): Promise<{ readonly ok: boolean; readonly rev: string }>
  bulkDocs(docs: readonly object[], options?: { readonly new_edits?: boolean }): Promise<unknown[]>
  allDocs(options: { readonly include_docs: boolean; readonly conflicts?: boolean }): Promise<{
    readonly rows: readonly { readonly id: string; readonly doc?: Record<string, unknown> }[]
  }>
  changes(options: {
    readonly live: boolean
    readonly since: number | 'now'
    readonly include_docs: boolean
  }): ChangesFeed
  replicate: {
    to(target: PouchDatabase, options?: object): Replication
    from(source: PouchDatabase, options?: object): Replication
  }
  close(): Promise<void>
  destroy(): Promise<unknown>
}

export interface PouchConstructor {
  new (name: string, options?: object): PouchDatabase
  defaults(options: object): PouchConstructor
  plugin(plugin: unknown): PouchConstructor
  /** Added by pouchdb-all-dbs (`venuePouch`): the databases express-pouchdb will serve. */
  allDbs?: () => Promise<readonly string[]>
}

const require = createRequire(import.meta.url)
const PouchDB = require('pouchdb-core') as PouchConstructor
PouchDB.plugin(require('pouchdb-adapter-memory'))
  .plugin(require('pouchdb-adapter-http'))
  .plugin(require('pouchdb-replication'))

/**
 * A PouchDB constructor of memory databases of one server alone: memdown keeps its databases in
 * one store per process by name, so two servers in one process (a test, a restart in Electron
 * main) would otherwise share an outbox.
 */
export function venuePouch(): PouchConstructor {
  const prefix = `venue-${randomBytes(6).toString('hex')}-`
  const Pouch = PouchDB.defaults({ adapter: 'memory', prefix })
  // express-pouchdb serves only the databases pouchdb-all-dbs has seen created; installed now,
  // before the authority creates any, so it sees them all (it would install it later otherwise).
  // It is express-pouchdb's dependency, not ours: loaded as express-pouchdb loads it.
  const fromExpressPouch = createRequire(require.resolve('express-pouchdb'))
  ;(fromExpressPouch('pouchdb-all-dbs') as (pouch: PouchConstructor) => void)(Pouch)
  return Pouch
}

/**
 * A memory database the server serves: created, then waited for until express-pouchdb lists it
 * (pouchdb-all-dbs records each creation in a queue of its own).
 */
export async function servedDatabase(
  Pouch: PouchConstructor,
  name: string,
  options: { readonly revsLimit?: number; readonly autoCompaction?: boolean } = {},
): Promise<PouchDatabase> {
  const db = new Pouch(name, {
    ...(options.revsLimit === undefined ? {} : { revs_limit: options.revsLimit }),
    ...(options.autoCompaction === true ? { auto_compaction: true } : {}),
  })
  await db.info()
  for (let tries = 0; tries < 100; tries++) {
    const listed = (await Pouch.allDbs?.()) ?? []
    if (listed.includes(name)) return db
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`database ${name} was created but is not served`)
}

/** PouchDB for a desk or a test in Node: memory databases, and http ones by URL. */
export const NodePouch: PouchConstructor = PouchDB
