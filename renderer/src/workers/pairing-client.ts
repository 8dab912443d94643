/**
 * Proposes a round in the pairing worker (pairing-worker.ts), so the page stays responsive while
 * a big field is matched (issue 20). One worker is kept for the session: its compiled code stays
 * warm for the next round. Where there is no Worker (tests, a browser that refuses it) or the
 * worker fails, the same use-case runs on the page, as it did before.
 *
 * While the Rounds screen waits with every result in, the worker may work out the next round's
 * proposal ahead (`prepareProposal`): pressing Pair on the very same state with the same options
 * then takes that proposal. It is the one `proposePairing` gives for its seed, drawn a little
 * earlier; nothing is prepared on the page's own thread.
 */
import {
  pairingWarnings,
  proposePairing,
  type PairingProposal,
  type PairingWarning,
  type ProposeOptions,
} from '../../../shared/desk/pair-next'
import type { Result } from '../../../shared/result'
import type { TournamentState } from '../../../shared/tournament/types'
import {
  pairingRequest,
  warningsRequest,
  type PairingReply,
  type PairingRequest,
} from './pairing-protocol'

type Waiting = (reply: PairingReply | null) => void

let worker: Worker | null = null
/** Set once the worker could not be started or broke: every later proposal runs inline. */
let unavailable = false
let nextId = 1
const waiting = new Map<number, Waiting>()

/** A proposal asked for ahead, and what it was asked for. */
interface Prepared {
  readonly state: TournamentState
  readonly division: string
  readonly round: number
  /** The options but the seed, which a prepared proposal draws itself. */
  readonly options: string
  readonly result: Promise<Result<PairingProposal> | null>
}
let prepared: Prepared | null = null

const optionsKey = (options: ProposeOptions): string => JSON.stringify({ ...options, seed: 0 })

/** Every request still waiting gets null (pair inline), and no later one uses the worker. */
function giveUp(): void {
  unavailable = true
  worker?.terminate()
  worker = null
  prepared = null
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

/**
 * Starts the worker before it is first asked (issue 20): the Rounds screen calls it as it opens,
 * so a Pair pressed at once does not also wait for the worker's script to load and start.
 * Nothing where there is no Worker.
 */
export function warmPairingWorker(): void {
  theWorker()
}

/** The worker's reply, or null when it failed (the caller works it out on the page). */
async function send(
  target: Worker,
  request: (id: number) => PairingRequest,
): Promise<PairingReply | null> {
  const id = nextId++
  const reply = await new Promise<PairingReply | null>((resolve) => {
    waiting.set(id, resolve)
    target.postMessage(request(id))
  })
  if (reply?.kind === 'failed') {
    console.warn(`Rackside: the pairing worker failed (${reply.message}); working on the page.`)
  }
  return reply
}

/** The worker's proposal, or null when it failed (the caller pairs on the page). */
async function ask(
  target: Worker,
  state: TournamentState,
  division: string,
  round: number,
  options: ProposeOptions,
): Promise<Result<PairingProposal> | null> {
  const reply = await send(target, (id) => pairingRequest(id, state, division, round, options))
  return reply?.kind === 'proposal' ? reply.result : null
}

/**
 * Has the worker propose `round` of `division` from `state` ahead, for a Pair pressed on the same
 * state with the same options. Only one is kept: a newer state replaces it. Nothing without a
 * worker.
 */
export function prepareProposal(
  state: TournamentState,
  division: string,
  round: number,
  options: ProposeOptions,
): void {
  const key = optionsKey(options)
  const same = prepared
  if (same?.state === state && same.division === division && same.round === round) {
    if (same.options === key) return
  }
  const target = theWorker()
  if (target === null) return
  prepared = {
    state,
    division,
    round,
    options: key,
    result: ask(target, state, division, round, options),
  }
}

/** `proposePairing` for `state`, in the worker when there is one (prepared ahead when it was). */
export async function proposePairingOffThread(
  state: TournamentState,
  division: string,
  round: number,
  options: ProposeOptions,
): Promise<Result<PairingProposal>> {
  const ahead = prepared
  prepared = null
  if (
    ahead?.state === state &&
    ahead.division === division &&
    ahead.round === round &&
    ahead.options === optionsKey(options)
  ) {
    const result = await ahead.result
    if (result !== null) return result
  }
  const target = theWorker()
  const result = target === null ? null : await ask(target, state, division, round, options)
  return result ?? proposePairing(state, division, round, options)
}

/**
 * `pairingWarnings` for `round` of `division` as paired in `state`, in the worker when there is
 * one (issue 20: the Rounds screen's review, which took the page 60–180 ms at 2000 players).
 */
export async function pairingWarningsOffThread(
  state: TournamentState,
  division: string,
  round: number,
): Promise<readonly PairingWarning[]> {
  const target = theWorker()
  const reply =
    target === null ? null : await send(target, (id) => warningsRequest(id, state, division, round))
  return reply?.kind === 'warnings' ? reply.warnings : pairingWarnings(state, division, round)
}
