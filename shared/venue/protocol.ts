/*
 * The venue network's wire contract (issue 21: several laptops, one event). The director's laptop
 * runs the authority (`rackside serve` or "Share this event on the venue network"); desks are
 * browsers that open its address. Everything crosses by the CouchDB replication protocol
 * (PouchDB on both ends) plus a few plain JSON routes for joining. This module names the
 * databases, documents and routes both ends use, so neither side spells them twice.
 *
 * Who writes what (no document ever has two writers: PouchDB reports no conflict between them):
 * - the log database of an event (`logDatabase`): only the authority, in full chunks of
 *   `LOG_CHUNK` accepted entries (`chunkId`), so a new desk catches up a 10 000-command log in a
 *   hundred documents instead of ten thousand, and the entries after the last full chunk in
 *   `LOG_SLOT`-entry slots (`slotId`, shared/venue/chunks.ts);
 * - the decisions database (`decisionsDatabase`): only the authority, one document per refused
 *   proposal (accepted ones are in the log, each entry carrying its proposal id);
 * - a desk's outbox (`outboxDatabase`): only that desk, one document per proposal
 *   (`OutboxProposal`) and its `DeskStatus`.
 */
import type { BuiltOn, DeskRole } from '../authority/proposal'
import type { RuleError } from '../result'
import type { Command, LoggedCommand } from '../tournament/commands'
import type { PushState } from './push-state'

/**
 * Replication retries, for desks and the push to an online CouchDB alike: PouchDB's own back-off
 * doubles up to ten minutes, and a desk back on the Wi-Fi must not wait that (issue 21).
 */
export const MAX_RETRY_MS = 2000

/** The next wait after `delay` ms: doubled from a quarter second, never above `MAX_RETRY_MS`. */
export function replicationBackOff(delay: number): number {
  return Math.min(MAX_RETRY_MS, delay <= 0 ? 250 : delay * 2)
}

/** Accepted entries per log document: chunk k holds seqs k·LOG_CHUNK … (k+1)·LOG_CHUNK − 1. */
export const LOG_CHUNK = 100

/**
 * One event's log as the authority holds it: the tournament and the generation of its log. Opening
 * a file or importing starts a new generation, hence new databases; nothing is ever deleted.
 */
export interface VenueEvent {
  readonly tournamentId: string
  readonly generation: number
  /** The tournament's name, for the join screen and the phones' page. */
  readonly name: string
}

/** CouchDB database names start with a letter and hold only a-z 0-9 _ $ ( ) + - /. */
function eventKey(event: Pick<VenueEvent, 'tournamentId' | 'generation'>): string {
  const id = event.tournamentId.toLowerCase().replace(/[^a-z0-9-]/g, '-')
  return `${id}-g${String(event.generation)}`
}

export function logDatabase(event: Pick<VenueEvent, 'tournamentId' | 'generation'>): string {
  return `log-${eventKey(event)}`
}

export function decisionsDatabase(event: Pick<VenueEvent, 'tournamentId' | 'generation'>): string {
  return `decisions-${eventKey(event)}`
}

/** A desk's id is the authority's own (`d1`, `d2`, …), never one the desk chose. */
export function outboxDatabase(deskId: string): string {
  return `outbox-${deskId}`
}

export function chunkId(index: number): string {
  return `chunk-${String(index).padStart(6, '0')}`
}

export function chunkOf(seq: number): number {
  return Math.floor(seq / LOG_CHUNK)
}

/**
 * Entries per slot document: the entries after the last full chunk are published in slots of this
 * many, so a decision rewrites a document of at most ten entries, not a chunk of a hundred.
 */
export const LOG_SLOT = 10

/** The slots of a chunk, used again for the next chunk once it is full: `slot-0` … `slot-9`. */
export const SLOTS_PER_CHUNK = LOG_CHUNK / LOG_SLOT

