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

test('the projector at 1920×1080: divisions side by side, pages that turn by themselves, a result from the desk without reload, nothing of one division in another (issue 19)', async ({
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
    await expect(players.rows(name)).toHaveCount(count)
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
  await screen.setViewportSize({ width: 1920, height: 1080 })
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
