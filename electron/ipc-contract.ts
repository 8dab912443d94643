/**
 * The one bridge between the renderer and the operating system, declared once and type-only:
 * the preload implements it (`satisfies DesktopApi`), main handles each channel, and the browser
 * build implements the same API with downloads, uploads and the browser's print.
 */
import type { Decision } from '../shared/authority/proposal'
import type { ApprovalRole } from '../shared/authority/roles'
import type { LoggedCommand } from '../shared/tournament/commands'
import { PAPER_SIZES, type PaperSize } from '../shared/tournament/paper'
import type {
  JoinRole,
  OutboxProposal,
  PlayerCodeView,
  VenueDesk,
  VenueEvent,
} from '../shared/venue/protocol'
import type { PushState } from '../shared/venue/push-state'

export interface AppInfo {
  readonly name: string
  readonly version: string
  /** Where the app runs: the desktop shell, or a plain browser (`npm run web`, e2e tests). */
  readonly shell: 'electron' | 'browser'
  readonly os: string
}

export interface FileFilter {
  readonly name: string
  readonly extensions: readonly string[]
}

/** tsh files are ISO-8859-1 by default; everything of ours is UTF-8 (formats.md). */
export type TextEncodingName = 'utf8' | 'latin1'

export interface SaveFileRequest {
  readonly title: string
  readonly suggestedName: string
  readonly filters: readonly FileFilter[]
  readonly contents: string
  readonly encoding: TextEncodingName
}

export interface OpenFileRequest {
  readonly title: string
  readonly filters: readonly FileFilter[]
  readonly encoding: TextEncodingName
}

export type SaveFileOutcome =
  | { readonly status: 'saved'; readonly location: string }
  | { readonly status: 'cancelled' }
  | { readonly status: 'failed'; readonly message: string }

export type OpenFileOutcome =
  | { readonly status: 'opened'; readonly name: string; readonly contents: string }
  | { readonly status: 'cancelled' }
  | { readonly status: 'failed'; readonly message: string }

/** The event's paper sizes (issue 28: one list, so the bridge takes what an event can be set to). */
export const PAGE_SIZES = PAPER_SIZES
export type PageSize = PaperSize

export interface PrintRequest {
  /** A complete, self-contained HTML document (print CSS inline); never a URL to load. */
  readonly html: string
  readonly title: string
  readonly pageSize: PageSize
  readonly landscape: boolean
  /** Print to the default printer without a dialog. */
  readonly silent: boolean
  /** A printer from `listPrinters`; the default when absent. */
  readonly printerName?: string
}

export interface PdfRequest {
  readonly html: string
  readonly title: string
  readonly pageSize: PageSize
  readonly landscape: boolean
  readonly suggestedName: string
}

export type PrintOutcome =
  | { readonly status: 'printed' }
  | { readonly status: 'cancelled' }
  | { readonly status: 'failed'; readonly message: string }

export interface PrinterInfo {
  readonly name: string
  readonly displayName: string
  readonly isDefault: boolean
}

/** One file of a folder the renderer publishes (the HTML pages of an event). */
export interface FolderFile {
  /** A plain file name, no folder: main refuses anything else (isSafeArchiveName). */
  readonly name: string
  readonly contents: string
}

export interface SaveFolderRequest {
  readonly title: string
  readonly files: readonly FolderFile[]
}

/** A tournament's log as our JSON file, written after each change (the renderer debounces). */
export interface BackupRequest {
  readonly tournamentId: string
  readonly contents: string
}

export type BackupOutcome =
  | { readonly status: 'saved'; readonly name: string }
  /** The browser build keeps no backups on disk. */
  | { readonly status: 'unavailable'; readonly message: string }
  | { readonly status: 'failed'; readonly message: string }

