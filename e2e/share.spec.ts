import { expect, test } from './fixtures'
import { LAGOS_OPEN } from './data'
import { SharePage } from './pages/share-page'

/*
 * Issue 21: a browser page cannot listen on the network, so in the browser build (npm run web)
 * the Venue network screen explains how to share and offers no control that cannot work.
 */
test('in a browser, the Venue network screen says sharing runs in the desktop app or rackside serve', async ({
  page,
  shell,
}) => {
  const share = new SharePage(page)
  await shell.start()
  await shell.nav.getByRole('link', { name: 'Venue network' }).click()

  await expect(share.heading).toBeVisible()
  await expect(share.panel).toContainText('desktop app')
  await expect(share.command).toHaveText('rackside serve EVENT.json --host 0.0.0.0')
  await expect(share.panel).toContainText('Desks need no install')
  await expect(share.shareButton).toHaveCount(0)
  await expect(share.panel.getByRole('button')).toHaveCount(0)
})

test('from an open tournament, the screen keeps the way back to its sections', async ({
  page,
  shell,
  tournaments,
}) => {
  const share = new SharePage(page)
  await shell.start()
  await tournaments.create(LAGOS_OPEN)
  const venue = shell.nav.getByRole('link', { name: 'Venue network' })
  await venue.click()
  await expect(venue).toHaveAttribute('aria-current', 'page')
  await expect(share.heading).toBeVisible()
  await expect(share.shareButton).toHaveCount(0)

  // The tournament's screens stay one key or one click away.
  await page.keyboard.press('1')
  await expect(shell.nav.getByRole('link', { name: 'Overview', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
})
