import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import type express from 'express'
import type expressPouchDBType from 'express-pouchdb'
import { venuePouch, type PouchDatabase } from '../pouch'

const require = createRequire(import.meta.url)

/**
 * A stand-in for the CouchDB on the internet (issue 21: "test it against a local stand-in"): the
 * CouchDB protocol on memory databases, behind a password as a hosted CouchDB is.
 */
export async function standInCouch(password = 'secret'): Promise<{
  readonly origin: string
  readonly db: (name: string) => PouchDatabase
  readonly close: () => Promise<void>
  /** Issue 31: the stand-in goes away (the venue's internet drops), its databases kept. */
  readonly pause: () => Promise<void>
  /** …and comes back on the same address. */
  readonly resume: () => Promise<void>
}> {
  const expressApp = require('express') as typeof express
  const expressPouchDB = require('express-pouchdb') as typeof expressPouchDBType
  const Pouch = venuePouch()
  const app = expressApp()
  app.use((req, res, next) => {
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
    origin: `127.0.0.1:${String(port)}`,
    db: (name) => new Pouch(name),
    close: pause,
    pause,
    resume: async () => {
      server = await listenOn(port)
    },
  }
}
