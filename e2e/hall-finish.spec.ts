import { expect, test } from './fixtures'
import { CheckinPage } from './pages/checkin-page'
import { ResultsPage } from './pages/results-page'
import { RoundsPage } from './pages/rounds-page'
import { hallPlayers, newHall } from './support/hall'

/*
 * Issue 28, "Done when" (the desk screens): a three-division hall at 1366×768 worked the way a
 * tsh-trained director works, each defect the issue names checked where the director met it.
 */
test.use({ trace: 'off', viewport: { width: 1366, height: 768 } })

test('the hall desk at 1366×768: check-in by keys, every division’s own names, absent ticks, undo and corrections on Results (issue 28)', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(200_000)
  await page.clock.install({ time: new Date('2026-12-05T09:00:00') })
  // A 10 by CSV (Fontes, then Swiss), B 8 typed in, C 6 (a round robin).
  await newHall({ shell, tournaments, tournament, players }, { A: 10, B: 8, C: 6 })
  await players.chooseDivision('B')
  await players.register({ name: 'Hughes, Ama', rating: '1500' })
  await expect(players.rows('B')).toHaveCount(9)

  // Key 2 opens the check-in desk with the cursor in its search: `hugh` + Enter checks in
  // Hughes (it registered a player "hugh" from the Name field), with a visible confirmation.
  await shell.goTo('Rounds')
  await page.keyboard.press('2')
  const checkin = new CheckinPage(page)
  await expect(checkin.search).toBeFocused()
  await page.keyboard.type('hugh')
  await page.keyboard.press('Enter')
  await expect(checkin.status).toBeVisible()
  await expect(checkin.status).toContainText('Hughes, Ama checked in for')
  await expect(checkin.checkedInButton('Hughes, Ama')).toHaveAttribute('aria-pressed', 'true')
  await expect(players.rows('B')).toHaveCount(9)
  // Esc on the empty search leaves it; D then moves to the next division, the cursor back in
  // that division's search.
  await page.keyboard.press('Escape')
  await page.keyboard.press('d')
  const tabs = page.getByRole('group', { name: 'Division' })
  await expect(tabs.getByRole('button', { name: 'Division C' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await expect(checkin.search).toBeFocused()
  // A division tab puts the cursor in the search too.
  await tabs.getByRole('button', { name: 'Division A' }).click()
  await expect(checkin.search).toBeFocused()
  // A's roll call: everybody but A's #8 (Hördt, Abena A); B's: everybody but B's #3.
  for (const id of [1, 2, 3, 4, 5, 6, 7, 9, 10]) await checkin.checkIn(String(id))
  await expect(checkin.count).toHaveText('9 of 10 checked in; 1 missing')
  await players.chooseDivision('B')
  for (const id of [1, 2, 4, 5, 6, 7, 8]) await checkin.checkIn(String(id))
  await expect(checkin.count).toHaveText('8 of 9 checked in; 1 missing')

  // A on C's screen pairs every division: each line names that division's own players (they
  // were looked up in the division on screen), and each division keeps its own summary.
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  await rounds.chooseDivision('C')
  await page.keyboard.press('a')
  await expect(rounds.everyDivision).toContainText('C: round 1 paired')
  const lines = rounds.everyDivision.getByRole('listitem')
  await expect(lines.filter({ hasText: /^A: round 1 paired/ })).toHaveText(
    /^A: round 1 paired\. Left out, not checked in for .+: Hördt, Abena A \(#8\)$/,
  )
  await expect(lines.filter({ hasText: /^B: round 1 paired/ })).toHaveText(
    /^B: round 1 paired\. Left out, not checked in for .+: Çelik, Yaw B \(#3\)$/,
  )
  await rounds.chooseDivision('B')
  await expect(rounds.summary).toContainText('Çelik, Yaw B (#3)')
  await expect(rounds.everyDivision).toContainText('A: round 1 paired')
  const [bGame] = await rounds.games(1)
  await rounds.chooseDivision('A')
  await expect(rounds.summary).toContainText('Hördt, Abena A (#8)')
  await expect(rounds.summary).not.toContainText('Çelik')

  // Shift+A publishes every division; A's absent tick survives a visit to B.
  await page.keyboard.press('Shift+A')
  await expect(rounds.everyDivision).toContainText('C: round 1 published')
  const [game] = await rounds.games(1)
  const late = game?.players[0] ?? ''
  expect(late).not.toBe('')
  await rounds.absentBox(late).check()
  await rounds.chooseDivision('B')
  await expect(rounds.clock.getByRole('checkbox', { checked: true })).toHaveCount(0)
  await rounds.chooseDivision('A')
  await expect(rounds.absentBox(late)).toBeChecked()
  await rounds.startClock(1, [])
  await expect(rounds.lateTable).toContainText(late)

  // Results (key 4): Ctrl+Z in the empty result line undoes the last result.
  await page.keyboard.press('4')
  const results = new ResultsPage(page)
  await expect(results.line).toHaveAccessibleName(/for division A, round 1/)
  const table = game?.table ?? ''
  await results.enter(`${table} 420* 380`)
  await expect(results.entered).toContainText(`Table ${table}`)
  await page.keyboard.press('Control+z')
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /^Undone: / })
      .first(),
  ).toBeVisible()
  await expect(results.entered).not.toContainText(`Table ${table}`)
  await expect(results.missing).toContainText(`Table ${table}:`)
  await expect(results.line).toBeFocused()

  // Enter confirms a correction: the question takes the cursor on its own button.
  await results.enter(`${table} 420* 380`)
  await results.correct(`${table} 431* 380`, '420')
  await expect(results.lastEntry).toHaveText(new RegExp(`^Corrected: Table ${table}`))
  await expect(results.entered).toContainText('431')
  await expect(results.line).toBeFocused()

  // A slip of B typed on A's screen: its table is B's alone in the hall, so it is B's game.
  const bTable = bGame?.table ?? ''
  await results.enter(`${bTable} 400* 350`)
  await expect(results.lastEntry).toHaveText(new RegExp(`^Entered in division B: Table ${bTable}:`))
  await expect(results.entered).not.toContainText(`Table ${bTable}`)
  await page.keyboard.press('Escape')
  await page.keyboard.press('d')
  await expect(results.line).toHaveAccessibleName(/for division B, round 1/)
  await expect(results.entered).toContainText(`Table ${bTable}`)
})

test('a clinched leader is offered Gibsonization (issue 28)', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(240_000)
  await page.clock.install({ time: new Date('2026-12-05T09:00:00') })
  await shell.start()
  await tournaments.create({
    name: 'Kumasi Four Rounds',
    venue: 'Kumasi',
    startDate: '2026-12-05',
    endDate: '2026-12-05',
    rounds: '4',
    rules: 'NSA tournament rules (1995)',
  })
  await tournament.addDivision('A')
  await shell.goTo('Players & check-in')
  const leader = 'Leader, Ann'
  for (const [i, name] of [
    leader,
    'Boateng, Yaw',
    'Çelik, Efua',
    'Danso, Kofi',
    'Éboué, Ama',
    'Frimpong, Kojo',
    'Gyamfi, Abena',
    'Hördt, Kwesi',
  ].entries()) {
    await players.register({ name, rating: String(1900 - i * 20) })
  }
  const rounds = new RoundsPage(page)
  const results = new ResultsPage(page)
  // Three rounds: the leader wins each by 600, every other game is won by 10.
  for (const round of [1, 2, 3]) {
    await shell.goTo('Rounds')
    await expect(rounds.clinched).toHaveCount(0)
    await rounds.pair(round)
    await rounds.publish(round)
    const games = await rounds.games(round)
    await shell.goTo('Results')
    for (const g of games) {
      const scores =
        g.players[0] === leader ? '800* 200' : g.players[1] === leader ? '200* 800' : '400* 390'
      await results.enter(`${g.table} ${scores}`)
    }
  }
  // 3–0 and +1800 with one game left: nobody can catch her even at 500 a game.
  await shell.goTo('Rounds')
  await expect(rounds.clinched).toContainText(
    'After round 3, 1 game left: Leader, Ann (#1) has clinched 1st place',
  )
  await rounds.clinched.getByRole('button', { name: 'Gibsonize clinched players' }).click()
  await expect(rounds.clinched).toHaveCount(0)
  await rounds.pair(4)
  await expect(rounds.summary).toContainText('Leader, Ann is Gibsonized')
})

