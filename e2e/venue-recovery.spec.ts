import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test'
import type { LoggedCommand } from '../shared/tournament/commands'
import { readDeskCopy } from '../shared/venue/held'
import { AppShell } from './pages/app-shell'
import { ResultsPage } from './pages/results-page'
import { RoundsPage } from './pages/rounds-page'
import { ConsoleWatch } from './support/console-watch'
import { Authority, authorityPort, stopAllAuthorities } from './support/serve'
import { logReader, readCopy, savedCopy } from './support/venue-copies'
import {
  closeAllDesks,
  joinDesk,
  type JoinedDesk,
  replicaGeneration,
  resultLine,
  resultsByTable,
  typeResults,
} from './support/venue-desks'
import { writeRoundOneEvent, writeStartedRoundEvent } from './support/venue-event'

/*
 * Issue 27, "Done when": recovery that loses nothing and says what it did, and the authority's
 * clock for lateness. (1) The director's laptop dies for good: `serve` on a desk's saved copy on
 * another laptop (another port here), `--take` the other desk's copy with what it kept waiting.
 * (2) `serve` restarted on an older file: the desks hand back what it lacks. (3) A desk whose clock
 * is 5 minutes off records an arrival at the authority's time.
 */

test.use({ trace: 'off' })
test.afterEach(async () => {
  await closeAllDesks()
  await stopAllAuthorities()
})

/** Desk 2's line for table 8, which desk 1 also types (`resultLine`) while the authority is down. */
const CLASH_LINE = '8 250* 270'

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

/** Each table of `tables` recorded exactly once in `log`, by the desk `typedBy` names, as typed. */
function expectEachOnce(
  log: readonly LoggedCommand[],
  tables: readonly number[],
  typedBy: (table: number) => string,
  lineOf: (table: number) => string = resultLine,
): void {
  const byTable = resultsByTable(log)
  expect([...byTable.keys()].sort((a, b) => a - b)).toEqual(tables)
  for (const [table, entries] of byTable) {
    expect(entries, `table ${table}: recorded once`).toHaveLength(1)
    const entry = entries[0]
    expect(entry?.desk, `table ${table}: the desk that typed it`).toBe(typedBy(table))
    const command = entry?.command
    if (command?.type === 'recordResult' && command.result.kind === 'played') {
      // "T A* B": the scores as typed.
      const typed = lineOf(table).replace('*', '').split(' ').slice(1).map(Number)
      expect(command.result.scores, `table ${table}: "${lineOf(table)}"`).toEqual(typed)
    }
  }
}

/** The desk's badge once nothing waits for the director's laptop. */
async function nothingWaiting(page: Page, name: string): Promise<void> {
  const badge = page.getByRole('status', { name: 'Venue connection' })
  await expect(badge).toContainText(`${name} · online`, { timeout: 120_000 })
  await expect(badge).not.toContainText('waiting', { timeout: 120_000 })
}

