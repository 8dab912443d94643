import { Buffer } from 'node:buffer'
import { createRequire } from 'node:module'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type express from 'express'
import type { PouchConstructor, PouchDatabase } from '../pouch'

/*
 * A stand-in for the director's CouchDB on the internet (issues 21 and 31: "test it against a local
 * stand-in"), for the push's tests, the results site's tests and its e2e alike: the CouchDB
 * protocol on memory databases (express-pouchdb), writes behind a password as a hosted CouchDB
 * has them, CORS on as the results site on another origin needs, and paused and resumed on the
 * same port with what it held: a host that drops off the internet for a while.
 */
const require = createRequire(import.meta.url)

/**
 * Memory databases of this stand-in alone, on the one pouchdb-core of the process: the authority
 * (pouch.ts) or an e2e's Node desk may have registered the memory adapter already, and this file
 * must not load pouch.ts, which registers it again at load.
 */
function memoryPouch(): PouchConstructor {
  const PouchDB = require('pouchdb-core') as PouchConstructor & {
    readonly adapters: Record<string, unknown>
  }
  if (!('memory' in PouchDB.adapters)) PouchDB.plugin(require('pouchdb-adapter-memory'))
  const Pouch = PouchDB.defaults({ adapter: 'memory', prefix: `couch-${String(Math.random())}-` })
  // express-pouchdb serves only the databases pouchdb-all-dbs saw created (as in pouch.ts).
  const fromExpressPouch = createRequire(require.resolve('express-pouchdb'))
  ;(fromExpressPouch('pouchdb-all-dbs') as (pouch: PouchConstructor) => void)(Pouch)
  return Pouch
}

export interface StandInCouch {
  /** host:port */
  readonly origin: string
  /** The results database's address with the director's password, for `--push`. */
  readonly push: string
  /** The same address without it, as the results site reads it. */
  readonly read: string
  readonly db: (name: string) => PouchDatabase
  readonly close: () => Promise<void>
  /** The stand-in goes away (the venue's internet drops), its databases kept. */
  readonly pause: () => Promise<void>
  /** …and comes back on the same address. */
  readonly resume: () => Promise<void>
}

/**
 * `reads`: 'password' asks the password for everything (a private database); 'open' lets anyone
 * read (a public results database: CouchDB's database without members), writes still need it.
 */
export async function standInCouch(
  options: { readonly password?: string; readonly reads?: 'open' | 'password' } = {},
): Promise<StandInCouch> {
  const password = options.password ?? 'secret'
  const reads = options.reads ?? 'password'
  const expressApp = require('express') as typeof express
  const expressPouchDB = require('express-pouchdb') as (
    pouch: unknown,
    options: object,
  ) => express.RequestHandler
  const Pouch = memoryPouch()
  const app = expressApp()
  app.use((req, res, next) => {
    res.set({
      'Access-Control-Allow-Origin': req.headers.origin ?? '*',
      'Access-Control-Allow-Credentials': 'true',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
      'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, DELETE, OPTIONS',
    })
    if (req.method === 'OPTIONS') return void res.status(204).end()
    if (reads === 'open' && (req.method === 'GET' || req.method === 'HEAD')) return next()
    const expected = `Basic ${Buffer.from(`director:${password}`).toString('base64')}`
    if (req.headers.authorization === expected) return next()
    res.status(401).json({ error: 'unauthorized', reason: 'Name or password is incorrect.' })
  })
  app.use(expressPouchDB(Pouch, { mode: 'minimumForPouchDB', inMemoryConfig: true }))
  const listenOn = (port: number) =>
    new Promise<Server>((resolve) => {
      const listening = app.listen(port, '127.0.0.1', () => resolve(listening))
    })
  let server: Server | undefined = await listenOn(0)
  const { port } = server.address() as AddressInfo
  const origin = `127.0.0.1:${String(port)}`
  const pause = async (): Promise<void> => {
    const open = server
    server = undefined
    if (open === undefined) return
    await new Promise<void>((resolve) => {
      open.close(() => resolve())
      open.closeAllConnections()
    })
  }
  return {
    origin,
    push: `http://director:${password}@${origin}/spc-2026`,
    read: `http://${origin}/spc-2026`,
    db: (name) => new Pouch(name),
    close: pause,
    pause,
    resume: async () => {
      server = await listenOn(port)
    },
  }
}
