import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { AppShell } from './pages/app-shell'
import { CheckinPage } from './pages/checkin-page'
import { HistoryPage } from './pages/history-page'
import { PlayerPhonePage } from './pages/player-phone-page'
import { seriousViolations } from './support/axe'
import { ConsoleWatch } from './support/console-watch'
import { Authority, repeatedAuthorityPort, stopAllAuthorities } from './support/serve'
import { closeAllDesks, joinDesk } from './support/venue-desks'
import { VENUE_FIRST_DAY, writeCheckInEvent } from './support/venue-event'

/*
 * Issue 30: the director turns self check-in on for the division and day on the Players & check-in
 * screen (a browser desk approved as the director's, the authority the built CLI's `serve`); a
 * player's phone at 360 × 640 shows the big "Check in" button as soon as it is on, without a
 * reload, checks him in, and says when; the desk sees it as any check-in and History names the
 * phone. Another player's check-in sent by hand over HTTP is refused by the authority.
 */
const TABLES = 4
const SMALL_PHONE = { width: 360, height: 640 }

test.use({ trace: 'off' })
test.afterEach(async () => {
  await closeAllDesks()
  await stopAllAuthorities()
})

test('a player checks himself in from his phone once the director turns it on (issue 30)', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  // 8 players, round 1 published, players 1 and 2 checked in already.
  const event = writeCheckInEvent(mkdtempSync(join(tmpdir(), 'rackside-check-in-e2e-')), TABLES, 2)
  const authority = await Authority.start({
    eventFile: event.path,
    port: repeatedAuthorityPort('player-check-in', testInfo.repeatEachIndex),
  })
  const since = authority.mark()
  authority.send('codes')
  const { codes } = await authority.waitFor('codes', () => true, 30_000, since)
  const three = codes.find((c) => c.player === 3)
  const four = codes.find((c) => c.player === 4)
  if (three?.code == null || four?.code == null) throw new Error('players 3 and 4 have codes')

  const watch = new ConsoleWatch()
  const director = await joinDesk(browser, authority, watch, 'Director', {
    role: 'A check-in desk',
    as: 'director',
    timeout: 60_000,
  })
  expect(director.role).toBe('director')
  await new AppShell(director.page).goTo('Players & check-in')
  const checkin = new CheckinPage(director.page)
  await expect(checkin.count).toHaveText('2 of 8 checked in; 6 missing', { timeout: 60_000 })

  const phoneContext = await browser.newContext({ viewport: SMALL_PHONE })
  const phone = new PlayerPhonePage(await phoneContext.newPage())
  watch.watch(phone.page, 'phone')
  await phone.open(authority.url, three.code)
  await expect(phone.name).toHaveText(three.name)
  await expect(phone.checkInButton).toHaveCount(0)

  // The director ticks the box; the phone's page shows the button without a reload.
  const turnedOn = authority.mark()
  await director.page.getByLabel('Players check in from their phones').check()
  await authority.waitFor('accepted', (e) => e.type === 'setPhoneAccess', 30_000, turnedOn)
  await expect(phone.checkInButton).toBeVisible()
  expect(await phone.sideways()).toBe(0)
  expect(await seriousViolations(phone.page)).toEqual([])

  await phone.checkInButton.click()
  await expect(phone.checkedIn).toHaveText(/^Checked in at \d\d:\d\d\.$/)
  await expect(phone.checkInButton).toHaveCount(0)
  expect(await phone.sideways()).toBe(0)

  // The desk sees it as any check-in; History names the phone that gave it.
  await expect(checkin.checkedInButton(three.name)).toHaveAttribute('aria-pressed', 'true')
  await expect(checkin.count).toHaveText('3 of 8 checked in; 5 missing')
  await new AppShell(director.page).goTo('History')
  await expect(new HistoryPage(director.page).log.locator('tbody tr').first()).toContainText(
    `${three.name}’s phone`,
  )

  // Player 4's code sending player 5's check-in by hand, over plain HTTP: refused, not logged.
  const other = await phoneContext.request.post(`${authority.url}/me/${four.code}/propose`, {
    data: {
      command: { type: 'checkIn', division: 'A', player: 5, day: VENUE_FIRST_DAY },
    },
  })
  expect(other.status()).toBe(403)
  expect(((await other.json()) as { error: string }).error).toBe('authority.not-own-player')
  await phoneContext.close()
  expect(watch.found()).toEqual([])
})
