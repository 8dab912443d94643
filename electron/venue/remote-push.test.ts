import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import type express from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { logFromChunks } from '../../shared/venue/chunks'
import { DIRECTOR_DESK, type ServeEvent } from '../../shared/venue/protocol'
import type { PouchDatabase } from './pouch'
import { pushSentence } from '../../shared/venue/push-state'
import { checkRemoteUrl, printableRemote, PUSH_MARKER } from './remote-push'
import { startAuthorityServer, type VenueServerHandle } from './server'
import { standInCouch } from './test-support/stand-in-couch'
import { eventFile, proposal, resultAt, until } from './test-support/venue-event'

const require = createRequire(import.meta.url)

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
    expect(events).toContainEqual(
      expect.objectContaining({
        event: 'remote',
        url: `http://${couch.origin}/spc-2026`,
        status: 'up-to-date',
      }),
    )
    expect(JSON.stringify(events)).not.toContain('secret')
  })

  test('a remote that refuses the password is reported, and the hall goes on deciding', async () => {
    const couch = await standInCouch()
    cleanups.push(couch.close)
    const { server, events } = await authorityPushingTo(`http://director:n0tit@${couch.origin}/x`)
    await until(() => events.some((e) => e.event === 'remote' && e.status === 'offline'), 10_000)
    const decided = await server.propose(DIRECTOR_DESK, proposal('p1', 0, resultAt(1)))
    expect(decided.kind).toBe('accepted')
    expect(JSON.stringify(events)).not.toContain('n0tit')
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

describe("the push's state, as the terminal and the Venue network screen show it (issue 31)", () => {
  const results = async (server: VenueServerHandle, tables: readonly number[], from = 0) => {
    for (const [i, table] of tables.entries()) {
      const decided = await server.propose(
        DIRECTOR_DESK,
        proposal(`r${String(table)}`, from + i, resultAt(table)),
      )
      expect(decided.kind).toBe('accepted')
    }
  }

  test('last sent (when, how many) and nothing waiting once the remote holds the whole log', async () => {
    const couch = await standInCouch()
    cleanups.push(couch.close)
    const { server, events } = await authorityPushingTo(
      `http://director:secret@${couch.origin}/state`,
    )
    await results(server, [1, 2])
    await until(
      () => server.pushState()?.phase === 'sent' && server.pushState()?.waiting === 0,
      10_000,
    )
    const state = server.pushState()
    expect(state).toMatchObject({
      url: `http://${couch.origin}/state`,
      sent: server.log().length,
      waiting: 0,
      problem: null,
    })
    expect(state?.lastSentAt).not.toBeNull()
    expect(await remoteLog(couch.db('state'))).toEqual(server.log())
    // One terminal line for reaching "sent", not one per command.
    expect(events.filter((e) => e.event === 'remote')).toHaveLength(1)
  })

  test('a password the stand-in refuses is "wrong password" in words (401), and the password is never said', async () => {
    const couch = await standInCouch()
    cleanups.push(couch.close)
    const { server, events } = await authorityPushingTo(`http://director:oops@${couch.origin}/x`)
    await until(() => server.pushState()?.phase === 'error', 10_000)
    expect(server.pushState()?.problem).toBe('wrong-password')
    const said = events.find((e) => e.event === 'remote')
    expect(said?.event === 'remote' ? said.message : '').toContain(
      'says the name or password is wrong (401)',
    )
    expect(JSON.stringify(events)).not.toContain('oops')
    expect(JSON.stringify(server.pushState())).not.toContain('oops')
  })

  test('the stand-in stopped for a while, then back: the state goes error → sent and nothing is lost', async () => {
    const couch = await standInCouch()
    cleanups.push(couch.close)
    const { server, events } = await authorityPushingTo(
      `http://director:secret@${couch.origin}/drop`,
    )
    await until(() => server.pushState()?.phase === 'sent', 10_000)
    await couch.pause()
    await results(server, [1, 2, 3])
    await until(() => server.pushState()?.phase === 'error', 10_000)
    expect(server.pushState()).toMatchObject({ problem: 'unreachable', waiting: 3 })
    await couch.resume()
    await until(
      () => server.pushState()?.phase === 'sent' && server.pushState()?.waiting === 0,
      15_000,
    )
    expect(await remoteLog(couch.db('drop'))).toEqual(server.log())
    const lines = events.flatMap((e) => (e.event === 'remote' ? [e.status] : []))
    expect(lines).toEqual(['up-to-date', 'offline', 'up-to-date'])
  })

  test('stopped, the push sends nothing and counts what waits; started again, it sends the rest', async () => {
    const couch = await standInCouch()
    cleanups.push(couch.close)
    const url = `http://director:secret@${couch.origin}/stop`
    const { server } = await authorityPushingTo(url)
    await until(() => server.pushState()?.phase === 'sent', 10_000)
    const sentBefore = server.log().length
    expect(server.stopPush()?.phase).toBe('stopped')
    await results(server, [4, 5])
    await until(() => server.pushState()?.waiting === 2, 5_000)
    expect(server.pushState()).toMatchObject({ phase: 'stopped', sent: sentBefore })
    expect(await remoteLog(couch.db('stop'))).toHaveLength(sentBefore)

    expect(server.startPush(url).ok).toBe(true)
    await until(
      () => server.pushState()?.phase === 'sent' && server.pushState()?.waiting === 0,
      10_000,
    )
    expect(await remoteLog(couch.db('stop'))).toEqual(server.log())
  })

  test("a database that holds another generation's log is not written over (issue 27): another-log, in words", async () => {
    const couch = await standInCouch()
    cleanups.push(couch.close)
    await couch.db('taken').put({ _id: PUSH_MARKER, tournamentId: 'other', generation: 7 })
    const { server } = await authorityPushingTo(`http://director:secret@${couch.origin}/taken`)
    await until(() => server.pushState()?.phase === 'error', 10_000)
    const state = server.pushState()
    expect(state?.problem).toBe('another-log')
    expect(state === null ? '' : pushSentence(state)).toContain("holds another event's log")
    expect(await remoteLog(couch.db('taken'))).toEqual([])
  })

  test('an address that answers as a web page, not as CouchDB, is "not a CouchDB database" in words', async () => {
    const expressApp = require('express') as typeof express
    const app = expressApp()
    app.use((_req, res) => res.status(404).type('html').send('<html><body>Not here</body></html>'))
    const page = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening))
    })
    cleanups.push(
      () =>
        new Promise((resolve) => {
          page.close(() => resolve())
          page.closeAllConnections()
        }),
    )
    const { port } = page.address() as AddressInfo
    const { server } = await authorityPushingTo(`http://127.0.0.1:${String(port)}/site/event`)
    await until(() => server.pushState()?.phase === 'error', 10_000)
    const state = server.pushState()
    expect(state?.problem).toBe('not-a-database')
    expect(state === null ? '' : pushSentence(state)).toContain(
      'answers, but not as a CouchDB database',
    )
  })

  test('an address that is not one is refused by startPush with the reason', async () => {
    const couch = await standInCouch()
    cleanups.push(couch.close)
    const { server } = await authorityPushingTo(`http://director:secret@${couch.origin}/a`)
    const started = server.startPush('ftp://couch.example.org/event')
    expect(started.ok ? '' : started.error.message).toContain('is not an http or https address')
  })
})