export interface BackupInfo {
  readonly tournamentId: string
  /** The file name, e.g. `2026-03-14T09-30-00-000Z-w17.json`; what `readBackup` takes. */
  readonly name: string
  /** ISO timestamp of the backup, read back from its name. */
  readonly savedAt: string
  readonly bytes: number
}

export type WindowOutcome =
  { readonly status: 'opened' } | { readonly status: 'failed'; readonly message: string }

/** A desk asking to join, as the director's screen lists it (issue 21). */
export interface VenueJoinRequest {
  /** The short code the desk shows: the director approves it by this code. */
  readonly code: string
  readonly role: JoinRole
  readonly device: string
  /** The authority's time of the request, ISO. */
  readonly at: string
}

/** One command a revoked desk left undecided, as the director's screen lists it (issue 27). */
export interface VenueWaitingCommand {
  readonly proposal: string
  /** The command in History's words. */
  readonly description: string
  /** The desk's clock when it was typed, ISO. */
  readonly madeAt: string
}

/**
 * A revoked desk whose outbox held commands nobody decided yet (issue 27): revoking used to drop
 * them silently; the director now decides them as that desk's, or lets them go.
 */
export interface VenueRevokedWaiting {
  readonly desk: VenueDesk
  readonly commands: readonly VenueWaitingCommand[]
}

/**
 * "Share this event on the venue network" as main holds it (electron/main/venue.ts). While
 * sharing: the authority's address for this machine's windows (`url`), the addresses desks open
 * (`addresses`), an SVG QR code of the first of them, the waiting join requests and the desks.
 */
export type VenueStatus =
  | { readonly sharing: false }
  | {
      readonly sharing: true
      readonly url: string
      readonly addresses: readonly string[]
      /** An SVG document made by main (the `qrcode` package), never markup from the network. */
      readonly qrSvg: string
      readonly event: VenueEvent
      readonly requests: readonly VenueJoinRequest[]
      readonly desks: readonly VenueDesk[]
      /** Revoked desks that left commands undecided, each with them in order (issue 27). */
      readonly waiting: readonly VenueRevokedWaiting[]
      /** The port this event listens on, kept for it from one share to the next (issue 27). */
      readonly port: number
      /**
       * The port the desks knew (or the director asked for) when this share listens on another:
       * it was taken, or the director changed it. Desks that joined before must open the new
       * address and join again; null when the address is the one they know.
       */
      readonly portChanged: { readonly from: number; readonly taken: boolean } | null
      /** Issue 30: where players follow the event, and each player's own code. */
      readonly players?: VenuePlayers
      /** Issue 31: the push online (last sent, waiting, the problem), or null before one starts. */
      readonly push?: PushState | null
    }

/**
 * Issue 30: the players' part of the Venue network screen: the address the hall's phones open
 * (`/live`) with its QR code (an SVG made by main), the address a code goes after (`/me/`), and
 * every player's code (the authority makes one for each player who has none).
 */
export interface VenuePlayers {
  readonly address: string
  readonly qrSvg: string
  readonly page: string
  readonly codes: readonly PlayerCodeView[]
}

export type ShareOutcome =
  | { readonly status: 'sharing'; readonly venue: VenueStatus & { readonly sharing: true } }
  | { readonly status: 'failed'; readonly message: string }

/**
 * Sharing stopped: the authority wrote its whole log (EVENT.json) and hands it back as our
 * tournament file's text, which the renderer stores in place of its own log.
 */
export type StopSharingOutcome =
  | { readonly status: 'stopped'; readonly tournamentId: string; readonly contents: string }
  | { readonly status: 'not-sharing' }
  | { readonly status: 'failed'; readonly message: string }

/**
 * The director's answer to a join request or a revocation. `said` is what the answer did, in
 * words, when the screen should tell it (how many were refused, taken or let go).
 */
export type VenueActionOutcome =
  | { readonly status: 'done'; readonly venue: VenueStatus; readonly said?: string }
  | { readonly status: 'failed'; readonly message: string }

