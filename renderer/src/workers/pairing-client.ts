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
import { mirrorSender } from './mirror'
import { askOnMirror, workerLink } from './worker-link'

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

/**
 * The session's pairing worker; when it breaks, a proposal asked for ahead goes with it, and so
 * does its copy of the state.
 */
const link = workerLink<PairingRequest, PairingReply>(
  () => new Worker(new URL('./pairing-worker.ts', import.meta.url), { type: 'module' }),
  'pairing',
  () => {
    prepared = null
    mirror.reset()
  },
)
/** The worker's copy of the state, sent by what changed since it last saw one (issue 33). */
const mirror = mirrorSender<TournamentState>((message) => link.post(message))

/**
 * The worker's reply to the request `request` makes about `state`, once the worker's copy is
 * `state`; null to work it out on the page.
 */
function askAbout(
  state: TournamentState,
  request: (id: number, version: number) => PairingRequest,
): Promise<PairingReply | null> {
  return askOnMirror(link, mirror, state, request, 'pairing')
}

/**
 * Starts the worker before it is first asked (issue 20): the Rounds screen calls it as it opens,
 * so a Pair pressed at once does not also wait for the worker's script to load and start.
 * Nothing where there is no Worker.
 */
export function warmPairingWorker(): void {
  link.start()
}

/** The worker's proposal, or null when it failed (the caller pairs on the page). */
async function ask(
  state: TournamentState,
  division: string,
  round: number,
  options: ProposeOptions,
): Promise<Result<PairingProposal> | null> {
  const reply = await askAbout(state, (id, version) =>
    pairingRequest(id, version, division, round, options),
  )
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
  if (!link.start()) return
  prepared = {
    state,
    division,
    round,
    options: key,
    result: ask(state, division, round, options),
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
  const result = await ask(state, division, round, options)
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
  const reply = await askAbout(state, (id, version) =>
    warningsRequest(id, version, division, round),
  )
  return reply?.kind === 'warnings' ? reply.warnings : pairingWarnings(state, division, round)
}