/** The slot document that holds (or will hold) `seq` while its chunk is not full. */
export function slotId(seq: number): string {
  return `slot-${String(Math.floor(seq / LOG_SLOT) % SLOTS_PER_CHUNK)}`
}

/** A log document (a chunk or a slot): consecutive accepted entries from `first`. */
export interface LogChunk {
  readonly _id: string
  readonly type: 'chunk'
  readonly first: number
  readonly entries: readonly LoggedCommand[]
}

/** The authority's answer to a proposal it refused, in the decisions database. */
export interface RefusalDoc {
  /** The proposal id. */
  readonly _id: string
  readonly type: 'refused'
  /** The desk that proposed it (its authority id), so each desk shows only its own. */
  readonly desk: string
  readonly error: RuleError
  /** The authority's time of the decision, ISO. */
  readonly at: string
}

/**
 * What a desk proposes, as written to its outbox: the document id is the proposal id. `order`
 * counts the desk's proposals from 0, so the authority decides them in the order they were typed
 * whatever order replication delivers them in. The desk's identity is not in the document: the
 * authority takes it from the outbox's owner, whose token alone may write there.
 */
export interface OutboxProposal {
  readonly _id: string
  readonly type: 'proposal'
  readonly order: number
  readonly builtOn: BuiltOn
  readonly command: Command
  /** The desk's clock when typed, ISO: shown while pending, never logged. */
  readonly madeAt: string
}

/**
 * A waiting proposal as a desk hands it back (issue 27): its id, the head it was built on (of the
 * log the desk held then) and the command; the desk is the handing desk.
 */
export type HeldProposal = Pick<OutboxProposal, '_id' | 'builtOn' | 'command' | 'madeAt'> & {
  /** The desk that typed it, in a saved copy (whose taker is the director); else the handing desk. */
  readonly desk?: string
}

/**
 * What a desk holds that the authority may lack (issue 27), written to its outbox (or read from a
 * desk's saved copy by `rackside serve --take`): the whole accepted log of the replica it kept
 * (another generation, or a log longer than the authority's) and its proposals not yet decided.
 * The authority decides each again, skipping those its log holds (`shared/venue/held.ts`).
 */
export interface HeldDoc {
  /** `heldId(generation)` in an outbox; a copy's own id otherwise. */
  readonly _id: string
  readonly type: 'held'
  readonly tournamentId: string
  /** The generation of the replica the entries come from; null for a saved copy. */
  readonly generation: number | null
  /** Accepted entries, the whole log from seq 0. */
  readonly entries: readonly LoggedCommand[]
  /** Proposals not decided yet, in the order they were typed. */
  readonly waiting: readonly HeldProposal[]
}

export function heldId(generation: number): string {
  return `held-g${String(generation)}`
}

/**
 * The authority's answer to a held document, in the decisions database (id `recovered-` + the held
 * document's id and the handing desk's), so the desk says what came back and what did not.
 */
export interface RecoveredDoc {
  readonly _id: string
  readonly type: 'recovered'
  /** The handing desk's id. */
  readonly desk: string
  readonly accepted: number
  /** Entries the log already held. */
  readonly already: number
  readonly refused: readonly RecoveredRefusal[]
  /** The authority's time, ISO. */
  readonly at: string
}

export interface RecoveredRefusal {
  readonly proposal: string
  readonly type: Command['type']
  readonly error: RuleError
  /**
   * The desk the refusal is told to (its `RefusalDoc`'s desk), which shows it with its reason:
   * that desk's notice of what came back need not say it again (issue 27). Absent before then.
   */
  readonly desk?: string
}

/** `_id` of the desk's status document in its outbox. */
export const STATUS_ID = 'status'

/**
 * What a desk holds of the log, kept current in its outbox: a restarted authority reads every
 * desk's status before accepting anything new, and stops if a desk holds more than it does.
 */