/** Issue 31: whether this computer remembers the push's password for a database, or why not. */
export type PushPasswordOutcome =
  | { readonly status: 'done'; readonly remembered: boolean }
  | { readonly status: 'failed'; readonly message: string }

/** Channel name -> the call's signature as the renderer sees it (without the Promise). */
export interface IpcChannels {
  'app:info': () => AppInfo
  'file:save-text': (request: SaveFileRequest) => SaveFileOutcome
  'file:open-text': (request: OpenFileRequest) => OpenFileOutcome
  'print:list-printers': () => readonly PrinterInfo[]
  'print:print': (request: PrintRequest) => PrintOutcome
  'print:save-pdf': (request: PdfRequest) => SaveFileOutcome
  /** Several files into a folder the person picks (the HTML folder for publishing online). */
  'file:save-folder': (request: SaveFolderRequest) => SaveFileOutcome
  /** Rolling backups on disk: the last N of each tournament are kept (electron/main/backups.ts). */
  'backup:write': (request: BackupRequest) => BackupOutcome
  /** Every backup on this machine, newest first. */
  'backup:list': () => readonly BackupInfo[]
  'backup:read': (tournamentId: string, name: string) => OpenFileOutcome
  /** A second window showing a tournament's pairings and standings, for a projector or screen. */
  'window:open-projector': (tournamentId: string) => WindowOutcome
  /**
   * Start the authority on this event (our tournament file's text) for the venue network, on
   * `port` (the director's choice, then kept for the event) or, when null, the port the event
   * keeps (issue 27), else the first free one from 8770.
   */
  'venue:share': (tournamentFile: string, port: number | null) => ShareOutcome
  /** The port kept for this tournament by an earlier share, or null before its first. */
  'venue:port': (tournamentId: string) => number | null
  'venue:stop': () => StopSharingOutcome
  'venue:status': () => VenueStatus
  /** The director's choice of role wins over the one the desk asked for (issue 27). */
  'venue:approve': (code: string, name: string, role: ApprovalRole) => VenueActionOutcome
  'venue:refuse': (code: string) => VenueActionOutcome
  'venue:revoke': (name: string) => VenueActionOutcome
  /** Refuses every waiting join request at once: a flood of them (issue 27). */
  'venue:refuse-all': () => VenueActionOutcome
  /** Decides, in order, what the revoked desk `name` left waiting, as that desk's (issue 27). */
  'venue:take-waiting': (name: string) => VenueActionOutcome
  /** Lets go what the revoked desk `name` left waiting, recorded as refused (issue 27). */
  'venue:drop-waiting': (name: string) => VenueActionOutcome
  /** A command of the director's own windows, decided (and journaled) by the authority. */
  'venue:propose': (proposal: OutboxProposal) => Decision
  /** The authority's accepted entries with `seq` > `afterSeq` (-1: all). */
  'venue:accepted-from': (afterSeq: number) => readonly LoggedCommand[]
  /**
   * A desk's saved copy (the file's name, its text) decided as `rackside serve --take` decides
   * one; `said` is what the terminal prints of it (issue 27).
   */
  'venue:take-copy': (name: string, text: string) => VenueActionOutcome
  /** Issue 30: a new code for the division's player #player; the old one stops working. */
  'venue:reissue-code': (division: string, player: number) => VenueActionOutcome
  /** Issue 30: the player's code opens nothing until one is issued again. */
  'venue:revoke-code': (division: string, player: number) => VenueActionOutcome
  /**
   * Issue 31: push the log to the CouchDB database at `address` (http or https, naming the
   * database and the account, e.g. https://director@couch.example.org/spc-2026) with
   * `password`, which main never saves, logs or sends back; in place of any push running.
   */
  'venue:push-start': (address: string, password: string) => VenueActionOutcome
  /** Issue 31: stops the push; what it sent stays online. */
  'venue:push-stop': () => VenueActionOutcome
  /** Issue 31: whether a password is remembered for the database at `address` (never the password). */
  'venue:push-remembered': (address: string) => PushPasswordOutcome
  /**
   * Issue 31: keeps `password` for the database at `address`, encrypted by the operating system's
   * store (safeStorage) in the app's data; a start with no password typed then uses it.
   */
  'venue:push-remember': (address: string, password: string) => PushPasswordOutcome
  /** Issue 31: removes the password remembered for the database at `address`. */
  'venue:push-forget': (address: string) => PushPasswordOutcome
}

