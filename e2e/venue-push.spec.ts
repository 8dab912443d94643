import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { LAGOS_OPEN } from './data'
import type { AppShell } from './pages/app-shell'
import { SharePage } from './pages/share-page'
import type { TournamentsPage } from './pages/tournaments-page'
import { VenuePushPage } from './pages/venue-push-page'
import { installDesktopStandIn, reportPush, standInCalls } from './support/desktop-stand-in'

/*
 * Issue 31: the director pushes the event's log to a CouchDB online from the Venue network
 * screen: the address, the password asked at this start, Start, the state as the authority
 * reports it (the problem in words, then "sent"), Stop. Electron's binary cannot run here, so
 * main is the desktop stand-in, which answers as main does.
 */
/** The event shared from the app (main is the desktop stand-in), its push part shown. */
async function sharingLagosOpen(
  page: Page,
  shell: AppShell,
  tournaments: TournamentsPage,
): Promise<VenuePushPage> {
  await installDesktopStandIn(page)
  const share = new SharePage(page)
  await shell.start()
  await tournaments.create(LAGOS_OPEN)
  await expect(shell.nav.getByRole('link', { name: 'Overview', exact: true })).toBeVisible()
  await shell.nav.getByRole('link', { name: 'Venue network' }).click()
  await share.shareButton.click()
  await expect(share.panel).toContainText('Port 8421')
  return new VenuePushPage(page)
}

test('the director enters the database address and password, starts the push, sees it sent, and stops it', async ({
  page,
  shell,
  tournaments,
}) => {
  const online = await sharingLagosOpen(page, shell, tournaments)

  await expect(online.password).toHaveAttribute('type', 'password')
  await online.address.fill('https://director@couch.example.org/lagos-open')
  await online.password.fill('s3cret-pw')
  await online.start.click()

  // The password reached main once, with the address; the field is empty again.
  const started = (await standInCalls(page)).filter(([name]) => name === 'startPush')
  expect(started).toEqual([
    ['startPush', 'https://director@couch.example.org/lagos-open', 's3cret-pw'],
  ])
  await expect(online.password).toHaveValue('')
  await expect(online.value('Database')).toHaveText('https://couch.example.org/lagos-open')
  await expect(online.value('State')).toHaveText('Connecting…')

  // The online database refuses the password: said in words, nothing sent, all waiting.
  await reportPush(page, {
    phase: 'error',
    problem: 'wrong-password',
    detail: 'Name or password is incorrect.',
  })
  await expect(online.value('Why')).toContainText(
    'https://couch.example.org/lagos-open says the name or password is wrong (401)',
  )
  await expect(online.value('Last sent')).toHaveText('Nothing sent yet.')

  // Back, and sent: when, how many, nothing waiting.
  await reportPush(page, { phase: 'sent', problem: null, detail: null })
  await expect(online.value('State')).toHaveText('Sent: the online database holds the whole log.')
  await expect(online.value('Last sent')).toContainText(/^\d+ commands?, last at /)
  await expect(online.value('Waiting')).toHaveText('0 commands')
  await expect(online.value('Why')).toHaveCount(0)

  await online.stop.click()
  await expect(online.value('State')).toHaveText('Stopped.')
  await expect(online.start).toBeVisible()
  // The address stays for the next start; the password is nowhere on the page.
  await expect(online.address).toHaveValue('https://director@couch.example.org/lagos-open')
  expect(await page.content()).not.toContain('s3cret-pw')
})

test('issue 31: the director has this computer remember the password, starts with the field empty, then forgets it', async ({
  page,
  shell,
  tournaments,
}) => {
  const online = await sharingLagosOpen(page, shell, tournaments)

  const address = 'https://director@couch.example.org/lagos-open'
  await online.address.fill(address)
  await expect(online.forget).toHaveCount(0)
  await online.password.fill('s3cret-pw')
  await online.remember.check()
  await online.start.click()
  await expect(online.forget).toBeVisible()
  await expect(online.region).toContainText('Remembered on this computer')
  // Main got it once to start and once to keep; the window holds it nowhere.
  const calls = (await standInCalls(page)).filter(([name]) => /Push/.test(String(name)))
  expect(calls).toEqual([
    ['startPush', address, 's3cret-pw'],
    ['rememberPushPassword', address, 's3cret-pw'],
  ])
  await expect(online.password).toHaveValue('')
  await expect(online.remember).not.toBeChecked()

  // The next start has nothing typed: main uses the remembered password.
  await online.stop.click()
  await expect(online.value('State')).toHaveText('Stopped.')
  await online.start.click()
  await expect(online.value('State')).toHaveText('Connecting…')
  expect((await standInCalls(page)).filter(([name]) => name === 'startPush').at(-1)).toEqual([
    'startPush',
    address,
    '',
  ])

  await online.forget.click()
  await expect(online.forget).toHaveCount(0)
  expect((await standInCalls(page)).filter(([name]) => name === 'forgetPushPassword')).toEqual([
    ['forgetPushPassword', address],
  ])
  expect(await page.content()).not.toContain('s3cret-pw')
})
