import { expect, test } from './fixtures'
import { FilesPage } from './pages/files-page'
import { PrintPage } from './pages/print-page'
import { ResultsPage } from './pages/results-page'
import { RoundsPage } from './pages/rounds-page'
import { SettingsPage } from './pages/settings-page'
import { StandingsPage } from './pages/standings-page'
import type { NewTournament } from './pages/tournaments-page'

/*
 * The print preview is a sandboxed frame without scripts, where Playwright's trace recorder would
 * inject one and Chromium log "Blocked script execution" (as in print-round.spec.ts): no traces.
 */
test.use({ trace: 'off' })

const IBADAN: NewTournament = {
  name: 'Ibadan Newcomers Cup',
  venue: 'Premier Hotel, Ibadan',
  startDate: '2026-12-05',
  endDate: '2026-12-05',
  rounds: '2',
  rules: 'NSA tournament rules (1995)',
}

/** The standings' rows as name → "New rating" cell (the last column). */
async function newRatings(standings: StandingsPage): Promise<Record<string, string>> {
  return Object.fromEntries((await standings.rows()).map((row) => [row[1], row.at(-1) ?? '']))
}

/**
 * Issue 22: players ask “what will my rating be?” after every round. Four players, one of them
 * unrated, two rounds under the NSA preset and tsh's `nsa`, its default. Round 1 is seeded
 * by rating (1 v 3, 2 v 4), so Adeyemi 1739 meets Bello 1588: the worked example, 1746
 * and 1582. At each table the first player named wins.
 */
test('a newcomer’s event: new ratings after each round, on the standings, on paper and in the .t', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}, testInfo) => {
  test.setTimeout(120_000)
  await shell.start()
  await tournaments.create(IBADAN)
  await tournament.addDivision('A')
  await shell.goTo('Players & check-in')
  await players.register({ name: 'Adeyemi, Ann', rating: '1739', memberId: 'NG1' })
  // Lifetime games typed at the desk (tsh's lifeg: under 50, a faster multiplier).
  await players.register({
    name: 'Chukwu, Cy',
    rating: '1650',
    memberId: 'NG2',
    lifetimeGames: '12',
  })
  await players.register({ name: 'Bello, Bob', rating: '1588', memberId: 'NG3' })
  await players.register({ name: 'Newcomer, Nia', memberId: 'NG4' })
  await players.edit('Chukwu, Cy')
  await expect(page.getByLabel('Lifetime games')).toHaveValue('12')
  await page.getByRole('button', { name: 'Cancel' }).click()

  const settings = new SettingsPage(page)
  await shell.goTo('Settings')
  await expect(settings.ratingSystem('A').locator('option:checked')).toHaveText(
    'The rules’ default: NSA (tsh’s original formula)',
  )
  await expect(
    page.getByText(/^Default for NSA tournament rules \(1995\): .*a guess: /),
  ).toBeVisible()
  // The director says how the division is rated (the default, by name): the .t then has newr.
  await settings.chooseRatingSystem('A', 'NSA (tsh’s original formula) (default)')
  await expect(settings.ratingSystem('A')).toHaveValue('nsa')

  const rounds = new RoundsPage(page)
  const results = new ResultsPage(page)
  const standings = new StandingsPage(page)
  const after: Record<number, Record<string, string>> = {}
  for (const round of [1, 2]) {
    await shell.goTo('Rounds')
    await rounds.pair(round)
    await rounds.publish(round)
    await shell.goTo('Results')
    await results.enter('1 420 380', 1)
    await results.enter('2 400 350', 1)
    await shell.goTo('Standings')
    expect(await standings.headings()).toContain('New rating')
    after[round] = await newRatings(standings)
    // Every player has an estimate; the newcomer's is a first rating, not a change.
    for (const cell of Object.values(after[round] ?? {}))
      expect(cell).toMatch(/^\d+ \((\+\d+|-\d+|0|new)\)$/)
    expect(after[round]?.['Newcomer, Nia']).toMatch(/^\d+ \(new\)$/)
  }
  // Issue 22's worked example under nsa: 1739 beating 1588 → 1746, and 1588 → 1582.
  expect(after[1]).toMatchObject({ 'Adeyemi, Ann': '1746 (+7)', 'Bello, Bob': '1582 (-6)' })
  // Round 2 is rated again from the pre-event ratings: the column moved.
  expect(after[2]?.['Adeyemi, Ann']).not.toBe(after[1]?.['Adeyemi, Ann'])
  // The standings after round 1, looked at again, show round 1's estimates.
  await standings.afterRound(1)
  expect(await newRatings(standings)).toEqual(after[1])
  await standings.afterRound('latest')

  // The player's history: each round's estimate and change.
  const ann = await standings.openHistory('Adeyemi, Ann')
  await expect(ann.locator('thead')).toContainText('New rating')
  await expect(ann.locator('tbody tr').nth(0)).toContainText('1746 (+7)')
  await expect(ann.locator('tbody tr').nth(1)).toContainText(after[2]?.['Adeyemi, Ann'] ?? '?')

  // Printed standings and the ratings report (tsh's RATings) carry the same numbers.
  await shell.goTo('Print')
  const print = new PrintPage(page)
  await print.choose({ document: 'Standings', round: '2' })
  const printed = await print.documentHtml()
  expect(printed).toContain('New rating')
  for (const cell of Object.values(after[2] ?? {})) expect(printed).toContain(cell)
  await print.choose({ document: 'Rating estimates', round: '2' })
  const report = await print.documentHtml()
  expect(report).toContain('Rating estimates')
  expect(report).toContain('NSA (tsh’s original formula)')
  expect(report).toContain('unrated')
  // tsh's RATings lists the performance too, and says what it is.
  expect(report).toContain('<th class="num">Performance</th>')
  expect(report).toContain('byes and forfeits are not games')

  // The .t export: one estimate per round on every line (tsh's `newr`).
  await shell.goTo('Files')
  const files = new FilesPage(page)
  const exported = await files.download('Export .t…', testInfo.outputPath('a.t'))
  const line = exported.text.split('\n').find((l) => l.startsWith('Adeyemi, Ann'))
  const [, newr] = /;.*\bnewr ([\d ]+)/.exec(line ?? '') ?? []
  expect(newr?.trim().split(/\s+/)).toEqual([
    after[1]?.['Adeyemi, Ann']?.split(' ')[0],
    after[2]?.['Adeyemi, Ann']?.split(' ')[0],
  ])
  // The lifetime games typed at the desk go out as lifeg.
  const cy = exported.text.split('\n').find((l) => l.startsWith('Chukwu, Cy'))
  expect(cy).toMatch(/;.*\blifeg 12\b/)

  // A division rated by `none` shows no estimates anywhere.
  await shell.goTo('Settings')
  await settings.chooseRatingSystem('A', 'none (no estimates)')
  await shell.goTo('Standings')
  await expect(standings.table()).toBeVisible()
  expect(await standings.headings()).not.toContain('New rating')
})
