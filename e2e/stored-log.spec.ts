import type { Page } from '@playwright/test'
import { writeFileSync } from 'node:fs'
import { LOG_VERSION } from '../shared/tournament/log-version'
import { expect, test } from './fixtures'
import { AppShell } from './pages/app-shell'
import { FilesPage } from './pages/files-page'
import { RecoveryPage } from './pages/recovery-page'
import { ResultsPage } from './pages/results-page'
import { appendStoredEntry } from './support/stored-log'
import { plannedEvent } from './support/t-writer'

/*
 * Issue 20: a stored log opens whatever it holds (a damaged row, a command a newer Rackside wrote)
 * in the recovery view, never "Opening…" forever; each window is a desk of its own, even one
 * opened with window.open or duplicated, and the director's desk survives a restart.
 */

const EVENT = plannedEvent(8, 4)

async function importEvent(page: Page, path: string): Promise<string> {
  writeFileSync(path, EVENT.text, 'utf8')
  const shell = new AppShell(page)
  const files = new FilesPage(page)
  await shell.start()
  await files.importOptions({ rounds: '5' })
  await files.importT(path)
  await expect(page.getByRole('heading', { name: 'eight', level: 1 })).toBeVisible()
  return decodeURIComponent(/#\/t\/([^/]+)/.exec(page.url())?.[1] ?? '')
}

test.describe('a stored log that does not open goes to recovery, never hangs (issue 20)', () => {
  test('a command a newer Rackside wrote: the tournament, the recovery address and the projector all answer', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    const id = await importEvent(page, testInfo.outputPath('eight.t'))
    // One version past this one's, whatever this one is.
    const seq = await appendStoredEntry(page, id, {
      version: LOG_VERSION + 1,
      command: { type: 'shuffleDivisions', division: 'EIGHT', into: ['A', 'B'] },
    })

    await page.reload()
    await expect(page.getByRole('heading', { name: 'Recover this tournament' })).toBeVisible()
    const alert = page.getByRole('alert')
    await expect(alert).toContainText(`The log stops at command ${seq + 1} (shuffleDivisions)`)
    await expect(alert).toContainText('written by a newer Rackside')
    await expect(page.getByText('A newer Rackside wrote it')).toBeVisible()

    // The raw log is saved whole, the unread command with it.
    const files = new FilesPage(page)
    const saved = await files.download('Save the log as a file', testInfo.outputPath('raw.json'))
    const file = JSON.parse(saved.text) as { log: { command: { type: string } }[] }
    expect(file.log).toHaveLength(seq + 1)
    expect(file.log.at(-1)?.command.type).toBe('shuffleDivisions')

    await page.goto(`/#/recover/${id}`)
    await expect(page.getByRole('alert')).toContainText(`command ${seq + 1} (shuffleDivisions)`)

    const projector = await page.context().newPage()
    await projector.goto(`/#/projector/${id}`)
    await expect(projector.getByRole('alert')).toContainText('being recovered at the desk')
  })

  test('a damaged row (a result without its game) is named with what is wrong', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    const id = await importEvent(page, testInfo.outputPath('eight.t'))
    const seq = await appendStoredEntry(page, id, {
      command: { type: 'recordResult', division: 'EIGHT', round: 2 },
    })
    await page.reload()
    const alert = page.getByRole('alert')
    await expect(alert).toContainText(`The log stops at command ${seq + 1} (recordResult)`)
    await expect(alert).toContainText('.game')
    await expect(page.getByText('The stored command is damaged')).toBeVisible()
    await expect(page.getByRole('table', { name: 'Stored log' })).toContainText('Round 1')
  })

  test('issue 28: an impossible score is mended in the form and the event opens with every later result', async ({
    page,
  }, testInfo) => {
    test.setTimeout(120_000)
    const id = await importEvent(page, testInfo.outputPath('eight.t'))
    // Round 2 pairs 5-6 at table 3 and 7-8 at table 4 (plannedEvent); 4120 is no game's score.
    const played = (players: [number, number], scores: [number, number]) => ({
      kind: 'played',
      players,
      rawScores: scores,
      overtimeSeconds: [0, 0],
      scores,
    })
    const result = (table: number, players: [number, number], scores: [number, number]) => ({
      command: {
        type: 'recordResult',
        division: 'EIGHT',
        round: 2,
        game: { table },
        result: played(players, scores),
      },
    })
    const seq = await appendStoredEntry(page, id, result(3, [5, 6], [4120, 350]))
    await appendStoredEntry(page, id, result(4, [7, 8], [401, 377]))
    await page.reload()

    const recovery = new RecoveryPage(page)
    await expect(recovery.heading).toBeVisible()
    await expect(recovery.alert).toContainText(`The log stops at command ${seq + 1}`)
    await recovery.openMend(seq + 1)
    // Esc closes the form, the cursor back on the button that opened it.
    await page.keyboard.press('Escape')
    await expect(recovery.mendForm).toBeHidden()
    await expect(page.getByRole('button', { name: `Mend command ${seq + 1}…` })).toBeFocused()

    await recovery.openMend(seq + 1)
    await recovery.setField('Score of #5', '5120')
    await expect(recovery.mendPreview).toContainText('is still refused')
    await expect(recovery.mendAndOpen).toBeDisabled()
    await recovery.setField('Score of #5', '412')
    await expect(recovery.mendPreview).toContainText('the tournament opens')
    await recovery.mendAndOpen.click()

    await expect(page.getByRole('heading', { name: 'eight', level: 1 })).toBeVisible()
    const shell = new AppShell(page)
    await shell.goTo('Results')
    const results = new ResultsPage(page)
    await results.chooseRound(2)
    await expect(results.entered).toContainText('412')
    await expect(results.entered).toContainText('401')
    await shell.goTo('History')
    await expect(page.getByRole('table', { name: 'Command log' })).toContainText(
      `Command ${seq + 1} mended: score of #5 4120 → 412`,
    )
  })
})

