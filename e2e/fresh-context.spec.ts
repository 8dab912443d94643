import { expect, test } from './fixtures'
import { LAGOS_OPEN } from './data'
import { TournamentsPage } from './pages/tournaments-page'

test('a fresh browser context starts with no tournaments, even after another context saved one', async ({
  browser,
  shell,
  tournaments,
  tournament,
}) => {
  await shell.start()
  await expect(tournaments.emptyMessage).toBeVisible()
  await tournaments.create(LAGOS_OPEN)
  await expect(tournament.heading(LAGOS_OPEN.name)).toBeVisible()

  const other = await browser.newContext()
  try {
    const page = await other.newPage()
    await page.goto('/')
    const fresh = new TournamentsPage(page)
    await expect(fresh.emptyMessage).toBeVisible()
    await expect(fresh.table).toHaveCount(0)
  } finally {
    await other.close()
  }
})