export interface DeskStatus {
  readonly _id: typeof STATUS_ID
  readonly type: 'status'
  readonly tournamentId: string
  readonly generation: number
  /** Accepted entries held. */
  readonly held: number
  /** `fingerprint` of the last one, null when none. */
  readonly last: string | null
  readonly at: string
}

/** Routes of the authority besides the databases. */
export const VENUE_ROUTES = {
  /** POST `JoinRequestBody` → `JoinRequested`. Open to anyone: the only thing a stranger may do. */
  join: '/venue/join',
  /** GET `/venue/join/:request` → `JoinStatus`, polled by the waiting desk with its secret. */
  joinStatus: '/venue/join/',
  /** GET, with a token → `VenueInfo`. */
  info: '/venue/info',
  /** The CouchDB-protocol databases, behind the token guard. */
  databases: '/db',
  /** The phones' read-only pages: pairings, standings, a player's own games. */
  live: '/live',
  /**
   * GET → `VenueTime`: the authority's clock, which decides lateness (issue 27), so desks
   * measure against it and never their own. Desks ask at start and every minute; it is open
   * without a token too, since it tells nothing.
   */
  time: '/venue/time',
  /**
   * GET → tsh's live feed (`shared/formats/tourney-js.ts`, issue 31), open to anyone on the network
   * as `live` is: broadcasts, overlays and tsh's scoreboard read it.
   */
  tourneyJs: '/tourney.js',
  /**
   * Issue 30: a player's own page, `/me/CODE` (the code the authority gave him, printed on his
   * scorecard), and `/me` a form to type it; no token, the code is the pass.
   */
  player: '/me',
} as const

/** What `VENUE_ROUTES.time` answers: the authority's clock when it answered, epoch ms. */
export interface VenueTime {
  readonly now: number
}

/**
 * How far the authority's clock is ahead of the desk's (ms; negative: behind), NTP-style from one
 * exchange: the desk's clock when it asked (`sent`) and when the answer came (`received`), and the
 * authority's clock in the answer (`serverNow`), taken to be read halfway through the round trip.
 * The desk's `now + offset` is then the authority's time, within half the round trip.
 */
export function clockOffset(sent: number, serverNow: number, received: number): number {
  return Math.round(serverNow - (sent + received) / 2)
}

/**
 * The roles a desk may ask for (issue 27): a check-in desk, a results desk or a projector. The
 * director's choice when approving wins, and may make a browser the director's own desk; the
 * legacy `desk` is read in desks files written before, never asked for.
 */
export const JOIN_ROLES = [
  'check-in',
  'results',
  'projector',
] as const satisfies readonly DeskRole[]
export type JoinRole = (typeof JOIN_ROLES)[number]

export interface JoinRequestBody {
  readonly role: JoinRole
  /** What the device says it is (browser and system), shown to the director; free text, cut. */
  readonly device?: string
}

export interface JoinRequested {
  /** A secret only this desk knows: it polls `joinStatus + request` with it. */
  readonly request: string
  /** The short code the desk shows and the director approves (`PAIRING_CODE_ALPHABET`). */
  readonly code: string
}

export type JoinStatus =
  | { readonly status: 'waiting'; readonly code: string }
  | {
      readonly status: 'approved'
      /** Sent with every request as `Authorization: Bearer <token>`. */
      readonly token: string
      readonly desk: VenueDesk
    }
  | { readonly status: 'refused' }

/** A desk as the authority knows it: its id, the name the director gave it and its role. */
export interface VenueDesk {
  readonly id: string
  readonly name: string
  readonly role: DeskRole
}

/**
 * The director's own windows in the desktop app: they reach the authority by IPC in the same
 * process, so they are never joined over the network and need no token.
 */
export const DIRECTOR_DESK: VenueDesk = { id: 'director', name: 'Director', role: 'director' }

export interface VenueInfo {
  readonly desk: VenueDesk
  readonly event: VenueEvent
  /** The databases of the current event and this desk's outbox (absent for a projector). */
  readonly databases: {
    readonly log: string
    readonly decisions: string
    readonly outbox?: string
  }
}

