import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type Browser, type Page } from '@playwright/test'
import type { LoggedCommand } from '../shared/tournament/commands'
import { JoinPage, type JoinAs } from './pages/join-page'
import { ResultsPage } from './pages/results-page'
import { ConsoleWatch } from './support/console-watch'
import { Authority, authorityPort, stopAllAuthorities } from './support/serve'
import { checkWithCli, logReader, readCopy, replicatedLog, savedCopy } from './support/venue-copies'
import { writeRoundOneEvent } from './support/venue-event'

/*
 * Issue 21, "Done when": `rackside serve` on 127.0.0.1, two Chromium desks and a read-only
 * projector joined with the director's approval (stdin), 100 results typed at each desk at once,
 * 10 of them on the same tables; the authority killed with SIGKILL mid-stream and started again on
 * its files; desk 2 offline for 20 s while it keeps typing. At the end every desk, the projector
 * and EVENT.json (written on SIGTERM) hold the same log, every result exactly once, and the 10
 * clashes are refused on desk 2, which typed them, with the rule's reason.
 *
 * The hall: one division, round 1 paired and published over 190 tables. Desk 1 types tables
 * 1–100, desk 2 tables 101–190 and, while offline, 91–100 again: desk 1's results for those reach
 * the authority first, so desk 2's are the clashes ("already has a result").
 */
const AUTHORITY_PORT = authorityPort('venue')
const TABLES = 190
const CLASHES = [91, 92, 93, 94, 95, 96, 97, 98, 99, 100]
const OFFLINE_MS = 20_000

test.use({ trace: 'off' })
test.afterEach(stopAllAuthorities)

/** Desk 1's line for a table, and desk 2's (another score, so the winner of a clash is known). */
const deskOneLine = (table: number): string => `${table} ${300 + table}* ${200 + (table % 50)}`
const deskTwoLine = (table: number): string =>
  CLASHES.includes(table) ? `${table} 250* ${260 + table}` : deskOneLine(table)
const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i)

interface Joined {
  readonly page: Page
  readonly join: JoinPage
  readonly deskId: string
}

async function joinAs(
  browser: Browser,
  authority: Authority,
  watch: ConsoleWatch,
  role: JoinAs,
  name: string,
): Promise<Joined> {
  // A fresh context each: its own IndexedDB, as another laptop has.
  const context = await browser.newContext()
  const page = await context.newPage()
  watch.watch(page, name)
  const join = new JoinPage(page)
  const code = await join.ask(authority.url, role)
  await authority.waitFor('desk', (event) => event.code === code)
  const approved = await authority.approve(code, name)
  expect(approved.desk.role).toBe(role === 'A projector' ? 'projector' : 'results')
  await join.joined(name, role)
  return { page, join, deskId: approved.desk.id }
}

/**
 * Lines a desk refused because its view of the log moved while the line was stored ("Another
 * window changed this tournament first … enter again"), retyped as the message asks. A venue
 * desk should never need this for a result (VENUE-E2E-NOTES.md): the test fails at its end if any
 * was, after proving everything else.
 */
const retyped: string[] = []
const CHANGED_ELSEWHERE = 'Another window changed this tournament first'

/**
 * Types each table's line at the Results screen, one after another, as an operator does. Any other
 * line the desk itself refuses fails the test at once, naming it: typed on, the next line would
 * replace it (issue 11), and the result would be missing with no word why.
 */
