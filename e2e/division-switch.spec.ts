import { expect, test } from './fixtures'
import { CheckinPage } from './pages/checkin-page'
import { PrintPage } from './pages/print-page'
import { ResultsPage } from './pages/results-page'
import { RoundsPage } from './pages/rounds-page'
import { newEvent, pairRoundOne } from './support/two-divisions'

/*
 * The print preview is a sandboxed frame without scripts, where the trace recorder's script is
 * blocked with a console error (print-round.spec.ts): these specs run without traces.
 */
test.use({ trace: 'off' })

/*
 * Issue 19: everything on a screen belongs to the division it shows. Each test switches division
 * in the middle of a multi-step flow and checks that nothing of one division appears or acts in
 * the other. A and B number their players alike (#3 is Cudjoe in A, Gyan in B), which is how a
 * tick kept as a player number used to land on the wrong player.
 */

test('clock: B’s absent tick never marks A’s player of the same number, nor runs A’s clock', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(120_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A', 'B'])
  const rounds = await pairRoundOne(page, shell, ['A', 'B'])
  await rounds.publish(1)
  await rounds.chooseDivision('A')
  await rounds.publish(1)

  // B's #3 is absent when B's round starts.
  await rounds.chooseDivision('B')
  await rounds.startClock(1, ['Gyan, Esi'])
  await expect(rounds.lateTable.getByRole('row')).toHaveCount(2)
  await expect(rounds.lateTable).toContainText('Gyan, Esi')

  // A's clock: its #3 is not ticked, and the keyboard stays on the division buttons.
  await rounds.chooseDivision('A')
  await expect(rounds.divisionButton('A')).toBeFocused()
  await expect(page.getByRole('checkbox', { name: /^Absent: Cudjoe, Efua/ })).not.toBeChecked()
  await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(0)

  // A tick in A, then B looked at in the middle: B's late list is still Gyan alone.
  await page.getByRole('checkbox', { name: /^Absent: Adu, Ama/ }).check()
  await rounds.chooseDivision('B')
  await expect(rounds.lateTable.getByRole('row')).toHaveCount(2)
  await expect(rounds.lateTable).not.toContainText('Adu')
  await expect(page.getByRole('button', { name: 'Start round 1 clock' })).toHaveCount(0)

  // Back in A: its tick kept while the director looked at B (issue 28); unticked, A's clock
  // starts with nobody late: no late list, no forfeit to confirm.
  await rounds.chooseDivision('A')
  const adu = page.getByRole('checkbox', { name: /^Absent: Adu, Ama/ })
  await expect(adu).toBeChecked()
  await adu.uncheck()
  await rounds.startClock(1, [])
  await expect(page.getByText('Nobody was late.')).toBeVisible()
  await expect(rounds.lateTable).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Confirm (double )?forfeit/ })).toHaveCount(0)
  await rounds.chooseDivision('B')
  await expect(rounds.lateTable).toContainText('Gyan, Esi')
  await expect(page.getByRole('button', { name: 'Gyan, Esi arrived' })).toBeVisible()
})

/** Two more players for B (ratings below its four), registered in the pairing test only. */
const B_LATE_ENTRIES = [
  ['Issah, Kafui', '1400'],
  ['Jumah, Lamisi', '1300'],
] as const

test('pairing: a summary, the “checked in today” box and a re-pair belong to one division', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(120_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A', 'B'])
  // B gets two more players, so its 6 in 3 rounds are paired Swiss (auto-plan.ts), where the box
  // really leaves a player out; A's 4 stay a round robin, which seats a player not checked in.
  await players.chooseDivision('B')
  for (const [name, rating] of B_LATE_ENTRIES) await players.register({ name, rating })
  // Dede (A) and Hagan (B) are not checked in; everybody else is.
  const checkin = new CheckinPage(page)
  for (const name of ['Ewusi', 'Fosu', 'Gyan', 'Issah', 'Jumah']) await checkin.checkIn(name)
  await players.chooseDivision('A')
  for (const name of ['Adu', 'Baah', 'Cudjoe']) await checkin.checkIn(name)

  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  await rounds.chooseDivision('A')
  await expect(rounds.onlyCheckedIn).toBeChecked()
  // A's director pairs everybody in A.
  await rounds.onlyCheckedIn.uncheck()
  await rounds.chooseDivision('B')
  await expect(rounds.onlyCheckedIn).toBeChecked()
  await rounds.pair(1)
  await expect(rounds.summary).toContainText('Left out, not checked in for')
  await expect(rounds.summary).toContainText('Hagan, Kofi (#4)')
  expect((await rounds.games(1)).flatMap((g) => g.players)).not.toContain('Hagan, Kofi')

  // A: its own box (still off), no summary of B's pairing, and everybody paired.
  await rounds.chooseDivision('A')
  await expect(rounds.onlyCheckedIn).not.toBeChecked()
  await expect(rounds.summary).toHaveCount(0)
  await rounds.pair(1)
  await expect(rounds.summary).toBeVisible()
  await expect(rounds.summary).not.toContainText('Left out')
  await expect(rounds.summary).not.toContainText('Hagan')
  expect((await rounds.games(1)).flatMap((g) => g.players)).toContain('Dede, Yaw')

  // B's round right after: its own summary kept (issue 28), none of A's; its re-pair says whom it
  // leaves out.
  await rounds.chooseDivision('B')
  await expect(rounds.summary).toContainText('Hagan, Kofi (#4)')
  await expect(rounds.summary).not.toContainText('Dede')
  const leavesOut = page.getByRole('note').filter({ hasText: 'Pairing round 1 again leaves out' })
  await expect(leavesOut).toContainText('Hagan, Kofi (#4)')

  // Another screen and back to A: the box stays as the director set it.
  await rounds.chooseDivision('A')
  await shell.goTo('Results')
  await shell.goTo('Rounds')
  await expect(rounds.divisionButton('A')).toHaveAttribute('aria-pressed', 'true')
  await expect(rounds.onlyCheckedIn).not.toBeChecked()
  await expect(leavesOut).toHaveCount(0)

  // B's re-pair leaves Hagan out and says so, whatever A's box says.
  await rounds.chooseDivision('B')
  await expect(leavesOut).toContainText('Hagan, Kofi (#4)')
  await rounds.pairAgain(1)
  await expect(rounds.summary).toContainText('Left out, not checked in for')
  await expect(rounds.summary).toContainText('Hagan, Kofi (#4)')
  expect((await rounds.games(1)).flatMap((g) => g.players)).not.toContain('Hagan, Kofi')

  // B's director turns the box off, looks at A in the middle, and pairs again: Hagan plays.
  await rounds.onlyCheckedIn.uncheck()
  await expect(leavesOut).toHaveCount(0)
  await rounds.chooseDivision('A')
  await expect(rounds.onlyCheckedIn).not.toBeChecked()
  await rounds.chooseDivision('B')
  await expect(rounds.onlyCheckedIn).not.toBeChecked()
  await rounds.pairAgain(1)
  await expect(rounds.summary).not.toContainText('Left out')
  expect((await rounds.games(1)).flatMap((g) => g.players)).toContain('Hagan, Kofi')

  // A's director turns A's box on: A's round robin seats Dede by its schedule (a no-show is a
  // forfeit, NSA VII.J.2), so its re-pair says so and no note claims it leaves her out; B's box
  // stays off.
  await rounds.chooseDivision('A')
  await rounds.onlyCheckedIn.check()
  await rounds.pairAgain(1)
  await expect(rounds.summary).toContainText(
    'Not checked in, seated by the round-robin schedule: Dede, Yaw (#4)',
  )
  await expect(rounds.summary).not.toContainText('Left out')
  await expect(leavesOut).toHaveCount(0)
  expect((await rounds.games(1)).flatMap((g) => g.players)).toContain('Dede, Yaw')
  await rounds.chooseDivision('B')
  await expect(rounds.onlyCheckedIn).not.toBeChecked()
  // B shows its own last summary (issue 28: kept per division), none of A's.
  await expect(rounds.summary).not.toContainText('Dede')
  await expect(rounds.summary).not.toContainText('Left out')
})

