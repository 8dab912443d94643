import { expect, test } from './fixtures'
import { CheckinPage } from './pages/checkin-page'
import { ManualPairingPage } from './pages/manual-pairing-page'
import { RoundsPage } from './pages/rounds-page'
import { newEvent, pairRoundOne } from './support/two-divisions'

/*
 * Issue 19: one hall, one set of table numbers. A's four players take tables 1–2, so B follows on
 * 3–4 by default; a first table the director moves renumbers the round being played at once (no
 * re-pair), and two divisions on one table are named. Day 2 starts with a roll call under NSA,
 * whose players need not re-register: a day-2 no-show is named before and after pairing.
 */

const tablesOf = async (rounds: RoundsPage): Promise<string[]> =>
  (await rounds.games(1)).map((g) => g.table)
const playersOf = async (rounds: RoundsPage): Promise<string[][]> =>
  (await rounds.games(1)).map((g) => g.players)

test('tables run on across the hall; a moved first table renumbers the round without a re-pair', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(120_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A', 'B'])
  const rounds = await pairRoundOne(page, shell, ['A', 'B'])

  // B follows A: tables 3–4, no warning.
  expect(await tablesOf(rounds)).toEqual(['3', '4'])
  await expect(rounds.hallTables).toHaveText('Tables 3–4 (after the divisions before it)')
  await expect(page.getByLabel('First table of division B')).toHaveValue('3')
  await expect(rounds.tablesShared).toHaveCount(0)
  await rounds.chooseDivision('A')
  expect(await tablesOf(rounds)).toEqual(['1', '2'])
  await expect(rounds.hallTables).toHaveText('Tables 1–2 (after the divisions before it)')

  // B moved onto A's table 2: renumbered at once, the same games, and the overlap named on both.
  await rounds.chooseDivision('B')
  const games = await playersOf(rounds)
  await rounds.numberTablesFrom('B', 2)
  await expect(page.getByRole('status').filter({ hasText: 'tables from' })).toContainText(
    'round 1 renumbered',
  )
  expect(await tablesOf(rounds)).toEqual(['2', '3'])
  expect(await playersOf(rounds)).toEqual(games)
  await expect(rounds.tablesShared).toHaveText(
    'Divisions A (tables 1–2) and B (tables 2–3) both use table 2.',
  )
  await rounds.chooseDivision('A')
  await expect(rounds.tablesShared).toContainText('both use table 2')
  // The message about B's tables is not shown on A's screen.
  await expect(page.getByRole('status').filter({ hasText: 'tables from' })).toHaveCount(0)

  // Moved clear of A: no warning; undo puts the round back on 2–3.
  await rounds.chooseDivision('B')
  await rounds.numberTablesFrom('B', 11)
  expect(await tablesOf(rounds)).toEqual(['11', '12'])
  await expect(rounds.hallTables).toHaveText('Tables 11–12 (set by you)')
  await expect(rounds.tablesShared).toHaveCount(0)
  await shell.goTo('History')
  await expect(
    page.getByText(/Undoes: .*Tables in division B numbered from 11, round 1 renumbered/),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Undo last command' }).click()
  await shell.goTo('Rounds')
  await expect(rounds.divisionButton('B')).toHaveAttribute('aria-pressed', 'true')
  await expect.poll(() => tablesOf(rounds)).toEqual(['2', '3'])
})

test('day 2 starts with a roll call under NSA: a no-show is named, and paired with a warning', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(120_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A'])
  const checkin = new CheckinPage(page)
  await checkin.day.selectOption('2026-12-05')
  for (const name of ['Adu', 'Baah', 'Cudjoe', 'Dede']) await checkin.checkIn(name)
  await expect(checkin.count).toHaveText('4 of 4 checked in; 0 missing')
  await expect(checkin.rollCall).toHaveCount(0)

  // Day 2: nobody seen yet, although NSA lets day 1's check-in stand.
  await checkin.day.selectOption('2026-12-06')
  await expect(checkin.count).toHaveText('0 of 4 checked in; 4 missing')
  await expect(checkin.rollCall).toContainText('Dede, Yaw (#4)')
  for (const name of ['Adu', 'Baah', 'Cudjoe']) await checkin.checkIn(name)
  await expect(checkin.count).toHaveText('3 of 4 checked in; 1 missing')
  await expect(checkin.rollCall).toHaveText(/: Dede, Yaw \(#4\)\./)
  await expect(checkin.checkedInButton('Dede, Yaw')).toHaveAttribute('aria-pressed', 'false')

  // Rounds: Dede is named before pairing, still paired (NSA), and named in the summary.
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  await rounds.pair(1)
  await expect(rounds.notSeenToday).toContainText('Dede, Yaw (#4)')
  await expect(rounds.summary).toContainText('Paired but not seen on')
  await expect(rounds.summary).toContainText('Dede, Yaw (#4)')
  expect((await rounds.games(1)).flatMap((g) => g.players)).toContain('Dede, Yaw')
})

test('day 2: typed pairings name the players not seen today, as the Pair button does', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(120_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A'])
  const checkin = new CheckinPage(page)
  await checkin.day.selectOption('2026-12-05')
  for (const name of ['Adu', 'Baah', 'Cudjoe', 'Dede']) await checkin.checkIn(name)
  await checkin.day.selectOption('2026-12-06')
  for (const name of ['Adu', 'Baah', 'Cudjoe']) await checkin.checkIn(name)

  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  await new ManualPairingPage(page).type(1, 'adu dede, baah cudjoe', 'refuse')
  await expect(rounds.pairings(1)).toBeVisible()
  await expect(rounds.summary).toContainText('Typed by the director: 2 pairings')
  await expect(rounds.summary).toContainText('Paired but not seen on')
  await expect(rounds.summary).toContainText('Dede, Yaw (#4)')
})
