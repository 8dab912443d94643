import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import type express from 'express'
import type expressPouchDBType from 'express-pouchdb'
import { afterEach, describe, expect, test } from 'vitest'
import { logFromChunks } from '../../shared/venue/chunks'
import { DIRECTOR_DESK, type ServeEvent } from '../../shared/venue/protocol'
import { venuePouch, type PouchDatabase } from './pouch'
import { checkRemoteUrl, printableRemote } from './remote-push'
import { startAuthorityServer, type VenueServerHandle } from './server'
import { eventFile, proposal, resultAt, until } from './test-support/venue-event'

const require = createRequire(import.meta.url)

/**
 * A stand-in for the CouchDB on the internet (issue 21: "test it against a local stand-in"): the
 * CouchDB protocol on memory databases, behind a password as a hosted CouchDB is.
 */
async function standInCouch(): Promise<{
  readonly origin: string
  readonly db: (name: string) => PouchDatabase
  readonly close: () => Promise<void>
}> {
  const expressApp = require('express') as typeof express
  const expressPouchDB = require('express-pouchdb') as typeof expressPouchDBType
  const Pouch = venuePouch()
  const app = expressApp()
  app.use((req, res, next) => {
    const expected = `Basic ${Buffer.from('director:secret').toString('base64')}`
    if (req.headers.authorization === expected) return next()
    res.status(401).json({ error: 'unauthorized', reason: 'Name or password is incorrect.' })
  })
  app.use(expressPouchDB(Pouch, { mode: 'minimumForPouchDB', inMemoryConfig: true }))
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `127.0.0.1:${String(port)}`,
    db: (name) => new Pouch(name),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

const cleanups: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function authorityPushingTo(pushTo: string) {
  const events: ServeEvent[] = []
  const opened = await startAuthorityServer({
    eventPath: await eventFile(),
    host: '127.0.0.1',
    port: 0,
    pushTo,
    onEvent: (e) => events.push(e),
  })
  if (!opened.ok) throw new Error(opened.error.message)
  const server: VenueServerHandle = opened.value
  cleanups.push(() => server.close())
  return { server, events }
}

async function remoteLog(db: PouchDatabase) {
  const { rows } = await db.allDocs({ include_docs: true })
  const read = logFromChunks(rows.map((row) => row.doc))
  return read.ok ? read.value : []
}

describe('live results online: the log pushed to a CouchDB on the internet (issue 21)', () => {
  test('the whole log reaches the remote database, then every new result, by the same replication', async () => {
    const couch = await standInCouch()
    cleanups.push(couch.close)
    const { server, events } = await authorityPushingTo(
      `http://director:secret@${couch.origin}/spc-2026`,
    )
    const remote = couch.db('spc-2026')
    await until(async () => (await remoteLog(remote)).length === server.log().length, 10_000)

    for (const table of [1, 2, 3]) {
      const decided = await server.propose(
        DIRECTOR_DESK,
        proposal(`p${String(table)}`, table - 1, resultAt(table)),
      )
      expect(decided.kind).toBe('accepted')
    }
    await until(async () => (await remoteLog(remote)).length === server.log().length, 10_000)
    expect(await remoteLog(remote)).toEqual(server.log())
    // Said once it is up to date (after the checkpoint, so a moment later), never with the password.
    await until(() => events.some((e) => e.event === 'remote'), 10_000)
    expect(events).toContainEqual({
      event: 'remote',
      url: `http://${couch.origin}/spc-2026`,
      status: 'up-to-date',
    })
    expect(JSON.stringify(events)).not.toContain('secret')
  })

  test('a remote that refuses the password is reported, and the hall goes on deciding', async () => {
    const couch = await standInCouch()
    cleanups.push(couch.close)
    const { server, events } = await authorityPushingTo(`http://director:wrong@${couch.origin}/x`)
    await until(() => events.some((e) => e.event === 'remote' && e.status === 'offline'), 10_000)
    const decided = await server.propose(DIRECTOR_DESK, proposal('p1', 0, resultAt(1)))
    expect(decided.kind).toBe('accepted')
    expect(JSON.stringify(events)).not.toContain('wrong')
  })

  test.each([
    ['not an address', 'couch.example.org/event', 'is not an address'],
    ['another scheme', 'ftp://couch.example.org/event', 'is not an http or https address'],
    ['no database named', 'https://couch.example.org/', 'names no database'],
  ])(
    'an address that cannot be pushed to is refused before anything starts: %s',
    (_n, url, said) => {
      expect(checkRemoteUrl(url)).toContain(said)
    },
  )

  test('an https address naming a database is taken; its password is never printed', () => {
    expect(checkRemoteUrl('https://u:p@couch.example.org/event')).toBeUndefined()
    expect(printableRemote('https://u:p@couch.example.org/event')).toBe(
      'https://couch.example.org/event',
    )
  })
})
