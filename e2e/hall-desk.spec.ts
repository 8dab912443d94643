import { expect, test } from './fixtures'
import { CheckinPage } from './pages/checkin-page'
import { PrizesPage } from './pages/prizes-page'
import { ResultsPage } from './pages/results-page'
import { RoundsPage } from './pages/rounds-page'
import { newHall } from './support/hall'
import { checkRoundsLayout } from './support/layout'

/*
 * Issue 19, "Done when": a desk runs three divisions at 1366×768 (A 22 players by Latin-1 CSV, B 15
 * typed in, C 8 in a round robin) through clocks, late players, pairing, re-pairing, day 2 and
 * prizes, switching divisions between every step; the screenshots are checked for overlap from
 * the DOM's geometry, and nothing of one division appears or acts in another.
 */
test.use({ trace: 'off', viewport: { width: 1366, height: 768 } })

test('three divisions at 1366×768: clocks, late players, pairing, re-pairing, day 2 and prizes', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}, testInfo) => {
  test.setTimeout(300_000)
  await page.clock.install({ time: new Date('2026-12-05T09:00:00') })
  await newHall({ shell, tournaments, tournament, players }, { A: 22, B: 15, C: 8 })
  // C's Players screen shows no word of A's CSV import.
  await expect(page.getByText(/Imported \d+ player/)).toHaveCount(0)

  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  // Pair B, then C: C never shows B's pairing summary.
  await rounds.chooseDivision('B')
  await rounds.pair(1)
  await expect(rounds.summary).toBeVisible()
  await rounds.chooseDivision('C')
  await expect(rounds.summary).toHaveCount(0)
  await rounds.pair(1)
  await expect(page.getByText('System: round robin.')).toBeVisible()
  await rounds.chooseDivision('A')
  await rounds.pair(1)
  // A just paired: no game of it is a "thing to settle".
  await expect(rounds.blockers).toHaveCount(0)
  await expect(rounds.pairings(1).locator('tbody tr')).toHaveCount(11)
  await checkRoundsLayout(page, testInfo, 'A round 1 paired')
  // A reason on demand, below the table: the row stays one line.
  await page.getByRole('button', { name: 'Why table 1', exact: true }).click()
  await expect(page.getByRole('note', { name: 'Reason for table 1' })).toBeVisible()
  // A locked table's wider "Unlock" stays whole in its cell.
  await page.getByRole('button', { name: 'Lock table 11' }).click()
  await expect(page.getByRole('button', { name: 'Unlock table 11' })).toBeVisible()
  await checkRoundsLayout(page, testInfo, 'A round 1, a reason shown, table 11 locked')

  // Publish all three from A's screen; then B's clock with its #11 and one whole table absent.
  await page.getByRole('button', { name: 'Publish every division' }).click()
  await expect(page.getByRole('list', { name: 'Every division' })).toContainText(
    'C: round 1 published',
  )
  await rounds.chooseDivision('B')
  const bGames = await rounds.games(1)
  // B's #11 (the 11th registered, "… B10"): the player number A's #11 shares.
  const eleven = bGames.flatMap((g) => g.players).find((p) => p.endsWith(' B10'))
  const [absentA, absentB] = bGames.find((g) => !g.players.includes(eleven ?? ''))?.players ?? [
    '',
    '',
  ]
  expect(eleven).toBeDefined()
  await page.clock.pauseAt(new Date('2026-12-05T09:30:00'))
  await rounds.startClock(1, [absentA, absentB, eleven ?? ''])
  await expect(rounds.lateTable).toContainText(eleven ?? '')
  await expect(page.getByRole('button', { name: `${absentA} arrived` })).toBeVisible()
  await checkRoundsLayout(page, testInfo, 'B clock running, three late')

  // A's clock: nothing of B's ticks, and A starts with nobody late.
  await rounds.chooseDivision('A')
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0)
  await rounds.startClock(1, [])
  await expect(page.getByText('Nobody was late.')).toBeVisible()
  await checkRoundsLayout(page, testInfo, 'A clock running')

  // B's #11 arrives; 25 minutes later the absent table is a double forfeit, in B only.
  await rounds.chooseDivision('B')
  await rounds.arrived(eleven ?? '')
  await page.clock.fastForward('26:00')
  const double = page.getByRole('button', { name: /^Confirm double forfeit at table \d+$/ })
  await expect(double).toBeVisible()
  await checkRoundsLayout(page, testInfo, 'B time ran out')
  await rounds.chooseDivision('A')
  await expect(page.getByRole('button', { name: /Confirm (double )?forfeit/ })).toHaveCount(0)
  await expect(page.getByText('Time ran out')).toHaveCount(0)
  await rounds.chooseDivision('B')
  await double.click()
  await expect(double).toBeHidden()

  // Results for every division, switching between them (tables across the hall: A 1–11, B 12–18,
  // C 19–22).
  await shell.goTo('Results')
  const results = new ResultsPage(page)
  for (const [division, first, last] of [
    ['A', 1, 11],
    ['C', 19, 22],
    ['B', 12, 18],
  ] as const) {
    await results.line.blur()
    await page
      .getByRole('group', { name: 'Division' })
      .getByRole('button', { name: `Division ${division}` })
      .click()
    for (let table = first; table <= last; table++) {
      if ((await results.missing.getByText(`Table ${table}:`).count()) === 0) continue
      await results.enter(`${table} ${380 + table}* ${350 + (table % 3) * 20}`)
    }
    await expect(results.missing.getByRole('listitem')).toHaveCount(0)
  }

  // Round 2 of every division at once; A's is paired again, B looked at in the middle.
  await shell.goTo('Rounds')
  await page.getByRole('button', { name: 'Pair every division' }).click()
  await expect(page.getByRole('list', { name: 'Every division' })).toContainText(
    'C: round 2 paired',
  )
  await rounds.chooseDivision('A')
  await rounds.pairAgain(2)
  await expect(page.getByRole('status').filter({ hasText: 'paired again' })).toBeAttached()
  await rounds.chooseDivision('B')
  await expect(page.getByText(/paired again/)).toHaveCount(0)
  await expect(rounds.pairings(2)).toBeVisible()
  await checkRoundsLayout(page, testInfo, 'B round 2 paired')
  await rounds.chooseDivision('A')
  await expect(rounds.pairings(2).locator('tbody tr')).toHaveCount(11)

  // Day 2: C's desk checks in 7 of its 8; A's screen has no check-in box of C's.
  await shell.goTo('Players & check-in')
  const checkin = new CheckinPage(page)
  await players.chooseDivision('C')
  await checkin.day.selectOption('2026-12-06')
  for (const name of ['Ansah', 'Boateng', 'Çelik', 'Danso', 'Éboué', 'Frimpong', 'Gyamfi'])
    await checkin.checkIn(name)
  await expect(checkin.count).toHaveText('7 of 8 checked in; 1 missing')
  await shell.goTo('Rounds')
  await rounds.chooseDivision('C')
  // Issue 28: the Rounds screen counts as the check-in desk does.
  await expect(page.getByText('7 of 8 checked in today;')).toBeVisible()
  await expect(rounds.onlyCheckedIn).toBeVisible()
  await rounds.chooseDivision('A')
  await expect(rounds.onlyCheckedIn).toHaveCount(0)
  await checkRoundsLayout(page, testInfo, 'A on day 2')

  // Prizes: A's prize table is A's; B shows none of it.
  await shell.goTo('Prizes')
  const prizes = new PrizesPage(page)
  await prizes.division('A')
  await prizes.addPrize('Place', '100')
  await prizes.save()
  await expect(prizes.winners).toBeVisible()
  await prizes.division('B')
  await expect(prizes.winners).toHaveCount(0)
  await prizes.division('A')
  await expect(prizes.winners).toBeVisible()
})
