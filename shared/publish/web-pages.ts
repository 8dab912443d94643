/**
 * The web pages Files → Save web pages and `rackside convert EVENT.json OUT.html` (or a folder)
 * write (issues 14 and 31): one use-case, so the app and the CLI publish the same event the same
 * way. Pure text from state; the screen and the CLI only write the files it returns.
 */
import { TOURNEY_JS_NAME, tourneyJs } from '../formats/tourney-js'
import { escapeHtml } from '../print/escape'
import { slug } from '../print/format'
import { printJob, REPORT_TITLES } from '../print/render'
import { buildReport, type ReportKind } from '../reports/report'
import { err, ok, type Result } from '../result'
import type { LoggedCommand } from '../tournament/commands'
import type { TournamentState } from '../tournament/types'
import { chunksFrom } from '../venue/chunks'
import type { LogChunk } from '../venue/protocol'
import { siteHtml } from './site-shell'

/** A file of the folder: a plain name (no folder) and its text, saved as UTF-8. */
export interface PublishedFile {
  readonly name: string
  readonly contents: string
}

/**
 * The documents a saved page embeds: the log as `rackside serve` publishes it, so a saved page and
 * the site online read the event by the same path.
 */
export function embeddedDocs(log: readonly LoggedCommand[]): readonly LogChunk[] {
  return chunksFrom(log, 0)
}

/** The results site saved with the pages (issue 31). */
export const RESULTS_SITE_NAME = 'results.html'

const PUBLISHED: readonly ReportKind[] = [
  'pairings-by-table',
  'pairings-alphabetical',
  'standings',
  'wall-chart',
  'ranked-wall-chart',
  'prizes',
  'game-lists',
  'team-standings',
]

/**
 * Pages for publishing online: per division, the latest round's pairings (by table and by name),
 * the standings, the wall chart (by number and ranked), the prizes, the game lists and the team
 * standings (issue 14), each a self-contained page (the print documents, so the web
 * shows what the hall saw), an index.html linking them, and tsh's feed `tourney.js` (issue 31).
 * With `site` (issue 31), also the results site with the event's log inside (`RESULTS_SITE_NAME`):
 * the hall's `/live` pages, opening from disk or any web host with no server.
 */
export function htmlFolder(
  state: TournamentState,
  site?: { readonly script: string; readonly log: readonly LoggedCommand[] },
): Result<readonly PublishedFile[]> {
  const files: PublishedFile[] = []
  const links: string[] = []
  for (const division of state.divisions) {
    const round = division.rounds.length
    if (round === 0) continue
    const divisionLinks: string[] = []
    for (const kind of PUBLISHED) {
      const report = buildReport(state, { kind, division: division.name, round })
      if (!report.ok) return report
      const name = `${slug(division.name)}-r${round}-${kind}.html`
      files.push({ name, contents: printJob(report.value, 'A4').html })
      divisionLinks.push(
        `<li><a href="${escapeHtml(name)}">${escapeHtml(REPORT_TITLES[kind])}</a></li>`,
      )
    }
    links.push(
      `<h2>Division ${escapeHtml(division.name)}, round ${round}</h2><ul>${divisionLinks.join('')}</ul>`,
    )
  }
  if (files.length === 0) {
    return err('publish.nothing', 'No round is paired yet: there is nothing to publish.')
  }
  const title = escapeHtml(state.info.name)
  if (site !== undefined) {
    files.push({
      name: RESULTS_SITE_NAME,
      contents: siteHtml({
        title: state.info.name,
        script: site.script,
        docs: embeddedDocs(site.log),
      }),
    })
    links.unshift(
      `<p><a href="${RESULTS_SITE_NAME}">Pairings, standings and each player's games</a></p>`,
    )
  }
  files.unshift({
    name: 'index.html',
    contents: `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<style>body { font-family: 'Liberation Sans', Arial, sans-serif; margin: 2em; }</style></head>
<body><h1>${title}</h1>
${links.join('\n')}
</body></html>
`,
  })
  // Issue 31: tsh's live feed beside the pages, to upload where tsh users upload theirs.
  files.push({ name: TOURNEY_JS_NAME, contents: tourneyJs(state) })
  return ok(files)
}
