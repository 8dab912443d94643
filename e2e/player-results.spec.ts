import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import type { PairingSpec } from '../shared/tournament/commands'
import { AppShell } from './pages/app-shell'
import { PlayerPhonePage } from './pages/player-phone-page'
import { ResultsPage } from './pages/results-page'
import { seriousViolations } from './support/axe'
import { ConsoleWatch } from './support/console-watch'
import { Authority, repeatedAuthorityPort, stopAllAuthorities } from './support/serve'
import { closeAllDesks, joinDesk } from './support/venue-desks'
import { writeCheckInEvent } from './support/venue-event'

/*
 * Issue 30, "Result entry with the opponent confirming": the director opens result entry to the
 * division's phones on the Players & check-in screen (a browser desk approved as the director's,
 * the authority the built CLI's `serve`). At table 1 one player enters the result on his phone at
 * 390 × 844, reads it back and sends it; the opponent's page shows it and he confirms: the desk's
 * Results screen lists it entered. At table 2 the two enter different scores: the dispute is
 * listed on the director's Results screen and settled there. A third player's code sending
 * table 1's result by hand over plain HTTP is refused by the authority.
 */
const TABLES = 4
const PHONE = { width: 390, height: 844 }

test.use({ trace: 'off' })
test.afterEach(async () => {
  await closeAllDesks()
  await stopAllAuthorities()
})

test('players enter results from their phones, the opponent confirms, a dispute is settled at the desk (issue 30)', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  const event = writeCheckInEvent(mkdtempSync(join(tmpdir(), 'rackside-results-e2e-')), TABLES, 0)
  const paired = event.log.find((e) => e.command.type === 'pairRound')?.command
  const pairings: readonly PairingSpec[] = paired?.type === 'pairRound' ? paired.pairings : []
  const seated = (table: number): readonly [number, number] => {
    const found = pairings.find((p) => p.kind === 'game' && p.table === table)
    if (found?.kind !== 'game') throw new Error(`no table ${String(table)}`)
    return found.players
  }
  const authority = await Authority.start({
    eventFile: event.path,
    port: repeatedAuthorityPort('player-results', testInfo.repeatEachIndex),
  })
  const since = authority.mark()
  authority.send('codes')
  const { codes } = await authority.waitFor('codes', () => true, 30_000, since)
  const codeOf = (player: number) => {
    const found = codes.find((c) => c.player === player)
    if (found?.code == null) throw new Error(`player ${String(player)} has a code`)
    return { code: found.code, name: found.name }
  }

  const watch = new ConsoleWatch()
  const director = await joinDesk(browser, authority, watch, 'Director', {
    role: 'A results desk',
    as: 'director',
    timeout: 60_000,
  })
  await new AppShell(director.page).goTo('Players & check-in')
  const opened = authority.mark()
  await director.page.getByLabel('Players enter results from their phones').check()
  await authority.waitFor('accepted', (e) => e.type === 'setPhoneAccess', 30_000, opened)
  // The director gives the opponents a quarter of an hour to confirm, not the default 10 minutes.
  const minutes = director.page.getByLabel('Unconfirmed after')
  await expect(minutes).toHaveValue('10')
  const timed = authority.mark()
  // Typed as a director types it (a filled value fires no change when the box loses focus).
  await minutes.selectText()
  await minutes.pressSequentially('15')
  await minutes.press('Tab')
  await authority.waitFor('accepted', (e) => e.type === 'setPhoneAccess', 30_000, timed)
  await expect(minutes).toHaveValue('15')
  await new AppShell(director.page).goTo('History')
  await expect(
    director.page.getByRole('cell', {
      name: 'Phones in division A on 2026-03-14: enter results, the opponent confirms within 15 minutes',
    }),
  ).toBeVisible()

  const phoneContext = await browser.newContext({ viewport: PHONE })
  const phoneOf = async (player: number): Promise<PlayerPhonePage> => {
    const phone = new PlayerPhonePage(await phoneContext.newPage())
    watch.watch(phone.page, `phone ${String(player)}`)
    await phone.open(authority.url, codeOf(player).code)
    return phone
  }

  // Table 1: one enters, reads it back, sends; the other confirms on his own page.
  const [a, b] = seated(1)
  const [ann, bob] = [codeOf(a), codeOf(b)]
  const annPhone = await phoneOf(a)
  const bobPhone = await phoneOf(b)
  await expect(annPhone.result).toHaveAccessibleName('Your result, table 1')
  expect(await annPhone.sideways()).toBe(0)
  expect(await seriousViolations(annPhone.page)).toEqual([])
  await annPhone.enterResult(412, 398, 'I')
  await expect(annPhone.result).toContainText(`You 412, ${bob.name} 398, you started.`)
  const sent = authority.mark()
  await annPhone.send.click()
  await authority.waitFor('accepted', (e) => e.type === 'phoneResult', 30_000, sent)
  await expect(annPhone.result).toContainText(`Waiting for ${bob.name} to confirm.`)
  // The opponent's page shows the entry without a reload, in his own words.
  await expect(bobPhone.result).toContainText(
    `${ann.name} entered: You 398, ${ann.name} 412, ${ann.name} started.`,
  )
  await bobPhone.confirm.click()
  await expect(bobPhone.thisRound).toContainText('Lost 398–412')
  await expect(annPhone.thisRound).toContainText('Won 412–398')
  await expect(annPhone.result).toHaveCount(0)

  await new AppShell(director.page).goTo('Results')
  const results = new ResultsPage(director.page)
  await expect(results.entered).toContainText(`${bob.name} 398 – 412 ${ann.name}`)
  await expect(results.phoneDisputes).toHaveCount(0)

  // Table 2: different entries, a dispute on the director's Results screen, settled there.
  const [c, d] = seated(2)
  const [cy, di] = [codeOf(c), codeOf(d)]
  const cyPhone = await phoneOf(c)
  const diPhone = await phoneOf(d)
  await cyPhone.enterResult(400, 350, 'I')
  await cyPhone.send.click()
  await expect(diPhone.confirm).toBeVisible()
  await diPhone.enterResult(350, 410, cy.name)
  await expect(diPhone.result).toContainText(`You 350, ${cy.name} 410, ${cy.name} started.`)
  await diPhone.send.click()
  await expect(diPhone.result).toContainText('Your entries differ.')
  await expect(cyPhone.result).toContainText('Your entries differ.')
  await expect(results.phoneDisputes).toContainText('Table 2')
  await expect(results.phoneDisputes).toContainText('The entries differ')
  await expect(results.phoneDisputes).toContainText(`${di.name}’s phone`)
  await results.phoneDisputes.getByRole('button', { name: `Record ${cy.name}’s entry` }).click()
  await expect(results.phoneDisputes).toHaveCount(0)
  await expect(results.entered).toContainText(`${cy.name} 400 – 350 ${di.name}`)
  await expect(cyPhone.thisRound).toContainText('Won 400–350')

  // A third player's code sending table 1's result by hand, over plain HTTP: refused.
  const third = codeOf(seated(3)[0])
  const other = await phoneContext.request.post(`${authority.url}/me/${third.code}/propose`, {
    data: {
      command: {
        type: 'phoneResult',
        division: 'A',
        round: 1,
        table: 1,
        player: a,
        result: {
          kind: 'played',
          players: [a, b],
          scores: [300, 500],
          rawScores: [300, 500],
          overtimeSeconds: [0, 0],
        },
        at: 0,
      },
    },
  })
  expect(other.status()).toBe(403)
  expect(((await other.json()) as { error: string }).error).toBe('authority.not-own-player')
  await phoneContext.close()
  expect(watch.found()).toEqual([])
})
