/**
 * The messages between the screens and the reports worker (issue 33: at 2000 players × 20 rounds
 * the Prizes screen's prizes, game lists and team standings took the page 640 ms and more in one
 * task). The worker runs shared/'s own reports on the state it is sent, so its answer is the one
 * the page would have worked out itself.
 */
import { gameLists } from '../../../shared/reports/game-lists'
import { prizesReport } from '../../../shared/reports/prizes'
import { teamStandings } from '../../../shared/reports/team-standings'
import { divisionRatingEstimatesReusing } from '../../../shared/ratings/division-ratings'
import type { EstimateMemo, PlayerEstimates } from '../../../shared/ratings/estimate'
import type { Result } from '../../../shared/result'
import type { TournamentState } from '../../../shared/tournament/types'
import { printJobOf, type PrintAsked } from '../print/print-job'
import type { PrintJob } from '../../../shared/print/render'
import { applyMirrorMessage, NO_MIRROR, type Mirror, type MirrorMessage } from './mirror'
import type { StaleReply } from './worker-link'

export const WORKER_REPORTS = [
  'prizes',
  'game-lists',
  'team-standings',
  'rating-estimates',
  'print-job',
] as const
export type WorkerReport = (typeof WORKER_REPORTS)[number]

/** What each report answers. */
export interface WorkerReportValue {
  readonly prizes: ReturnType<typeof prizesReport>
  readonly 'game-lists': ReturnType<typeof gameLists>
  readonly 'team-standings': ReturnType<typeof teamStandings>
  /** Every player's estimate after each round (the round asked is not used): none when unrated. */
  readonly 'rating-estimates': readonly PlayerEstimates[]
  /** The Print screen's document (`print` says which), or why there is none. */
  readonly 'print-job': Result<PrintJob>
}

export interface ReportAsked {
  readonly report: WorkerReport
  readonly division: string
  readonly round: number
  /** What to print, for `print-job`. */
  readonly print?: PrintAsked
}

export interface ReportRequest extends ReportAsked {
  /** Matches the reply to its request. */
  readonly id: number
  /**
   * The version of the worker's copy of the state the request is about (issue 33: the copy is
   * kept up to date by what changed, mirror.ts; writing the division asked about for every
   * request was the Standings and Print screens' longest task).
   */
  readonly version: number
}

/** What the page posts to the reports worker: a request, or its copy of the state brought up to date. */
export type ReportMessage = ReportRequest | MirrorMessage

export type ReportReply =
  | { readonly id: number; readonly kind: 'report'; readonly value: unknown }
  /** A programmer error in the worker: the page works it out itself instead. */
  | { readonly id: number; readonly kind: 'failed'; readonly message: string }
  /** Its copy is not the state asked about: the page sends it whole and asks again. */
  | StaleReply

/** The report as shared/ works it out, on the page or in the worker alike. */
export function workReport<K extends WorkerReport>(
  state: TournamentState,
  asked: ReportAsked & { readonly report: K },
): WorkerReportValue[K] {
  const { division, round } = asked
  const report: WorkerReport = asked.report
  switch (report) {
    case 'prizes':
      return prizesReport(state, division, round) as WorkerReportValue[K]
    case 'game-lists':
      return gameLists(state, division, round) as WorkerReportValue[K]
    case 'team-standings':
      return teamStandings(state, division, round) as WorkerReportValue[K]
    case 'rating-estimates':
      return ratingEstimates(state, division) as WorkerReportValue[K]
    case 'print-job':
      if (asked.print === undefined) throw new Error('print-job asked without what to print')
      return printJobOf(state, asked.print) as WorkerReportValue[K]
  }
}

/**
 * Each division's last estimate where the estimates are worked out (the worker, or the page when
 * there is none): a result in round k re-rates round k on (issue 22), and the first estimate of a
 * 2000-player event, a quarter of a second and more, no longer stops the page (issue 33).
 */
const estimatesKept = new Map<string, EstimateMemo>()

function ratingEstimates(state: TournamentState, division: string): readonly PlayerEstimates[] {
  const key = `${state.id}\n${division}`
  const worked = divisionRatingEstimatesReusing(state, division, estimatesKept.get(key))
  if (worked === undefined) return []
  estimatesKept.set(key, worked.memo)
  return worked.estimates
}

/** The worker's copy of the page's state (mirror.ts). */
let mirror: Mirror = NO_MIRROR

const isMirror = (message: ReportMessage): message is MirrorMessage =>
  'kind' in message && message.kind === 'mirror'

/** The worker's answer to one request; null for its copy of the state brought up to date. */
export function answerReportRequest(message: ReportMessage): ReportReply | null {
  if (isMirror(message)) {
    try {
      mirror = applyMirrorMessage(mirror, message)
    } catch {
      mirror = { version: -1, value: undefined }
    }
    return null
  }
  try {
    if (message.version !== mirror.version) {
      return { id: message.id, kind: 'stale', has: mirror.version }
    }
    const state = mirror.value as TournamentState
    return { id: message.id, kind: 'report', value: workReport(state, message) }
  } catch (error) {
    return { id: message.id, kind: 'failed', message: String(error) }
  }
}
