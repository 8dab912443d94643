import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { RoundsPage } from './pages/rounds-page'
import { DIVISIONS, newEvent } from './support/two-divisions'

/*
 * Issue 19: keyboard only, Pair was 10 Tabs away and Publish 39, and nothing printed or undid a
 * round. Here a round is paired, published, printed and undone by keys alone on the Rounds screen,
 * each key counted, each acting on the division shown and asking where its button asks.
 */
test.use({ trace: 'off' })

/** Every document the browser is asked to print, as the print frame receives it. */
async function recordPrints(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const printed: string[] = []
    Object.assign(window, { printed })
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes)
          if (node instanceof HTMLIFrameElement && node.srcdoc !== '') printed.push(node.srcdoc)
    }).observe(document.body, { childList: true })
  })
  return () => page.evaluate(() => (window as unknown as { printed: string[] }).printed)
}

test('pair, publish, print and undo a round by 11 keys and no click, hinted beside each button', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(120_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A', 'B'])
  // Registration ended on B: the desk's division is B.
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  const printed = await recordPrints(page)
  const keys: string[] = []
  async function press(key: string, what: string): Promise<void> {
    await page.keyboard.press(key)
    keys.push(`${key}: ${what}`)
  }
  const status = page.getByRole('status')

  // The keys are on screen beside the buttons, and named to assistive technology.
  const pairB = rounds.pairButton(1)
  await expect(pairB).toHaveAccessibleName('Pair round 1 of division B')
  await expect(pairB.locator('kbd')).toHaveText('P')
  await expect(pairB).toHaveAttribute('aria-keyshortcuts', 'P')
  await expect(page.getByRole('button', { name: 'Undo last command' }).locator('kbd')).toHaveText(
    'Ctrl+Z',
  )

  await press('p', 'pair round 1 of division B')
  await expect(rounds.pairings(1)).toBeVisible()
  const publishB = page.getByRole('button', { name: 'Publish round 1 of division B' })
  await expect(publishB.locator('kbd')).toHaveText('Shift+P')
  const printB = page.getByRole('button', { name: 'Print round 1 of division B…' })
  await expect(printB.locator('kbd')).toHaveText('R')

  await press('Shift+P', 'publish it')
  await expect(publishB).toBeHidden()
  await expect(page.getByRole('heading', { name: /^Round 1 of division B/ })).toContainText(
    'published',
  )

  await press('r', 'print it: B’s pairings and slips, not A’s')
  await expect(status.filter({ hasText: 'Sent to the printer' })).toHaveText(
    'Sent to the printer: Round 1, division B: Tamale Two Divisions.',
    { timeout: 45_000 }, // a round laid out for print, on a busy machine
  )
  const [html, ...more] = await printed()
  expect(more).toEqual([])
  expect(html).toContain('Division B · Round 1 of 3')
  expect(html).not.toContain('Division A')
  expect(html?.match(/class="slip"/g)).toHaveLength(2)
  for (const name of DIVISIONS.B) expect(html).toContain(`Signature of ${name}`)
  for (const name of DIVISIONS.A) expect(html).not.toContain(name)

  await press('d', 'division A')
  await expect(page).toHaveTitle(/^Rounds · Division A/)
  await press('p', 'pair round 1 of division A')
  await expect(rounds.pairings(1)).toBeVisible()
  await expect(page.getByRole('heading', { name: /^Round 1 of division A/ })).toBeVisible()

  // The desk's last command is A's pairing, on A's screen: Ctrl+Z takes it back at once.
  await press('Control+z', 'undo A’s pairing')
  await expect(status.filter({ hasText: /^Undone: / })).toContainText('division A')
  await expect(rounds.pairings(1)).toBeHidden()
  await expect(rounds.pairButton(1)).toHaveAccessibleName('Pair round 1 of division A')
  await press('Control+Shift+z', 'redo it')
  await expect(status.filter({ hasText: /^Redone: / })).toBeVisible()
  await expect(rounds.pairings(1)).toBeVisible()

  // On B's screen, Ctrl+Z would take back A's pairing: it asks first, as the Undo button does.
  await press('d', 'division B')
  await expect(page).toHaveTitle(/^Rounds · Division B/)
  await press('Control+z', 'undo, on B, A’s command')
  const asking = page.getByRole('group', { name: 'Undo a command of division A' })
  await expect(asking).toContainText('Ctrl+Z again undoes it.')
  await expect(page.getByRole('heading', { name: /^Round 1 of division B/ })).toContainText(
    'published',
  )
  await press('Control+z', 'yes, undo A’s command')
  await expect(asking).toBeHidden()
  await expect(status.filter({ hasText: /^Undone: / })).toContainText('division A')
  // B's round is untouched; A's is gone.
  await expect(page.getByRole('heading', { name: /^Round 1 of division B/ })).toContainText(
    'published',
  )
  // In a text box the keys are the box's: P is a letter, Ctrl+Z takes back the typing.
  const swap = page.getByLabel(/^\s*Swap player number/)
  await swap.press('p')
  await expect(swap).toHaveValue('p')
  await swap.press('Shift+P')
  await swap.press('Control+z')
  await expect(rounds.pairButton(2)).toHaveAccessibleName('Pair round 2 of division B')
  await expect(page.getByRole('group', { name: /^Undo a command/ })).toBeHidden()
  await swap.fill('')
  await swap.blur()

  await press('d', 'division A')
  await expect(rounds.pairButton(1)).toHaveAccessibleName('Pair round 1 of division A')
  await expect(rounds.pairings(1)).toBeHidden()

  expect(keys).toHaveLength(11)
})