test('a late entry registered while round 1 waits to be published is seated when it is paired again (issue 28)', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  await shell.start()
  await tournaments.create({
    name: 'Tema Late Entry',
    venue: 'Tema',
    startDate: '2026-12-05',
    endDate: '2026-12-05',
    rounds: '5',
    rules: 'NSA tournament rules (1995)',
  })
  await tournament.addDivision('A')
  await shell.goTo('Players & check-in')
  for (const [i, name] of [
    'Ansah, Kwame',
    'Boateng, Akosua',
    'Çelik, Yaw',
    'Danso, Efua',
  ].entries())
    await players.register({ name, rating: String(1800 - i * 50) })
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  await rounds.pair(1)

  // Registered before round 1 is published: he joins round 1, and the desk says how.
  await shell.goTo('Players & check-in')
  await players.register({ name: 'Late, Kofi', rating: '1500' })
  await expect(page.getByRole('status', { name: 'Last action' })).toHaveText(
    'Registered Late, Kofi as #5. Round 1 is paired without this player: pair it again on the Rounds screen to seat them.',
  )
  await shell.goTo('Rounds')
  await expect(rounds.pairings(1)).not.toContainText('Late, Kofi')
  await rounds.pairAgain(1)
  await expect(rounds.pairings(1)).toContainText('Late, Kofi')
})

