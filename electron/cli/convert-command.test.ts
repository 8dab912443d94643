import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { TSH_EXPORT_COMMANDS } from '../../shared/formats/__fixtures__/tsh-export-event'
import { tourneyJs } from '../../shared/formats/tourney-js'
import { writeTournamentFile } from '../../shared/formats/tournament-file'
import { applyAll, logOf } from '../../shared/tournament/test-support/event'
import { EMBEDDED_ID } from '../../shared/publish/site-shell'
import { eventFromDocs } from '../../renderer/results-site/site-data'
import { RESULTS_SITE_NAME } from '../../shared/publish/web-pages'
import { runCli } from './test-support/run-cli'

let dir = ''
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'rackside-convert-html-'))
  writeFileSync(
    join(dir, 'club.json'),
    writeTournamentFile('club', logOf(TSH_EXPORT_COMMANDS), '2026-05-01T09:00:00.000Z'),
  )
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

const state = applyAll(TSH_EXPORT_COMMANDS)

/** What the saved page's script reads when it opens: the documents embedded in the page. */
function embeddedEvent(html: string) {
  const at = html.indexOf(`<script type="application/json" id="${EMBEDDED_ID}">`)
  expect(at).toBeGreaterThan(0)
  const start = html.indexOf('>', at) + 1
  const docs: unknown = JSON.parse(html.slice(start, html.indexOf('</script>', start)))
  if (!Array.isArray(docs)) throw new Error('the embedded data is not a list of documents')
  const event = eventFromDocs(docs)
  if (!event.ok) throw new Error(event.error.message)
  return event.value
}

// The app's side (Files → Save web pages) is htmlFolder's test in renderer/src/files/exchange.test.ts.
describe('issue 31: convert .json -> .html writes the Files screen’s saved pages (htmlFolder)', () => {
  test('OUT.html is the results site with the event’s log inside, and the site’s script', async () => {
    const cli = await runCli('convert', join(dir, 'club.json'), join(dir, 'results.html'))
    expect(cli.code).toBe(0)
    expect(cli.stderr).toContain(`wrote ${join(dir, 'results.html')}`)
    const html = readFileSync(join(dir, 'results.html'), 'utf8')
    const event = embeddedEvent(html)
    expect(event.log.map((entry) => entry.command)).toEqual(TSH_EXPORT_COMMANDS)
    expect(event.state?.divisions).toEqual(state.divisions)
    expect(html).toContain(`<title>${state.info.name}</title>`)
    // The script that reads the data back is inline, so the page opens from disk with no server.
    const script = html.slice(html.lastIndexOf('<script>'), html.lastIndexOf('</script>'))
    expect(script.length).toBeGreaterThan(10_000)
  })

  test('OUT with no extension is a folder with every page, the index, results.html and tourney.js', async () => {
    const out = join(dir, 'site')
    const cli = await runCli('convert', join(dir, 'club.json'), out)
    expect(cli.code).toBe(0)
    const names = readdirSync(out)
    expect(names).toEqual(expect.arrayContaining(['index.html', RESULTS_SITE_NAME, 'tourney.js']))
    expect(names.filter((name) => /-r\d+-standings\.html$/.test(name))).toHaveLength(
      state.divisions.length,
    )
    expect(readFileSync(join(out, 'index.html'), 'utf8')).toContain(`href="${RESULTS_SITE_NAME}"`)
    expect(readFileSync(join(out, 'tourney.js'), 'utf8')).toBe(tourneyJs(state))
    const event = embeddedEvent(readFileSync(join(out, RESULTS_SITE_NAME), 'utf8'))
    expect(event.state?.divisions).toEqual(state.divisions)
  })
})
