import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { headOfLog } from '../shared/authority/proposal'
import type { Command } from '../shared/tournament/commands'
import { played } from '../shared/tournament/test-support/event'
import { PlayerPhonePage } from './pages/player-phone-page'
import { seriousViolations } from './support/axe'
import { ConsoleWatch } from './support/console-watch'
import { NodeDesk } from './support/node-desk'
import { Authority, repeatedAuthorityPort, stopAllAuthorities } from './support/serve'
import { writeRoundOneEvent } from './support/venue-event'

/*
 * Issue 30: a player opens his own page on his phone by the code the authority gave him (`rackside
 * serve`'s "codes", printed on his scorecard), sees this round's table and opponent at 390 × 844,
 * and sees his result appear the moment a desk's entry is accepted, without a reload. A device
 * typing wrong codes is refused and, after a few, locked out, a right code included.
 */
const TABLES = 4
const PHONE = { width: 390, height: 844 }

test.use({ trace: 'off' })
test.afterEach(stopAllAuthorities)

test('a player follows his own table on his phone by his code; wrong codes are locked out (issue 30)', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000)
  const event = writeRoundOneEvent(mkdtempSync(join(tmpdir(), 'rackside-player-e2e-')), TABLES)
  const authority = await Authority.start({
    eventFile: event.path,
    // --repeat-each runs copies side by side: each its own port of this spec's range.
    port: repeatedAuthorityPort('player-page', testInfo.repeatEachIndex),
  })
  const since = authority.mark()
  authority.send('codes')
  const { codes } = await authority.waitFor('codes', () => true, 30_000, since)
  expect(codes).toHaveLength(2 * TABLES)

  // Player 1's game in round 1, as the pairing the event holds says it.
  const pairing = event.log.flatMap((entry) =>
    entry.command.type === 'pairRound' ? entry.command.pairings : [],
  )
  const game = pairing.find((p) => p.kind === 'game' && p.players.includes(1))
  if (game?.kind !== 'game' || game.table === undefined) throw new Error('player 1 plays')
  const opponent = game.players[0] === 1 ? game.players[1] : game.players[0]
  const name = (player: number): string =>
    codes.find((c) => c.player === player)?.name ?? `no player ${String(player)}`
  const code = codes.find((c) => c.player === 1)?.code ?? ''

  const watch = new ConsoleWatch()
  const phoneContext = await browser.newContext({ viewport: PHONE })
  const phone = new PlayerPhonePage(await phoneContext.newPage())
  watch.watch(phone.page, 'phone')
  await phone.open(authority.url, code)
  await expect(phone.name).toHaveText(name(1))
  await expect(phone.thisRound).toContainText(`Table ${String(game.table)}`)
  await expect(phone.thisRound).toContainText(`Against ${name(opponent)}`)
  // One column: nothing scrolls sideways on the phone.
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  )
  expect(await seriousViolations(phone.page)).toEqual([])

  // A desk enters the table's result; the page shows it without a reload.
  await phone.page.evaluate(() => {
    ;(window as unknown as { stayed?: boolean }).stayed = true
  })
  const desk = await NodeDesk.join(authority, 'Desk 1')
  const [a, b] = game.players
  const result: Command = {
    type: 'recordResult',
    division: 'A',
    round: 1,
    game: { table: game.table },
    result: played([a, b], a === 1 ? [412, 398] : [398, 412]),
  }
  const accepted = authority.mark()
  await desk.propose(result, headOfLog(event.log))
  await authority.waitFor('accepted', () => true, 30_000, accepted)
  await expect(phone.thisRound).toContainText('Won 412–398')
  await expect(phone.status).toHaveText(/Result: Won 412–398\.$/)
  await expect(phone.games).toContainText(`against ${name(opponent)}`)
  expect(await phone.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
    true,
  )
  await desk.close()
  expect(watch.found()).toEqual([])

  // Another device tries codes: refused, then locked out, the right code included. Its console
  // is not watched: the 404s and 429s it logs are the refusals under test.
  const stranger = new PlayerPhonePage(
    await (await browser.newContext({ viewport: PHONE })).newPage(),
  )
  for (let i = 0; i < 4; i++) {
    await stranger.typeCode(authority.url, 'ACDE-FGHJ')
    await expect(stranger.refusal).toContainText('No player has this code')
  }
  await stranger.typeCode(authority.url, 'ACDE-FGHK')
  await expect(stranger.refusal).toContainText('Too many wrong codes from this device')
  await stranger.typeCode(authority.url, code)
  await expect(stranger.refusal).toContainText('Too many wrong codes from this device')
  await phoneContext.close()
})
