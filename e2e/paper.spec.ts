import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { printedRuleLines } from '../shared/reports/header'
import { rulesFromPreset } from '../shared/rules/presets'
import { expect, test } from './fixtures'
import { FilesPage } from './pages/files-page'
import { PrintPage } from './pages/print-page'
import { SettingsPage } from './pages/settings-page'
import { htmlToPdf, pdfPages } from './support/pdf'
import { plannedEvent } from './support/t-writer'

/*
 * Issue 28, paper: every Letter slip lost the bottom of its rules box (a fixed height with
 * `overflow: hidden`), slips fitted 3 to a sheet, scorecards 1 to an A4 sheet, and R on the
 * Rounds screen always printed A4. Thirty players with the longest names a player may have (60
 * characters) at four-digit tables, MSA rules, ten rounds: each document is printed to PDF on A4
 * and on Letter with Chromium's print engine and read back with pdftotext.
 */

// The print preview is a sandboxed frame without scripts: see print-round.spec.ts.
test.use({ trace: 'off' })

/** 60 characters (the most validation allows), a 36-letter word that must break, each unique. */
function longestName(i: number): string {
  const tag = String.fromCharCode(65 + Math.floor(i / 26)) + String.fromCharCode(97 + (i % 26))
  return `Wolfeschlegelsteinhausenbergerdorff-${tag}, Maximiliana Wilhelmina`.slice(0, 60)
}

const EVENT = plannedEvent(30, 8, { names: longestName, firstTable: 1001 })
const OUT = join('test-results', 'paper')
const MSA = rulesFromPreset('msa')

/**
 * Text as compared: pdftotext wraps a cell's lines and drops the hyphen where a word broke at the
 * end of a line, so spaces and hyphens are left out on both sides.
 */
const squeeze = (text: string): string => text.replace(/[\s-]+/g, '')
const count = (text: string, part: string): number => squeeze(text).split(squeeze(part)).length - 1

/** The PDF's text in reading order, page by page: a cell's wrapped lines come one after another. */
function readingOrder(pdf: string): string[] {
  const pages = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).split('\f')
  if (pages.at(-1)?.trim() === '') pages.pop()
  return pages
}

/** The PDF's paper as pdfinfo names it: "612 x 792 pts (letter)", "595.276 x 841.89 pts (A4)". */
function paperOf(pdf: string): string {
  const info = execFileSync('pdfinfo', [pdf], { encoding: 'utf8' })
  return /Page size:\s+(.*)/.exec(info)?.[1] ?? ''
}

const PAPER = { A4: /\(A4\)/, Letter: /\(letter\)/ } as const

test.beforeEach(async ({ page, shell }, testInfo) => {
  mkdirSync(OUT, { recursive: true })
  const file = testInfo.outputPath('longest.t')
  writeFileSync(file, EVENT.text, 'utf8')
  const files = new FilesPage(page)
  await shell.start()
  await files.importOptions({ rules: 'MSA tournament rules', rounds: '10' })
  await files.importT(file)
  await expect(page.getByRole('heading', { name: 'longest', level: 1 })).toBeVisible()
})

