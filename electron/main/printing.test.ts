import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { pathToFileURL } from 'node:url'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { PdfRequest, PrintRequest } from '../ipc-contract'
import {
  listPrinters,
  printHtml,
  printOptions,
  printOutcome,
  savePdf,
  withPrintPage,
} from './printing'
import {
  FakeBrowserWindow,
  fakeDialog,
  FakeWebContents,
  printSession,
} from './test-support/fake-electron'

vi.mock('electron', async () => (await import('./test-support/fake-electron')).fakeElectronModule())

const html = '<!doctype html><title>Round 3 pairings</title><p>Ñandú – table 1</p>'

const printRequest: PrintRequest = {
  html,
  title: 'Round 3 pairings',
  pageSize: 'A4',
  landscape: false,
  silent: false,
}

const pdfRequest: PdfRequest = {
  html,
  title: 'Round 3 pairings',
  pageSize: 'Letter',
  landscape: true,
  suggestedName: 'round-3.pdf',
}

let folder: string

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'rackside-pdf-'))
  FakeBrowserWindow.created.length = 0
  fakeDialog.showSaveDialog.mockReset()
})

afterEach(async () => {
  await rm(folder, { recursive: true, force: true })
})

const lastWindow = (): FakeBrowserWindow => {
  const window = FakeBrowserWindow.created.at(-1)
  if (window === undefined) throw new Error('no window was created')
  return window
}

describe('the hidden print page', () => {
  test('is sandboxed, without JavaScript, holds the HTML as UTF-8 and is always destroyed', async () => {
    let loadedHtml = ''
    await withPrintPage(html, 'Round 3', async () => {
      const file = lastWindow().loaded?.file ?? ''
      loadedHtml = await readFile(file, 'utf8')
    })
    expect(lastWindow().options).toMatchObject({
      show: false,
      webPreferences: { sandbox: true, contextIsolation: true, javascript: false },
    })
    expect(loadedHtml).toBe(`\ufeff${html}`)
    expect(lastWindow().destroyed).toBe(true)
    expect(existsSync(lastWindow().loaded?.file ?? '')).toBe(false)
  })

  test('issue 13: its session refuses every request but the document being printed, file:// included', async () => {
    let seen: { document: string; answers: Record<string, boolean> } | undefined
    await withPrintPage(html, 'Round 3', async () => {
      const document = pathToFileURL(lastWindow().loaded?.file ?? '').href
      const filter = printSession.webRequest.onBeforeRequest.mock.calls.at(-1)?.[0] as (
        details: { url: string },
        callback: (response: { cancel: boolean }) => void,
      ) => void
      const answers: Record<string, boolean> = {}
      for (const url of [
        document,
        `${document}#page-2`,
        pathToFileURL('/etc/passwd').href,
        document.replace('page.html', 'other.html'),
        'https://example.com/logo.png',
        'data:image/png;base64,AAAA',
      ]) {
        filter({ url }, (response) => (answers[url] = response.cancel))
      }
      seen = { document, answers }
    })
    if (!seen) throw new Error('nothing printed')
    expect(Object.entries(seen.answers).filter(([, cancelled]) => !cancelled)).toEqual([
      [seen.document, false],
      [`${seen.document}#page-2`, false],
    ])
    expect(printSession.permissionCheckHandler?.()).toBe(false)
  })

  test('is destroyed even when printing throws', async () => {
    await expect(
      withPrintPage(html, 'Round 3', () => Promise.reject(new Error('printer on fire'))),
    ).rejects.toThrow('printer on fire')
    expect(lastWindow().destroyed).toBe(true)
  })
})

describe('print', () => {
  test.each([
    [true, '', { status: 'printed' }],
    [false, 'cancelled', { status: 'cancelled' }],
    [false, 'failed', { status: 'failed', message: 'Could not print "Slips": failed' }],
  ])('success %s, reason "%s" is %j', (success, reason, outcome) => {
    expect(printOutcome('Slips', success, reason)).toEqual(outcome)
  })

  test.each([
    [
      {},
      {
        silent: false,
        pageSize: 'A4',
        landscape: false,
        printBackground: true,
        margins: { marginType: 'default' },
      },
    ],
    [
      { printerName: 'Desk laser', silent: true, landscape: true },
      {
        silent: true,
        pageSize: 'A4',
        landscape: true,
        printBackground: true,
        margins: { marginType: 'default' },
        deviceName: 'Desk laser',
      },
    ],
  ])(
    "issue 28: options for %j keep the page's own @page margin (marginType default)",
    (change, options) => {
      expect(printOptions({ ...printRequest, ...change })).toEqual(options)
    },
  )

  test('prints the page with those options and reports the outcome', async () => {
    await expect(printHtml({ ...printRequest, printerName: 'Desk laser' })).resolves.toEqual({
      status: 'printed',
    })
    expect(lastWindow().webContents.print).toHaveBeenCalledWith(
      printOptions({ ...printRequest, printerName: 'Desk laser' }),
      expect.any(Function),
    )
    expect(lastWindow().destroyed).toBe(true)
  })
})

describe('save as PDF', () => {
  test('issue 28: renders with the CSS page size and margin winning, and saves where the person chose', async () => {
    const path = join(folder, 'round-3.pdf')
    fakeDialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: path })
    await expect(savePdf(undefined, pdfRequest)).resolves.toEqual({
      status: 'saved',
      location: path,
    })
    // preferCSSPageSize: the document's @page size and 8 mm margin, not Electron's 1 cm and
    // scaled-to-fit; pageSize and landscape say the same for a document without @page.
    expect(lastWindow().webContents.printToPDF).toHaveBeenCalledWith({
      pageSize: 'Letter',
      landscape: true,
      printBackground: true,
      preferCSSPageSize: true,
    })
    expect(await readFile(path, 'latin1')).toBe('%PDF-1.7 fake')
    expect(lastWindow().destroyed).toBe(true)
  })

  test('a cancelled dialog renders nothing', async () => {
    fakeDialog.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' })
    await expect(savePdf(undefined, pdfRequest)).resolves.toEqual({ status: 'cancelled' })
    expect(FakeBrowserWindow.created).toEqual([])
  })
})

describe('listPrinters', () => {
  test('keeps name and display name; the default only when the platform marks it', async () => {
    const contents = new FakeWebContents()
    contents.getPrintersAsync.mockResolvedValueOnce([
      { name: 'HP_Desk', displayName: 'HP at the desk', description: '', options: {} },
      {
        name: 'Office',
        displayName: '',
        description: '',
        options: { 'printer-is-default': 'true' },
      },
    ])
    await expect(listPrinters(contents as never)).resolves.toEqual([
      { name: 'HP_Desk', displayName: 'HP at the desk', isDefault: false },
      { name: 'Office', displayName: 'Office', isDefault: true },
    ])
  })
})
