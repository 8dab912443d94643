/**
 * The messages between the Rounds screen and the pairing worker (issue 20: a 2000-player round
 * takes the matching a second or more, and the page must stay responsive meanwhile). The worker
 * runs the desk's own use-cases, `proposePairing` and `pairingWarnings` (shared/desk/pair-next.ts),
 * on the state it is sent, so its answer is the one the page would have worked out itself.
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
import { applyMirrorMessage, NO_MIRROR, type Mirror, type MirrorMessage } from './mirror'
import type { StaleReply } from './worker-link'

interface RequestFor {
  /** Matches the reply to its request: the page may ask again before the worker answers. */
  readonly id: number
  /**
   * The version of the worker's copy of the state the request is about (issue 33: the copy is
   * kept up to date by what changed, mirror.ts, rather than the whole state sent each time).
   */
  readonly version: number
  readonly division: string
  readonly round: number
}

export type PairingRequest =
  /** The worker's copy of the state brought up to date: not answered. */
  | MirrorMessage
  /** Propose `round` of `division` (the Pair button, or ahead of it). */
  | (RequestFor & { readonly kind: 'propose'; readonly options: ProposeOptions })
  /**
   * The review's warnings about `round` as paired (issue 20: at 2000 players they take the page
   * 60–180 ms, as the Rounds screen opens and after each swap).
   */
  | (RequestFor & { readonly kind: 'warnings' })

export type PairingReply =
  | { readonly id: number; readonly kind: 'proposal'; readonly result: Result<PairingProposal> }
  | { readonly id: number; readonly kind: 'warnings'; readonly warnings: readonly PairingWarning[] }
  /** A programmer error in the worker: the page works it out inline instead, as it did before. */
  | { readonly id: number; readonly kind: 'failed'; readonly message: string }
  /** Its copy is not the state asked about: the page sends it whole and asks again. */
  | StaleReply

/** The request for proposing `round` of `division` from the state of version `version`. */
export function pairingRequest(
  id: number,
  version: number,
  division: string,
  round: number,
  options: ProposeOptions,
): PairingRequest {
  return { id, kind: 'propose', version, division, round, options }
}

/** The request for the review's warnings about `round` of `division`, paired in `version`. */
export function warningsRequest(
  id: number,
  version: number,
  division: string,
  round: number,
): PairingRequest {
  return { id, kind: 'warnings', version, division, round }
}

function answer(
  request: Exclude<PairingRequest, MirrorMessage>,
  state: TournamentState,
): PairingReply {
  switch (request.kind) {
    case 'propose':
      return {
        id: request.id,
        kind: 'proposal',
        result: proposePairing(state, request.division, request.round, request.options),
      }
    case 'warnings':
      return {
        id: request.id,
        kind: 'warnings',
        warnings: pairingWarnings(state, request.division, request.round),
      }
  }
}

/** The worker's copy of the page's state (mirror.ts). */
let mirror: Mirror = NO_MIRROR

/**
 * What the worker does with one message (tested without a Worker by calling it): a request's
 * answer, or null for its copy of the state brought up to date.
 */
export function answerPairingRequest(request: PairingRequest): PairingReply | null {
  try {
    if (request.kind === 'mirror') {
      mirror = applyMirrorMessage(mirror, request)
      return null
    }
    if (request.version !== mirror.version) {
      return { id: request.id, kind: 'stale', has: mirror.version }
    }
    return answer(request, mirror.value as TournamentState)
  } catch (error) {
    if (request.kind === 'mirror') {
      mirror = { version: -1, value: undefined }
      return null
    }
    return {
      id: request.id,
      kind: 'failed',
      message: error instanceof Error ? error.message : String(error),
    }
  }
}