test('a dead laptop: serve on a desk copy on another port takes back what another desk kept', async ({
  browser,
}) => {
  test.setTimeout(600_000)
  const folder = mkdtempSync(join(tmpdir(), 'rackside-recovery-e2e-'))
  const laterFolder = mkdtempSync(join(tmpdir(), 'rackside-recovery-b-'))
  const event = writeRoundOneEvent(folder, 12)
  const watch = new ConsoleWatch()
  const a = await Authority.start({ eventFile: event.path, port: authorityPort('venue-recovery') })
  const one = await joinDesk(browser, a, watch, 'Desk 1')
  const two = await joinDesk(browser, a, watch, 'Desk 2')
  expect(one.deskId).not.toBe(two.deskId)
  const typedBy = (table: number): string =>
    [1, 2, 3, 6, 7].includes(table) ? one.deskId : two.deskId

  // Five results accepted, then desk 1 saves its copy: the file the new laptop will serve.
  await typeResults(one.page, [1, 2, 3])
  await typeResults(two.page, [4, 5])
  await a.waitForCount('accepted', 5, (e) => e.type === 'recordResult', 120_000)
  const copyOne = join(folder, 'desk-1.json')
  const savedOne = await savedCopy(one.page, copyOne)
  expectEachOnce(savedOne.log, [1, 2, 3, 4, 5], typedBy)

  // Two more accepted after the copy; desk 2 holds them (its Missing results lose them).
  await new AppShell(one.page).goTo('Results')
  await typeResults(one.page, [6, 7])
  await a.waitForCount('accepted', 7, (e) => e.type === 'recordResult', 120_000)
  await expect(new ResultsPage(two.page).missing.getByRole('listitem')).toHaveCount(12 - 7, {
    timeout: 60_000,
  })

  // The laptop dies; desk 2 types two more, which wait on it.
  const outage = watch.outage()
  await a.kill()
  await typeResults(two.page, [8, 9])
  await expect(two.join.connection).toContainText('2 waiting', { timeout: 60_000 })
  const copyTwo = join(folder, 'desk-2.json')
  const savedTwo = await savedCopy(two.page, copyTwo)
  expectEachOnce(savedTwo.log, range(1, 7), typedBy)
  const held = readDeskCopy(copyTwo, readFileSync(copyTwo, 'utf8'))
  if (!held.ok) throw new Error(held.error.message)
  expect(held.value.waiting, "desk 2's copy carries its waiting results").toHaveLength(2)

  // Another laptop: serve desk 1's copy, taking back desk 2's (README, "When the director's laptop dies").
  const eventB = join(laterFolder, 'EVENT.json')
  copyFileSync(copyOne, eventB)
  const b = await Authority.start({
    eventFile: eventB,
    port: authorityPort('venue-recovery', 1),
    take: [copyTwo],
  })
  const recovered = await b.waitFor('recovered', () => true, 120_000)
  expect(recovered.from).toContain('desk-2.json')
  expect(recovered.refused, 'nothing clashes: nothing refused').toEqual([])
  expect(recovered.accepted, '2 accepted after desk 1 saved, 2 waiting on desk 2').toBe(4)
  expect(recovered.already).toBeGreaterThanOrEqual(5)
  outage.end()

  // Desk 1's operator opens the new laptop's address: a new pass, an id A never gave.
  const idsOfA = new Set([
    ...a.all('approved').map((e) => e.desk.id),
    ...savedTwo.log.flatMap((e) => (e.desk === undefined ? [] : [e.desk])),
  ])
  const oneOnB = await joinDesk(browser, b, watch, 'Desk 1', { context: one.page.context() })
  expect(idsOfA.has(oneOnB.deskId), `${oneOnB.deskId} was never one of A's desks`).toBe(false)
  await expect(new ResultsPage(oneOnB.page).missing.getByRole('listitem')).toHaveCount(12 - 9, {
    timeout: 60_000,
  })
  await typeResults(oneOnB.page, [10])
  await b.waitFor('accepted', (e) => e.desk === oneOnB.deskId, 60_000)

  const saved = await b.stop()
  const final = readCopy(readFileSync(eventB, 'utf8'), 'B’s EVENT.json').log
  expect(saved.commands).toBe(final.length)
  expectEachOnce(final, range(1, 10), (table) => (table === 10 ? oneOnB.deskId : typedBy(table)))
  // Each desk's results under its own id (expectEachOnce), and no two desks share one.
  expect(new Set([one.deskId, two.deskId, oneOnB.deskId]).size).toBe(3)
  expect.soft(watch.found(), 'console errors').toEqual([])
})

test('serve restarted on an older file: the desks hand back what it lacks and what waited', async ({
  browser,
}) => {
  test.setTimeout(600_000)
  const folder = mkdtempSync(join(tmpdir(), 'rackside-older-e2e-'))
  const event = writeRoundOneEvent(folder, 12)
  const watch = new ConsoleWatch()
  const authority = await Authority.start({
    eventFile: event.path,
    port: authorityPort('venue-recovery', 2),
  })
  const one = await joinDesk(browser, authority, watch, 'Desk 1')
  const two = await joinDesk(browser, authority, watch, 'Desk 2')
  const typedBy = (table: number): string =>
    [1, 3, 4, 7].includes(table) ? one.deskId : two.deskId

  await typeResults(one.page, [1])
  await typeResults(two.page, [2])
  await authority.waitForCount('accepted', 2, (e) => e.type === 'recordResult', 120_000)
  // The older file: an earlier save, before tables 3–5.
  const older = join(folder, 'older.json')
  await savedCopy(one.page, older)
  await new AppShell(one.page).goTo('Results')
  await typeResults(one.page, [3, 4])
  await typeResults(two.page, [5])
  await authority.waitForCount('accepted', 5, (e) => e.type === 'recordResult', 120_000)
  for (const [desk, left] of [
    [one, 7],
    [two, 7],
  ] as const) {
    await expect(new ResultsPage(desk.page).missing.getByRole('listitem')).toHaveCount(left, {
      timeout: 60_000,
    })
  }

  // Stopped; meanwhile each desk types one more, which waits.
  const generation = await replicaGeneration(one.page)
  expect(await replicaGeneration(two.page)).toBe(generation)
  const outage = watch.outage()
  await authority.stop()
  // Both type table 8, each its own score: one is accepted, the other refused on its desk.
  await typeResults(two.page, [6, 8], (table) => (table === 8 ? CLASH_LINE : resultLine(table)))
  await typeResults(one.page, [7, 8])
  await expect(one.join.connection).toContainText('2 waiting', { timeout: 60_000 })
  await expect(two.join.connection).toContainText('2 waiting', { timeout: 60_000 })

  // EVENT.json replaced by the older copy; the same port, so the desks come back on their own.
  copyFileSync(older, event.path)
  const since = authority.mark()
  await authority.restart()
  outage.end()
  // Each desk hands back its replica and what waited; the authority says what came back.
  const recovered = await authority.waitForCount('recovered', 2, () => true, 120_000, since)
  expect(recovered.map((e) => e.from).sort()).toEqual(['Desk 1', 'Desk 2'])
  await authority.waitFor('ready', () => true, 120_000, since)
  for (const desk of [one, two]) {
    await expect(
      desk.page.getByRole('alert').filter({ hasText: "The director's laptop took back" }),
    ).toHaveCount(1, { timeout: 60_000 })
  }
  // Table 8 once: the desk whose line came second is told why, on its own screen.
  await authority.waitForCount('accepted', 6, (e) => e.type === 'recordResult', 120_000, since)
  const [clash, ...more] = await authority.waitForCount('refused', 1, () => true, 60_000, since)
  expect(more, 'nothing else refused').toEqual([])
  expect(clash?.message).toContain('table 8 already has a result')
  const [loser, winner] = clash?.desk === one.deskId ? [one, two] : [two, one]
  expect(clash?.desk).toBe(loser.deskId)
  // Its refusal, once (the notice of what came back names it too); none on the other desk.
  const about8 = (desk: JoinedDesk): Locator =>
    desk.join.refusals.filter({ hasText: 'table 8 already has a result' })
  await expect(about8(loser)).toHaveCount(1, { timeout: 60_000 })
  await expect(loser.join.refusals).toHaveCount(1)
  await expect(winner.join.refusals).toHaveCount(0)
  await expect(winner.page.getByText('table 8 already has a result')).toHaveCount(0)
  // Nothing sits waiting for ever: both desks' waiting counts go to 0.
  await nothingWaiting(one.page, 'Desk 1')
  await nothingWaiting(two.page, 'Desk 2')
  expect(
    await replicaGeneration(one.page),
    'the older file is served as a new generation',
  ).not.toBe(generation)
  for (const desk of [one, two]) {
    await expect(new ResultsPage(desk.page).missing.getByRole('listitem')).toHaveCount(12 - 8, {
      timeout: 60_000,
    })
  }

  await authority.stop()
  const final = readCopy(readFileSync(event.path, 'utf8'), 'EVENT.json').log
  expectEachOnce(
    final,
    range(1, 8),
    (table) => (table === 8 ? winner.deskId : typedBy(table)),
    (table) => (table === 8 && winner === two ? CLASH_LINE : resultLine(table)),
  )
  expect(
    authority.all('behind', () => true, since),
    'no desk left ahead',
  ).toEqual([])
  expect.soft(watch.found(), 'console errors').toEqual([])
})

