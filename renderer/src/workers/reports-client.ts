/**
 * Works out a screen's report in the reports worker (reports-worker.ts), so the page stays
 * responsive while the reports of a big field are worked out (issue 33). One worker is kept for
 * the session. Where there is no Worker (tests, a browser that refuses it) or the worker fails,
 * the same report is worked out on the page, in a task of its own.
 */
import type { TournamentState } from '../../../shared/tournament/types'
import { yieldToPage } from './in-slices'
import { mirrorSender } from './mirror'
import {
  workReport,
  type ReportAsked,
  type ReportMessage,
  type ReportReply,
  type WorkerReport,
  type WorkerReportValue,
} from './reports-protocol'
import { askOnMirror, workerLink } from './worker-link'

const link = workerLink<ReportMessage, ReportReply>(
  () => new Worker(new URL('./reports-worker.ts', import.meta.url), { type: 'module' }),
  'reports',
  () => mirror.reset(),
)
/**
 * The worker's copy of the whole state, sent by what changed since it last saw one (issue 33):
 * once, a slice at a time, then a result's worth per result, whichever division is asked about.
 */
const mirror = mirrorSender<TournamentState>((message) => link.post(message))

/** On the page, in a task of its own so the screen shows first. */
function inline<K extends WorkerReport>(
  state: TournamentState,
  asked: ReportAsked & { readonly report: K },
): Promise<WorkerReportValue[K]> {
  return yieldToPage().then(() => workReport(state, asked))
}

/** The report `asked` of `state`, from the worker when there is one, else from the page. */
export async function reportOf<K extends WorkerReport>(
  state: TournamentState,
  asked: ReportAsked & { readonly report: K },
): Promise<WorkerReportValue[K]> {
  // No worker: on the page at once, so its task is queued before anything the caller queues next.
  if (!link.start()) return inline(state, asked)
  const answered = await askOnMirror(
    link,
    mirror,
    state,
    (id, version) => ({ ...asked, id, version }),
    'reports',
  )
  if (answered?.kind === 'report') return answered.value as WorkerReportValue[K]
  return inline(state, asked)
}
