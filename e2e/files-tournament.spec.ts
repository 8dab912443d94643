import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { FilesPage } from './pages/files-page'
import { PrintPage } from './pages/print-page'
import type { AppShell } from './pages/app-shell'
import { plannedEvent } from './support/t-writer'

/*
 * Issue 6, files: save → open gives the same standings and pairings; a damaged file is refused
 * and changes nothing; a tsh .t export imports back to the same standings; the MGI 2022 fixture
 * imports, carries on one more round and exports.
 */

// The print preview is a sandboxed frame: see print-round.spec.ts.
test.use({ trace: 'off' })

const EVENT = plannedEvent(30, 12)
const MGI = join(import.meta.dirname, '..', 'shared', 'formats', '__fixtures__', 'mgi-2022', 'a.t')

/** The standings after `round` and the pairings of `pairingsRound`, as the Print screen makes them. */
async function printed(
  page: Page,
  shell: AppShell,
  round: string,
  pairingsRound: string,
): Promise<{ standings: string; pairings: string }> {
  await shell.goTo('Print')
  const print = new PrintPage(page)
  await print.choose({ document: 'Standings', round })
  const standings = await print.documentHtml()
  await print.choose({ document: 'Pairings by table', round: pairingsRound })
  const pairings = await print.documentHtml()
  return { standings, pairings }
}

/** The rows of a printed table, without the heading that names the event and division. */
const body = (html: string): string => /<tbody>[\s\S]*<\/tbody>/.exec(html)?.[0] ?? ''

async function importThirty(page: Page, shell: AppShell, path: string): Promise<FilesPage> {
  writeFileSync(path, EVENT.text, 'utf8')
  const files = new FilesPage(page)
  await shell.start()
  await files.importOptions({ rounds: '7' })
  await files.importT(path)
  await expect(page.getByRole('heading', { name: 'thirty', level: 1 })).toBeVisible()
  return files
}

test('save, then open: the same standings and pairings; a damaged file changes nothing', async ({
  page,
  shell,
  tournaments,
}, testInfo) => {
  const files = await importThirty(page, shell, testInfo.outputPath('thirty.t'))
  const before = await printed(page, shell, '1', '2')

  await shell.goTo('Files')
  const saved = await files.download('Save tournament file…', testInfo.outputPath('saved.json'))
  expect(saved.name).toBe('thirty.json')
  expect(JSON.parse(saved.text)).toMatchObject({ format: 'rackside-tournament', version: 1 })

  // Cut short (a copy interrupted) and not ours at all: both refused, nothing changed.
  const truncated = testInfo.outputPath('truncated.json')
  writeFileSync(truncated, saved.text.slice(0, Math.floor(saved.text.length / 2)))
  await files.openTournament(truncated)
  await expect(files.error).toContainText('truncated.json was not opened, nothing was changed')
  await expect(files.error).toContainText('damaged or cut short')
  const foreign = testInfo.outputPath('foreign.json')
  writeFileSync(foreign, '{"name": "not a tournament"}')
  await files.openTournament(foreign)
  await expect(files.error).toContainText('not a Rackside tournament file')
  expect(await printed(page, shell, '1', '2')).toEqual(before)

  // The same tournament is on this computer: the director is asked, and may say no.
  await shell.goTo('Tournaments')
  await files.openTournament(testInfo.outputPath('saved.json'), false)
  await expect(files.status).toContainText('Nothing was changed.')
  // Issue 28: and what the file held, not only that.
  await expect(files.status).toContainText('saved.json holds “thirty”')
  await files.openTournament(testInfo.outputPath('saved.json'), true)
  await expect(page.getByRole('heading', { name: 'thirty', level: 1 })).toBeVisible()
  expect(await printed(page, shell, '1', '2')).toEqual(before)
  await shell.goTo('Tournaments')
  await expect(tournaments.table.getByRole('row')).toHaveCount(2)
})

