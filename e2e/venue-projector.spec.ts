import { mkdtempSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { ProjectorPage } from './pages/projector-page'
import { ResultsPage } from './pages/results-page'
import { ConsoleWatch } from './support/console-watch'
import { Authority, authorityPort, stopAllAuthorities } from './support/serve'
import { closeAllDesks, joinDesk } from './support/venue-desks'
import { writeRoundOneEvent } from './support/venue-event'

/*
 * Issue 27: after a round's last result the hall's projector (a browser joined as projector) still
 * said "19 of 20 results in" a minute later, until reloaded; an idle result desk sometimes too.
 * Here a desk types a round's results one by one, and after each one the authority accepts, the
 * projector's standings heading and an idle desk's Missing results list show it within 2 s,
 * without a reload: never a result behind, the last one included.
 */
const AUTHORITY_PORT = authorityPort('venue-projector')
const TABLES = 6
const SHOWN_WITHIN_MS = 2000

test.use({ trace: 'off' })
test.afterEach(stopAllAuthorities)
test.afterEach(closeAllDesks)

/**
 * Fails unless `shows` holds within 2 s; when it comes later, says how late and the load average
 * (a starved 2-core machine), or that it never came within a minute (the bug).
 */
async function shownInTime(
  what: string,
  shows: (timeout: number) => Promise<unknown>,
): Promise<void> {
  const started = Date.now()
  const inTime = await shows(SHOWN_WITHIN_MS).then(
    () => true,
    () => false,
  )
  if (inTime) return
  await shows(60_000).catch((error: unknown) => {
    throw new Error(`${what}: never shown, not even within a minute\n${String(error)}`)
  })
  throw new Error(
    `${what}: shown after about ${String(Date.now() - started)} ms, not within ${String(SHOWN_WITHIN_MS)} ms (load average ${loadavg()[0]?.toFixed(1) ?? '?'})`,
  )
}

test('the projector and an idle desk show every result, the last one included, within 2 s (issue 27)', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const event = writeRoundOneEvent(mkdtempSync(join(tmpdir(), 'rackside-projector-e2e-')), TABLES)
  const watch = new ConsoleWatch()
  const authority = await Authority.start({ eventFile: event.path, port: AUTHORITY_PORT })
  const typist = (await joinDesk(browser, authority, watch, 'Desk 1')).page
  const idle = (await joinDesk(browser, authority, watch, 'Desk 2')).page
  const screen = (await joinDesk(browser, authority, watch, 'Projector', { role: 'A projector' }))
    .page

  // The standings page held on screen: its heading says how many results are in.
  const projector = new ProjectorPage(screen)
  await projector.setSecondsPerPage(600)
  await projector.showPanel(/^Standings/)
  await expect(projector.heading).toHaveText(
    `Standings · round 1: 0 of ${String(TABLES)} results in`,
  )
  const idleMissing = new ResultsPage(idle).missing.getByRole('listitem')
  await expect(idleMissing).toHaveCount(TABLES)

  const results = new ResultsPage(typist)
  for (let table = 1; table <= TABLES; table++) {
    const since = authority.mark()
    await results.enter(`${String(table)} ${String(400 + table)}* 350`)
    await authority.waitFor('accepted', () => true, 60_000, since)
    const words =
      table === TABLES
        ? 'after round 1'
        : `round 1: ${String(table)} of ${String(TABLES)} results in`
    // Both timed from the authority's `accepted` line.
    await Promise.all([
      shownInTime(`the projector after table ${String(table)}`, (timeout) =>
        expect(projector.heading).toHaveText(`Standings · ${words}`, { timeout }),
      ),
      shownInTime(`the idle desk after table ${String(table)}`, (timeout) =>
        expect(idleMissing).toHaveCount(TABLES - table, { timeout }),
      ),
    ])
  }
  // And it stays so: nothing later takes the screen back a result.
  await screen.waitForTimeout(1000)
  await expect(projector.heading).toHaveText('Standings · after round 1', { timeout: 1 })
  expect.soft(watch.found(), 'console errors').toEqual([])
})
