import type { PaperSize as PageSize } from '../tournament/paper'
import { buildReport, type Report, type ReportKind } from '../reports/report'
import { err, ok, type Result } from '../result'
import type { TournamentState } from '../tournament/types'
import { nameTagsDocument, scorecardsDocument } from './cards-html'
import { bundleDocument, type DocumentParts } from './document'
import { slug } from './format'
import { slipsDocument, slipsParts } from './slips-html'
import { gameListsDocument, prizesDocument, teamStandingsDocument } from './prizes-html'
import { ratingsDocument } from './ratings-html'
import {
  pairingsAlphabeticalDocument,
  pairingsAlphabeticalParts,
  pairingsByTableDocument,
  pairingsByTableParts,
  standingsDocument,
  wallChartDocument,
} from './tables-html'

export const REPORT_TITLES: Readonly<Record<ReportKind, string>> = {
  'result-slips': 'Result slips',
  'pairings-by-table': 'Pairings by table',
  'pairings-alphabetical': 'Pairings by name',
  scorecards: 'Scorecards',
  standings: 'Standings',
  'wall-chart': 'Wall chart',
  'name-tags': 'Name tags',
  prizes: 'Prizes',
  'game-lists': 'Game lists',
  'ranked-wall-chart': 'Ranked wall chart',
  'team-standings': 'Team standings',
  ratings: 'Rating estimates',
}

/** A document ready for the printer or a PDF: what `print` and `savePdf` of the bridge take. */
export interface PrintJob {
  readonly html: string
  readonly title: string
  readonly landscape: boolean
  readonly pageSize: PageSize
  /** e.g. `spring-open-a-r2-result-slips.pdf`. */
  readonly suggestedName: string
}

function documentOf(report: Report, pageSize: PageSize, title: string): string {
  switch (report.kind) {
    case 'result-slips':
      return slipsDocument(report, pageSize, title)
    case 'pairings-by-table':
      return pairingsByTableDocument(report, pageSize, title)
    case 'pairings-alphabetical':
      return pairingsAlphabeticalDocument(report, pageSize, title)
    case 'scorecards':
      return scorecardsDocument(report, pageSize, title)
    case 'standings':
      return standingsDocument(report, pageSize, title)
    case 'wall-chart':
    case 'ranked-wall-chart':
      return wallChartDocument(report, pageSize, title)
    case 'name-tags':
      return nameTagsDocument(report, pageSize, title)
    case 'prizes':
      return prizesDocument(report, pageSize, title)
    case 'game-lists':
      return gameListsDocument(report, pageSize, title)
    case 'team-standings':
      return teamStandingsDocument(report, pageSize, title)
    case 'ratings':
      return ratingsDocument(report, pageSize, title)
  }
}

export function printJob(report: Report, pageSize: PageSize): PrintJob {
  const header = report.header
  const name = REPORT_TITLES[report.kind]
  const round = header.round === null ? '' : ` round ${header.round}`
  const title = `${name}: ${header.event}, division ${header.division}${round}`
  const roundPart = header.round === null ? '' : `-r${header.round}`
  return {
    html: documentOf(report, pageSize, title),
    title,
    landscape:
      report.kind === 'wall-chart' ||
      report.kind === 'ranked-wall-chart' ||
      report.kind === 'scorecards',
    pageSize,
    suggestedName: `${slug(header.event)}-${slug(header.division)}${roundPart}-${report.kind}.pdf`,
  }
}

/** What a round needs on paper in every division, in the order it goes up on the wall. */
const ROUND_KINDS = ['pairings-by-table', 'pairings-alphabetical', 'result-slips'] as const

function roundParts(report: Report, pageSize: PageSize, title: string): DocumentParts | null {
  switch (report.kind) {
    case 'pairings-by-table':
      return pairingsByTableParts(report, pageSize, title)
    case 'pairings-alphabetical':
      return pairingsAlphabeticalParts(report, pageSize, title)
    case 'result-slips':
      return slipsParts(report, pageSize, title)
    case 'scorecards':
    case 'standings':
    case 'wall-chart':
    case 'ranked-wall-chart':
    case 'name-tags':
    case 'prizes':
    case 'game-lists':
    case 'team-standings':
    case 'ratings':
      return null
  }
}

/**
 * The whole round in one document (issue 11: one print dialog, or one PDF, not six): for every
 * division that has the round paired, its pairings by table, by name and its result slips.
 * `only` keeps it to the named divisions (the Rounds screen prints the division it shows).
 */
export function roundPrintJob(
  state: TournamentState,
  round: number,
  pageSize: PageSize,
  only?: readonly string[],
): Result<PrintJob & { readonly divisions: readonly string[] }> {
  const divisions = state.divisions
    .filter((d) => d.rounds.length >= round && (only === undefined || only.includes(d.name)))
    .map((d) => d.name)
  if (divisions.length === 0) {
    const message =
      only === undefined
        ? `No division has round ${round} paired yet.`
        : `Round ${round} of division ${only.join(', ')} is not paired yet.`
    return err('report.round.not-paired', message, {
      details: { round },
    })
  }
  const parts: DocumentParts[] = []
  for (const division of divisions) {
    for (const kind of ROUND_KINDS) {
      const report = buildReport(state, { kind, division, round })
      if (!report.ok) return report
      const part = roundParts(report.value, pageSize, REPORT_TITLES[kind])
      if (part !== null) parts.push(part)
    }
  }
  const title = `Round ${round}, ${divisions.length === 1 ? 'division' : 'divisions'} ${divisions.join(', ')}: ${state.info.name}`
  return ok({
    html: bundleDocument(title, pageSize, parts),
    title,
    landscape: false,
    pageSize,
    suggestedName: `${slug(state.info.name)}-r${round}-${only === undefined ? 'all-divisions' : slug(divisions.join('-'))}.pdf`,
    divisions,
  })
}