/** Two new players, in the registration CSV form the importer reads (files-formats.spec.ts). */
const CSV = Buffer.from(
  ['Nachname;Vorname;Rating', 'Okai;Ato;1500', 'Quaye;Afi;1400'].join('\r\n'),
  'latin1',
)

test('CSV import: a preview or an import of A never shows in B', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(120_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A', 'B'])
  await players.chooseDivision('A')
  await players.chooseCsv('late-entries.csv', CSV)
  await expect(players.csvImportButton(2)).toBeVisible()

  // B in the middle of A's import: no preview, nothing to import into B.
  await players.chooseDivision('B')
  await expect(page.getByText('late-entries.csv')).toHaveCount(0)
  await expect(players.csvImportButton(2)).toHaveCount(0)
  await expect(players.rows('B')).toHaveCount(4)

  await players.chooseDivision('A')
  await players.chooseCsv('late-entries.csv', CSV)
  await players.csvImportButton(2).click()
  await expect(page.getByRole('status').filter({ hasText: 'Imported 2 players.' })).toBeVisible()
  await expect(players.rows('A')).toHaveCount(6)

  await players.chooseDivision('B')
  await expect(page.getByText(/Imported \d+ player/)).toHaveCount(0)
  await expect(players.rows('B')).toHaveCount(4)
})

test('results: an undo message and a typed line stay with their division', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(120_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A', 'B'])
  await pairRoundOne(page, shell, ['B', 'A'])
  await shell.goTo('Results')
  const results = new ResultsPage(page)
  await expect(results.line).toHaveAccessibleName(/for division A, round 1/)
  await results.enter('1 400 350', 1)
  await page.getByRole('button', { name: 'Undo last command' }).click()
  await expect(page.locator('header').getByRole('status')).toContainText(
    /^Undone: .* \(division A, round 1\)$/,
  )
  const undone = page.getByText(/Undone:/)

  // B: no word of A's undo; a line typed for B and left unsent stays B's.
  await page.keyboard.press('Escape')
  await page.keyboard.press('d')
  await expect(results.line).toHaveAccessibleName(/for division B, round 1/)
  await expect(results.line).toBeFocused()
  await expect(undone).toHaveCount(0)
  await page.keyboard.type('2 390 380')

  // Esc would clear the line: the division buttons switch with the line left as typed.
  const division = (name: string) =>
    page.getByRole('group', { name: 'Division' }).getByRole('button', { name: `Division ${name}` })
  await division('A').click()
  await expect(results.line).toHaveAccessibleName(/for division A, round 1/)
  await expect(results.line).toHaveValue('')
  await division('B').click()
  await expect(results.line).toHaveAccessibleName(/for division B, round 1/)
  await expect(results.line).toHaveValue('2 390 380')
})

const SLIPS = 'Result slips'

test('print: a table range typed for A is not B’s when the form switches to B', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(120_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A', 'B'])
  await pairRoundOne(page, shell, ['A', 'B'])
  await shell.goTo('Print')
  const print = new PrintPage(page)
  await print.choose({ document: SLIPS, division: 'A' })
  await print.tables('2', '2')
  await expect(page.getByLabel('First table of division A')).toHaveValue('2')

  await print.choose({ division: 'B' })
  await expect(page.getByLabel('First table of division B')).toHaveValue('')
  await expect(page.getByLabel('Last table of division B')).toHaveValue('')
})