/** Pairing codes avoid letters and digits read alike (0/O, 1/I/L, 5/S, 2/Z, 8/B). */
export const PAIRING_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679'
export const PAIRING_CODE_LENGTH = 6

/** The `Authorization` header a desk sends. */
export function bearer(token: string): string {
  return `Bearer ${token}`
}

/**
 * What `rackside serve --json` prints, one object per line, for scripts and tests:
 * `listening` once, `desk` for each join request, `approved`/`revoked` as the director answers,
 * `waiting` for a revoked desk's undecided proposals and `taken`/`dropped` as the director settles
 * them, `accepted`/`refused` for every decision, `recovering`/`ready` around a restart, `remote`
 * as the push to an online CouchDB comes up to date or loses it, `saved` on exit.
 */
export type ServeEvent =
  | { readonly event: 'listening'; readonly url: string; readonly addresses: readonly string[] }
  | { readonly event: 'recovering'; readonly held: number; readonly desks: number }
  | { readonly event: 'ready'; readonly held: number }
  | {
      readonly event: 'behind'
      readonly desk: string
      readonly held: number
      readonly deskHeld: number
      /** Issue 27: what the director should do, in words. */
      readonly advice?: string
    }
  | {
      readonly event: 'desk'
      readonly code: string
      readonly role: JoinRole
      readonly device: string
    }
  | { readonly event: 'approved'; readonly code: string; readonly desk: VenueDesk }
  | { readonly event: 'revoked'; readonly desk: VenueDesk }
  /**
   * A revoked desk's proposals nobody decided yet (issue 27), each in History's words, until the
   * director takes them (`taken`) or drops them (`dropped`).
   */
  | { readonly event: 'waiting'; readonly desk: VenueDesk; readonly commands: readonly string[] }
  | {
      readonly event: 'taken'
      readonly desk: VenueDesk
      readonly accepted: number
      readonly refused: number
    }
  | { readonly event: 'dropped'; readonly desk: VenueDesk; readonly commands: number }
  | {
      readonly event: 'accepted'
      readonly proposal: string
      readonly desk: string
      readonly seq: number
      readonly type: Command['type']
    }
  | {
      readonly event: 'refused'
      readonly proposal: string
      readonly desk: string
      readonly code: string
      readonly message: string
    }
  | {
      readonly event: 'remote'
      /** The remote CouchDB database's address, without its credentials. */
      readonly url: string
      readonly status: 'up-to-date' | 'offline' | 'stopped'
      readonly message?: string
      /** Issue 31: the push's whole state (last sent, waiting, the problem), as the app shows it. */
      readonly push?: PushState
    }
  | {
      /** Issue 27: a desk's held document or a copy (`--take`) decided again. */
      readonly event: 'recovered'
      /** The desk's name, or the copy's path. */
      readonly from: string
      readonly accepted: number
      readonly already: number
      readonly refused: readonly RecoveredRefusal[]
    }
  | { readonly event: 'saved'; readonly path: string; readonly commands: number }
  | { readonly event: 'error'; readonly code: string; readonly message: string }
  | {
      /**
       * Issue 30: the players' codes, as the director asked for them (`codes`), or the one just
       * reissued or revoked; `page` is the players' address, the code goes after it.
       */
      readonly event: 'codes'
      readonly page: string
      readonly codes: readonly PlayerCodeView[]
    }

/**
 * Issue 30: a player's own code as the director lists it (the authority keeps them in the desks
 * file, `electron/venue/player-codes.ts`): the player's number and name as they are now.
 */
export interface PlayerCodeView {
  readonly division: string
  readonly player: number
  readonly name: string
  /** `null` while revoked. */
  readonly code: string | null
  /** 1 for the first code, one more at each reissue: the director sees a reprint was made. */
  readonly issue: number
}
