import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './fixtures'
import { ProjectorPage } from './pages/projector-page'
import { ResultsPage } from './pages/results-page'
import { RoundsPage } from './pages/rounds-page'
import type { NewTournament } from './pages/tournaments-page'

const ACCRA_HALL: NewTournament = {
  name: 'Accra Hall Open',
  venue: 'Accra',
  startDate: '2026-12-05',
  endDate: '2026-12-05',
  rounds: '3',
  rules: 'NSA tournament rules (1995)',
}

/** A division's players as a registration CSV: surnames that say the division. */
function csv(surname: string, count: number): Buffer {
  const lines = Array.from({ length: count }, (_, i) => `${surname};No ${i + 1};${1900 - i * 10}`)
  return Buffer.from(['Nachname;Vorname;Rating', ...lines].join('\r\n'), 'latin1')
}

const DIVISIONS = { A: ['Ansah', 24], B: ['Bekoe', 4], C: ['Cofie', 6] } as const

test('the projector on a wide screen (2880×1080): divisions side by side, pages that turn by themselves, a result from the desk without reload, nothing of one division in another (issue 19)', async ({
  page,
  context,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  await shell.start()
  await tournaments.create(ACCRA_HALL)
  for (const name of Object.keys(DIVISIONS)) await tournament.addDivision(name)
  await shell.goTo('Players & check-in')
  for (const [name, [surname, count]] of Object.entries(DIVISIONS)) {
    await players.chooseDivision(name)
    await players.chooseCsv(`${surname}.csv`, csv(surname, count))
    await players.csvImportButton(count).click()
    // The list draws only the rows in view (VirtualTable): the count the screen says is the check.
    await expect(players.count).toHaveText(`${count} players`)
  }
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  for (const name of Object.keys(DIVISIONS)) {
    await rounds.chooseDivision(name)
    await rounds.pair(1)
    await rounds.publish(1)
  }
  const id = /#\/t\/([^/?]+)/.exec(page.url())?.[1] ?? ''

  const screen = await context.newPage()
  // Three tables of pairings or standings fit side by side only on a screen this wide at the
  // type a 1080-line screen gets (issue 28); at 1920 they show two at a time (the test below).
  await screen.setViewportSize({ width: 2880, height: 1080 })
  // The fixture watches the desk's page; the hall's screen must be as clean.
  const problems: string[] = []
  screen.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())))
  screen.on('pageerror', (e) => problems.push(e.message))
  const projector = new ProjectorPage(screen)
  await projector.open(id)

  // Three columns side by side, left to right, none over another.
  await expect(projector.heading).toHaveText('Pairings by table · Round 1')
  await expect(projector.columns()).toHaveCount(3)
  const boxes = await Promise.all(
    ['A', 'B', 'C'].map(async (d) => projector.column(d).boundingBox()),
  )
  for (const [left, right] of [
    [boxes[0], boxes[1]],
    [boxes[1], boxes[2]],
  ]) {
    expect(left && right && left.y === right.y && left.x + left.width <= right.x).toBe(true)
  }

  // Each column holds its own division's players only, on every panel.
  for (const panel of [/^Pairings by table/, /^Pairings alphabetically/, /^Standings/]) {
    await projector.showPanel(panel)
    for (const [name, [surname]] of Object.entries(DIVISIONS)) {
      const text = (await projector.rows(name)).flat().join(' ')
      expect(text).toContain(surname)
      for (const [, [other]] of Object.entries(DIVISIONS).filter(([d]) => d !== name)) {
        expect(text).not.toContain(other)
      }
    }
  }

  // A's 24 players take two pages of standings; B's and C's columns end on the first.
  await expect(projector.pageLine).toHaveText('Page 1 of 2')
  const names = async (): Promise<string[]> => (await projector.rows('A')).map((r) => r[1] ?? '')
  const firstPage = await names()
  // A full page ends above the page line: the rows a page holds fit the screen.
  const lastRow = await projector.column('A').locator('tbody tr').last().boundingBox()
  const foot = await projector.pageLine.boundingBox()
  expect(lastRow && foot && lastRow.y + lastRow.height <= foot.y).toBe(true)
  expect(firstPage.length).toBeGreaterThan(12)
  await screen.keyboard.press('ArrowRight')
  await expect(projector.pageLine).toHaveText('Page 2 of 2')
  const secondPage = await names()
  expect(await projector.rows('B')).toEqual([])
  expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([])
  expect(new Set([...firstPage, ...secondPage]).size).toBe(24)
  await screen.keyboard.press('ArrowLeft')
  await expect(projector.pageLine).toHaveText('Page 1 of 2')

  // A result entered on the desk for B reaches B's standings column, and only B's.
  await projector.showPanel(/^Pairings by table/)
  const [firstGame] = await projector.rows('B')
  const number = (cell = ''): string => /^Bekoe, No (\d+)/.exec(cell)?.[1] ?? `not B: ${cell}`
  const [a, b] = [number(firstGame?.[1]), number(firstGame?.[2])]
  await projector.showPanel(/^Standings/)
  const before = (await projector.rows('A')).map((r) => r.join(' '))
  await rounds.chooseDivision('B')
  await shell.goTo('Results')
  const results = new ResultsPage(page)
  await expect(results.line).toHaveAccessibleName(/for division B, round 1/)
  await results.enter(`#${a} #${b} 455 300`, 1)
  await expect(projector.column('B').locator('tbody tr').first()).toContainText('+155')
  await expect(projector.column('B')).toContainText('1 of 2 results in')
  expect((await projector.rows('A')).map((r) => r.join(' '))).toEqual(before)

  // Only the divisions chosen: C alone takes the whole width.
  await projector.setSecondsPerPage(2)
  await projector.showDivision('A', false)
  await projector.showDivision('B', false)
  await expect(projector.columns()).toHaveCount(1)
  await expect(projector.column('C')).toBeVisible()
  await projector.showDivision('A', true)
  await projector.showDivision('B', true)
  await expect(projector.columns()).toHaveCount(3)

  // With two seconds a page set here, the pages turn with no key pressed.
  const shownFirst = await projector.heading.textContent()
  await expect(projector.heading).not.toHaveText(shownFirst ?? '', { timeout: 5000 })
  await expect(projector.pageLine).toHaveText('Page 2 of 2', { timeout: 15_000 })
  expect(problems, 'the projector logged errors').toEqual([])
})

