import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import type { Command } from '../shared/tournament/commands'
import type { Division } from '../shared/tournament/types'
import { AppShell } from './pages/app-shell'
import { CheckinPage } from './pages/checkin-page'
import type { JoinAs } from './pages/join-page'
import { PlayersPage } from './pages/players-page'
import { ResultsPage } from './pages/results-page'
import { ConsoleWatch } from './support/console-watch'
import { Authority, authorityPort, stopAllAuthorities } from './support/serve'
import { readCopy } from './support/venue-copies'
import { closeAllDesks, joinDesk, type JoinedDesk } from './support/venue-desks'
import {
  VENUE_FIRST_DAY,
  writeCheckInEvent,
  writeRoundOneEvent,
  type VenueEventFile,
} from './support/venue-event'

/*
 * Issue 27, "Done when": on `rackside serve`, two Chromium desks, each in its own browser context
 * (its own IndexedDB, as another laptop has).
 *
 * Cy and Dee: the check-in desk loses the Wi-Fi, registers a late player, Cy Offline, and checks
 * him in; meanwhile the other desk registers Dee Online, accepted first, so she takes the number
 * the offline desk showed Cy under. Back online, Cy is checked in and Dee is not, on both desks
 * and in EVENT.json, each registered once (before issue 27 the check-in, which named Cy by his
 * number, landed on Dee).
 *
 * Two desks correct one table: desk A, offline, corrects table 1; desk B corrects it to another
 * score and is accepted. Back online, desk A's correction is refused and desk A is told the score
 * the table has now and where it was corrected (before issue 27 both were accepted and desk B's
 * was lost unseen).
 */

const CY_AND_DEE_PORT = authorityPort('venue-identity')
const DOUBLE_CORRECTION_PORT = authorityPort('venue-identity', 1)
/** What a desk asks to join as (the join screen's words); the director approves it as asked. */
const CHECK_IN_DESK: JoinAs = 'A check-in desk'
const RESULTS_DESK: JoinAs = 'A results desk'
/** Replication and decisions on a loaded 2-core machine: generous, a hang still fails. */
const REPLICATED = { timeout: 120_000 }

test.use({ trace: 'off' })
// One authority and its desks at a time: the two stories share no state but the machine.
test.describe.configure({ mode: 'default' })
test.afterEach(stopAllAuthorities)
test.afterEach(closeAllDesks)

/** The desk is online and every command it sent has its answer: nothing waits. */
async function settled(desk: JoinedDesk): Promise<void> {
  await expect(desk.join.connection).toContainText(`${desk.name} · online`, REPLICATED)
  await expect(desk.join.connection).not.toContainText('waiting', REPLICATED)
}

function divisionA(state: { readonly divisions: readonly Division[] }): Division {
  const division = state.divisions.find((d) => d.name === 'A')
  if (division === undefined) throw new Error('EVENT.json has no division A')
  return division
}

