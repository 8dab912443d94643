import { expect, test } from './fixtures'
import { HistoryPage } from './pages/history-page'
import { RosterPage } from './pages/roster-page'
import { RoundsPage } from './pages/rounds-page'
import { FilesPage } from './pages/files-page'
import { PrintPage } from './pages/print-page'
import { StandingsPage } from './pages/standings-page'
import { playRound } from './support/played-rounds'
import { newEvent } from './support/two-divisions'

// The print preview (a moved player's scorecard) is a sandboxed frame without scripts, where the
// trace recorder's script is blocked with a console error (print-round.spec.ts): no traces here.
test.use({ trace: 'off' })

/*
 * Issue 32: the roster as a director puts it right at the desk. A registration made by mistake is
 * deleted (and one something depends on is refused, with the reason), a division is renamed and
 * plays on under its new name, a division is split before play, and Undo takes each back.
 */
test('a mistaken registration deleted, a division renamed, each undone, then paired', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  // Two divisions registered, then each step waits on the screen: minutes on a loaded machine.
  test.setTimeout(300_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A', 'B'])
  const roster = new RosterPage(page)
  await players.chooseDivision('A')

  // Checked in: something depends on the registration, and the review says what.
  await page.getByRole('button', { name: 'Checked in: Adu, Ama' }).click()
  const refused = await roster.reviewDelete('Adu, Ama')
  await expect(refused.getByRole('alert')).toHaveText(
    'Adu, Ama (#1) cannot be deleted: the player has checked in. Withdraw the player instead.',
  )
  await refused.getByRole('button', { name: 'Close' }).click()
  await expect(refused).toBeHidden()
  // Checked out again: with a check-in made, pairing would seat only the players checked in.
  await page.getByRole('button', { name: 'Checked in: Adu, Ama' }).click()
  await expect(page.getByRole('button', { name: 'Checked in: Adu, Ama' })).toHaveAttribute(
    'aria-pressed',
    'false',
  )

  // Registered in A by mistake, then deleted: the others keep their numbers.
  await players.register({ name: 'Mensah, Kobby', rating: '1500' })
  await players.register({ name: 'Owusu, Afi', rating: '1400' })
  const review = await roster.reviewDelete('Mensah, Kobby')
  await expect(review.getByRole('note', { name: 'Delete review' })).toContainText(
    'The player registered after keeps their number; #5 stays unused.',
  )
  await roster.delete('Mensah, Kobby')
  await expect(players.row('A', 'Mensah, Kobby')).toHaveCount(0)
  await expect(players.row('A', 'Owusu, Afi').locator('td').first()).toHaveText('6')
  await expect(players.count).toHaveText('5 players')

  // A name taken is refused in the review; a free one renames.
  const taken = await roster.reviewRename('A', 'B')
  await expect(taken.getByRole('alert')).toHaveText('There is already a division B.')
  await roster.rename('A', 'Open')
  await expect(page.getByRole('button', { name: 'Division Open', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(players.rows('Open')).toHaveCount(5)

  // History words both; Undo takes the rename back, then the deletion.
  await shell.goTo('History')
  const history = new HistoryPage(page)
  const texts = await history.texts()
  expect(texts.slice(0, 2)).toEqual([
    'Renamed division A to Open',
    'Deleted the registration of Mensah, Kobby (#5) in division A',
  ])
  await history.undo()
  await expect(history.undone).toContainText('Renamed division A to Open')
  await history.undo()
  await expect(history.undone).toContainText('Deleted the registration of Mensah, Kobby')
  await shell.goTo('Players & check-in')
  await players.chooseDivision('A')
  await expect(players.row('A', 'Mensah, Kobby').locator('td').first()).toHaveText('5')
  await expect(page.getByRole('button', { name: 'Division Open', exact: true })).toHaveCount(0)

  // Again, for good: the renamed division is paired without the deleted player.
  await roster.delete('Mensah, Kobby')
  await roster.rename('A', 'Open')
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  await rounds.chooseDivision('Open')
  await rounds.pair(1)
  const seated = (await rounds.pairingRows(1)).flatMap((row) => row.slice(1)).join(' ')
  expect(seated).not.toContain('Mensah')
  for (const name of ['Adu', 'Baah', 'Cudjoe', 'Dede', 'Owusu']) expect(seated).toContain(name)
})

test('a player registered in A by mistake is moved to B before round 1, undone, moved again and paired in B', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  // Two divisions registered, then each step waits on the screen: minutes on a loaded machine.
  test.setTimeout(300_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A', 'B'])
  const roster = new RosterPage(page)
  await players.chooseDivision('A')
  await players.register({ name: 'Mensah, Kobby', rating: '1500' })

  const review = await roster.reviewMove('Mensah, Kobby', 'B')
  await expect(review.getByRole('note', { name: 'Move review' })).toHaveText(
    'Mensah, Kobby leaves division A (#5 stays unused; nobody there is renumbered) and joins division B as #5, paired from round 1.',
  )
  await review.getByRole('button', { name: 'Move Mensah, Kobby to B' }).click()
  await expect(roster.lastAction).toHaveText('Mensah, Kobby moved to division B as #5.')
  await expect(players.row('A', 'Mensah, Kobby')).toHaveCount(0)
  await players.chooseDivision('B')
  await expect(players.row('B', 'Mensah, Kobby').locator('td').first()).toHaveText('5')

  // Undo puts him back in A.
  await shell.goTo('History')
  const history = new HistoryPage(page)
  expect((await history.texts())[0]).toBe(
    'Moved Mensah, Kobby (#5) from division A to division B as #5',
  )
  await history.undo()
  await expect(history.undone).toContainText('Moved Mensah, Kobby')
  await shell.goTo('Players & check-in')
  await players.chooseDivision('A')
  await expect(players.row('A', 'Mensah, Kobby').locator('td').first()).toHaveText('5')
  await players.chooseDivision('B')
  await expect(players.row('B', 'Mensah, Kobby')).toHaveCount(0)

  // Moved for good, he plays round 1 in B; A's round goes on without him.
  await players.chooseDivision('A')
  await roster.move('Mensah, Kobby', 'B', 5)
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  await rounds.chooseDivision('B')
  await rounds.pair(1)
  const inB = (await rounds.pairingRows(1)).flatMap((row) => row.slice(1)).join(' ')
  expect(inB).toContain('Mensah, Kobby')
  await rounds.chooseDivision('A')
  await rounds.pair(1)
  const inA = (await rounds.pairingRows(1)).flatMap((row) => row.slice(1)).join(' ')
  expect(inA).not.toContain('Mensah')
})

test('a player moved after round 2 with his games carried: both standings and the .t follow, undo restores', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}, testInfo) => {
  // Two divisions, two rounds played through the screens: minutes on a loaded machine.
  test.setTimeout(400_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A', 'B'])
  for (const round of [1, 2]) await playRound(page, shell, round, ['A', 'B'])

  const standings = new StandingsPage(page)
  const table = async (division: string): Promise<string[][]> => {
    await shell.goTo('Standings')
    await players.chooseDivision(division)
    await expect(standings.table()).toHaveAccessibleName(new RegExp(`division ${division}`))
    return standings.rows()
  }
  const record = (rows: string[][], name: string): string[] | undefined =>
    rows.find((row) => row[1] === name)?.slice(2, 5)
  const beforeA = await table('A')
  const beforeB = await table('B')
  const baah = record(beforeA, 'Baah, Kojo')
  expect(baah).toBeDefined()

  // The review asks what becomes of his games, then shows both divisions' standings lines.
  await shell.goTo('Players & check-in')
  await players.chooseDivision('A')
  const roster = new RosterPage(page)
  const dialog = await roster.reviewMove('Baah, Kojo', 'B')
  await expect(dialog.getByRole('button', { name: 'Move Baah, Kojo to B' })).toHaveCount(0)
  await roster.chooseGames(dialog, 'carry')
  await expect(dialog.getByRole('note', { name: 'Move review' })).toHaveText(
    'Baah, Kojo leaves division A (#2 stays unused; nobody there is renumbered) and joins division B as #5, paired from round 3, the games carried along.',
  )
  const joins = roster.standingsChange(dialog, 'B', 2).getByRole('row', { name: /^Baah, Kojo/ })
  await expect(joins.getByRole('cell')).toHaveText([
    '—',
    new RegExp(`^rank \\d+: ${baah?.[0] ?? ''}–${baah?.[1] ?? ''} `),
  ])
  const leaves = roster.standingsChange(dialog, 'A', 2).getByRole('row', { name: /^Baah, Kojo/ })
  await expect(leaves.getByRole('cell').nth(1)).toHaveText('—')
  await dialog.getByRole('button', { name: 'Move Baah, Kojo to B' }).click()
  await expect(roster.lastAction).toHaveText('Baah, Kojo moved to division B as #5.')

  // A ranks the three left, each with the games played against him; B ranks him on his record.
  const afterA = await table('A')
  expect(afterA.map((row) => row[1])).not.toContain('Baah, Kojo')
  for (const name of ['Adu, Ama', 'Cudjoe, Efua', 'Dede, Yaw']) {
    expect(record(afterA, name)).toEqual(record(beforeA, name))
  }
  const afterB = await table('B')
  expect(afterB).toHaveLength(5)
  expect(record(afterB, 'Baah, Kojo')).toEqual(baah)

  // The .t of B gives him his two games without an opponent there (tsh's 0), the spread as score.
  await shell.goTo('Files')
  const files = new FilesPage(page)
  await files.chooseDivision('B')
  const exported = await files.download('Export .t…', testInfo.outputPath('b.t'), 'latin1')
  const line = exported.text.split(/\r?\n/).find((l) => l.startsWith('Baah, Kojo'))
  expect(line).toMatch(/ 0 0; -?\d+ -?\d+/)

  // His scorecard in B prints his two games in A, each opponent marked with the division.
  await shell.goTo('Print')
  const print = new PrintPage(page)
  await print.choose({ document: 'Scorecards', division: 'B', round: '2' })
  await expect(print.preview).toHaveAttribute('srcdoc', /Baah, Kojo/)
  const cards = await print.documentHtml()
  expect(cards.match(/<td class="opponent">[^<]+ \(in A\)<\/td>/g)).toHaveLength(2)

  // Undo: both divisions as they were.
  await shell.goTo('History')
  const history = new HistoryPage(page)
  expect((await history.texts())[0]).toBe(
    'Moved Baah, Kojo (#2) from division A to division B as #5, the games carried along',
  )
  await history.undo()
  await expect(history.undone).toContainText('Moved Baah, Kojo')
  expect(await table('A')).toEqual(beforeA)
  expect(await table('B')).toEqual(beforeB)
})

test('two divisions merged after round 2: the review, the merged standings, round 3 paired on it, undo restores', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  // Two divisions, two rounds played through the screens: minutes on a loaded machine.
  test.setTimeout(400_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A', 'B'])
  for (const round of [1, 2]) await playRound(page, shell, round, ['A', 'B'])

  const standings = new StandingsPage(page)
  // One division left after the merge: the screens show no division tabs then.
  const table = async (division: string, tabs = true): Promise<string[][]> => {
    await shell.goTo('Standings')
    if (tabs) await players.chooseDivision(division)
    await expect(standings.table()).toHaveAccessibleName(new RegExp(`division ${division}`))
    return standings.rows()
  }
  const beforeA = await table('A')
  const beforeB = await table('B')

  // B's players join A as #5 to #8; the review ranks all eight on their own records.
  await shell.goTo('Players & check-in')
  await players.chooseDivision('B')
  const roster = new RosterPage(page)
  const dialog = await roster.reviewMerge('B', 'A')
  await expect(dialog.getByRole('note', { name: 'Merge review' })).toContainText(
    'Ewusi, Kwesi #5, Fosu, Abla #6, Gyan, Esi #7, Hagan, Kofi #8',
  )
  await expect(
    dialog.getByRole('table', { name: 'Merged standings' }).getByRole('row'),
  ).toHaveCount(9)
  await dialog.getByRole('button', { name: 'Merge B into A' }).click()
  await expect(roster.lastAction).toHaveText('Division B is now part of division A.')

  const merged = await table('A', false)
  expect(merged).toHaveLength(8)
  const record = (rows: string[][], name: string): string[] | undefined =>
    rows.find((row) => row[1] === name)?.slice(2, 5)
  for (const [rows, name] of [
    [beforeA, 'Adu, Ama'],
    [beforeB, 'Hagan, Kofi'],
  ] as const) {
    expect(record(merged, name)).toEqual(record(rows, name))
  }

  // Round 3 is paired on the merged division: eight players, four tables.
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  await rounds.pair(3)
  const paired = await rounds.pairingRows(3)
  expect(paired.filter((row) => /^\d+$/.test(row[0] ?? ''))).toHaveLength(4)

  // Undo the pairing, then the merge: both divisions as they were.
  await shell.goTo('History')
  const history = new HistoryPage(page)
  await history.undo()
  await expect(history.undone).toContainText('round 3')
  await history.undo()
  await expect(history.undone).toContainText('Merged division B into division A')
  expect(await table('A')).toEqual(beforeA)
  expect(await table('B')).toEqual(beforeB)
})

test('a division of six split before play by the rating line: the review, A2 paired on its own, exported, undone', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}, testInfo) => {
  // One division registered, then each step waits on the screen: minutes on a loaded machine.
  test.setTimeout(300_000)
  await newEvent({ shell, tournaments, tournament, players }, ['A'])
  await players.register({ name: 'Mensah, Kobby', rating: '1550' })
  await players.register({ name: 'Owusu, Afi', rating: '1450' })
  const roster = new RosterPage(page)

  // The dialog takes the focus, closes on Esc and gives it back to the button that opened it.
  const open = page.getByRole('button', { name: 'Split division…' })
  await open.click()
  const dialog = roster.splitDialog('A')
  await expect(dialog.getByLabel('New division')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(open).toBeFocused()

  // A name taken is refused in the review, with the engine's words.
  const taken = await roster.reviewSplit('A', 'a', { atLeast: 1600 })
  await expect(taken.getByRole('alert')).toHaveText('There is already a division a.')

  // At or above 1600 stay; the others leave for A2, numbered by rating.
  const review = await roster.reviewSplit('A', 'A2', { atLeast: 1600 })
  await expect(review.getByRole('note', { name: 'Split review' })).toContainText(
    'Division A keeps Adu, Ama #1, Baah, Kojo #2, Cudjoe, Efua #3. Division A2 gets Mensah, Kobby #1, Dede, Yaw #2, Owusu, Afi #3',
  )
  await review.getByRole('button', { name: 'Split A: 3 to A2' }).click()
  await expect(roster.lastAction).toHaveText('Division A split: 3 players now in division A2.')
  await expect(players.rows('A')).toHaveCount(3)
  await players.chooseDivision('A2')
  await expect(players.rows('A2')).toHaveCount(3)
  await expect(players.row('A2', 'Mensah, Kobby').locator('td').first()).toHaveText('1')

  // A2 pairs its own round 1: its three players, one bye.
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  await rounds.chooseDivision('A2')
  await rounds.pair(1)
  const seated = (await rounds.pairingRows(1)).flatMap((row) => row.slice(1)).join(' ')
  for (const name of ['Mensah', 'Dede', 'Owusu']) expect(seated).toContain(name)
  expect(seated).not.toContain('Adu')

  // Its .t file holds its three players, numbered from 1.
  await shell.goTo('Files')
  const files = new FilesPage(page)
  await files.chooseDivision('A2')
  const exported = await files.download('Export .t…', testInfo.outputPath('a2.t'), 'latin1')
  const names = exported.text
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => l.split(/\s+\d/)[0])
  expect(names).toEqual(['Mensah, Kobby', 'Dede, Yaw', 'Owusu, Afi'])

  // History words the split; undoing the pairing and then the split gives back one division.
  await shell.goTo('History')
  const history = new HistoryPage(page)
  expect((await history.texts())[1]).toBe('Division A split: 3 players rated under 1600 to A2')
  await history.undo()
  await expect(history.undone).toContainText('round 1')
  await history.undo()
  await expect(history.undone).toContainText('Division A split')
  await shell.goTo('Players & check-in')
  await expect(players.rows('A')).toHaveCount(6)
  await expect(page.getByRole('button', { name: 'Division A2', exact: true })).toHaveCount(0)
})
