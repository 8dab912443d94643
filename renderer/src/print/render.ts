import type { PageSize } from '../../../electron/ipc-contract'
import type { Report, ReportKind } from '../../../shared/reports/report'
import { nameTagsDocument, scorecardsDocument } from './cards-html'
import { slug } from './format'
import { slipsDocument } from './slips-html'
import { gameListsDocument, prizesDocument, teamStandingsDocument } from './prizes-html'
import {
  pairingsAlphabeticalDocument,
  pairingsByTableDocument,
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
