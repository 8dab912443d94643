import { expect, test } from './fixtures'
import type { AppShell } from './pages/app-shell'
import type { PlayersPage } from './pages/players-page'
import { ResultsPage } from './pages/results-page'
import { RoundsPage } from './pages/rounds-page'
import type { TournamentPage } from './pages/tournament-page'
import type { NewTournament, TournamentsPage } from './pages/tournaments-page'

const KUMASI: NewTournament = {
  name: 'Kumasi Club Night',
  venue: 'Kumasi',
  startDate: '2026-12-05',
  endDate: '2026-12-05',
  rounds: '3',
  rules: 'NSA tournament rules (1995)',
}

const FOUR = ['Adjei, Ben', 'Bonsu, Cate', 'Cobbina, Dan', 'Dadzie, Eve']

/** Four players, round 1 paired by rating and published: tables 1 and 2. */
async function roundOnePublished(pages: {
  shell: AppShell
  tournaments: TournamentsPage
  tournament: TournamentPage
  players: PlayersPage
  rounds: RoundsPage
}): Promise<void> {
  await pages.shell.start()
  await pages.tournaments.create(KUMASI)
  await pages.tournament.addDivision('A')
  await pages.shell.goTo('Players & check-in')
  for (const [i, name] of FOUR.entries()) {
    await pages.players.register({ name, rating: String(1800 - i * 100) })
  }
  await pages.shell.goTo('Rounds')
  await pages.rounds.pair(1)
  await pages.rounds.publish(1)
}

test('a reload in the middle of result entry loses nothing that was entered or typed', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  const rounds = new RoundsPage(page)
  await roundOnePublished({ shell, tournaments, tournament, players, rounds })
  await shell.goTo('Results')
  const results = new ResultsPage(page)
  await expect(results.line).toBeFocused()
  await results.enter('1 400 350')
  // Double entry: the first operator's half of table 2 is held, then a line is half typed.
  await page.getByLabel('Double entry').check()
  await results.line.focus()
  await results.enter('2 390 380')
  await expect(page.getByRole('region', { name: 'Waiting for the second entry' })).toContainText(
    'Table 2',
  )
  await page.keyboard.type('2 39')

  await shell.reload()

  await expect(results.entered).toContainText('Table 1')
  await expect(results.entered).toContainText('400 – 350')
  await expect(results.line).toHaveValue('2 39')
  await expect(page.getByRole('region', { name: 'Waiting for the second entry' })).toContainText(
    'Table 2',
  )
  // The second operator finishes the line differently: refused, nothing stored.
  await results.line.focus()
  await page.keyboard.press('End')
  await results.type('5 381')
  await expect(results.error).toContainText('does not match the first entry')
  await page.keyboard.press('ControlOrMeta+a')
  await results.type('2 390 380')
  await expect(results.entered).toContainText('390 – 380')
  await expect(results.missing.getByRole('listitem')).toHaveCount(0)
})

test('the projector window follows the desk live: pairings when published, standings as results arrive', async ({
  page,
  context,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  const rounds = new RoundsPage(page)
  await roundOnePublished({ shell, tournaments, tournament, players, rounds })
  await page.waitForURL(/#\/t\/[^/]+/)
  const id = /#\/t\/([^/?]+)/.exec(page.url())?.[1] ?? ''
  const projector = await context.newPage()
  await projector.goto(`/#/projector/${id}`)
  const byTable = projector.getByRole('table', { name: 'Pairings by table' })
  await expect(byTable.locator('tbody tr')).toHaveCount(2)
  await expect(byTable).toContainText('Adjei, Ben')
  await projector.keyboard.press('ArrowRight')
  await expect(projector.getByRole('table', { name: 'Pairings alphabetically' })).toContainText(
    'Dadzie, Eve',
  )
  // Space turns the screen over like →, and never scrolls the page the hall is reading.
  await projector.keyboard.press(' ')
  expect(await projector.evaluate(() => window.scrollY)).toBe(0)
  const standings = projector.getByRole('table', { name: 'Standings' })
  await expect(standings.locator('tbody tr').first()).toContainText('0')
  // Issue 11: never "after round 1" while results are missing.
  const heading = projector.getByRole('heading', { level: 2 })
  await expect(heading).toHaveText('Standings · round 1: 0 of 2 results in')

  await shell.goTo('Results')
  const results = new ResultsPage(page)
  await results.enter('1 455 300')
  await expect(standings.locator('tbody tr').first()).toContainText('+155')
  await expect(heading).toHaveText('Standings · round 1: 1 of 2 results in')
  await results.enter('2 400 390')
  await expect(heading).toHaveText('Standings · after round 1')
})
