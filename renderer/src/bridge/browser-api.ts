import type {
  DesktopApi,
  FileFilter,
  OpenFileOutcome,
  PrintOutcome,
  SaveFileOutcome,
  TextEncodingName,
} from '../../../electron/ipc-contract'
import { version } from '../../../package.json'
import { decodeText, encodeText, fatalUtf8 } from '../../../shared/formats/text-codec'
import { BackupDatabase, createBrowserBackups, type BrowserBackups } from '../db/browser-backups'

/**
 * A web page cannot write backup files, so the browser build keeps its rolling backups in a
 * database of its own inside the browser (issue 13), and "Download all backups" saves them.
 */
export const BROWSER_BACKUPS =
  'After every change a copy of the tournament is kept in this browser’s own backup store (the last 20 of each tournament), apart from the tournament itself. Download them all from time to time: a browser’s storage can be cleared.'

/** The browser's own strict decoder: a 10 MB tournament file in tens of milliseconds (issue 20). */
const browserUtf8 = fatalUtf8(() => new TextDecoder('utf-8', { fatal: true }))

/**
 * A web page cannot listen on the network, so a browser never shares an event (issue 21): the
 * desktop app does, or `rackside serve` from a terminal; desks only open its address.
 */
export const SHARING_COMMAND = 'rackside serve EVENT.json --host 0.0.0.0'

export const SHARING_IN_BROWSER = `Sharing an event on the venue network runs in the Rackside desktop app, or from the command line: ${SHARING_COMMAND}. Desks need no install: they open the address it shows in a browser.`

const notShared = { status: 'failed', message: SHARING_IN_BROWSER } as const

/** Issue 31: why a browser page cannot remember the push's password. */
export const PASSWORD_IN_DESKTOP_APP =
  'The password is remembered only by the Rackside desktop app, in the operating system’s store.'

let backups: BrowserBackups | undefined

/** Opened on first use: a page that never backs up never opens the backup database. */
function browserBackups(): BrowserBackups {
  backups ??= createBrowserBackups(new BackupDatabase())
  return backups
}

/**
 * The bridge for a plain browser (`npm run web`, e2e tests): files go through downloads and the
 * file picker, printing and PDF through the browser's own print dialog.
 */
export function createBrowserApi(doc: Document = document): DesktopApi {
  return {
    shell: 'browser',
    appInfo: async () => ({
      name: 'Rackside',
      version,
      shell: 'browser',
      os: navigator.userAgent,
    }),
    saveTextFile: async (request) =>
      download(doc, request.suggestedName, request.contents, request.encoding),
    openTextFile: async (request) => pickTextFile(doc, request.filters, request.encoding),
    listPrinters: async () => [],
    print: async (request) => printHtml(doc, request.html, request.title),
    openProjector: async (tournamentId) => {
      // A new tab or window of the same app at the projector route; the browser may block it.
      const url = `${location.href.split('#')[0] ?? ''}#/projector/${encodeURIComponent(tournamentId)}`
      const opened = window.open(url, `rackside-projector-${tournamentId}`)
      return opened
        ? { status: 'opened' }
        : { status: 'failed', message: 'The browser blocked the new window: allow pop-ups.' }
    },
    saveFolder: async (request) => {
      // A browser cannot write into a folder: each file is downloaded on its own, into the
      // browser's download folder (which may ask once to allow several downloads).
      for (const file of request.files) download(doc, file.name, file.contents, 'utf8')
      return { status: 'saved', location: 'your downloads' }
    },
    writeBackup: (request) =>
      browserBackups().write(request.tournamentId, request.contents, new Date().toISOString()),
    listBackups: () => browserBackups().list(),
    readBackup: (tournamentId, name) => browserBackups().read(tournamentId, name),
    share: async () => notShared,
    stopSharing: async () => ({ status: 'not-sharing' }),
    venueStatus: async () => ({ sharing: false }),
    venuePort: async () => null,
    approveDesk: async () => notShared,
    refuseDesk: async () => notShared,
    revokeDesk: async () => notShared,
    refuseAllDesks: async () => notShared,
    takeWaiting: async () => notShared,
    dropWaiting: async () => notShared,
    propose: async (proposal) => ({
      kind: 'refused',
      proposalId: proposal._id,
      error: { code: 'venue.not-sharing', message: SHARING_IN_BROWSER },
    }),
    acceptedFrom: async () => [],
    // Issue 27: a copy is handed in to the authority this laptop runs; a browser runs none.
    takeDeskCopy: async () => notShared,
    reissuePlayerCode: async () => notShared,
    revokePlayerCode: async () => notShared,
    // Issue 31: the push runs in the authority, which a browser page never is.
    startPush: async () => notShared,
    stopPush: async () => notShared,
    // Issue 31: only the desktop app reaches the operating system's password store.
    pushPasswordRemembered: async () => ({ status: 'done', remembered: false }),
    rememberPushPassword: async () => ({ status: 'failed', message: PASSWORD_IN_DESKTOP_APP }),
    forgetPushPassword: async () => ({ status: 'done', remembered: false }),
    // Nothing is ever shared from a browser page, so no change ever comes.
    onVenueChanged: () => () => undefined,
    savePdf: async (request): Promise<SaveFileOutcome> => {
      // A browser cannot write a PDF by itself: its print dialog offers "Save as PDF".
      const printed = await printHtml(doc, request.html, request.title)
      return printed.status === 'printed'
        ? { status: 'saved', location: 'the print dialog' }
        : printed
    },
  }
}

