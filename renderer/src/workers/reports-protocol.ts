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
import type { Division, Round, TournamentState } from '../../../shared/tournament/types'
import { printJobOf, type PrintAsked } from '../print/print-job'
import type { PrintJob } from '../print/render'

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
   * The state with only the division asked about, as JSON: one string is written on the page
   * several times faster than the structured clone of the same objects (pairing-protocol.ts).
   */
  readonly state: string
}

export type ReportReply =
  | { readonly id: number; readonly kind: 'report'; readonly value: unknown }
  /** A programmer error in the worker: the page works it out itself instead. */
  | { readonly id: number; readonly kind: 'failed'; readonly message: string }

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

/** Each round's JSON: rounds are immutable, so a result rewrites only its own round's (issue 33). */
const roundsWritten = new WeakMap<Round, string>()

/** The round as JSON, written once. */
export function roundJson(round: Round): string {
  let json = roundsWritten.get(round)
  if (json === undefined) {
    json = JSON.stringify(round)
    roundsWritten.set(round, json)
  }
  return json
}

/** Whether the round's JSON is written already. */
export const roundWritten = (round: Round): boolean => roundsWritten.has(round)

/** Stands for the rounds in the division's JSON until they are put in: no JSON string has it. */
const ROUNDS_HERE = '\u0000rounds'

/** The JSON last written, kept for the next request on the same division of the same state. */
let written: {
  readonly info: TournamentState['info']
  readonly rules: TournamentState['rules']
  readonly division: Division
  readonly json: string
} | null = null

/**
 * The state with only `division` in it, as JSON, written once for the requests on it, each of
 * its rounds once for every state that keeps it (at 2000 players × 20 rounds the whole division
 * took the page 30 ms and more; a result now rewrites one round).
 */
export function stateJson(state: TournamentState, division: string): string {
  const found = state.divisions.find((d) => d.name === division)
  if (found === undefined) return JSON.stringify(state)
  const same = written
  if (same?.division === found && same.info === state.info && same.rules === state.rules) {
    return same.json
  }
  const shell = JSON.stringify({ ...state, divisions: [{ ...found, rounds: ROUNDS_HERE }] })
  const rounds = `[${found.rounds.map(roundJson).join(',')}]`
  const json = shell.replace(JSON.stringify(ROUNDS_HERE), () => rounds)
  written = { info: state.info, rules: state.rules, division: found, json }
  return json
}

/** The worker's answer to one request. */
export function answerReportRequest(request: ReportRequest): ReportReply {
  try {
    const state = JSON.parse(request.state) as TournamentState
    return { id: request.id, kind: 'report', value: workReport(state, request) }
  } catch (error) {
    return { id: request.id, kind: 'failed', message: String(error) }
  }
}
