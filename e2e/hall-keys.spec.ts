import { expect, test } from './fixtures'
import { ResultsPage } from './pages/results-page'
import { RoundsPage } from './pages/rounds-page'
import { newHall } from './support/hall'

/*
 * Issue 19, "Done when": one round of three divisions needs no more keystrokes than the result
 * lines plus 10, and no mouse. Every key below goes through `page.keyboard`; a result line (typed
 * with its Enter) counts as one line, every other key (screens, divisions, pairing, publishing,
 * printing) counts against the 10.
 */
test.use({ trace: 'off', viewport: { width: 1366, height: 768 } })

/** The tables of each division in the hall: A 1–3, B 4–5, C 6–7 (tables.ts). */
const SIZES = { A: 6, B: 4, C: 4 } as const

test('one round of three divisions, keyboard only: result lines plus at most 10 keys', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}, testInfo) => {
  test.setTimeout(150_000)
  await newHall({ shell, tournaments, tournament, players }, SIZES)
  // Setup done; the desk starts from the Overview with the focus on the page, not in a box.
  await shell.goTo('Overview')
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())

  const keys: string[] = []
  async function press(key: string, what: string): Promise<void> {
    await page.keyboard.press(key)
    keys.push(`${key}: ${what}`)
  }
  let lines = 0
  const results = new ResultsPage(page)
  const rounds = new RoundsPage(page)
  const status = page.getByRole('status')

  await press('3', 'Rounds')
  await expect(page).toHaveTitle(/^Rounds/)
  await expect(page.getByRole('button', { name: 'Pair every division' }).locator('kbd')).toHaveText(
    'A',
  )
  await press('a', 'pair round 1 of every division')
  await expect(page.getByRole('list', { name: 'Every division' })).toContainText(
    'C: round 1 paired',
  )
  await expect(rounds.pairings(1)).toBeVisible()
  await press('Shift+A', 'publish every division')
  await expect(page.getByRole('list', { name: 'Every division' })).toContainText(
    'C: round 1 published',
  )
  await press('Shift+R', 'print round 1 of every division, one print job')
  // A whole round of three divisions laid out for print: a longer wait on a busy machine.
  await expect(status.filter({ hasText: 'Sent to the printer' })).toContainText('Round 1', {
    timeout: 45_000,
  })
  await expect
    .poll(() => page.evaluate(() => document.activeElement?.tagName ?? ''))
    .not.toBe('IFRAME')

  await press('4', 'Results, the cursor in the result line')
  await expect(results.line).toBeFocused()
  // Each division's tables, numbered across the hall; the first player went first (`*`).
  const tables: Record<string, number[]> = { A: [1, 2, 3], B: [4, 5], C: [6, 7] }
  const done = new Set<string>()
  for (let step = 0; step < 3; step++) {
    // The line is labelled "Result line for division B, round 1": the division on screen.
    const labelled = await results.line.evaluate(
      (el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? '',
    )
    const name = /division (\w)/.exec(labelled)?.[1]
    expect(name, labelled).toBeDefined()
    if (!name || done.has(name)) break
    done.add(name)
    for (const table of tables[name] ?? []) {
      await results.enter(`${table} ${400 + table}* 350`)
      lines++
    }
    await expect(results.missing.getByRole('listitem')).toHaveCount(0)
    if (step < 2) {
      await press('Escape', 'leave the empty line')
      await expect(results.line).not.toBeFocused()
      await press('d', 'next division (the line has the focus again)')
      await expect(results.line).toBeFocused()
    }
  }
  expect([...done].sort()).toEqual(['A', 'B', 'C'])

  await testInfo.attach('keys', { body: keys.join('\n'), contentType: 'text/plain' })
  expect(lines).toBe(7)
  // 3 (Rounds), A, Shift+A, Shift+R, 4 (Results), Esc+D twice: 9 keys besides the 7 lines.
  expect(keys).toHaveLength(9)
  expect(keys.length).toBeLessThanOrEqual(10)
})