for (const size of ['A4', 'Letter'] as const) {
  test(`${size}: slips, pairings, scorecards and standings with the longest names, nothing cut`, async ({
    page,
    shell,
    browser,
  }) => {
    test.setTimeout(180_000)
    await shell.goTo('Print')
    const print = new PrintPage(page)
    /** The document's pages as laid out (tables per page) and in reading order (names whole). */
    const print2pdf = async (document: string, round: string): Promise<[string[], string[]]> => {
      await print.choose({ document, round, paper: size })
      const pdf = join(OUT, `${document.toLowerCase().replaceAll(' ', '-')}-${size}.pdf`)
      await htmlToPdf(browser, await print.documentHtml(), pdf)
      expect(paperOf(pdf), `${document} on ${size}`).toMatch(PAPER[size])
      const pages = pdfPages(pdf)
      const read = readingOrder(pdf)
      expect(read).toHaveLength(pages.length)
      return [pages, read]
    }

    // Slips: 15 games, four a sheet; every slip whole, its rules box to the last word.
    const [slips, slipsRead] = await print2pdf('Result slips', '2')
    expect(slips).toHaveLength(4)
    expect(slips.map((text) => text.match(/Table \d{4}\b/g)?.length)).toEqual([4, 4, 4, 3])
    const slipText = slipsRead.join('\n')
    for (const game of EVENT.round2) {
      const names = game.players.map((p) => EVENT.names[p - 1] ?? '')
      const onPage = slips.findIndex((text) => text.includes(`Table ${game.table}`))
      for (const name of names) expect(count(slipsRead[onPage] ?? '', name), name).toBe(1)
    }
    for (const line of printedRuleLines(MSA)) {
      expect(count(slipText, `${line.label}: ${line.text}`), line.label).toBe(15)
    }
    const draws = EVENT.round2.filter((game) => game.starter === null).length
    expect(count(slipText, `Draw for first: ${MSA.printed.tileDraw}`)).toBe(draws)
    expect(count(slipText, 'Blanks played (letters):')).toBe(15)

    // Pairings by table and by name: every name whole, every table's four digits.
    // By table a name is once (player or opponent), by name twice (own row, and as an opponent).
    for (const [document, times] of [
      ['Pairings by table', 1],
      ['Pairings by name', 2],
    ] as const) {
      const [, read] = await print2pdf(document, '2')
      const text = read.join('\n')
      for (const name of EVENT.names) expect(count(text, name), `${document}: ${name}`).toBe(times)
      for (const game of EVENT.round2) expect(text).toMatch(new RegExp(`\\b${game.table}\\b`))
    }

    // Scorecards: ten lines each, two a sheet; each name as its card's heading and an opponent.
    const [cards, cardsRead] = await print2pdf('Scorecards', '2')
    expect(cards).toHaveLength(15)
    for (const [i, name] of EVENT.names.entries()) {
      expect(count(cardsRead.join('\n'), `${name} (No. ${i + 1})`), name).toBe(1)
      expect(count(cardsRead.join('\n'), name), name).toBe(3)
    }
    for (const text of cards) expect(text.match(/\(No\. \d+\)/g)).toHaveLength(2)

    // Standings after round 1: every name whole, on one sheet.
    const [, standings] = await print2pdf('Standings', '1')
    for (const name of EVENT.names) expect(count(standings.join('\n'), name), name).toBe(1)
  })
}

test('the paper is the event’s: the Print screen sets it, Settings shows it, R prints on it', async ({
  page,
  shell,
  browser,
}) => {
  test.setTimeout(120_000)
  await shell.goTo('Print')
  const print = new PrintPage(page)
  const paper = page.getByLabel(/^\s*Paper size\b/)
  await expect(paper).toHaveValue('A4')
  await print.choose({ document: 'Result slips', paper: 'Letter' })
  await expect(page.getByRole('status').filter({ hasText: 'now on Letter' })).toBeVisible()

  // Remembered: away and back, and on Settings.
  await shell.goTo('Standings')
  await shell.goTo('Print')
  await expect(paper).toHaveValue('Letter')
  await shell.goTo('Settings')
  await expect(new SettingsPage(page).paperSize).toHaveValue('Letter')

  // R on the Rounds screen prints the round shown on the event's paper (it was always A4).
  await shell.goTo('Rounds')
  await page.evaluate(() => {
    const printed: string[] = []
    Object.assign(window, { printed })
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          if (node instanceof HTMLIFrameElement) printed.push(node.srcdoc)
        }
      }
    }).observe(document.body, { childList: true })
  })
  await page.locator('body').focus()
  await page.keyboard.press('r')
  await expect(page.getByRole('status').filter({ hasText: 'Sent to the printer' })).toBeVisible({
    timeout: 45_000,
  })
  const html = await page.evaluate(
    () => (window as unknown as { printed: readonly string[] }).printed.at(-1) ?? '',
  )
  expect(html).toContain('@page { size: letter;')
  const pdf = join(OUT, 'r-key-letter.pdf')
  await htmlToPdf(browser, html, pdf)
  expect(paperOf(pdf)).toMatch(PAPER.Letter)
  // The round's slips in it, four a sheet, rules whole.
  const text = readingOrder(pdf).join('\n')
  for (const line of printedRuleLines(MSA)) {
    expect(count(text, `${line.label}: ${line.text}`), line.label).toBeGreaterThanOrEqual(15)
  }

  // And back to A4 on Settings: the Print screen follows.
  await shell.goTo('Settings')
  await new SettingsPage(page).paperSize.selectOption('A4')
  await expect(page.getByRole('status').filter({ hasText: 'now on A4' })).toBeVisible()
  await shell.goTo('Print')
  await expect(paper).toHaveValue('A4')
})
