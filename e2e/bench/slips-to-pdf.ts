/**
 * Bench (issue 6): 500 result slips to PDF, target under 10 s. Drives the built browser app
 * (dist-web, as the e2e tests do): imports a 1000-player event with round 2 paired (500 tables)
 * from a tsh .t file, makes the slips on the Print screen, and prints them to PDF with Chromium's
 * engine (the one Electron's printToPDF uses).
 *
 *   npx vite build --config vite.web.config.ts && npx tsx e2e/bench/slips-to-pdf.ts
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from '@playwright/test'
import { preview } from 'vite'
import { plannedEvent } from '../support/t-writer'

const PLAYERS = 1000
const TARGET_MS = 10_000
const root = join(import.meta.dirname, '..', '..')

const server = await preview({
  configFile: join(root, 'vite.web.config.ts'),
  preview: { port: 4174, strictPort: false, host: '127.0.0.1' },
  logLevel: 'silent',
})
const url = server.resolvedUrls?.local[0]
if (url === undefined) throw new Error('vite preview did not start')

const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
})
try {
  const folder = mkdtempSync(join(tmpdir(), 'rackside-bench-'))
  const tFile = join(folder, 'bench.t')
  writeFileSync(tFile, plannedEvent(PLAYERS, 400).text, 'utf8')

  const page = await browser.newPage()
  await page.goto(url)
  await page.getByLabel('Rounds in the event').fill('7')
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Import tsh .t file…' }).click()
  await (await chooser).setFiles(tFile)
  await page.getByRole('heading', { name: 'bench', level: 1 }).waitFor()
  // The Print screen opens on the slips of the latest round: time it from the click.
  const started = performance.now()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Print' }).click()
  const frame = page.getByTitle('Print preview')
  await frame.waitFor()
  const html = (await frame.getAttribute('srcdoc')) ?? ''
  const made = performance.now()

  const pdfPage = await browser.newPage()
  await pdfPage.setContent(html, { waitUntil: 'load' })
  const pdf = await pdfPage.pdf({ preferCSSPageSize: true, printBackground: true })
  const printed = performance.now()

  const out = join(root, 'test-results', 'bench')
  mkdirSync(out, { recursive: true })
  const path = join(out, 'slips-500.pdf')
  writeFileSync(path, pdf)
  const info = execFileSync('pdfinfo', [path], { encoding: 'utf8' })
  const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? NaN)
  const slips = (html.match(/<section class="slip"/g) ?? []).length
  const pdfMs = printed - made
  console.log(
    [
      `slips: ${slips}, pages: ${pages}, PDF ${(pdf.length / 1024).toFixed(0)} kB (${path})`,
      `screen to document: ${(made - started).toFixed(0)} ms (opening Print: report, HTML and preview in the app)`,
      `document to PDF: ${pdfMs.toFixed(0)} ms (target under ${TARGET_MS} ms)`,
    ].join('\n'),
  )
  if (slips !== PLAYERS / 2) throw new Error(`expected ${PLAYERS / 2} slips, got ${slips}`)
  if (pdfMs > TARGET_MS) process.exitCode = 1
} finally {
  await browser.close()
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
}
