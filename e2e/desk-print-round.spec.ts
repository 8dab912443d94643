import { expect, test } from './fixtures'
import { PrintPage } from './pages/print-page'
import { RoundsPage } from './pages/rounds-page'
import { DIVISIONS, newEvent } from './support/two-divisions'

/*
 * Issue 11: printing a round of a two-division event took six print dialogs. The preview is a
 * sandboxed frame without scripts, which the trace recorder's script trips over: no traces here.
 */
test.use({ trace: 'off' })

test('one action prints the pairings and slips of both divisions for the round', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(120_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A', 'B'])
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  for (const division of ['A', 'B']) {
    await rounds.chooseDivision(division)
    await rounds.pair(1)
    await rounds.publish(1)
  }
  await shell.goTo('Print')
  const print = new PrintPage(page)
  // The whole round is what the Print screen offers first: one button, one document.
  const button = page.getByRole('button', { name: 'Print round 1 of every division…' })
  await expect(button).toBeEnabled()
  const html = await print.documentHtml()
  for (const division of ['A', 'B']) {
    expect(html).toContain(`Division ${division} · Round 1 of 3`)
  }
  expect(html.match(/<h1>Pairings by table<\/h1>/g)).toHaveLength(2)
  expect(html.match(/<h1>Find your name<\/h1>/g)).toHaveLength(2)
  // Four games, four slips, each naming its players.
  expect(html.match(/class="slip"/g)).toHaveLength(4)
  for (const name of [...DIVISIONS.A, ...DIVISIONS.B]) expect(html).toContain(`Signature: ${name}`)
  await button.click()
  await expect(page.getByRole('status').filter({ hasText: 'Sent to the printer' })).toHaveText(
    'Sent to the printer: Round 1, divisions A, B: Tamale Two Divisions.',
  )
})
