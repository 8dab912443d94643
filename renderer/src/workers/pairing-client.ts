/**
 * Proposes a round in the pairing worker (pairing-worker.ts), so the page stays responsive while
 * a big field is matched (issue 20). One worker is kept for the session: its compiled code stays
 * warm for the next round. Where there is no Worker (tests, a browser that refuses it) or the
 * worker fails, the same use-case runs on the page, as it did before.
 */
import {
  proposePairing,
  type PairingProposal,
  type ProposeOptions,
} from '../../../shared/desk/pair-next'
import type { Result } from '../../../shared/result'
import type { TournamentState } from '../../../shared/tournament/types'
import { pairingRequest, type PairingReply } from './pairing-protocol'

type Waiting = (reply: PairingReply | null) => void

let worker: Worker | null = null
/** Set once the worker could not be started or broke: every later proposal runs inline. */
let unavailable = false
let nextId = 1
const waiting = new Map<number, Waiting>()

/** Every request still waiting gets null (pair inline), and no later one uses the worker. */
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
    worker = new Worker(new URL('./pairing-worker.ts', import.meta.url), { type: 'module' })
  } catch {
    unavailable = true
    return null
  }
  worker.onmessage = (event: MessageEvent<PairingReply>) => {
    const resolve = waiting.get(event.data.id)
    waiting.delete(event.data.id)
    resolve?.(event.data)
  }
  // A worker that cannot load (a CSP that refuses it, a missing file) or crashes.
  worker.onerror = (event) => {
    event.preventDefault()
    console.warn('Rackside: the pairing worker failed; pairing on the page instead.')
    giveUp()
  }
  worker.onmessageerror = () => giveUp()
  return worker
}

/** `proposePairing` for `state`, in the worker when there is one. */
export async function proposePairingOffThread(
  state: TournamentState,
  division: string,
  round: number,
  options: ProposeOptions,
): Promise<Result<PairingProposal>> {
  const target = theWorker()
  if (target !== null) {
    const id = nextId++
    const reply = await new Promise<PairingReply | null>((resolve) => {
      waiting.set(id, resolve)
      target.postMessage(pairingRequest(id, state, division, round, options))
    })
    if (reply?.kind === 'proposal') return reply.result
    if (reply?.kind === 'failed') {
      console.warn(`Rackside: the pairing worker failed (${reply.message}); pairing on the page.`)
    }
  }
  return proposePairing(state, division, round, options)
}
