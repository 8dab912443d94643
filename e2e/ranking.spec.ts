import { writeFileSync } from 'node:fs'
import { expect, test } from './fixtures'
import { FilesPage } from './pages/files-page'
import { SettingsPage } from './pages/settings-page'
import { StandingsPage } from './pages/standings-page'

/*
 * Issue 32: a division ranked by head-to-head after wins. Two rounds of four: Ann beat Bob by 10
 * and lost to Cy by 100; Bob beat Di by 100. Ann and Bob end on one win each, Bob ahead on
 * spread (+90 to −90): the documents' order puts Bob second, head-to-head puts Ann there.
 */
const ARCHIVE = `division A a.t
config max_rounds = 2
config event_name = 'Tie-break Day'
#begin_file name=a.t
Alpha, Ann     1800 2 3; 450 500
Bravo, Bob     1700 1 4; 440 300
Charlie, Cy    1600 4 1; 500 600
Delta, Di      1500 3 2; 300 200
#end_file name=a.t
`

const names = async (standings: StandingsPage): Promise<string[]> =>
  (await standings.rows()).map((row) => row[1] ?? '')

test('a tie-break chosen on Settings reorders the standings and their header says so', async ({
  page,
  shell,
}, testInfo) => {
  const file = testInfo.outputPath('tie-break-day.tsh')
  writeFileSync(file, ARCHIVE, 'utf8')
  await shell.start()
  await new FilesPage(page).importTsh(file)
  await expect(page.getByRole('heading', { name: 'Tie-break Day', level: 1 })).toBeVisible()

  await shell.goTo('Standings')
  const standings = new StandingsPage(page)
  const rule = page.getByLabel('Tie-break rule')
  await expect(rule).toContainText('Ranked by wins, then spread.')
  expect(await names(standings)).toEqual(['Charlie, Cy', 'Bravo, Bob', 'Alpha, Ann', 'Delta, Di'])

  await shell.goTo('Settings')
  const settings = new SettingsPage(page)
  await settings.chooseRanking('A', ['head-to-head', 'spread'])

  await shell.goTo('Standings')
  await expect(rule).toContainText('Ranked by wins, then head-to-head, then spread.')
  await expect
    .poll(() => names(standings))
    .toEqual(['Charlie, Cy', 'Alpha, Ann', 'Bravo, Bob', 'Delta, Di'])
})