/** Long names, as a registration CSV: the longest surnames and given names of real entry lists. */
function longNames(division: string, count: number): Buffer {
  const surnames = [
    'Featherstonehaugh-Wolstenholme',
    'Wojciechowska-Montgomery',
    'MacWilliams-Worthington',
    'Oluwaseyifunmi-Adebayo',
  ]
  const lines = Array.from(
    { length: count },
    (_, i) =>
      `${surnames[i % surnames.length] ?? ''} ${division};Maximilian ${i + 1};${1900 - i * 10}`,
  )
  return Buffer.from(['Nachname;Vorname;Rating', ...lines].join('\r\n'), 'latin1')
}

test('the projector at 1920×1080 with three divisions of long names: no name cut below 12 characters on any screen, type sized from the screen, headers readable (axe); at 1024×768 the round and the page line stay whole (issue 28)', async ({
  page,
  context,
  shell,
  tournaments,
  tournament,
  players,
}, testInfo) => {
  // Every screen of the rotation is measured, and axe runs over one: more than a desk session.
  test.setTimeout(240_000)
  await shell.start()
  await tournaments.create(ACCRA_HALL)
  const sizes = { A: 30, B: 8, C: 26 } as const
  for (const name of Object.keys(sizes)) await tournament.addDivision(name)
  await shell.goTo('Players & check-in')
  for (const [name, count] of Object.entries(sizes)) {
    await players.chooseDivision(name)
    await players.chooseCsv(`${name}.csv`, longNames(name, count))
    await players.csvImportButton(count).click()
    // The list draws only the rows in view (VirtualTable): the count the screen says is the check.
    await expect(players.count).toHaveText(`${count} players`)
  }
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  for (const name of Object.keys(sizes)) {
    await rounds.chooseDivision(name)
    await rounds.pair(1)
    await rounds.publish(1)
  }
  const id = /#\/t\/([^/?]+)/.exec(page.url())?.[1] ?? ''

  const screen = await context.newPage()
  await screen.setViewportSize({ width: 1920, height: 1080 })
  const problems: string[] = []
  screen.on('console', (m) => void (m.type() === 'error' && problems.push(m.text())))
  screen.on('pageerror', (e) => problems.push(e.message))
  const projector = new ProjectorPage(screen)
  await projector.open(id)
  await projector.setSecondsPerPage(600)
  await expect(projector.heading).toHaveText('Pairings by table · Round 1')

  // Capitals of 25 mm on a 100-inch screen: 32 px type at 1080 lines, not 20 px.
  const fontPx = await projector
    .column('A')
    .locator('tbody td')
    .first()
    .evaluate((td) => parseFloat(getComputedStyle(td).fontSize))
  expect.soft(fontPx).toBeGreaterThanOrEqual(31)

  // Every screen of the rotation, once round: no cell cut below 12 characters.
  const start = await projector.where()
  const seen: string[] = []
  const cut: string[] = []
  for (let n = 0; n < 40; n++) {
    const here = await projector.where()
    if (n > 0 && here === start) break
    seen.push(here)
    cut.push(...(await projector.cutCells(12)).map((c) => `${here}: ${c}`))
    await screen.keyboard.press('ArrowRight')
    await expect.poll(() => projector.where()).not.toBe(here)
  }
  expect.soft(cut).toEqual([])
  expect(seen.some((s) => s.startsWith('Standings'))).toBe(true)
  // One division alone on a screen runs through the whole width: C's 26 standings, 22 + 4.
  await projector.showPanel(/^Standings/)
  while ((await projector.columns().count()) !== 1) await screen.keyboard.press('ArrowRight')
  await expect(projector.column('C').getByRole('table')).toHaveCount(2)
  await screen.screenshot({ path: testInfo.outputPath('projector-1920x1080.png') })

  // The column heads were 2.86:1 (issue 28): no serious or critical axe finding on this screen.
  const axe = await new AxeBuilder({ page: screen })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa'])
    .analyze()
  const serious = axe.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
  expect(serious).toEqual([])

  // A 1024×768 projector: the heading keeps the round, the page line stays on one line on screen.
  await screen.setViewportSize({ width: 1024, height: 768 })
  await projector.showPanel(/^Pairings alphabetically/)
  await expect(projector.pageLine).toHaveText(/^Page 1 of \d+$/)
  const fits = await screen.evaluate(() =>
    ['h2', '.page-line'].map((selector) => {
      const el = document.querySelector(selector)
      if (!el) return `${selector} missing`
      const box = el.getBoundingClientRect()
      const line = parseFloat(getComputedStyle(el).fontSize) * 1.5
      return el.scrollWidth <= el.clientWidth &&
        box.right <= window.innerWidth &&
        box.bottom <= window.innerHeight &&
        box.height < line
        ? 'whole'
        : `${selector} cut: ${JSON.stringify(box)}`
    }),
  )
  expect(fits).toEqual(['whole', 'whole'])
  expect(problems, 'the projector logged errors').toEqual([])
})
