/*
 * The Print screen's document from what the director chose (issue 33): one function, so the
 * reports worker and the page (where there is no worker) write the very same HTML.
 */
import type { PageSize } from '../../../electron/ipc-contract'
import type { TableRange } from '../../../shared/reports/pairings'
import { buildReport, type ReportKind } from '../../../shared/reports/report'
import { err, ok, type Result } from '../../../shared/result'
import type { TournamentState } from '../../../shared/tournament/types'
import { printJob, roundPrintJob, type PrintJob } from '../../../shared/print/render'

/** "whole-round": every division's pairings and slips of one round in one document (issue 11). */
export const WHOLE_ROUND = 'whole-round'

/** What the Print screen asks for. */
export interface PrintAsked {
  readonly kind: ReportKind | typeof WHOLE_ROUND
  readonly division: string
  readonly round: number
  readonly pageSize: PageSize
  /** Result slips of these tables only. */
  readonly tables?: TableRange
}

/** The document `asked` of `state`, or why there is none. */
export function printJobOf(state: TournamentState, asked: PrintAsked): Result<PrintJob> {
  if (!state.divisions.some((d) => d.name === asked.division)) {
    return err('division.missing', 'Add a division first.')
  }
  if (asked.kind === WHOLE_ROUND) return roundPrintJob(state, asked.round, asked.pageSize)
  const report = buildReport(state, {
    kind: asked.kind,
    division: asked.division,
    round: asked.round,
    ...(asked.tables === undefined ? {} : { tables: asked.tables }),
  })
  if (!report.ok) return report
  return ok(printJob(report.value, asked.pageSize))
}
