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
import { sharedJson } from './shared-json'

interface RequestFor {
  /** Matches the reply to its request: the page may ask again before the worker answers. */
  readonly id: number
  /**
   * The tournament state as JSON: the state is plain data (commands and their folds), and one
   * string is written on the page several times faster than the structured clone of the same
   * object graph (about 30 ms against 100 ms at 2000 players × 20 rounds), which keeps the
   * page's own share of the hand-over short.
   */
  readonly state: string
  readonly division: string
  readonly round: number
}

export type PairingRequest =
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

/**
 * The state as JSON, written once for the requests made on the same state (the Rounds screen asks
 * for the review's warnings and the next round's proposal as it opens).
 */
let written: { readonly state: TournamentState; readonly json: string } | null = null
function stateJson(state: TournamentState): string {
  // Issue 33: a state one command on shares its unchanged rounds' text with the last one written.
  if (written?.state !== state) written = { state, json: sharedJson(state) }
  return written.json
}

/** The request for proposing `round` of `division` from `state`. */
export function pairingRequest(
  id: number,
  state: TournamentState,
  division: string,
  round: number,
  options: ProposeOptions,
): PairingRequest {
  return { id, kind: 'propose', state: stateJson(state), division, round, options }
}

/** The request for the review's warnings about `round` of `division`, paired in `state`. */
export function warningsRequest(
  id: number,
  state: TournamentState,
  division: string,
  round: number,
): PairingRequest {
  return { id, kind: 'warnings', state: stateJson(state), division, round }
}

function answer(request: PairingRequest, state: TournamentState): PairingReply {
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

/**
 * The state last read in the worker, and its text: the screen asks about one state more than once
 * (the review's warnings, then the next round's proposal), and comparing the text is a small part
 * of reading it again (about 50 ms at 2000 players × 20 rounds).
 */
let read: { readonly json: string; readonly state: TournamentState } | null = null
function readState(json: string): TournamentState {
  if (read?.json !== json) read = { json, state: JSON.parse(json) as TournamentState }
  return read.state
}

/** What the worker does with one request (tested without a Worker by calling it). */
export function answerPairingRequest(request: PairingRequest): PairingReply {
  try {
    return answer(request, readState(request.state))
  } catch (error) {
    return {
      id: request.id,
      kind: 'failed',
      message: error instanceof Error ? error.message : String(error),
    }
  }
}
