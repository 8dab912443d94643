import { join } from 'node:path'
import { expect, test } from './fixtures'
import { FilesPage } from './pages/files-page'
import type { NewTournament } from './pages/tournaments-page'

/*
 * Files other programs write, as a director brings them in: a registration list saved by Excel
 * on Windows (Latin-1) through the Players screen, and a tsh division with its config.tsh, whose
 * unused settings the app reports.
 */

const MGI = join(import.meta.dirname, '..', 'shared', 'formats', '__fixtures__', 'mgi-2022')

const CLUB_DAY: NewTournament = {
  name: 'Köln Club Day',
  venue: 'Köln',
  startDate: '2026-12-05',
  endDate: '2026-12-05',
  rounds: '3',
  rules: 'NSA tournament rules (1995)',
}

/** What Excel on Windows saves: `;`-separated, CRLF, Latin-1 bytes (ü is one byte, 0xFC). */
const LATIN1_CSV = Buffer.from(
  [
    'Nachname;Vorname;Rating;Member ID;Team;Country;Email',
    'Müller;Jürgen;1500;DE0001;Rot;DEU;jm@example.org',
    'Schäfer;Björn;1400;DE0002;Blau;DEU;',
    'Weiß;Zoë;9999;DE0003;;DEU;', // over the highest rating: refused before the preview
    'Müller;Jürgen;1500;;;;', // the same player twice: skipped
  ].join('\r\n'),
  'latin1',
)

test('a Latin-1 registration CSV shows its encoding and the count it imports, accents intact', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(60_000)
  await shell.start()
  await tournaments.create(CLUB_DAY)
  await tournament.addDivision('A')
  await shell.goTo('Players & check-in')

  await players.chooseCsv('anmeldungen.csv', LATIN1_CSV)
  await expect(page.getByText('anmeldungen.csv read as Latin-1')).toBeVisible()
  // Issue 28: the names as read, so a wrong encoding shows before the import.
  await expect(
    page.getByText('First to import: Müller, Jürgen (row 2); Schäfer, Björn (row 3).'),
  ).toBeVisible()
  await expect(page.getByRole('note').filter({ hasText: 'Refused' })).toContainText('Row 4')
  await expect(page.getByRole('note').filter({ hasText: 'Already registered' })).toContainText(
    'Row 5',
  )
  await players.csvImportButton(2).click()
  await expect(
    page.getByText('Imported 2 players; skipped 1 already registered; 1 refused'),
  ).toBeVisible()
  await expect(players.rows('A')).toHaveCount(2)
  // Team and country keep their own fields; the list shows them beside the club.
  await expect(players.row('A', 'Müller, Jürgen')).toContainText('Rot · DEU')
  await expect(players.row('A', 'Schäfer, Björn')).toBeVisible()
})

test('a tsh .t imported with its config.tsh takes the event name and shows the config keys not used', async ({
  page,
  shell,
}) => {
  test.setTimeout(60_000)
  const files = new FilesPage(page)
  await shell.start()
  await files.chooseConfig(join(MGI, 'config.tsh'))
  await files.importT(join(MGI, 'a.t'))
  await expect(
    page.getByRole('heading', {
      name: 'MGI SCRABBLE PREMIER LEAGUE 2022 - MATCH DAY ONE',
      level: 1,
    }),
  ).toBeVisible()
  const report = files.importReport()
  await expect(report).toContainText('Not used from config.tsh')
  await expect(report).toContainText('hook_autopair')
  await expect(report).toContainText('director_name')
})

test('tsh aupair: the Files screen writes the whole event as one TOU in AUPAIR’s layout', async ({
  page,
  shell,
}, testInfo) => {
  test.setTimeout(60_000)
  const files = new FilesPage(page)
  await shell.start()
  await files.importOptions({ rounds: '12' })
  await files.importT(join(MGI, 'a.t'))
  await expect(page.getByRole('heading', { name: 'a', level: 1 })).toBeVisible()
  await shell.goTo('Files')
  await files.touOptions({ scope: 'the whole event', highWords: { A: '124' } })
  const tou = await files.download('Export TOU…', testInfo.outputPath('a.tou'), 'latin1')
  const lines = tou.text.split('\r\n')
  expect(lines[0]).toMatch(/^\*M\d\d\.\d\d\.\d{4} a$/)
  expect(lines.slice(1, 3)).toEqual(['*A', `${' '.repeat(36)}124`])
  // Name in 20 columns, then per round a space, result, score (3) and opponent (4).
  expect(lines[3]).toMatch(/^.{20}( [12 ][ \d]{3}[ +\d]{4}){12}$/)
  expect(lines.at(-2)).toBe('*** END OF FILE ***')
})
