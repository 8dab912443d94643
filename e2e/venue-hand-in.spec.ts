import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from './fixtures'
import { LAGOS_OPEN } from './data'
import { FilesPage } from './pages/files-page'
import { SharePage } from './pages/share-page'
import { installDesktopStandIn, standInCalls } from './support/desktop-stand-in'

/*
 * Issue 27: `rackside serve --take COPY.json` took back what a desk's saved copy holds; the
 * director sharing from the app does the same from the Files screen. The desktop side is the
 * stand-in (Electron cannot run here): the screen hands main the file whole and shows what main
 * says came back and what it refused, in the terminal's words. The authority's own decision is
 * electron/main/venue.test.ts's ("a desk's saved copy handed in from the app").
 */
test('while sharing, the director hands in a desk’s saved copy from the Files screen and reads what came back', async ({
  page,
  shell,
  tournaments,
}) => {
  await installDesktopStandIn(page)
  const files = new FilesPage(page)
  const handIn = page.getByRole('button', { name: 'Hand in a desk’s saved copy…' })
  await shell.start()
  await tournaments.create(LAGOS_OPEN)
  await expect(shell.nav.getByRole('link', { name: 'Overview', exact: true })).toBeVisible()

  // Not sharing: there is no venue network to hand a copy to.
  await shell.goTo('Files')
  await expect(page.getByRole('heading', { name: 'Files', level: 1 })).toBeVisible()
  await expect(handIn).toHaveCount(0)

  await shell.nav.getByRole('link', { name: 'Venue network' }).click()
  await new SharePage(page).shareButton.click()
  await expect(page.getByRole('list', { name: 'Addresses' })).toBeVisible()

  // A desk's copy of this event holding two commands more than the venue network's log.
  const shared = (await standInCalls(page)).find((call) => call[0] === 'share')?.[1]
  if (typeof shared !== 'string') throw new Error('the screen shared no file')
  const file = JSON.parse(shared) as { log: { seq: number }[] }
  const last = file.log.at(-1)
  if (last === undefined) throw new Error('the shared file holds no command')
  const log = [...file.log, { ...last, seq: last.seq + 1 }, { ...last, seq: last.seq + 2 }]
  const folder = mkdtempSync(join(tmpdir(), 'rackside-hand-in-'))
  const copy = join(folder, 'DESK2.json')
  const text = JSON.stringify({ ...file, log })
  writeFileSync(copy, text)
  await shell.goTo('Files')

  await files.handInDeskCopy(copy)
  await expect(page.getByRole('status').filter({ hasText: /^Recovered from/ })).toHaveText(
    `Recovered from DESK2.json: 2 commands accepted; ${String(file.log.length)} already in the log.`,
  )
  const calls = await standInCalls(page)
  expect(calls.filter((call) => call[0] === 'takeCopy')).toEqual([['takeCopy', 'DESK2.json', text]])

  // A copy of another event: refused, with the reason, and nothing said as taken.
  const other = join(folder, 'OTHER.json')
  writeFileSync(other, JSON.stringify({ ...file, tournamentId: 'another-event' }))
  await files.handInDeskCopy(other)
  await expect(page.getByRole('alert')).toContainText(
    'OTHER.json: it is a copy of another tournament (another-event)',
  )
  await expect(page.getByRole('status').filter({ hasText: /^Recovered from/ })).toHaveCount(0)
})
