/**
 * The reports worker (issue 33): works out a screen's reports off the page's thread. Built by Vite
 * as its own file, as the pairing worker is; the CSP allows it with `worker-src 'self'`.
 */
import { answerReportRequest, type ReportMessage } from './reports-protocol'

/** The worker's global scope, as much of it as is used (the renderer's types are the page's). */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<ReportMessage>) => void) | null
  postMessage: (message: unknown) => void
}

scope.onmessage = (event) => {
  const reply = answerReportRequest(event.data)
  // The copy of the state brought up to date is not answered.
  if (reply !== null) scope.postMessage(reply)
}