async function typeResults(page: Page, tables: readonly number[], line: (t: number) => string) {
  const results = new ResultsPage(page)
  const screenError = page.getByRole('alert').filter({ hasNotText: /^The director's laptop/ })
  for (const table of tables) {
    await results.enter(line(table))
    for (let tries = 0; tries < 5; tries++) {
      const text = (await screenError.count()) > 0 ? await screenError.first().textContent() : null
      if (text === null || !text.includes(CHANGED_ELSEWHERE)) break
      retyped.push(`${line(table)} (${await page.title()})`)
      // The error stays until the retyped line is answered: wait for it to go or change.
      await results.type(line(table))
      await expect(screenError.filter({ hasText: text })).toHaveCount(0)
    }
    await expect(screenError, `the desk refused "${line(table)}"`).toHaveCount(0, { timeout: 1 })
  }
}

/** The results in a log: table → the entry that recorded it, failing on a table given twice. */
function resultsByTable(log: readonly LoggedCommand[]): Map<number, LoggedCommand> {
  const byTable = new Map<number, LoggedCommand>()
  for (const entry of log) {
    const command = entry.command
    if (command.type !== 'recordResult' && command.type !== 'correctResult') continue
    expect(command.type, `seq ${entry.seq}: no correction was typed`).toBe('recordResult')
    const table = 'table' in command.game ? command.game.table : -1
    expect(byTable.has(table), `table ${table} recorded twice`).toBe(false)
    byTable.set(table, entry)
  }
  return byTable
}

test('two desks and a projector share one event through a crash and a Wi-Fi drop', async ({
  browser,
}) => {
  // 200 typed results, a restart and 20 s offline on a busy 2-core machine.
  test.setTimeout(900_000)
  const folder = mkdtempSync(join(tmpdir(), 'rackside-venue-e2e-'))
  const event = writeRoundOneEvent(folder, TABLES)
  const watch = new ConsoleWatch()
  const authority = await Authority.start({ eventFile: event.path, port: AUTHORITY_PORT })
  expect(authority.url).toBe(`http://127.0.0.1:${String(AUTHORITY_PORT)}`)

  const one = await joinAs(browser, authority, watch, 'A results desk', 'Desk 1')
  const two = await joinAs(browser, authority, watch, 'A results desk', 'Desk 2')
  const projector = await joinAs(browser, authority, watch, 'A projector', 'Projector')
  // An approved desk opens on the Results screen; the cursor goes to the result line.
  for (const desk of [one, two]) {
    await expect(desk.page).toHaveTitle(/^Results/)
    const line = new ResultsPage(desk.page).line
    await line.focus()
    await expect(line).toBeFocused()
  }
  /** Waits until `done`, failing with what the authority said last (decisions come from it). */
  const decided = async (done: () => boolean, what: string): Promise<void> => {
    const poll = expect.poll(
      async () => {
        if (authority.running) held = await readLog().catch(() => held)
        return done()
      },
      { timeout: 300_000 },
    )
    await poll.toBe(true).catch((error: unknown) => {
      throw new Error(`${what}: not within 5 minutes\n${authority.tail()}\n${String(error)}`)
    })
  }
  // Counted in the authority's log itself, read by the protocol: an entry journaled just before
  // the SIGKILL is in the log though its `accepted` line was never printed.
  const readLog = await logReader(authority)
  let held: LoggedCommand[] = []
  const accepted = (desk: Joined): number =>
    held.filter((e) => e.desk === desk.deskId && e.command.type === 'recordResult').length

  // Both desks at once; the authority dies after its 30th result and comes back on its files.
  const crash = (async () => {
    await authority.waitForCount('accepted', 30, (e) => e.type === 'recordResult', 300_000)
    const outage = watch.outage()
    await authority.kill()
    const since = authority.mark()
    await authority.restart()
    // It asks its desks for their last seq before it accepts anything new, then says so.
    await authority.waitFor('ready', () => true, 120_000, since)
    outage.end()
  })()
  await Promise.all([
    typeResults(one.page, range(1, 40), deskOneLine),
    typeResults(two.page, range(101, 140), deskTwoLine),
    crash,
  ])
  expect(authority.all('listening')).toHaveLength(2)

  // Desk 2 loses the Wi-Fi for 20 s and keeps typing, the clashes first; desk 1 meanwhile types
  // its last 60, 91–100 among them, and the authority accepts all of desk 1's before desk 2 is back.
  const offline = watch.outage()
  await two.page.context().setOffline(true)
  const offlineSince = Date.now()
  await Promise.all([
    typeResults(two.page, [...CLASHES, ...range(141, 160)], deskTwoLine),
    (async () => {
      await typeResults(one.page, range(41, 100), deskOneLine)
      await decided(() => accepted(one) === 100, "desk 1's 100 results accepted")
    })(),
  ])
  await expect(two.join.connection).toContainText('offline')
  await expect(two.join.connection).toContainText('waiting')
  // The one deliberate wait of this test: the Wi-Fi drop lasts 20 s whatever was typed meanwhile.
  await two.page.waitForTimeout(Math.max(0, OFFLINE_MS - (Date.now() - offlineSince)))
  await two.page.context().setOffline(false)
  offline.end()

  // Back online, desk 2's ten clashes are refused with the rule's reason, shown on desk 2, which
  // typed them (read and dismissed before it types on, as its operator would); desk 1 has none.
  const refused = await authority.waitForCount('refused', CLASHES.length, () => true, 300_000)
  expect(refused.every((e) => e.desk === two.deskId)).toBe(true)
  await expect(two.join.refusals).toHaveCount(CLASHES.length, { timeout: 60_000 })
  const shown = await two.join.dismissRefusals()
  expect(shown).toHaveLength(CLASHES.length)
  for (const table of CLASHES) {
    const about = shown.filter((text) => text.includes(`table ${table} already has a result`))
    expect(about, `the refusal of table ${table}`).toHaveLength(1)
  }
  await expect(one.join.refusals).toHaveCount(0)
  await new ResultsPage(two.page).line.focus()
  await typeResults(two.page, range(161, 190), deskTwoLine)

  // Every result decided: 190 accepted and nothing else refused.
  await decided(() => accepted(one) + accepted(two) === TABLES, `all ${TABLES} results accepted`)
  expect(authority.all('refused')).toHaveLength(CLASHES.length)
  for (const desk of [one, two]) {
    await expect(desk.join.connection).toContainText('online', { timeout: 120_000 })
    await expect(desk.join.connection).not.toContainText('waiting', { timeout: 120_000 })
  }
  await expect(one.join.refusals).toHaveCount(0)
  await expect(two.join.refusals).toHaveCount(0)

  // Every desk holds every result: none missing on either Results screen.
  for (const desk of [one, two]) {
    await expect(new ResultsPage(desk.page).missing.getByRole('listitem')).toHaveCount(0, {
      timeout: 120_000,
    })
  }
  const copies = {
    'Desk 1': (await savedCopy(one.page, join(folder, 'desk-1.json'))).log,
    'Desk 2': (await savedCopy(two.page, join(folder, 'desk-2.json'))).log,
  }
  const projectorLog = await replicatedLog(projector.page)

  // SIGTERM: the authority writes EVENT.json with the whole log.
  const saved = await authority.stop()
  expect(saved.commands).toBe(event.log.length + TABLES)
  const final = readCopy(readFileSync(event.path, 'utf8'), 'EVENT.json').log
  expect(final).toHaveLength(event.log.length + TABLES)
  expect(copies['Desk 1']).toEqual(final)
  expect(copies['Desk 2']).toEqual(final)
  expect(projectorLog).toEqual(final)

  // Every result exactly once, by the desk that typed it, each proposal once; the clashes desk 1's.
  const byTable = resultsByTable(final)
  expect([...byTable.keys()].sort((a, b) => a - b)).toEqual(range(1, TABLES))
  for (const [table, entry] of byTable) {
    expect(entry.desk, `table ${table}`).toBe(table <= 100 ? one.deskId : two.deskId)
    const command = entry.command
    if (command.type === 'recordResult' && command.result.kind === 'played') {
      expect(command.result.scores[0], `table ${table}`).toBe(300 + table)
    }
  }
  const proposals = final.flatMap((entry) => (entry.proposal === undefined ? [] : [entry.proposal]))
  expect(new Set(proposals).size).toBe(TABLES)

  // Any copy opens as the new authority: the CLI checks EVENT.json and a desk's saved copy.
  for (const path of [event.path, join(folder, 'desk-2.json')]) {
    const check = checkWithCli(path)
    expect(check.status, check.output).toBe(0)
  }
  expect.soft(watch.found(), 'console errors').toEqual([])
  expect.soft(retyped, 'results a desk refused as changed in another window').toEqual([])
})
