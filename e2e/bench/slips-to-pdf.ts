/**
 * Bench (issues 6 and 20): 500 result slips to PDF, target under 2 s, and the whole round of a
 * 1000-player event (pairings by table and by name, then the slips) to PDF, printed beside it.
 * Drives the built browser app (dist-web, as the e2e tests do): imports a 1000-player event with
 * round 2 paired (500 tables) from a tsh .t file, makes each document on the Print screen, and
 * prints it to PDF with Chromium's engine (the one Electron's printToPDF uses), the median of 3.
 * Exits non-zero when the slips miss their target.
 *
 *   npx vite build --config vite.web.config.ts && npx tsx e2e/bench/slips-to-pdf.ts
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchChromium, startPreview } from './harness'
import { plannedEvent } from '../support/t-writer'

const PLAYERS = 1000
const TARGET_MS = 2_000
const root = join(import.meta.dirname, '..', '..')

const { server, url } = await startPreview(4174)

const browser = await launchChromium()
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
  // The Print screen opens on the latest round, whole: time it from the click.
  const started = performance.now()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Print' }).click()
  const frame = page.getByTitle('Print preview')
  await frame.waitFor()
  const roundHtml = (await frame.getAttribute('srcdoc')) ?? ''
  const made = performance.now()
  await page.getByLabel(/^\s*Document\b/).selectOption({ label: 'Result slips' })
  await page.waitForFunction(
    (title) =>
      !(
        document.querySelector(`iframe[title="${title}"]`)?.getAttribute('srcdoc') ?? 'Pairings by'
      ).includes('Pairings by'),
    'Print preview',
  )
  const html = (await frame.getAttribute('srcdoc')) ?? ''

  const out = join(root, 'test-results', 'bench')
  mkdirSync(out, { recursive: true })
  /** Median of 3 prints of `doc` to PDF, each in a new page; the last PDF is kept as `name`. */
  async function toPdf(
    doc: string,
    name: string,
  ): Promise<{ ms: number; path: string; kb: number }> {
    const times: number[] = []
    let pdf: Buffer = Buffer.alloc(0)
    for (let run = 0; run < 3; run++) {
      const pdfPage = await browser.newPage()
      await pdfPage.setContent(doc, { waitUntil: 'load' })
      const before = performance.now()
      pdf = await pdfPage.pdf({ preferCSSPageSize: true, printBackground: true })
      times.push(performance.now() - before)
      await pdfPage.close()
    }
    const path = join(out, name)
    writeFileSync(path, pdf)
    const ms = [...times].sort((a, b) => a - b)[1] ?? NaN
    return { ms, path, kb: pdf.length / 1024 }
  }
  const pagesOf = (path: string): number =>
    Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [path], { encoding: 'utf8' }))?.[1] ?? NaN)

  const slipsPdf = await toPdf(html, 'slips-500.pdf')
  const roundPdf = await toPdf(roundHtml, 'round-1000.pdf')
  const slips = (html.match(/<section class="slip"/g) ?? []).length
  const pages = pagesOf(slipsPdf.path)
  console.log(
    [
      `slips: ${slips}, pages: ${pages}, PDF ${slipsPdf.kb.toFixed(0)} kB (${slipsPdf.path})`,
      `screen to document: ${(made - started).toFixed(0)} ms (opening Print: report, HTML and preview of the whole round in the app)`,
      `500 slips to PDF: ${slipsPdf.ms.toFixed(0)} ms (target under ${TARGET_MS} ms) ${slipsPdf.ms < TARGET_MS ? 'ok' : 'MISSED'}`,
      `whole round of ${PLAYERS} players to PDF: ${roundPdf.ms.toFixed(0)} ms, ${pagesOf(roundPdf.path)} pages, ${roundPdf.kb.toFixed(0)} kB`,
    ].join('\n'),
  )
  // Three slips a page (shared/print/slips-html.ts).
  if (pages !== Math.ceil(slips / 3)) {
    throw new Error(`expected ${Math.ceil(slips / 3)} pages, got ${pages}`)
  }
  if (slips !== PLAYERS / 2) throw new Error(`expected ${PLAYERS / 2} slips, got ${slips}`)
  if (slipsPdf.ms >= TARGET_MS) process.exitCode = 1
} finally {
  await browser.close()
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
}
