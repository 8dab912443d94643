import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Page } from '@playwright/test'
import { headOfLog } from '../shared/authority/proposal'
import type { Command } from '../shared/tournament/commands'
import { played } from '../shared/tournament/test-support/event'
import { standInCouch } from '../electron/venue/test-support/stand-in-couch'
import { ResultsSitePage } from './pages/results-site-page'
import { ConsoleWatch } from './support/console-watch'
import { NodeDesk } from './support/node-desk'
import { Authority, repeatedAuthorityPort, stopAllAuthorities } from './support/serve'
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

test.use({ trace: 'off' })
test.afterEach(stopAllAuthorities)

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
  const couch = await standInCouch({ reads: 'open' })
  const event = writeRoundOneEvent(mkdtempSync(join(tmpdir(), 'rackside-site-e2e-')), TABLES)
  const authority = await Authority.start({
    eventFile: event.path,
    port: repeatedAuthorityPort('results-site-online', testInfo.repeatEachIndex),
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
  await couch.pause()
  await expect(site.status).toContainText('cannot be reached', { timeout: 30_000 })
  await enter(result(3, [388, 402]))
  await enter(result(4, [350, 350]))
  // The outage itself, not a wait for something to show: the "stopped for a minute".
  await site.page.waitForTimeout(AWAY_MS)
  expect(await site.rows()).toEqual(afterTwo)
  await couch.resume()
  outage.end()
  const final = await hallStandings(hall, authority)
  await expect.poll(() => site.rows(), { timeout: 30_000 }).toEqual(final)
  await expect(site.status).toContainText('Live from')
  await desk.close()
  await context.close()
  await couch.pause()
  expect(watch.found()).toEqual([])
})
