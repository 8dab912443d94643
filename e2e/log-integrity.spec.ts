import type { BrowserContext, Page } from '@playwright/test'
import { writeFileSync } from 'node:fs'
import { expect, test } from './fixtures'
import { AppShell } from './pages/app-shell'
import { FilesPage } from './pages/files-page'
import { ResultsPage } from './pages/results-page'
import { appendStoredEntry, readStoredLog } from './support/stored-log'
import { plannedEvent } from './support/t-writer'

/*
 * Issue 13, the log is the truth: two windows (pages of one browser context share IndexedDB and
 * BroadcastChannel) on one tournament. A replace from a file in one is seen by the other, whose
 * next entry is refused with the reason and then succeeds; an undo in one never takes back the
 * other's result; with IndexedDB blocked the app explains what to do.
 */

const EVENT = plannedEvent(8, 4)

/** Imports the event in `page` and returns the tournament's address. */
async function importEvent(page: Page, path: string): Promise<string> {
  writeFileSync(path, EVENT.text, 'utf8')
  const shell = new AppShell(page)
  const files = new FilesPage(page)
  await shell.start()
  await files.importOptions({ rounds: '5' })
  await files.importT(path)
  await expect(page.getByRole('heading', { name: 'eight', level: 1 })).toBeVisible()
  return page.url()
}

/** A second window on the same tournament, at its Results screen for round 2. */
async function secondWindow(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage()
  await page.goto(url)
  await new AppShell(page).goTo('Results')
  await new ResultsPage(page).chooseRound(2)
  return page
}

test('a replace from a file in one window: the other is told, refuses its next entry with the reason, then accepts', async ({
  page,
  context,
  shell,
}, testInfo) => {
  test.setTimeout(120_000)
  const url = await importEvent(page, testInfo.outputPath('eight.t'))
  await shell.goTo('Files')
  const files = new FilesPage(page)
  const saved = testInfo.outputPath('eight.json')
  await files.download('Save tournament file…', saved)

  const other = await secondWindow(context, url)
  const otherResults = new ResultsPage(other)
  await otherResults.enter('1 400 350')
  await expect(otherResults.lastEntry).toHaveText(/^Entered: /)

  // Window A opens the file saved before B's result and confirms "Replace".
  await shell.goTo('Tournaments')
  await files.openTournament(saved, true)
  await expect(page.getByRole('heading', { name: 'eight', level: 1 })).toBeVisible()

  const banner = new AppShell(other).changedElsewhere
  await expect(banner).toContainText('replaced from a file in another window')
  await expect(banner).toContainText('1 command(s) shown here before are no longer in it')
  await expect(otherResults.missing).toContainText('Table 1')

  await otherResults.line.focus()
  await otherResults.type('2 380 360')
  await expect(otherResults.error).toContainText('Not saved. This tournament was replaced')
  await otherResults.line.fill('')
  await otherResults.enter('2 380 360')
  await expect(otherResults.lastEntry).toHaveText(/^Entered: Table 2/)
  await expect(otherResults.error).toBeHidden()

  // Window A sees B's result after the replace, and not the one the replace dropped.
  await shell.goTo('Results')
  const results = new ResultsPage(page)
  await results.chooseRound(2)
  await expect(results.entered).toContainText('Table 2')
  await expect(results.missing).toContainText('Table 1')
})