test('the hall’s blocks of tables stay put across a late entry and a withdrawal, and a block pushed on is named (issue 28)', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(300_000)
  // A 10 on 1–5, B 8 on 6–9, C 6 on 10–12.
  await newHall({ shell, tournaments, tournament, players }, { A: 10, B: 8, C: 6 })
  const rounds = new RoundsPage(page)
  const results = new ResultsPage(page)
  const divisions = ['A', 'B', 'C'] as const

  /** Each division's tables in its latest round, as the Rounds screen lists them. */
  async function blocks(round: number): Promise<string[]> {
    const seen: string[] = []
    for (const name of divisions) {
      await rounds.chooseDivision(name)
      const tables = (await rounds.games(round)).map((g) => Number(g.table))
      seen.push(`${name} ${String(Math.min(...tables))}–${String(Math.max(...tables))}`)
    }
    return seen
  }

  /** Pairs and publishes every division (A, Shift+A), then enters every game from one screen. */
  async function playRound(round: number): Promise<string[]> {
    await shell.goTo('Rounds')
    await page.keyboard.press('a')
    await expect(rounds.everyDivision).toContainText(`C: round ${String(round)} paired`)
    await page.keyboard.press('Shift+A')
    await expect(rounds.everyDivision).toContainText(`C: round ${String(round)} published`)
    const seen = await blocks(round)
    const tables: string[] = []
    for (const name of divisions) {
      await rounds.chooseDivision(name)
      tables.push(...(await rounds.games(round)).map((g) => g.table))
    }
    await shell.goTo('Results')
    for (const table of tables) await results.enter(`${table} 400* 350`)
    return seen
  }

  expect(await playRound(1)).toEqual(['A 1–5', 'B 6–9', 'C 10–12'])

  // A withdrawal in A (4 boards now) and a late entry in B (9 players, still 4 boards): B and C
  // stay where round 1 had them; A leaves table 5 free rather than moving everyone back.
  await shell.goTo('Players & check-in')
  await players.chooseDivision('A')
  await players.withdraw(hallPlayers('A', 10).at(-1)?.name ?? '')
  await players.chooseDivision('B')
  await players.register({ name: 'Late, Kofi B', rating: '1500' })
  expect(await playRound(2)).toEqual(['A 1–4', 'B 6–9', 'C 10–12'])

  // A second late entry in B needs a fifth board: B grows into C's table 10, so C moves on by
  // one, and the review says so before C is paired and on C's own round after.
  await shell.goTo('Players & check-in')
  await players.chooseDivision('B')
  await players.register({ name: 'Later, Ama B', rating: '1400' })
  await shell.goTo('Rounds')
  await rounds.chooseDivision('B')
  const move = 'C’s tables move to 11–13: B needs table 10 now.'
  await expect(rounds.warnings).toContainText(move)
  expect(await playRound(3)).toEqual(['A 1–4', 'B 6–10', 'C 11–13'])
  await shell.goTo('Rounds')
  await rounds.chooseDivision('C')
  await expect(rounds.warnings).toContainText(move)
  await expect(rounds.hallTables).toHaveText('Tables 11–13 (after the divisions before it)')
})