test('an offline check-in desk checks in the late player it registered, not the one another desk registered meanwhile (issue 27)', async ({
  browser,
}) => {
  test.setTimeout(600_000)
  const folder = mkdtempSync(join(tmpdir(), 'rackside-identity-e2e-'))
  // 8 players over 4 tables, round 1 published, 4 of them checked in: Cy and Dee enter late.
  const event = writeCheckInEvent(folder, 4, 4)
  const watch = new ConsoleWatch()
  const authority = await Authority.start({ eventFile: event.path, port: CY_AND_DEE_PORT })
  const deskA = await joinDesk(browser, authority, watch, 'Check-in 1', {
    role: CHECK_IN_DESK,
    timeout: 60_000,
  })
  expect(deskA.role).toBe('check-in')
  const deskB = await joinDesk(browser, authority, watch, 'Check-in 2', {
    role: CHECK_IN_DESK,
    timeout: 60_000,
  })
  expect(deskB.role).toBe('check-in')
  for (const desk of [deskA, deskB]) {
    await new AppShell(desk.page).goTo('Players & check-in')
    await expect(new PlayersPage(desk.page).rows('A')).toHaveCount(8, REPLICATED)
    await expect(new CheckinPage(desk.page).count).toHaveText('4 of 8 checked in; 4 missing')
  }

  // Desk A loses the Wi-Fi; its clerk registers Cy, sees his number, and checks him in.
  const offline = watch.outage()
  await deskA.page.context().setOffline(true)
  const offlineDesk = async (): Promise<void> => {
    await new PlayersPage(deskA.page).register({ name: 'Cy Offline' })
    await expect(
      deskA.page
        .getByRole('status')
        .filter({ hasText: 'Registered Cy Offline as #9, playing from round 2.' }),
    ).toBeAttached()
    const checkin = new CheckinPage(deskA.page)
    await checkin.checkIn('Cy Offline')
    await expect(checkin.checkedInButton('Cy Offline')).toHaveAttribute('aria-pressed', 'true')
    await expect(checkin.count).toHaveText('5 of 9 checked in; 4 missing')
    await expect(deskA.join.connection).toContainText('offline', REPLICATED)
    await expect(deskA.join.connection).toContainText('2 waiting', REPLICATED)
  }
  // Meanwhile desk B, online, registers Dee: accepted first, she is #9 at the authority.
  const onlineDesk = async (): Promise<void> => {
    await new PlayersPage(deskB.page).register({ name: 'Dee Online' })
    await expect(
      deskB.page
        .getByRole('status')
        .filter({ hasText: 'Registered Dee Online as #9, playing from round 2.' }),
    ).toBeAttached()
    await authority.waitFor(
      'accepted',
      (e) => e.desk === deskB.deskId && e.type === 'registerPlayer',
      REPLICATED.timeout,
    )
  }
  await Promise.all([offlineDesk(), onlineDesk()])
  expect(authority.all('accepted', (e) => e.desk === deskA.deskId)).toEqual([])

  await deskA.page.context().setOffline(false)
  offline.end()
  const fromA = await authority.waitForCount(
    'accepted',
    2,
    (e) => e.desk === deskA.deskId,
    REPLICATED.timeout,
  )
  expect(fromA.map((e) => e.type)).toEqual(['registerPlayer', 'checkIn'])
  const dee = authority.all('accepted', (e) => e.desk === deskB.deskId)
  expect(dee.map((e) => e.type)).toEqual(['registerPlayer'])
  // The story happened as told: Dee's registration was decided before Cy's.
  expect(dee[0]?.seq).toBeLessThan(fromA[0]?.seq ?? -1)
  expect(authority.all('refused')).toEqual([])

  // Every desk: Cy #10 checked in, Dee #9 not, each once; nothing waiting, nothing refused.
  for (const desk of [deskA, deskB]) {
    await settled(desk)
    await expect(desk.join.refusals).toHaveCount(0)
    const players = new PlayersPage(desk.page)
    await expect(players.rows('A')).toHaveCount(10, REPLICATED)
    const checkin = new CheckinPage(desk.page)
    const cy = players.row('A', 'Cy Offline')
    const deeRow = players.row('A', 'Dee Online')
    await expect(cy, desk.name).toHaveCount(1)
    await expect(deeRow, desk.name).toHaveCount(1)
    await expect(cy.getByRole('cell').first(), desk.name).toHaveText('10')
    await expect(deeRow.getByRole('cell').first(), desk.name).toHaveText('9')
    await expect(checkin.checkedInButton('Cy Offline'), desk.name).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(checkin.checkedInButton('Dee Online'), desk.name).toHaveAttribute(
      'aria-pressed',
      'false',
    )
    await expect(checkin.count, desk.name).toHaveText('5 of 10 checked in; 5 missing')
  }

  // EVENT.json, written when the authority stops: the same.
  await authority.stop()
  const saved = readCopy(readFileSync(event.path, 'utf8'), 'EVENT.json')
  const players = divisionA(saved.state).players
  const named = (name: string) => players.filter((p) => p.name === name)
  expect(named('Cy Offline').map((p) => p.id)).toEqual([10])
  expect(named('Dee Online').map((p) => p.id)).toEqual([9])
  expect(named('Cy Offline')[0]?.checkIns).toEqual([VENUE_FIRST_DAY])
  expect(named('Dee Online')[0]?.checkIns).toEqual([])
  expect(players.filter((p) => p.checkIns.length > 0)).toHaveLength(5)
  expect(watch.found(), 'console errors').toEqual([])
})

/** The players seated at a table of round 1 in the event written, as the desks name them. */
function seatedAt(event: VenueEventFile, table: number): readonly [string, string] {
  const paired = event.log.find((e) => e.command.type === 'pairRound')?.command as
    Extract<Command, { readonly type: 'pairRound' }> | undefined
  const pairing = paired?.pairings.find((p) => p.kind === 'game' && p.table === table)
  if (pairing?.kind !== 'game') throw new Error(`round 1 has no table ${String(table)}`)
  // generateLog names player i "Player i".
  const [a, b] = pairing.players
  return [`Player ${String(a)}`, `Player ${String(b)}`]
}