test("an undo in one window takes back its own result, never the other window's", async ({
  page,
  context,
  shell,
}, testInfo) => {
  test.setTimeout(120_000)
  const url = await importEvent(page, testInfo.outputPath('eight.t'))
  await shell.goTo('Results')
  const results = new ResultsPage(page)
  await results.chooseRound(2)
  await results.enter('1 400 350')
  await expect(results.lastEntry).toHaveText(/^Entered: Table 1/)

  const other = await secondWindow(context, url)
  const otherResults = new ResultsPage(other)
  await otherResults.enter('2 380 360')
  await expect(otherResults.lastEntry).toHaveText(/^Entered: Table 2/)

  // Window A's Undo names its own result (with division and round), not B's newer one.
  await expect(
    page.getByText(/^Undoes: Round 2, table 1: .*\(division EIGHT, round 2\)$/),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Undo last command' }).click()
  await expect(results.lastEntry).toHaveText(/^Undone: Round 2, table 1/)
  await expect(results.missing).toContainText('Table 1')
  await expect(results.entered).toContainText('Table 2')
  await expect(otherResults.entered).toContainText('Table 2')
  await expect(otherResults.missing).toContainText('Table 1')

  // Redo gives window A's result back; window B still has its own.
  await page.getByRole('button', { name: 'Redo', exact: true }).click()
  await expect(results.lastEntry).toHaveText(/^Redone: Round 2, table 1/)
  await expect(results.entered).toContainText('Table 1')

  // Both show the commands in History, the undone one marked, with the undo and redo beside it.
  await new AppShell(other).goTo('History')
  const log = other.getByRole('table', { name: 'Command log' })
  await expect(log).toContainText(/Undid #\d+: Round 2, table 1/)
  await expect(log).toContainText(/Redid #\d+: Round 2, table 1/)

  // Window B may undo window A's result only by naming it, and confirming whose it is.
  const row = log
    .getByRole('row')
    .filter({ hasText: /^\d+.*Round 2, table 1: /, hasNotText: 'Undid' })
  const undoA = row.filter({ hasNotText: 'Redid' }).getByRole('button', { name: /^Undo #\d+$/ })
  await undoA.click()
  await expect(undoA).toHaveText(/^Confirm: undo desk \w+’s command$/)
  await undoA.click()
  await expect(
    other.getByRole('status').filter({ hasText: /^Undone: #\d+ Round 2, table 1/ }),
  ).toBeVisible()
  await expect(log).toContainText(/Round 2, table 1: .* \(undone by #\d+\)/)
})

test('a result typed over a stored result asks first, showing the stored value', async ({
  page,
  shell,
}, testInfo) => {
  await importEvent(page, testInfo.outputPath('eight.t'))
  await shell.goTo('Results')
  const results = new ResultsPage(page)
  await results.chooseRound(2)
  await results.enter('3 400 350')
  await results.type('3 410 350')
  await expect(results.correction).toContainText('400')
  // Never overwritten unseen: the question stays until the director answers it, and its cursor
  // is on its own buttons (issue 28: Enter corrects, Esc keeps the stored result).
  await expect(results.correction).toBeVisible()
  await expect(results.correctButton).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(results.correction).toBeHidden()
  await expect(results.entered).toContainText('400')
  // Issue 27: the declined line is gone and the box has the focus, so the next slip typed is a
  // line of its own, not appended to the one declined.
  await expect(results.line).toHaveValue('')
  await results.correct('3 410 350', '400')
  await expect(results.lastEntry).toHaveText(/^Corrected: Table 3/)
  await expect(results.entered).toContainText('410')
})

test('with IndexedDB blocked the app says why and what to do', async ({ page }) => {
  // As a browser with site data blocked does: opening a database throws a SecurityError.
  await page.addInitScript(() => {
    IDBFactory.prototype.open = () => {
      throw new DOMException('Access to storage is denied for this site.', 'SecurityError')
    }
  })
  await page.goto('/')
  await expect(
    page.getByRole('heading', { name: 'Rackside cannot keep tournaments in this browser window' }),
  ).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('refused to open this site’s storage')
  await expect(page.getByRole('listitem').first()).toContainText(
    'ordinary (not private) browser window',
  )
})

test('a log that does not fold opens in recovery, names the failing command and cancels it', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(120_000)
  const url = await importEvent(page, testInfo.outputPath('eight.t'))
  const tournamentId = decodeURIComponent(/#\/t\/([^/]+)/.exec(url)?.[1] ?? '')
  // Made on purpose, as two windows without the head check did: a result stored twice.
  const rows = (await readStoredLog(page, tournamentId)) as { command: { type: string } }[]
  const result = rows.filter((row) => row.command.type === 'recordResult').at(-1)
  const seq = await appendStoredEntry(page, tournamentId, {
    ...result,
    seq: rows.length,
    at: new Date().toISOString(),
  })
  expect(seq).toBe(rows.length)

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Recover this tournament' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText(`The log stops at command ${seq + 1}`)
  await expect(page.getByRole('alert')).toContainText('already has a result')
  await expect(page.getByRole('table', { name: 'Stored log' })).toContainText('← fails here')
  await page.getByRole('button', { name: `Cancel command ${seq + 1}` }).click()
  await expect(page.getByRole('heading', { name: 'eight', level: 1 })).toBeVisible()

  await shell.goTo('History')
  const log = page.getByRole('table', { name: 'Command log' })
  await expect(log).toContainText(`Undid #${seq + 1}:`)
  await expect(log).toContainText(`(undone by #${seq + 2})`)
})

test('issue 28: recovery offers no cancel that would renumber the players registered after the failing registration, and says why', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000)
  const url = await importEvent(page, testInfo.outputPath('eight.t'))
  const tournamentId = decodeURIComponent(/#\/t\/([^/]+)/.exec(url)?.[1] ?? '')
  const rows = (await readStoredLog(page, tournamentId)) as {
    command: { type: string; name?: string }
  }[]
  const division = rows.find((row) => row.command.type === 'addDivision')?.command.name ?? ''
  // A registration this version refuses (a rating above 4000), then one it takes.
  const player = (name: string, rating: number) => ({
    type: 'registerPlayer',
    division,
    player: { name, rating, memberId: '', club: '' },
  })
  const at = new Date().toISOString()
  const bad = await appendStoredEntry(page, tournamentId, {
    seq: rows.length,
    at,
    command: player('Typo, Tom', 99_999),
  })
  await appendStoredEntry(page, tournamentId, {
    seq: rows.length + 1,
    at,
    command: player('Later, Lee', 1500),
  })

  await page.reload()
  await expect(page.getByRole('heading', { name: 'Recover this tournament' })).toBeVisible()
  await expect(page.getByRole('alert')).toContainText(`The log stops at command ${bad + 1}`)
  await expect(page.getByRole('alert')).toContainText('above 4000')
  await expect(page.getByRole('button', { name: `Cancel command ${bad + 1}` })).toHaveCount(0)
  await expect(
    page.getByText(`would renumber the 1 later registration(s) of division ${division}`),
  ).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save the log as a file' })).toBeVisible()
})

test('the browser build keeps rolling backups of its own and downloads them all', async ({
  page,
  shell,
}, testInfo) => {
  await importEvent(page, testInfo.outputPath('eight.t'))
  // A change after opening is what is backed up, a few seconds later.
  await shell.goTo('Results')
  const results = new ResultsPage(page)
  await results.chooseRound(2)
  await results.enter('1 400 350')
  await shell.goTo('Files')
  await expect(page.getByText(/Last backup: /)).toBeVisible()
  const files = new FilesPage(page)
  const backup = await files.download('Download all backups…', testInfo.outputPath('backup.json'))
  expect(backup.name).toMatch(/^[\w-]+-\d{4}-\d\d-\d\dT[\d-]+Z-w\d+\.json$/)
  expect(JSON.parse(backup.text)).toMatchObject({ format: 'rackside-tournament' })

  // A backup restores as a new tournament beside the open one.
  await page.getByRole('button', { name: 'Restore a backup…' }).click()
  await page
    .getByRole('table', { name: 'Backups' })
    .getByRole('button', { name: 'Restore as a new tournament' })
    .first()
    .click()
  await expect(page.getByRole('heading', { name: 'eight', level: 1 })).toBeVisible()
  await shell.goTo('Tournaments')
  await expect(page.getByRole('link', { name: 'eight' })).toHaveCount(2)
})
