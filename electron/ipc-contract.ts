/**
 * The one bridge between the renderer and the operating system, declared once and type-only:
 * the preload implements it (`satisfies DesktopApi`), main handles each channel, and the browser
 * build implements the same API with downloads, uploads and the browser's print.
 */

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

export const PAGE_SIZES = ['A4', 'Letter'] as const
export type PageSize = (typeof PAGE_SIZES)[number]

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
  /** The file name, e.g. `2026-03-14T09-30-00-000Z.json`; what `readBackup` takes. */
  readonly name: string
  /** ISO timestamp of the backup, read back from its name. */
  readonly savedAt: string
  readonly bytes: number
}

export type WindowOutcome =
  { readonly status: 'opened' } | { readonly status: 'failed'; readonly message: string }

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
}

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
}

/** Which channel each method calls: the preload and its tests are built from this one table. */
export type DesktopApiChannels = {
  readonly [M in Exclude<keyof DesktopApi, 'shell'>]: IpcChannel
}
