import { expect, test } from './fixtures'
import { CheckinPage } from './pages/checkin-page'
import { HistoryPage } from './pages/history-page'
import { RoundsPage } from './pages/rounds-page'
import type { NewTournament } from './pages/tournaments-page'

const KUCHING: NewTournament = {
  name: 'Kuching Schools Cup',
  venue: 'Kuching Civic Centre',
  startDate: '2026-12-05',
  endDate: '2026-12-06',
  rounds: '3',
  rules: 'NEON competition rules',
}

/**
 * Four players over three rounds play a round robin: round 1 is Lim–Chin and Wong–Tan. NEON draws
 * for first when no one has started, and a drawn table lists the higher-ranked player first.
 */
const PLAYERS = [
  ['Lim, Mei', '1900', 'MY01'],
  ['Wong, Ah Kow', '1800', 'MY02'],
  ['Tan, Siew', '1700', 'MY03'],
  ['Chin, Boon', '1600', 'MY04'],
] as const

// The director's desk is in Kuching (UTC+8): times on screen are local, never UTC.
test.use({ timezoneId: 'Asia/Kuching', locale: 'en-US' })

test('both players of a table never arrive: the clock proposes a double forfeit, never a win for an absent player', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(120_000)
  // 01:00 UTC is 09:00 in Kuching.
  await page.clock.install({ time: new Date('2026-12-05T01:00:00Z') })
  await shell.start()
  await tournaments.create(KUCHING)
  await tournament.addDivision('A')
  await shell.goTo('Players & check-in')
  for (const [name, rating, memberId] of PLAYERS) await players.register({ name, rating, memberId })
  // The desk did not open this morning: nobody is checked in, so the round pairs everybody.
  const checkin = new CheckinPage(page)
  await expect(checkin.count).toHaveText('0 of 4 checked in; 4 missing')

  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  await rounds.pair(1)
  expect(await rounds.pairingRows(1)).toEqual([
    ['1', '#1 Lim, Mei', '#4 Chin, Boon'],
    ['2', '#2 Wong, Ah Kow', '#3 Tan, Siew'],
  ])
  await rounds.publish(1)
  // The round starts at 09:30 sharp, Kuching time (01:30 UTC); the clock then moves only on demand.
  await page.clock.pauseAt(new Date('2026-12-05T01:30:00Z'))
  await rounds.startClock(1, ['Lim, Mei', 'Tan, Siew', 'Wong, Ah Kow'])
  await expect(page.getByText('Round 1 started at')).toContainText('09:30:00')

  // Lim sits down five minutes late: the arrival is shown in local time and checks her in.
  await page.clock.fastForward('05:00')
  await rounds.arrived('Lim, Mei')
  await expect(rounds.lateTable.getByRole('row', { name: /Lim, Mei/ })).toContainText('09:35:00')
  await expect(rounds.timeLeft('Lim, Mei')).toHaveText('20:00')

  // NEON: neither Tan nor Wong arrives before their 25 minutes run out.
  await page.clock.fastForward('20:01')
  await expect(rounds.timeLeft('Tan, Siew')).toHaveText('0:00')
  await expect(rounds.timeLeft('Wong, Ah Kow')).toHaveText('0:00')
  await expect(page.getByRole('button', { name: /Confirm forfeit by/ })).toHaveCount(0)
  await page.getByRole('button', { name: 'Confirm double forfeit at table 2' }).click()
  await expect(rounds.lateTable.getByRole('row', { name: /Wong, Ah Kow/ })).toContainText(
    'result entered',
  )

  await shell.goTo('Players & check-in')
  await expect(checkin.count).toHaveText('1 of 4 checked in; 3 missing')
  await expect(checkin.checkedInButton('Lim, Mei')).toHaveAttribute('aria-pressed', 'true')

  await shell.goTo('History')
  const texts = await new HistoryPage(page).texts()
  expect(texts.join('\n')).toContain('Started round 1 at 09:30:00 AM')
  expect(texts.join('\n')).toContain('Lim, Mei (#1) checked in for 2026-12-05')
  expect(texts.join('\n')).toContain('Lim, Mei (#1) arrived at 09:35:00 AM (5 min late)')
  expect(texts.join('\n')).toContain(
    'Round 1, table 2: Wong, Ah Kow and Tan, Siew both forfeit, −100 each',
  )
})

test('issue 28, MSA guide Before starting: both late players arrive with under 15 minutes left, and each is offered the choice, whatever the seat', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(120_000)
  await page.clock.install({ time: new Date('2026-12-05T01:00:00Z') })
  await shell.start()
  await tournaments.create({ ...KUCHING, rules: 'MSA rules guide' })
  await tournament.addDivision('A')
  await shell.goTo('Players & check-in')
  for (const [name, rating, memberId] of PLAYERS) await players.register({ name, rating, memberId })

  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  await rounds.pair(1)
  await rounds.publish(1)
  await page.clock.pauseAt(new Date('2026-12-05T01:30:00Z'))
  await rounds.startClock(1, ['Tan, Siew', 'Wong, Ah Kow'])
  await page.clock.fastForward('11:00')
  await rounds.arrived('Wong, Ah Kow')
  await page.clock.fastForward('01:00')
  await rounds.arrived('Tan, Siew')
  // Wong has 14 minutes left and Tan 13: each may choose to play or to forfeit.
  const choice = (name: string) => page.getByRole('button', { name: `${name} chooses to forfeit` })
  await expect(choice('Wong, Ah Kow')).toBeVisible()
  await expect(choice('Tan, Siew')).toBeVisible()
  await choice('Tan, Siew').click()
  await expect(rounds.lateTable.getByRole('row', { name: /Tan, Siew/ })).toContainText(
    'result entered',
  )
  await shell.goTo('History')
  const texts = await new HistoryPage(page).texts()
  expect(texts.join('\n')).toMatch(
    /Round 1, table \d+: Wong, Ah Kow wins by forfeit .* over Tan, Siew/,
  )
})
