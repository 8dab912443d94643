import { app, BrowserWindow, type WebContents } from 'electron'
import { join } from 'node:path'
import { APP_INDEX_URL } from './protocol'

/**
 * Where the renderer comes from: Vite's dev server while developing, the built files otherwise,
 * served on the app's own scheme (protocol.ts), never from `file://`.
 */
export type AppLocation =
  | { readonly kind: 'dev-server'; readonly url: string; readonly origin: string }
  | { readonly kind: 'app'; readonly href: string }

/** out/main/index.js sits next to out/preload and out/renderer (electron.vite.config.ts). */
const preloadPath = (): string => join(import.meta.dirname, '../preload/index.cjs')
/** The folder `app://rackside/` serves. */
export const rendererRoot = (): string => join(import.meta.dirname, '../renderer')

export function appLocation(): AppLocation {
  // A packaged app never trusts a dev server named by its environment: only `electron-vite dev` sets it.
  const devUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL']
  if (devUrl !== undefined && devUrl !== '') {
    return { kind: 'dev-server', url: devUrl, origin: new URL(devUrl).origin }
  }
  return { kind: 'app', href: APP_INDEX_URL }
}

/**
 * True when `url` is the app itself. The renderer routes with the hash, so the built app is one
 * exact page: `app://rackside/index.html`, whatever its query or fragment; the dev server is its
 * whole origin.
 */
export function isAppUrl(url: string, location: AppLocation = appLocation()): boolean {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  switch (location.kind) {
    case 'dev-server':
      return parsed.origin === location.origin
    case 'app':
      parsed.hash = ''
      parsed.search = ''
      return parsed.href === location.href
  }
}

/** Web contents of the windows that show the app: the only ones allowed to call IPC. */
const appContents = new WeakSet<WebContents>()

export function isAppWindowContents(contents: WebContents): boolean {
  return appContents.has(contents)
}

export function createMainWindow(): BrowserWindow {
  return createAppWindow({ title: 'Rackside', width: 1280, height: 820 })
}

/** The route of the projector view of one tournament (renderer/src/router.ts). */
export function projectorRoute(tournamentId: string): string {
  return `/projector/${encodeURIComponent(tournamentId)}`
}

/**
 * A second app window for a projector or a screen in the hall: the same page and the same
 * protections as the main window, opened at the projector route.
 */
export function openProjectorWindow(tournamentId: string): BrowserWindow {
  return createAppWindow({
    title: 'Rackside — projector',
    width: 1280,
    height: 720,
    route: projectorRoute(tournamentId),
  })
}

interface AppWindowOptions {
  readonly title: string
  readonly width: number
  readonly height: number
  /** A hash route of the app, e.g. `/projector/abc`. */
  readonly route?: string
}

function createAppWindow(options: AppWindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: options.width,
    height: options.height,
    minWidth: 800,
    minHeight: 560,
    title: options.title,
    show: false,
    backgroundColor: '#ffffff',
    webPreferences: {
      preload: preloadPath(),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      safeDialogs: true,
      spellcheck: false,
    },
  })
  appContents.add(window.webContents)
  window.once('ready-to-show', () => window.show())

  const location = appLocation()
  const hash = options.route ?? ''
  const base = location.kind === 'dev-server' ? location.url : location.href
  const loaded = window.loadURL(hash ? `${base}#${hash}` : base)
  loaded.catch((error: unknown) => console.error('Rackside: the app page did not load', error))
  return window
}
