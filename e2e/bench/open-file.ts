/**
 * Bench (issue 20, "big events at desk speed"): opening a tournament file in the browser build, at
 * 1000 players × 20 rounds (target under 1 s) and 2000 × 20 (under 2 s), the median of 3 opens,
 * each in a fresh browser context (an empty IndexedDB). Timed from giving the file to the picker to
 * the tournament's overview on screen: decoding, reading and folding the file, storing every
 * command in one transaction and showing it. Exits non-zero when a target is missed.
 *
 *   npx vite build --config vite.web.config.ts && npx tsx e2e/bench/open-file.ts
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from '@playwright/test'
import { launchChromium, startPreview } from './harness'
import { writeTournamentFile } from '../../shared/formats/tournament-file'
import { generateLog } from '../../shared/tournament/test-support/generate-log'

const CASES = [
  { players: 1000, rounds: 20, targetMs: 1000 },
  { players: 2000, rounds: 20, targetMs: 2000 },
] as const
const RUNS = 3

const { server, url } = await startPreview(4174)

/** One open in a fresh context: milliseconds from the picked file to the overview's heading. */
async function openOnce(browser: Browser, path: string, commands: number): Promise<number> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    await page.goto(url as string)
    const chooser = page.waitForEvent('filechooser')
    await page.getByRole('button', { name: 'Open tournament file…' }).click()
    const picker = await chooser
    // Timed inside the page: a locator's wait polls every 100–500 ms, which would be measured too.
    // Text, not a function: tsx would wrap a named function in a helper the page does not have.
    const shown = page.evaluate<number>(`new Promise((resolve) => {
      new MutationObserver((_changes, observer) => {
        const headings = [...document.querySelectorAll('h1')]
        if (!headings.some((h) => h.textContent === 'Benchmark Open')) return
        observer.disconnect()
        resolve(performance.now())
      }).observe(document.body, { childList: true, subtree: true, characterData: true })
    })`)
    const started = await page.evaluate(() => performance.now())
    await picker.setFiles(path)
    const elapsed = (await shown) - started
    await page.getByRole('heading', { name: 'Benchmark Open', level: 1 }).waitFor()
    if (errors.length > 0) throw new Error(`the page reported: ${errors.join('; ')}`)
    // Every command was stored: the list's count comes from the stored summary.
    const stored = await page.evaluate(
      () =>
        new Promise<number>((resolve, reject) => {
          const request = indexedDB.open('rackside')
          request.onerror = () => reject(new Error('cannot open the database'))
          request.onsuccess = () => {
            // The log is kept in chunks (schema 3): the commands are the chunks' entries.
            const chunks = request.result.transaction('logChunks').objectStore('logChunks').getAll()
            chunks.onsuccess = () =>
              resolve(
                (chunks.result as { entries: unknown[] }[]).reduce(
                  (sum, chunk) => sum + chunk.entries.length,
                  0,
                ),
              )
            chunks.onerror = () => reject(new Error('cannot count the commands'))
          }
        }),
    )
    if (stored !== commands) throw new Error(`stored ${stored} commands of ${commands}`)
    return elapsed
  } finally {
    await context.close()
  }
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

const browser = await launchChromium()
try {
  const folder = mkdtempSync(join(tmpdir(), 'rackside-bench-'))
  for (const { players, rounds, targetMs } of CASES) {
    const log = generateLog({ players, rounds, seed: players, starts: 'given' })
    const path = join(folder, `open-${players}.json`)
    const text = writeTournamentFile('bench-open', log, '2026-03-16T18:00:00.000Z')
    writeFileSync(path, text, 'utf8')
    const times: number[] = []
    for (let run = 0; run < RUNS; run++) times.push(await openOnce(browser, path, log.length))
    const ms = median(times)
    const verdict = ms < targetMs ? 'ok' : 'MISSED'
    console.log(
      `open ${players} players × ${rounds} rounds (${log.length} commands, ${(text.length / 1e6).toFixed(1)} MB): ` +
        `median ${ms.toFixed(0)} ms of ${times.map((t) => t.toFixed(0)).join(', ')} (target under ${targetMs} ms) ${verdict}`,
    )
    if (ms >= targetMs) process.exitCode = 1
  }
} finally {
  await browser.close()
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
}