function download(
  doc: Document,
  name: string,
  contents: string,
  encoding: TextEncodingName,
): SaveFileOutcome {
  const encoded = encodeText(contents, encoding)
  if (!encoded.ok) {
    return { status: 'failed', message: `Could not save "${name}": ${encoded.error.message}` }
  }
  const blob = new Blob([encoded.value as BlobPart], {
    type: 'application/octet-stream',
  })
  const url = URL.createObjectURL(blob)
  const link = doc.createElement('a')
  link.href = url
  link.download = name
  link.style.display = 'none'
  doc.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
  return { status: 'saved', location: name }
}

function pickTextFile(
  doc: Document,
  filters: readonly FileFilter[],
  encoding: TextEncodingName,
): Promise<OpenFileOutcome> {
  return new Promise((resolve) => {
    const input = doc.createElement('input')
    input.type = 'file'
    input.accept = filters.flatMap((f) => f.extensions.map((e) => `.${e}`)).join(',')
    input.addEventListener('cancel', () => resolve({ status: 'cancelled' }))
    input.addEventListener('change', () => {
      const file = input.files?.[0]
      if (!file) {
        resolve({ status: 'cancelled' })
        return
      }
      file
        .arrayBuffer()
        .then((buffer) => {
          const decoded = decodeText(new Uint8Array(buffer), encoding, browserUtf8)
          resolve(
            decoded.ok
              ? { status: 'opened', name: file.name, contents: decoded.value }
              : {
                  status: 'failed',
                  message: `Could not open ${file.name}: ${decoded.error.message}`,
                },
          )
        })
        .catch((error: unknown) =>
          resolve({ status: 'failed', message: `Could not read ${file.name}: ${String(error)}` }),
        )
    })
    input.click()
  })
}

function printHtml(doc: Document, html: string, title: string): Promise<PrintOutcome> {
  return new Promise((resolve) => {
    const frame = doc.createElement('iframe')
    frame.title = title
    frame.style.position = 'fixed'
    frame.style.width = '0'
    frame.style.height = '0'
    frame.style.border = '0'
    frame.sandbox.add('allow-modals', 'allow-same-origin')
    const before = doc.activeElement
    frame.addEventListener('load', () => {
      try {
        frame.contentWindow?.print()
        // Printing moves the focus into the frame, where the screen's keys (1–9, D…) are lost:
        // the focus goes back to what the director was on.
        if (before instanceof HTMLElement) before.focus()
        resolve({ status: 'printed' })
      } catch (error) {
        resolve({ status: 'failed', message: `The browser could not print: ${String(error)}` })
      } finally {
        setTimeout(() => frame.remove(), 1000)
      }
    })
    frame.srcdoc = html
    doc.body.append(frame)
  })
}
