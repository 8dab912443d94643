import { readFileSync, writeFileSync } from 'node:fs'
import type { Download } from '@playwright/test'
import { expect, test } from './fixtures'
import { FilesPage } from './pages/files-page'
import { ResultsSitePage } from './pages/results-site-page'
import { StandingsPage } from './pages/standings-page'
import { plannedEvent } from './support/t-writer'

/*
 * Issue 31, "a results page without a server": Files → Save web pages writes results.html, the
 * results site with the event's log inside. Opened from disk (file://) in Chromium with no server,
 * it shows the event: the same standings as the app's Standings screen, and a player's games.
 */
const EVENT = plannedEvent(30, 12)

test('the saved results page opens from disk and shows the app’s standings (issue 31)', async ({
  page,
  shell,
  context,
}, testInfo) => {
  const tFile = testInfo.outputPath('thirty.t')
  writeFileSync(tFile, EVENT.text, 'utf8')
  const files = new FilesPage(page)
  await shell.start()
  await files.importOptions({ rounds: '7' })
  await files.importT(tFile)
  await expect(page.getByRole('heading', { name: 'thirty', level: 1 })).toBeVisible()

  await shell.goTo('Standings')
  const app = await new StandingsPage(page).rows()

  await shell.goTo('Files')
  // The browser build downloads each page on its own: results.html is one of them.
  const saved = testInfo.outputPath('results.html')
  const downloaded = new Promise<Download>((resolve) => {
    page.on('download', (download) => {
      if (download.suggestedFilename() === 'results.html') resolve(download)
    })
  })
  await page.getByRole('button', { name: 'Save web pages…' }).click()
  await (await downloaded).saveAs(saved)
  await expect(files.status).toContainText('Web pages saved')
  expect(readFileSync(saved, 'utf8')).toContain('id="rackside-event"')

  const site = new ResultsSitePage(await context.newPage())
  const errors: string[] = []
  site.page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())))
  site.page.on('pageerror', (e) => errors.push(e.message))
  await site.openFile(saved)
  await expect(site.heading).toHaveText('thirty')
  await expect(site.status).toContainText('Saved from Rackside')
  await site.openDivision(null, 'Standings')
  await expect(site.heading).toContainText('Standings')
  const rows = await site.rows()
  // Rank, name and spread as the app has them, in the app's order.
  expect(rows.map(([rank, name, , spread]) => [rank, name, spread])).toEqual(
    app.map(([rank, name, , , spread]) => [rank, name, spread]),
  )
  const first = rows[0]?.[1] ?? ''
  await site.openPlayer(first)
  await expect(site.heading).toHaveText(first)
  await expect(site.page.getByRole('table')).toContainText('Won')
  expect(site.page.url()).toMatch(/^file:\/\/.*results\.html#\/.+\/player\/\d+$/)
  expect(errors).toEqual([])
})
