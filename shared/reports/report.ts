import type { Result } from '../result'
import type { TournamentState } from '../tournament/types'
import { nameTags, type NameTags } from './name-tags'
import {
  pairingsAlphabetical,
  pairingsByTable,
  type PairingsAlphabetical,
  type PairingsByTable,
  type TableRange,
} from './pairings'
import { scorecards, type Scorecards } from './scorecards'
import { resultSlips, type ResultSlips } from './slips'
import { standingsReport, type StandingsReport } from './standings-report'
import { wallChart, rankedWallChart, type WallChart } from './wall-chart'
import { gameLists, type GameLists } from './game-lists'
import { prizesReport, type PrizesReport } from './prizes'
import { teamStandings, type TeamStandings } from './team-standings'
import { ratingsReport, type RatingsReport } from './ratings-report'

/** Every printed page Rackside makes, in the order a round needs them. */
export const REPORT_KINDS = [
  'result-slips',
  'pairings-by-table',
  'pairings-alphabetical',
  'scorecards',
  'standings',
  'wall-chart',
  'name-tags',
  'prizes',
  'game-lists',
  'ranked-wall-chart',
  'team-standings',
  'ratings',
] as const
export type ReportKind = (typeof REPORT_KINDS)[number]

export type Report =
  | ResultSlips
  | PairingsByTable
  | PairingsAlphabetical
  | Scorecards
  | StandingsReport
  | WallChart
  | NameTags
  | PrizesReport
  | GameLists
  | TeamStandings
  | RatingsReport

export interface ReportRequest {
  readonly kind: ReportKind
  readonly division: string
  readonly round: number
  /** Result slips only. */
  readonly tables?: TableRange
}

/** The report a request names: one entry point for the print screen, the bench and the CLI. */
export function buildReport(state: TournamentState, request: ReportRequest): Result<Report> {
  const { division, round } = request
  switch (request.kind) {
    case 'result-slips':
      return resultSlips(
        state,
        division,
        round,
        request.tables === undefined ? {} : { tables: request.tables },
      )
    case 'pairings-by-table':
      return pairingsByTable(state, division, round)
    case 'pairings-alphabetical':
      return pairingsAlphabetical(state, division, round)
    case 'scorecards':
      return scorecards(state, division, round)
    case 'standings':
      return standingsReport(state, division, round)
    case 'wall-chart':
      return wallChart(state, division, round)
    case 'name-tags':
      return nameTags(state, division)
    case 'prizes':
      return prizesReport(state, division, round)
    case 'game-lists':
      return gameLists(state, division, round)
    case 'ranked-wall-chart':
      return rankedWallChart(state, division, round)
    case 'team-standings':
      return teamStandings(state, division, round)
    case 'ratings':
      return ratingsReport(state, division, round)
  }
}