test('a tsh .t export imports back to the same standings', async ({ page, shell }, testInfo) => {
  const files = await importThirty(page, shell, testInfo.outputPath('thirty.t'))
  const before = await printed(page, shell, '1', '2')
  await shell.goTo('Files')
  const exported = await files.download('Export .t…', testInfo.outputPath('again.t'), 'latin1')
  expect(exported.name).toBe('thirty.t')
  expect(exported.text.split('\n').filter((l) => l.trim() !== '')).toHaveLength(30)

  await shell.goTo('Tournaments')
  await files.importT(testInfo.outputPath('again.t'))
  await expect(page.getByRole('heading', { name: 'again', level: 1 })).toBeVisible()
  const after = await printed(page, shell, '1', '2')
  expect(body(after.standings)).toBe(body(before.standings))
  expect(body(after.pairings)).toBe(body(before.pairings))
})

test('MGI 2022 division A imports, plays a 13th round and exports it', async ({
  page,
  shell,
}, testInfo) => {
  const files = new FilesPage(page)
  await shell.start()
  await files.importOptions({ rounds: '13' })
  await files.importT(MGI)
  await expect(page.getByRole('heading', { name: 'a', level: 1 })).toBeVisible()

  // Round 13 by commands, as the desk would give them: players 1-2, 3-4, … (and a bye if odd).
  await shell.goTo('Files')
  const saved = await files.download('Save tournament file…', testInfo.outputPath('mgi.json'))
  const file = JSON.parse(saved.text) as { log: { seq: number; at: string; command: unknown }[] }
  const at = '2022-02-20T10:00:00.000Z'
  const original = readFileSync(MGI, 'latin1')
    .split('\n')
    .filter((l) => l.trim() !== '')
  const count = original.length
  const games = Array.from({ length: Math.floor(count / 2) }, (_, i) => ({
    table: i + 1,
    players: [2 * i + 1, 2 * i + 2],
  }))
  const commands: unknown[] = [
    {
      type: 'pairRound',
      division: 'A',
      round: 13,
      system: 'manual',
      pairings: [
        ...games.map((g) => ({ kind: 'game', ...g })),
        ...(count % 2 === 1 ? [{ kind: 'bye', player: count }] : []),
      ],
    },
    ...games.map((g) => ({
      type: 'recordResult',
      division: 'A',
      round: 13,
      game: { table: g.table },
      result: {
        kind: 'played',
        players: g.players,
        rawScores: [420 + g.table, 390],
        overtimeSeconds: [0, 0],
        scores: [420 + g.table, 390],
      },
    })),
  ]
  for (const command of commands) file.log.push({ seq: file.log.length, at, command })
  const continued = testInfo.outputPath('mgi-13.json')
  writeFileSync(continued, JSON.stringify(file))
  await files.openTournament(continued, true)
  await expect(page.getByRole('heading', { name: 'a', level: 1 })).toBeVisible()

  await shell.goTo('Files')
  const exported = await files.download('Export .t…', testInfo.outputPath('a-13.t'), 'latin1')
  const lines = exported.text.split('\n').filter((l) => l.trim() !== '' && !l.startsWith('#'))
  expect(lines).toHaveLength(count)
  for (const [i, line] of lines.entries()) {
    const [head = '', scores = ''] = line.split(';')
    // 12 rounds from tsh plus the 13th: opponents after the rating, and 13 scores.
    const opponents = head.trim().split(/\s+/).slice(-13)
    expect(opponents, line).toHaveLength(13)
    expect(scores.trim().split(/\s+/), line).toHaveLength(13)
    expect(Number(opponents[12])).toBe(
      i === count - 1 && count % 2 === 1 ? 0 : i % 2 === 0 ? i + 2 : i,
    )
    // The first twelve rounds are exported exactly as tsh wrote them.
    const tshScores = (original[i] ?? '').split(';')[1]?.trim().split(/\s+/)
    expect(scores.trim().split(/\s+/).slice(0, 12)).toEqual(tshScores)
  }
  await shell.goTo('Print')
  const print = new PrintPage(page)
  await print.choose({ document: 'Standings', round: '13' })
  // A header row and a row per player.
  expect(((await print.documentHtml()).match(/<tr>/g) ?? []).length).toBe(count + 1)
})
