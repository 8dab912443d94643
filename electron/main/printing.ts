import {
  BrowserWindow,
  session,
  type PrinterInfo as ElectronPrinterInfo,
  type Session,
  type WebContents,
  type WebContentsPrintOptions,
} from 'electron'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type {
  PdfRequest,
  PrinterInfo,
  PrintOutcome,
  PrintRequest,
  SaveFileOutcome,
} from '../ipc-contract'
import { chooseSaveLocation, describeError, writeBytesFile } from './files'

/** In memory only (no `persist:`): print pages leave no cookies, cache or storage behind. */
const PRINT_PARTITION = 'rackside-print'

/** The documents being printed now: the only addresses a print page may load. */
const printDocuments = new Set<string>()

/**
 * Whether a print page may load `url`: only a document being printed, whatever its fragment.
 * Everything else is refused, `file://` included (issue 13): a printout is self-contained HTML
 * (ipc-contract.ts), so an image or stylesheet pointing at the disk or the web is never loaded.
 */
export function isPrintDocument(url: string): boolean {
  return printDocuments.has(url.split('#')[0] ?? url)
}

/**
 * The session of the hidden print pages: every request but the printed document itself is
 * cancelled (no URL filter, so every scheme is covered). Setting the same handlers again
 * replaces them, so calling this for every print is harmless.
 */
function printSession(): Session {
  const printing = session.fromPartition(PRINT_PARTITION)
  printing.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: !isPrintDocument(details.url) }),
  )
  printing.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  printing.setPermissionCheckHandler(() => false)
  return printing
}

/**
 * Loads the HTML into a hidden, sandboxed window without JavaScript, lets `use` print it, and
 * always destroys the window and its temporary file. A temporary file rather than a data: URL
 * because Chromium caps URLs at 2 MB, which a wall chart of a large event can pass.
 */
export async function withPrintPage<T>(
  html: string,
  title: string,
  use: (contents: WebContents) => Promise<T>,
): Promise<T> {
  const folder = await mkdtemp(join(tmpdir(), 'rackside-print-'))
  let window: BrowserWindow | undefined
  let document: string | undefined
  try {
    const file = join(folder, 'page.html')
    // The byte order mark makes Chromium read the file as UTF-8 whatever the HTML declares.
    await writeFile(file, `\ufeff${html}`, 'utf8')
    window = new BrowserWindow({
      show: false,
      title,
      webPreferences: {
        sandbox: true,
        contextIsolation: true,
        nodeIntegration: false,
        webSecurity: true,
        javascript: false,
        webviewTag: false,
        session: printSession(),
      },
    })
    document = pathToFileURL(file).href
    printDocuments.add(document)
    await window.loadFile(file)
    return await use(window.webContents)
  } finally {
    if (document !== undefined) printDocuments.delete(document)
    window?.destroy()
    await rm(folder, { recursive: true, force: true })
  }
}

/**
 * The page's own `@page` rule sets paper and an 8 mm margin (renderer/src/print/document.ts), and
 * every layout is measured for it (issue 28: 4 slips a sheet): "default" margins are Chromium's
 * name for keeping the document's, where "none" or "printableArea" would move the content.
 */
export function printOptions(request: PrintRequest): WebContentsPrintOptions {
  return {
    silent: request.silent,
    pageSize: request.pageSize,
    landscape: request.landscape,
    printBackground: true,
    margins: { marginType: 'default' },
    ...(request.printerName === undefined ? {} : { deviceName: request.printerName }),
  }
}

/** Electron reports a closed print dialog as the failure reason "cancelled". */
export function printOutcome(title: string, success: boolean, failureReason: string): PrintOutcome {
  if (success) return { status: 'printed' }
  if (failureReason === 'cancelled') return { status: 'cancelled' }
  return { status: 'failed', message: `Could not print "${title}": ${failureReason}` }
}

export async function printHtml(request: PrintRequest): Promise<PrintOutcome> {
  try {
    return await withPrintPage(
      request.html,
      request.title,
      (contents) =>
        new Promise<PrintOutcome>((resolve) => {
          contents.print(printOptions(request), (success, failureReason) => {
            resolve(printOutcome(request.title, success, failureReason))
          })
        }),
    )
  } catch (error) {
    return {
      status: 'failed',
      message: `Could not print "${request.title}": ${describeError(error)}`,
    }
  }
}

export async function savePdf(
  window: BrowserWindow | undefined,
  request: PdfRequest,
): Promise<SaveFileOutcome> {
  const failed = (error: unknown): SaveFileOutcome => ({
    status: 'failed',
    message: `Could not make a PDF of "${request.title}": ${describeError(error)}`,
  })
  let path: string | undefined
  try {
    // Ask first: a cancelled dialog costs no rendering.
    path = await chooseSaveLocation(window, {
      title: request.title,
      suggestedName: request.suggestedName,
      filters: [{ name: 'PDF', extensions: ['pdf'] }],
    })
  } catch (error) {
    return failed(error)
  }
  if (path === undefined) return { status: 'cancelled' }
  let pdf: Uint8Array
  try {
    pdf = await withPrintPage(request.html, request.title, (contents) =>
      // Without preferCSSPageSize Electron lays the page on its own paper with 1 cm margins and
      // scales it to fit (issue 28): the `@page` size and 8 mm margin must win, as in print.
      contents.printToPDF({
        pageSize: request.pageSize,
        landscape: request.landscape,
        printBackground: true,
        preferCSSPageSize: true,
      }),
    )
  } catch (error) {
    return failed(error)
  }
  return writeBytesFile(path, pdf)
}

/**
 * Electron no longer reports which printer is the default (it dropped `isDefault`); CUPS and some
 * drivers still say so among the platform options, which is all there is to go on. When none is
 * marked the renderer leaves the printer unset and the system default is used.
 */
function isDefaultPrinter(printer: ElectronPrinterInfo): boolean {
  const options = printer.options as Readonly<Record<string, unknown>>
  return ['is-default', 'printer-is-default'].some((key) => options[key] === 'true')
}

export async function listPrinters(contents: WebContents): Promise<readonly PrinterInfo[]> {
  const printers = await contents.getPrintersAsync()
  return printers.map((printer) => ({
    name: printer.name,
    displayName: printer.displayName === '' ? printer.name : printer.displayName,
    isDefault: isDefaultPrinter(printer),
  }))
}
