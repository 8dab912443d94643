import { expect, test } from './fixtures'
import { LAGOS_OPEN } from './data'
import { SharePage } from './pages/share-page'
import {
  askToJoin,
  installDesktopStandIn,
  leaveWaiting,
  standInCalls,
} from './support/desktop-stand-in'

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
  // The new tournament is open once its sections are links.
  await expect(shell.nav.getByRole('link', { name: 'Overview', exact: true })).toBeVisible()
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

test('in the desktop app, the director shares, approves and names desks, refuses one, revokes one and stops', async ({
  page,
  shell,
  tournaments,
  tournament,
}) => {
  await installDesktopStandIn(page)
  const share = new SharePage(page)
  await shell.start()
  await tournaments.create(LAGOS_OPEN)
  // The new tournament is open once its sections are links.
  await expect(shell.nav.getByRole('link', { name: 'Overview', exact: true })).toBeVisible()
  await shell.nav.getByRole('link', { name: 'Venue network' }).click()

  await expect(share.panel).toContainText(`Event: “${LAGOS_OPEN.name}”`)
  // Issue 27: the port is the director's to set before sharing, 1024–65535, else main's choice.
  const port = share.panel.getByRole('textbox', { name: 'Port' })
  await expect(port).toHaveValue('')
  await port.fill('80')
  await share.shareButton.click()
  await expect(share.panel.getByRole('alert')).toHaveText(
    'The port must be a whole number from 1024 to 65535.',
  )
  await port.fill('')
  await share.shareButton.click()
  await expect(share.panel).toContainText('Port 8421')
  await expect(share.addresses.getByRole('listitem')).toHaveText([
    'http://192.168.1.20:8421',
    'http://127.0.0.1:8421',
  ])
  await expect(share.qrCode('http://192.168.1.20:8421')).toBeVisible()
  // Issue 31: the address broadcasts ask for as "a link to your TSH tourney.js".
  await expect(share.panel).toContainText('http://192.168.1.20:8421/tourney.js')

  await askToJoin(page, 'ACDEF3', 'results', 'Firefox on a tablet')
  await askToJoin(page, 'XY4679', 'projector', 'Chrome on the hall PC')
  await askToJoin(page, 'KMN734', 'results', 'a phone')
  await expect(share.request('ACDEF3').getByLabel('Name')).toHaveValue('Desk 1')
  await expect(share.request('XY4679').getByLabel('Name')).toHaveValue('Projector')
  await expect(share.request('KMN734').getByLabel('Name')).toHaveValue('Desk 2')
  await expect(share.request('XY4679')).toContainText('Chrome on the hall PC')

  // Issue 27: each asks for a role; the director's choice wins (here: a browser as director).
  await expect(share.request('ACDEF3').getByLabel('Role')).toHaveValue('results')
  await expect(share.request('XY4679').getByLabel('Role')).toHaveValue('projector')
  await share.request('ACDEF3').getByLabel('Role').selectOption('director')
  // Keyboard only: the director renames the desk and approves it with Enter.
  await share.request('ACDEF3').getByLabel('Name').fill('Desk 2 by the door')
  await share.request('ACDEF3').getByLabel('Name').press('Enter')
  await share.request('XY4679').getByRole('button', { name: 'Approve' }).click()
  await share.request('KMN734').getByRole('button', { name: 'Refuse' }).click()
  await expect(share.desks.getByRole('listitem')).toHaveCount(2)
  await expect(share.desks).toContainText('Desk 2 by the door')
  await expect(share.desks.getByRole('listitem').first()).toContainText('Director')

  await share.desks.getByRole('button', { name: 'Revoke Desk 2 by the door' }).click()
  await expect(share.desks.getByRole('listitem')).toHaveCount(1)

  // While sharing, the director's own command goes to the authority in main, not to this storage.
  await shell.goTo('Overview')
  await tournament.addDivision('B')
  await shell.nav.getByRole('link', { name: 'Venue network' }).click()
  await share.stopButton.click()
  await expect(share.status).toContainText('Sharing stopped.')
  // The tournament created (1) and the division the authority accepted (2).
  await expect(share.status).toContainText('whole log: 2 commands')
  await expect(share.shareButton).toBeVisible()
  await shell.goTo('Overview')
  await expect(tournament.division('B')).toBeVisible()

  const calls = await standInCalls(page)
  // The port refused on the screen never reached main: main chose (null).
  expect(calls[0]?.[2]).toBeNull()
  expect(calls.map(([name]) => name)).toEqual([
    'share',
    'approve',
    'approve',
    'refuse',
    'revoke',
    'propose',
    'stop',
  ])
  expect(calls[5]).toEqual([
    'propose',
    expect.objectContaining({ command: { type: 'addDivision', name: 'B' } }),
  ])
  expect(calls.slice(1, 5)).toEqual([
    ['approve', 'ACDEF3', 'Desk 2 by the door', 'director'],
    ['approve', 'XY4679', 'Projector', 'projector'],
    ['refuse', 'KMN734'],
    ['revoke', 'Desk 2 by the door'],
  ])
})

test('issue 27: "Refuse all" clears a flood of join requests; a revoked desk’s waiting commands are decided or let go', async ({
  page,
  shell,
  tournaments,
}) => {
  await installDesktopStandIn(page)
  const share = new SharePage(page)
  await shell.start()
  await tournaments.create(LAGOS_OPEN)
  await expect(shell.nav.getByRole('link', { name: 'Overview', exact: true })).toBeVisible()
  await shell.nav.getByRole('link', { name: 'Venue network' }).click()
  const refuseAll = share.panel.getByRole('button', { name: 'Refuse all' })
  await share.shareButton.click()
  await expect(share.panel).toContainText('Port 8421')
  // Nothing waits: nothing to refuse.
  await expect(refuseAll).toHaveCount(0)

  await askToJoin(page, 'ACDEF3', 'results', 'a phone')
  await askToJoin(page, 'XY4679', 'results', 'a phone')
  await askToJoin(page, 'KMN734', 'projector', 'a phone')
  await expect(share.request('KMN734')).toBeVisible()
  await refuseAll.click()
  await expect(share.request('ACDEF3')).toHaveCount(0)
  await expect(share.request('XY4679')).toHaveCount(0)
  await expect(share.request('KMN734')).toHaveCount(0)
  await expect(share.panel).toContainText('No desk is waiting.')
  await expect(refuseAll).toHaveCount(0)

  await leaveWaiting(page, 'Desk 3', ['Result of table 4: Ann 402, Ben 377', 'Check-in of Cleo'])
  await leaveWaiting(page, 'Desk 5', ['Penalty of 10 points for Dan'])
  const desk3 = share.panel.getByRole('group', { name: 'Waiting commands of Desk 3' })
  const desk5 = share.panel.getByRole('group', { name: 'Waiting commands of Desk 5' })
  await expect(desk3.getByRole('listitem')).toHaveText([
    'Result of table 4: Ann 402, Ben 377',
    'Check-in of Cleo',
  ])
  await desk3.getByRole('button', { name: 'Decide them as Desk 3’s' }).click()
  await expect(desk3).toHaveCount(0)
  await desk5.getByRole('button', { name: 'Let them go' }).click()
  await expect(desk5).toHaveCount(0)

  const calls = await standInCalls(page)
  expect(calls.slice(1)).toEqual([['refuseAll'], ['take', 'Desk 3'], ['drop', 'Desk 5']])
})
