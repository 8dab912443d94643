import { Buffer } from 'node:buffer'
import { createRequire } from 'node:module'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type express from 'express'

/*
 * A stand-in for the director's CouchDB on the internet (issue 31), for the results site's unit
 * test and its e2e alike: the CouchDB protocol on memory databases (express-pouchdb), writes behind
 * a password, CORS on as the site on another origin needs, and stopped and started again on the
 * same port with what it held: a host that drops off the internet for a while.
 */
const require = createRequire(import.meta.url)

/**
 * Memory databases on the one pouchdb-core of the process, as electron/venue/pouch.ts makes them
 * for the authority: an e2e's Node desk loads that module too, and a plugin registered twice throws.
 */
function memoryPouch(): unknown {
  const PouchDB = require('pouchdb-core') as {
    adapters: Record<string, unknown>
    plugin(plugin: unknown): unknown
    defaults(options: object): unknown
  }
  if (!('memory' in PouchDB.adapters)) PouchDB.plugin(require('pouchdb-adapter-memory'))
  const Pouch = PouchDB.defaults({ adapter: 'memory', prefix: `couch-${String(Math.random())}-` })
  // express-pouchdb serves only the databases pouchdb-all-dbs saw created (electron/venue/pouch.ts).
  const fromExpressPouch = createRequire(require.resolve('express-pouchdb'))
  ;(fromExpressPouch('pouchdb-all-dbs') as (pouch: unknown) => void)(Pouch)
  return Pouch
}

export interface StandInCouch {
  /** The database's address with the director's password, for `--push`. */
  readonly push: string
  /** The same address without it. */
  readonly read: string
  stop(): Promise<void>
  start(): Promise<void>
}

/**
 * `reads`: 'open' lets anyone read (a public results database: CouchDB's database without
 * members), 'password' asks the password for reads too.
 */
export async function standInCouch(reads: 'open' | 'password'): Promise<StandInCouch> {
  const expressApp = require('express') as typeof express
  const expressPouchDB = require('express-pouchdb') as (
    pouch: unknown,
    options: object,
  ) => express.RequestHandler
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
    const expected = `Basic ${Buffer.from('director:secret').toString('base64')}`
    if (req.headers.authorization === expected) return next()
    res.status(401).json({ error: 'unauthorized', reason: 'Name or password is incorrect.' })
  })
  app.use(expressPouchDB(memoryPouch(), { mode: 'minimumForPouchDB', inMemoryConfig: true }))
  const listen = (port: number) =>
    new Promise<Server>((resolve) => {
      const listening = app.listen(port, '127.0.0.1', () => resolve(listening))
    })
  let server = await listen(0)
  const { port } = server.address() as AddressInfo
  return {
    push: `http://director:secret@127.0.0.1:${String(port)}/spc-2026`,
    read: `http://127.0.0.1:${String(port)}/spc-2026`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
    start: async () => {
      server = await listen(port)
    },
  }
}