test('a desk whose clock is 5 minutes off records an arrival at the authority’s time', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const folder = mkdtempSync(join(tmpdir(), 'rackside-clock-e2e-'))
  // The round started a minute ago by this machine's clock, which is the authority's.
  const event = writeStartedRoundEvent(folder, 2, Date.now() - 60_000)
  const watch = new ConsoleWatch()
  const authority = await Authority.start({
    eventFile: event.path,
    port: authorityPort('venue-recovery', 3),
  })
  const readLog = await logReader(authority)
  const SKEW_MS = 5 * 60_000
  const contexts: BrowserContext[] = []

  for (const [name, skew, player] of [
    ['Fast desk', SKEW_MS, event.names[0]],
    ['Slow desk', -SKEW_MS, event.names[1]],
  ] as const) {
    if (player === undefined) throw new Error('the event has no players')
    const context = await browser.newContext()
    contexts.push(context)
    // This laptop's clock is off by `skew`; it runs on from there.
    await context.addInitScript(`{
      const skew = ${String(skew)}
      const RealDate = Date
      class SkewedDate extends RealDate {
        constructor(...args) { super(...(args.length === 0 ? [RealDate.now() + skew] : args)) }
        static now() { return RealDate.now() + skew }
      }
      globalThis.Date = SkewedDate
    }`)
    const desk = await joinDesk(browser, authority, watch, name, { context })
    const deskNow = await desk.page.evaluate(() => Date.now())
    expect(Math.abs(deskNow - Date.now() - skew), `${name}: its clock is off`).toBeLessThan(10_000)
    await new AppShell(desk.page).goTo('Rounds')
    const since = authority.mark()
    const pressedAt = Date.now()
    await new RoundsPage(desk.page).arrived(player)
    const accepted = await authority.waitFor(
      'accepted',
      (e) => e.type === 'recordArrival' && e.desk === desk.deskId,
      60_000,
      since,
    )
    const decidedAt = Date.now()
    await expect(desk.page.getByRole('alert')).toHaveCount(0)
    const log = await readLog()
    const entry = log.find((e) => e.seq === accepted.seq)
    const command = entry?.command
    if (command?.type !== 'recordArrival') throw new Error(`seq ${accepted.seq} is no arrival`)
    // The arrival and the log's stamp are the authority's time, not the desk's 5 minutes off.
    for (const [what, at] of [
      ['the arrival', command.at],
      ['the log entry', Date.parse(entry?.at ?? '')],
    ] as const) {
      expect(at, `${name}: ${what}`).toBeGreaterThanOrEqual(pressedAt - 5_000)
      expect(at, `${name}: ${what}`).toBeLessThanOrEqual(decidedAt + 5_000)
    }
  }
  // The desks leave before the authority stops: their replication would fail on its closed port.
  for (const context of contexts) await context.close()
  await authority.stop()
  expect.soft(watch.found(), 'console errors').toEqual([])
})