test('two desks correct one table: the correction made offline is refused on the desk that typed it, naming the score the table has now (issue 27)', async ({
  browser,
}) => {
  test.setTimeout(600_000)
  const folder = mkdtempSync(join(tmpdir(), 'rackside-identity-e2e-'))
  const event = writeRoundOneEvent(folder, 4, 27)
  const [first, second] = seatedAt(event, 1)
  const watch = new ConsoleWatch()
  const authority = await Authority.start({ eventFile: event.path, port: DOUBLE_CORRECTION_PORT })
  const deskA = await joinDesk(browser, authority, watch, 'Results 1', {
    role: RESULTS_DESK,
    timeout: 60_000,
  })
  expect(deskA.role).toBe('results')
  const deskB = await joinDesk(browser, authority, watch, 'Results 2', {
    role: RESULTS_DESK,
    timeout: 60_000,
  })
  expect(deskB.role).toBe('results')
  const results = { a: new ResultsPage(deskA.page), b: new ResultsPage(deskB.page) }
  const tableOne = (desk: JoinedDesk) =>
    new ResultsPage(desk.page).entered
      .getByRole('row')
      .filter({ has: desk.page.getByRole('rowheader', { name: 'Table 1', exact: true }) })

  // Table 1's result, typed earlier at desk B, seen at both desks.
  await expect(results.b.line).toBeFocused(REPLICATED)
  await results.b.enter('1 400* 390')
  await authority.waitFor(
    'accepted',
    (e) => e.desk === deskB.deskId && e.type === 'recordResult',
    REPLICATED.timeout,
  )
  for (const desk of [deskA, deskB]) {
    await expect(tableOne(desk)).toContainText(`${first} 400 – 390 ${second}`, REPLICATED)
  }

  // Desk A, offline, corrects table 1 to 410–380 (the screen asks first: confirmed).
  const offline = watch.outage()
  await deskA.page.context().setOffline(true)
  await results.a.line.focus()
  await results.a.correct('1 410* 380', `${first} 400 – ${second} 390`)
  await expect(tableOne(deskA)).toContainText(`${first} 410 – 380 ${second}`)
  await expect(deskA.join.connection).toContainText('offline', REPLICATED)
  await expect(deskA.join.connection).toContainText('1 waiting', REPLICATED)

  // Desk B, online, corrects it to 420–370: accepted.
  await results.b.line.focus()
  await results.b.correct('1 420* 370', `${first} 400 – ${second} 390`)
  await authority.waitFor(
    'accepted',
    (e) => e.desk === deskB.deskId && e.type === 'correctResult',
    REPLICATED.timeout,
  )
  expect(authority.all('accepted', (e) => e.desk === deskA.deskId)).toEqual([])

  // Desk A back: its correction is refused, with what the table holds now and where it came from.
  await deskA.page.context().setOffline(false)
  offline.end()
  // The authority's answer to desk A's correction, whichever it is: an acceptance fails at once.
  const answerToA = () =>
    authority.events.find(
      (e) => (e.event === 'accepted' || e.event === 'refused') && e.desk === deskA.deskId,
    )
  await expect.poll(answerToA, REPLICATED).toBeDefined()
  const refused = answerToA()
  if (refused?.event !== 'refused') {
    throw new Error(`desk A's correction was not refused: ${JSON.stringify(refused)}`)
  }
  expect(refused.code).toBe('authority.result-changed')
  // The desk that corrected it is named as the director named it ("at d2" would tell no one).
  const reason = `Table 1 of round 1 was corrected at ${deskB.name} to ${first} 420 – ${second} 370; correct it again if yours is right\\.`
  expect(refused.message).toMatch(new RegExp(`^${reason}$`))
  await expect(deskA.join.refusals).toHaveCount(1, REPLICATED)
  const shown = await deskA.join.dismissRefusals()
  expect(shown).toHaveLength(1)
  expect(shown[0]).toMatch(new RegExp(`^The director's laptop refused .+: ${reason}`))

  // Both desks: desk B's score, nothing waiting, and no refusal at desk B.
  for (const desk of [deskA, deskB]) {
    await settled(desk)
    await expect(tableOne(desk), desk.name).toContainText(
      `${first} 420 – 370 ${second}`,
      REPLICATED,
    )
  }
  await expect(deskB.join.refusals).toHaveCount(0)
  expect(authority.all('refused')).toHaveLength(1)
  expect(authority.all('accepted', (e) => e.desk === deskA.deskId)).toEqual([])

  // EVENT.json: desk B's correction in force, desk A's nowhere in the log.
  await authority.stop()
  const saved = readCopy(readFileSync(event.path, 'utf8'), 'EVENT.json')
  const corrections = saved.log.filter((e) => e.command.type === 'correctResult')
  expect(corrections.map((e) => e.desk)).toEqual([deskB.deskId])
  expect(saved.log.filter((e) => e.desk === deskA.deskId)).toEqual([])
  const round = divisionA(saved.state).rounds[0]
  const table = round?.pairings.findIndex((p) => p.kind === 'game' && p.table === 1) ?? -1
  const result = round?.results[table]?.result
  expect(result?.kind === 'played' ? result.scores : result).toEqual([420, 370])
  expect(watch.found(), 'console errors').toEqual([])
})
