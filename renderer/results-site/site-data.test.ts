import { describe, expect, test } from 'vitest'
import { fold } from '../../shared/tournament/apply'
import type { Command } from '../../shared/tournament/commands'
import { logOf, register, WORKED_EXAMPLE_LOG } from '../../shared/tournament/test-support/event'
import { chunksFrom } from '../../shared/venue/chunks'
import { renderLivePage } from '../../shared/venue/live-pages'
import { standingsTable } from '../../shared/desk/standings-table'
import { EMBEDDED_ID, siteHtml } from '../../shared/publish/site-shell'
import { embeddedDocs } from '../../shared/publish/web-pages'
import { eventFromDocs, siteHref, siteRoute, sitePage } from './site-data'

/** The worked example (division A, three rounds) and a division B long enough for a full chunk. */
const COMMANDS: readonly Command[] = [
  ...WORKED_EXAMPLE_LOG,
  { type: 'addDivision', name: 'B' },
  ...Array.from({ length: 130 }, (_, i) => register(`Player ${String(i + 1)}`, 1500, 'B')),
]
const LOG = logOf(COMMANDS)
const NOW = new Date('2026-03-14T12:00:00Z')

/** The documents as `rackside serve` publishes them, in the order a database may list them. */
const PUSHED = [...chunksFrom(LOG, 0)].reverse()

function folded() {
  const state = fold('t-1', LOG)
  if (!state.ok || state.value === undefined) throw new Error('the example does not fold')
  return state.value
}

describe('issue 31: the results site reads the pushed log documents into the app’s state', () => {
  test('a full chunk and its slots, in any order, give the whole log and its fold', () => {
    expect(PUSHED.map((doc) => doc._id)).toContain('chunk-000000')
    const event = eventFromDocs(PUSHED)
    if (!event.ok) throw new Error(event.error.message)
    expect(event.value.log).toEqual(LOG)
    expect(event.value.state?.divisions).toEqual(folded().divisions)
  })

  test('the standings page shows the app’s standings table, row by row', () => {
    const event = eventFromDocs(PUSHED)
    if (!event.ok) throw new Error(event.error.message)
    const page = sitePage(event.value, '#/A/standings', NOW)
    expect(page.status).toBe(200)
    expect(page.body).toBe(
      renderLivePage(folded(), '/A/standings', new URLSearchParams(), NOW).body,
    )
    const rows = standingsTable(folded(), 'A', 3)
    expect(rows.length).toBeGreaterThan(2)
    let at = 0
    for (const row of rows) {
      const found = page.body.indexOf(`>${row.name}<`, at)
      expect(found, `${row.name} ranked ${String(row.rank)}`).toBeGreaterThan(at)
      at = found
    }
  })

  test('a document not arrived yet ends the log before it: the event as far as it is whole', () => {
    const withoutChunk = PUSHED.filter((doc) => doc._id !== 'chunk-000000')
    const event = eventFromDocs(withoutChunk)
    if (!event.ok) throw new Error(event.error.message)
    // The slots still hold entries 100 on; without entries 0–99 there is no event yet.
    expect(event.value.log).toEqual([])
    expect(event.value.state).toBeUndefined()
    expect(sitePage(event.value, '#/', NOW).body).toContain('The event has not started')
  })

  test.each([
    ['#/A/standings', '/A/standings', ''],
    ['#/?q=Ann', '/', 'Ann'],
    ['', '/', ''],
    ['#/A/player/3', '/A/player/3', ''],
  ])('the hash %j is the /live page %j', (hash, path, q) => {
    const route = siteRoute(hash)
    expect(route.path).toBe(path)
    expect(route.query.get('q') ?? '').toBe(q)
  })

  test.each([
    ['/live', '#/'],
    ['/live/A/pairings', '#/A/pairings'],
    ['/live/A/player/2', '#/A/player/2'],
    ['/me', null],
  ])('the /live link %j is the site’s %j', (live, site) => {
    expect(siteHref(live)).toBe(site)
  })
})

describe('issue 31: a saved page holds the same documents, read by the same path', () => {
  test('the embedded documents read back to the log, whatever a name holds', () => {
    const log = logOf([...COMMANDS, register('</script><script>alert(1)</script><!--', 0, 'A')])
    const page = siteHtml({
      title: 'Spring <Open>',
      script: 'void 0',
      docs: embeddedDocs(log),
    })
    const open = `<script type="application/json" id="${EMBEDDED_ID}">`
    const start = page.indexOf(open) + open.length
    const end = page.indexOf('</script>', start)
    const event = eventFromDocs(JSON.parse(page.slice(start, end)) as unknown[])
    if (!event.ok) throw new Error(event.error.message)
    expect(event.value.log).toEqual(log)
    expect(page).toContain('<title>Spring &#60;Open&#62;</title>')
  })

  test('without documents it is the site online, which asks for the database', () => {
    const page = siteHtml({ title: 'Results', script: 'void 0' })
    expect(page).not.toContain(EMBEDDED_ID)
    expect(page).toContain('<script>void 0</script>')
  })

  test('a script that would end its element is refused, not written', () => {
    expect(() => siteHtml({ title: 'x', script: '"</script>"' })).toThrow('</script')
  })
})
