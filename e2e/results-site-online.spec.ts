import { mkdtempSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type express from 'express'
import { expect, test, type Page } from '@playwright/test'
import { headOfLog } from '../shared/authority/proposal'
import type { Command } from '../shared/tournament/commands'
import { played } from '../shared/tournament/test-support/event'
import { ResultsSitePage } from './pages/results-site-page'
import { ConsoleWatch } from './support/console-watch'
import { NodeDesk } from './support/node-desk'
import { Authority, authorityPort, stopAllAuthorities } from './support/serve'
import { writeRoundOneEvent } from './support/venue-event'

/*
 * Issue 31, "results online from the pushed log": the built CLI's `serve --push` sends the log to
 * a stand-in CouchDB (express-pouchdb; writes behind a password, reads open, as a public results
 * database is); the results site (the web build's results-site.html) pointed at it shows the same
 * standings as the hall's /live pages, follows a new result within 5 s, and, with the stand-in
 * stopped for a minute while results go on, loses nothing and catches up once it is back.
 */
const TABLES = 4
const AWAY_MS = 60_000
const require = createRequire(import.meta.url)

test.use({ trace: 'off' })
test.afterEach(stopAllAuthorities)

/**
 * Memory databases for the stand-in, on the PouchDB the Node desk loads too (a plugin registered
 * twice throws), as electron/venue/pouch.ts makes them for the authority.
 */
function memoryPouch(): unknown {
  const PouchDB = require('pouchdb-core') as {
    adapters: Record<string, unknown>
    plugin(plugin: unknown): unknown
    defaults(options: object): unknown
  }
  if (!('memory' in PouchDB.adapters)) PouchDB.plugin(require('pouchdb-adapter-memory'))
  const Pouch = PouchDB.defaults({ adapter: 'memory', prefix: `site-${String(Math.random())}-` })
  const fromExpressPouch = createRequire(require.resolve('express-pouchdb'))
  ;(fromExpressPouch('pouchdb-all-dbs') as (pouch: unknown) => void)(Pouch)
  return Pouch
}

async function standInCouch() {
  const expressApp = require('express') as typeof express
  const expressPouchDB = require('express-pouchdb') as (
    pouch: unknown,
    options: object,
  ) => express.RequestHandler
  const app = expressApp()
  app.use((req, res, next) => {
    // A CouchDB with CORS on, as the site on another origin needs.
    res.set({
      'Access-Control-Allow-Origin': req.headers.origin ?? '*',
      'Access-Control-Allow-Credentials': 'true',
      'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept',
      'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, DELETE, OPTIONS',
    })
    if (req.method === 'OPTIONS') return void res.status(204).end()
    if (req.method === 'GET' || req.method === 'HEAD') return next()
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

/** The hall's own standings page, read as the site's are read. */
async function hallStandings(page: Page, authority: Authority): Promise<string[][]> {
  await page.goto(`${authority.url}/live/A/standings`)
  return new ResultsSitePage(page).rows()
}

test('the results site follows the pushed log, live, and catches up after the host was away (issue 31)', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(AWAY_MS + 180_000)
  const couch = await standInCouch()
  const event = writeRoundOneEvent(mkdtempSync(join(tmpdir(), 'rackside-site-e2e-')), TABLES)
  const authority = await Authority.start({
    eventFile: event.path,
    port: authorityPort(testInfo.repeatEachIndex % 20),
    push: couch.push,
  })
  await authority.waitFor('remote', (e) => e.status === 'up-to-date', 30_000)
  const pairing = event.log.flatMap((entry) =>
    entry.command.type === 'pairRound' ? entry.command.pairings : [],
  )
  const result = (table: number, scores: readonly [number, number]): Command => {
    const game = pairing.find((p) => p.kind === 'game' && p.table === table)
    if (game?.kind !== 'game') throw new Error(`no game at table ${String(table)}`)
    return {
      type: 'recordResult',
      division: 'A',
      round: 1,
      game: { table },
      result: played(game.players, scores),
    }
  }
  const desk = await NodeDesk.join(authority, 'Desk 1')
  const enter = async (command: Command): Promise<void> => {
    const since = authority.mark()
    await desk.propose(command, headOfLog(event.log))
    await authority.waitFor('accepted', () => true, 30_000, since)
  }
  await enter(result(1, [420, 380]))

  const context = await browser.newContext()
  const hall = await context.newPage()
  const site = new ResultsSitePage(await context.newPage())
  const watch = new ConsoleWatch()
  watch.watch(site.page, 'site')
  await site.openOnline(`${baseURL ?? ''}/results-site.html`, couch.read)
  await expect(site.status).toContainText('Live from')
  await site.openDivision(null, 'Standings')
  await expect.poll(() => site.rows()).toEqual(await hallStandings(hall, authority))

  // A new result: on the site within 5 s of the authority accepting it, without a reload.
  await enter(result(2, [455, 301]))
  const afterTwo = await hallStandings(hall, authority)
  await expect.poll(() => site.rows(), { timeout: 5000 }).toEqual(afterTwo)

  // The host drops off for a minute while the hall goes on: the site says so and keeps its pages.
  const outage = watch.outage()
  await couch.stop()
  await expect(site.status).toContainText('cannot be reached', { timeout: 30_000 })
  await enter(result(3, [388, 402]))
  await enter(result(4, [350, 350]))
  // The outage itself, not a wait for something to show: the "stopped for a minute".
  await site.page.waitForTimeout(AWAY_MS)
  expect(await site.rows()).toEqual(afterTwo)
  await couch.start()
  outage.end()
  const final = await hallStandings(hall, authority)
  await expect.poll(() => site.rows(), { timeout: 30_000 }).toEqual(final)
  await expect(site.status).toContainText('Live from')
  await desk.close()
  await context.close()
  await couch.stop()
  expect(watch.found()).toEqual([])
})
