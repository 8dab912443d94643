import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import type express from 'express'
import type expressPouchDBType from 'express-pouchdb'
import { afterEach, describe, expect, test } from 'vitest'
import type { Result } from '../../shared/result'
import { DIRECTOR_DESK } from '../../shared/venue/protocol'
import { NodePouch, venuePouch } from '../../electron/venue/pouch'
import { startAuthorityServer, type VenueServerHandle } from '../../electron/venue/server'
import { eventFile, proposal, resultAt, until } from '../../electron/venue/test-support/venue-event'
import { followDatabase, type FollowedDatabase, type FollowStatus } from './follow'
import { sitePage, type SiteEvent } from './site-data'

const require = createRequire(import.meta.url)

/**
 * A stand-in for the director's CouchDB on the internet, behind a password (as
 * electron/venue/remote-push.test.ts has it), which can be stopped and started again on the same
 * port with what it held: a host that drops off the internet for a while.
 */
async function standInCouch() {
  const expressApp = require('express') as typeof express
  const expressPouchDB = require('express-pouchdb') as typeof expressPouchDBType
  const app = expressApp()
  app.use((req, res, next) => {
    const expected = `Basic ${Buffer.from('director:secret').toString('base64')}`
    if (req.headers.authorization === expected) return next()
    res.status(401).json({ error: 'unauthorized', reason: 'Name or password is incorrect.' })
  })
  app.use(expressPouchDB(venuePouch(), { mode: 'minimumForPouchDB', inMemoryConfig: true }))
  const listen = (port: number) =>
    new Promise<Server>((resolve) => {
      const listening = app.listen(port, '127.0.0.1', () => resolve(listening))
    })
  let server = await listen(0)
  const { port } = server.address() as AddressInfo
  return {
    url: `http://director:secret@127.0.0.1:${String(port)}/spc-2026`,
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

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function pushingAuthority(pushTo: string): Promise<VenueServerHandle> {
  const opened = await startAuthorityServer({
    eventPath: await eventFile(),
    host: '127.0.0.1',
    port: 0,
    pushTo,
    onEvent: () => undefined,
  })
  if (!opened.ok) throw new Error(opened.error.message)
  cleanups.push(() => opened.value.close())
  return opened.value
}

/** The site following `url` with a real timer, as a page does; what it shows and says, kept. */
function site(url: string) {
  const seen: { event: Result<SiteEvent> | undefined; statuses: FollowStatus[] } = {
    event: undefined,
    statuses: [],
  }
  const db = new NodePouch(url, { skip_setup: true }) as unknown as FollowedDatabase
  const following = followDatabase(db, {
    shown: (event) => {
      seen.event = event
    },
    said: (status) => seen.statuses.push(status),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => new Date(),
  })
  cleanups.push(() => following.stop())
  const held = () => (seen.event?.ok === true ? seen.event.value.log.length : -1)
  return { seen, held }
}

describe('issue 31: the results site follows the log pushed to a CouchDB', () => {
  test('it shows the pushed event, then each new result, and catches up after the host was away', async () => {
    const couch = await standInCouch()
    cleanups.push(couch.stop)
    const authority = await pushingAuthority(couch.url)
    const { seen, held } = site(couch.url)
    await until(() => held() === authority.log().length, 15_000)
    expect(seen.statuses.at(-1)?.kind).toBe('following')

    const before = held()
    const decided = await authority.propose(DIRECTOR_DESK, proposal('p1', 0, resultAt(1)))
    expect(decided.kind).toBe('accepted')
    // The "follows a new result within 5 s".
    await until(() => held() === before + 1, 5000)
    const shown = seen.event?.ok === true ? seen.event.value : undefined
    expect(sitePage(shown, '#/A/player/1', new Date()).body).toContain('400–350')

    await couch.stop()
    await until(() => seen.statuses.at(-1)?.kind === 'offline', 15_000)
    for (const table of [2, 3, 4]) {
      const later = await authority.propose(
        DIRECTOR_DESK,
        proposal(`p${String(table)}`, table - 1, resultAt(table, 380, 390)),
      )
      expect(later.kind).toBe('accepted')
    }
    expect(held()).toBe(before + 1)
    await couch.start()
    // Back: the push catches up, the site with it, nothing lost.
    await until(() => held() === authority.log().length, 15_000)
    expect(seen.event?.ok === true ? seen.event.value.log : []).toEqual(authority.log())
    expect(seen.statuses.at(-1)?.kind).toBe('following')
  })

  test('a database that refuses the password is said in words, and asked again', async () => {
    const couch = await standInCouch()
    cleanups.push(couch.stop)
    const { seen } = site(couch.url.replace('secret', 'wrong'))
    await until(() => seen.statuses.some((s) => s.kind === 'offline'), 15_000)
    const offline = seen.statuses.find((s) => s.kind === 'offline')
    expect(offline?.kind === 'offline' && offline.message).toContain('incorrect')
    expect(seen.event).toBeUndefined()
  })
})
