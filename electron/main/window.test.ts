import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { FakeBrowserWindow, fakeApp } from './test-support/fake-electron'
import {
  appLocation,
  createMainWindow,
  isAppUrl,
  isAppWindowContents,
  type AppLocation,
} from './window'

vi.mock('electron', async () => (await import('./test-support/fake-electron')).fakeElectronModule())

const builtIndex = 'app://rackside/index.html'
const fileLocation: AppLocation = { kind: 'app', href: builtIndex }
const localFile = pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href
const devLocation: AppLocation = {
  kind: 'dev-server',
  url: 'http://localhost:5173/',
  origin: 'http://localhost:5173',
}

afterEach(() => {
  vi.unstubAllEnvs()
  fakeApp.isPackaged = false
})

describe('isAppUrl: only the app itself counts as the app', () => {
  test.each([
    ['the built index', fileLocation, builtIndex, true],
    ['the built index at a hash route', fileLocation, `${builtIndex}#/players`, true],
    ['the built index with a query', fileLocation, `${builtIndex}?round=3`, true],
    ['another local file', fileLocation, pathToFileURL('/etc/passwd').href, false],
    ['the built index as a file (issue 13: never file://)', fileLocation, localFile, false],
    ['another host on the app scheme', fileLocation, 'app://other/index.html', false],
    [
      'a file beside the index',
      fileLocation,
      builtIndex.replace('index.html', 'other.html'),
      false,
    ],
    ['a web site', fileLocation, 'https://example.com/', false],
    ['the dev server when the app is built', fileLocation, 'http://localhost:5173/', false],
    ['the dev server', devLocation, 'http://localhost:5173/#/rounds', true],
    ['another path on the dev server', devLocation, 'http://localhost:5173/src/main.ts', true],
    ['another port', devLocation, 'http://localhost:5174/', false],
    ['https on the same host', devLocation, 'https://localhost:5173/', false],
    ['a web site while developing', devLocation, 'https://example.com/', false],
    ['a local file while developing', devLocation, builtIndex, false],
    ['not a URL', fileLocation, 'not a url', false],
    ['an empty string', devLocation, '', false],
  ])('%s', (_name, location, url, expected) => {
    expect(isAppUrl(url, location)).toBe(expected)
  })
})

describe('appLocation', () => {
  test('the built index when no dev server is named', () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', '')
    expect(appLocation()).toEqual(fileLocation)
  })

  test('the dev server electron-vite names while developing', () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/')
    expect(appLocation()).toEqual(devLocation)
  })

  test('a packaged app ignores a dev server named by its environment', () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://evil.example:5173/')
    fakeApp.isPackaged = true
    expect(appLocation()).toEqual(fileLocation)
  })
})

describe('createMainWindow', () => {
  test('isolates and sandboxes the page and preloads the CommonJS bridge', () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', '')
    const window = createMainWindow() as unknown as FakeBrowserWindow
    expect(window.options['webPreferences']).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: join(import.meta.dirname, '../preload/index.cjs'),
    })
    expect(window.loaded).toEqual({ url: 'app://rackside/index.html' })
  })

  test('loads the dev server while developing', () => {
    vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/')
    const window = createMainWindow() as unknown as FakeBrowserWindow
    expect(window.loaded).toEqual({ url: 'http://localhost:5173/' })
  })

  test("its web contents are the app's; a stranger's are not", () => {
    const window = createMainWindow() as unknown as FakeBrowserWindow
    expect(isAppWindowContents(window.webContents as never)).toBe(true)
    expect(isAppWindowContents(new FakeBrowserWindow({}).webContents as never)).toBe(false)
  })
})
