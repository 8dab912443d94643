/**
 * Works out a screen's report in the reports worker (reports-worker.ts), so the page stays
 * responsive while the reports of a big field are worked out (issue 33). One worker is kept for
 * the session. Where there is no Worker (tests, a browser that refuses it) or the worker fails,
 * the same report is worked out on the page, in a task of its own.
 */
import type { TournamentState } from '../../../shared/tournament/types'
import { yieldToPage } from './in-slices'
import {
  roundJson,
  roundWritten,
  stateJson,
  workReport,
  type ReportAsked,
  type ReportReply,
  type ReportRequest,
  type WorkerReport,
  type WorkerReportValue,
} from './reports-protocol'
import { workerLink } from './worker-link'

const link = workerLink<ReportRequest, ReportReply>(
  () => new Worker(new URL('./reports-worker.ts', import.meta.url), { type: 'module' }),
  'reports',
)

/** On the page, in a task of its own so the screen shows first. */
function inline<K extends WorkerReport>(
  state: TournamentState,
  asked: ReportAsked & { readonly report: K },
): Promise<WorkerReportValue[K]> {
  return yieldToPage().then(() => workReport(state, asked))
}

/** How long the page writes rounds' JSON before it lets the page draw (issue 33). */
const WRITE_BUDGET_MS = 15

/** Writes the division's rounds' JSON not written yet, a few milliseconds a task. */
async function roundsWritten(state: TournamentState, division: string): Promise<void> {
  const rounds = state.divisions.find((d) => d.name === division)?.rounds ?? []
  let started = performance.now()
  for (const round of rounds) {
    if (roundWritten(round)) continue
    if (performance.now() - started > WRITE_BUDGET_MS) {
      await yieldToPage()
      started = performance.now()
    }
    roundJson(round)
  }
}

/** The report `asked` of `state`, from the worker when there is one, else from the page. */
export async function reportOf<K extends WorkerReport>(
  state: TournamentState,
  asked: ReportAsked & { readonly report: K },
): Promise<WorkerReportValue[K]> {
  if (!link.start()) return inline(state, asked)
  await roundsWritten(state, asked.division)
  const reply = await link.send((id) => ({ ...asked, id, state: stateJson(state, asked.division) }))
  return reply?.kind === 'report' ? (reply.value as WorkerReportValue[K]) : inline(state, asked)
}
