import { expect, test } from './fixtures'
import { LAGOS_OPEN } from './data'

test('issue 21: without crypto.randomUUID (a desk at a plain-http venue address) the app starts, creates and registers', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  // A page served over plain http from another machine is not a secure context: no randomUUID.
  await page.addInitScript(() => {
    Reflect.deleteProperty(Crypto.prototype, 'randomUUID')
  })
  await shell.start()
  expect(await page.evaluate(() => 'randomUUID' in crypto)).toBe(false)
  await tournaments.create(LAGOS_OPEN)
  await expect(tournament.heading(LAGOS_OPEN.name)).toBeVisible()
  await tournament.addDivision('A')
  await shell.goTo('Players & check-in')
  await players.register({
    name: 'Adeyemi, Ada',
    rating: '1600',
    memberId: 'NGA001',
    club: 'Lagos',
  })
  // Stored before the reload, as the desk sees it (under load the reload could come first).
  await expect(players.rows('A')).toHaveCount(1)
  await shell.reload()
  await expect(players.rows('A')).toHaveCount(1)
})
