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
  type WorkerReport,
  type WorkerReportValue,
} from './reports-protocol'

let worker: Worker | null = null
/** Set once the worker could not be started or broke: every later report is worked out inline. */
let unavailable = false
let nextId = 1
const waiting = new Map<number, (reply: ReportReply | null) => void>()

function giveUp(): void {
  unavailable = true
  worker?.terminate()
  worker = null
  for (const resolve of waiting.values()) resolve(null)
  waiting.clear()
}

function theWorker(): Worker | null {
  if (unavailable) return null
  if (worker !== null) return worker
  if (typeof Worker === 'undefined') {
    unavailable = true
    return null
  }
  try {
    worker = new Worker(new URL('./reports-worker.ts', import.meta.url), { type: 'module' })
  } catch {
    unavailable = true
    return null
  }
  worker.onmessage = (event: MessageEvent<ReportReply>) => {
    const resolve = waiting.get(event.data.id)
    waiting.delete(event.data.id)
    resolve?.(event.data)
  }
  worker.onerror = (event) => {
    event.preventDefault()
    console.warn('Rackside: the reports worker failed; working on the page instead.')
    giveUp()
  }
  worker.onmessageerror = () => giveUp()
  return worker
}

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
  const target = theWorker()
  if (target === null) return inline(state, asked)
  await roundsWritten(state, asked.division)
  const id = nextId++
  const reply = await new Promise<ReportReply | null>((resolve) => {
    waiting.set(id, resolve)
    target.postMessage({ ...asked, id, state: stateJson(state, asked.division) })
  })
  if (reply?.kind === 'report') return reply.value as WorkerReportValue[K]
  if (reply?.kind === 'failed') {
    console.warn(`Rackside: the reports worker failed (${reply.message}); working on the page.`)
  }
  return inline(state, asked)
}