/** Main → renderer pushes: the payload each carries. Only the app's windows receive them. */
export interface IpcEvents {
  /** The authority changed (a decision, a join request, a desk approved or revoked, stopped). */
  'venue:changed': VenueStatus
}

export type IpcEvent = keyof IpcEvents

export type IpcChannel = keyof IpcChannels
export type IpcArgs<C extends IpcChannel> = Parameters<IpcChannels[C]>
export type IpcResult<C extends IpcChannel> = ReturnType<IpcChannels[C]>

type Invoker<C extends IpcChannel> = (...args: IpcArgs<C>) => Promise<IpcResult<C>>

/** `window.rackside`: each method is exactly one channel. */
export interface DesktopApi {
  readonly shell: AppInfo['shell']
  readonly appInfo: Invoker<'app:info'>
  readonly saveTextFile: Invoker<'file:save-text'>
  readonly openTextFile: Invoker<'file:open-text'>
  readonly listPrinters: Invoker<'print:list-printers'>
  readonly print: Invoker<'print:print'>
  readonly savePdf: Invoker<'print:save-pdf'>
  readonly openProjector: Invoker<'window:open-projector'>
  readonly saveFolder: Invoker<'file:save-folder'>
  readonly writeBackup: Invoker<'backup:write'>
  readonly listBackups: Invoker<'backup:list'>
  readonly readBackup: Invoker<'backup:read'>
  readonly share: Invoker<'venue:share'>
  readonly stopSharing: Invoker<'venue:stop'>
  readonly venueStatus: Invoker<'venue:status'>
  readonly venuePort: Invoker<'venue:port'>
  readonly approveDesk: Invoker<'venue:approve'>
  readonly refuseDesk: Invoker<'venue:refuse'>
  readonly revokeDesk: Invoker<'venue:revoke'>
  readonly refuseAllDesks: Invoker<'venue:refuse-all'>
  readonly takeWaiting: Invoker<'venue:take-waiting'>
  readonly dropWaiting: Invoker<'venue:drop-waiting'>
  readonly propose: Invoker<'venue:propose'>
  readonly acceptedFrom: Invoker<'venue:accepted-from'>
  readonly takeDeskCopy: Invoker<'venue:take-copy'>
  readonly reissuePlayerCode: Invoker<'venue:reissue-code'>
  readonly revokePlayerCode: Invoker<'venue:revoke-code'>
  readonly startPush: Invoker<'venue:push-start'>
  readonly stopPush: Invoker<'venue:push-stop'>
  readonly pushPasswordRemembered: Invoker<'venue:push-remembered'>
  readonly rememberPushPassword: Invoker<'venue:push-remember'>
  readonly forgetPushPassword: Invoker<'venue:push-forget'>
  /** Listens to `venue:changed`; returns the function that stops listening. */
  readonly onVenueChanged: (listener: (status: VenueStatus) => void) => () => void
}

/** Methods that listen to a push from main rather than call a channel. */
type ListenerMethods = 'onVenueChanged'

/** Which channel each method calls: the preload and its tests are built from this one table. */
export type DesktopApiChannels = {
  readonly [M in Exclude<keyof DesktopApi, 'shell' | ListenerMethods>]: IpcChannel
}

/** Which push each listening method receives. */
export type DesktopApiEvents = { readonly [M in ListenerMethods]: IpcEvent }
