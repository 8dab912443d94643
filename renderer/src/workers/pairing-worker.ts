/**
 * The pairing worker (issue 20): proposes a round off the page's thread. Built by Vite as its own
 * file for the browser build and the Electron renderer alike (`new Worker(new URL(…))` in
 * pairing-client.ts); the CSP allows it with `worker-src 'self'`.
 */
import { answerPairingRequest, type PairingRequest } from './pairing-protocol'

/** The worker's global scope, as much of it as is used (the renderer's types are the page's). */
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<PairingRequest>) => void) | null
  postMessage: (message: unknown) => void
}

scope.onmessage = (event) => {
  const reply = answerPairingRequest(event.data)
  // The copy of the state brought up to date is not answered.
  if (reply !== null) scope.postMessage(reply)
}