test('with a browser that throws on touching indexedDB the app says why, not a blank page', async ({
  page,
}) => {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', {
      get() {
        throw new DOMException(
          'The user denied permission to access the database.',
          'SecurityError',
        )
      },
    })
  })
  await page.goto('/')
  await expect(
    page.getByRole('heading', { name: 'Rackside cannot keep tournaments in this browser window' }),
  ).toBeVisible()
  await expect(page.getByRole('alert')).toContainText('denied permission')
})

test.describe('a desk per window (issue 20)', () => {
  test('a window opened with window.open is a desk of its own: each Undo takes back its own result', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(120_000)
    await importEvent(page, testInfo.outputPath('eight.t'))
    const shell = new AppShell(page)
    await shell.goTo('Results')
    const results = new ResultsPage(page)
    await results.chooseRound(2)
    await results.enter('1 400 350')

    const opened = context.waitForEvent('page')
    await page.evaluate(() => void window.open(location.href))
    const other = await opened
    // The copy starts with this window's sessionStorage: the very case that shared a desk.
    const otherResults = new ResultsPage(other)
    await expect(other.getByLabel('Result line')).toBeVisible()
    await otherResults.chooseRound(2)
    await otherResults.enter('2 380 360')
    await expect(otherResults.lastEntry).toHaveText(/^Entered: Table 2/)

    await expect(page.getByText(/^Undoes: Round 2, table 1: /)).toBeVisible()
    await expect(other.getByText(/^Undoes: Round 2, table 2: /)).toBeVisible()
  })

  test('a duplicated tab (its sessionStorage copied) is a desk of its own', async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(120_000)
    await importEvent(page, testInfo.outputPath('eight.t'))
    await new AppShell(page).goTo('Results')
    const results = new ResultsPage(page)
    await results.chooseRound(2)
    await results.enter('1 400 350')
    const session = await page.evaluate(() => JSON.stringify(Object.entries(sessionStorage)))

    const duplicate = await context.newPage()
    // What the browser's "Duplicate tab" does: the same address with a copy of sessionStorage.
    await duplicate.addInitScript((copied) => {
      if (sessionStorage.getItem('copied') !== null) return
      for (const [key, value] of JSON.parse(copied) as [string, string][]) {
        sessionStorage.setItem(key, value)
      }
      sessionStorage.setItem('copied', 'yes')
    }, session)
    await duplicate.goto(page.url())
    const copyResults = new ResultsPage(duplicate)
    await copyResults.chooseRound(2)
    await copyResults.enter('2 380 360')
    await expect(copyResults.lastEntry).toHaveText(/^Entered: Table 2/)

    await expect(page.getByText(/^Undoes: Round 2, table 1: /)).toBeVisible()
    await expect(duplicate.getByText(/^Undoes: Round 2, table 2: /)).toBeVisible()
  })

  test("after a restart the director's own last result is still the default Undo", async ({
    page,
    context,
  }, testInfo) => {
    test.setTimeout(120_000)
    await importEvent(page, testInfo.outputPath('eight.t'))
    await new AppShell(page).goTo('Results')
    const results = new ResultsPage(page)
    await results.chooseRound(2)
    await results.enter('1 400 350')
    const url = page.url()
    // The app closes: its window and sessionStorage go; the browser's storage stays.
    await page.close()

    const again = await context.newPage()
    await again.goto(url)
    await new ResultsPage(again).chooseRound(2)
    await expect(again.getByText(/^Undoes: Round 2, table 1: /)).toBeVisible()
  })
})
