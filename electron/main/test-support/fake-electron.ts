/*
 * Hand-made stand-ins for the parts of Electron the main process uses. Electron's binary is never
 * loaded in tests (it cannot be downloaded on CI): each test file mocks 'electron' with
 * `fakeElectronModule()`, and reads what happened from these fakes.
 */
import { vi } from 'vitest'

type Listener = (...args: never[]) => unknown

export class FakeEmitter {
  readonly listeners = new Map<string, Listener[]>()

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
    return this
  }

  once(event: string, listener: Listener): this {
    return this.on(event, listener)
  }

  /** Calls every listener of `event` as Electron would. */
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      ;(listener as (...values: unknown[]) => unknown)(...args)
    }
  }
}

/** The event object of will-navigate, will-redirect and will-frame-navigate. */
export interface FakeNavigationEvent {
  readonly url: string
  readonly isMainFrame: boolean
  defaultPrevented: boolean
  preventDefault(): void
}

export function navigationEvent(url: string, isMainFrame = true): FakeNavigationEvent {
  return {
    url,
    isMainFrame,
    defaultPrevented: false,
    preventDefault() {
      this.defaultPrevented = true
    },
  }
}

export interface FakeFrame {
  readonly url: string
  readonly parent: FakeFrame | null
}

export class FakeWebContents extends FakeEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined
  readonly print = vi.fn(
    (_options: unknown, callback: (success: boolean, failureReason: string) => void) => {
      callback(true, '')
    },
  )
  readonly printToPDF = vi.fn<(options: unknown) => Promise<Buffer>>(() =>
    Promise.resolve(Buffer.from('%PDF-1.7 fake')),
  )
  readonly getPrintersAsync = vi.fn(() => Promise.resolve<unknown[]>([]))
  /** Pushes main sent this page (`webContents.send`). */
  readonly sent: { readonly channel: string; readonly payload: unknown }[] = []

  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload })
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler
  }
}

export class FakeBrowserWindow extends FakeEmitter {
  static readonly created: FakeBrowserWindow[] = []
  readonly webContents = new FakeWebContents()
  loaded: { readonly file?: string; readonly url?: string; readonly hash?: string } | undefined
  destroyed = false

  constructor(readonly options: Readonly<Record<string, unknown>>) {
    super()
    FakeBrowserWindow.created.push(this)
  }

  static fromWebContents(contents: unknown): FakeBrowserWindow | null {
    return FakeBrowserWindow.created.find((window) => window.webContents === contents) ?? null
  }

  static getAllWindows(): FakeBrowserWindow[] {
    return [...FakeBrowserWindow.created]
  }

  static getFocusedWindow(): FakeBrowserWindow | null {
    return null
  }

  loadFile(file: string, options: { hash?: string } = {}): Promise<void> {
    this.loaded = options.hash === undefined ? { file } : { file, hash: options.hash }
    return Promise.resolve()
  }

  loadURL(url: string): Promise<void> {
    this.loaded = { url }
    return Promise.resolve()
  }

  show(): void {}

  destroy(): void {
    this.destroyed = true
  }

  isDestroyed(): boolean {
    return this.destroyed
  }
}

type PermissionHandler = (
  contents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
) => void

export class FakeSession {
  permissionRequestHandler: PermissionHandler | undefined
  permissionCheckHandler: ((...args: unknown[]) => boolean) | undefined
  readonly webRequest = { onBeforeRequest: vi.fn() }

  setPermissionRequestHandler(handler: PermissionHandler): void {
    this.permissionRequestHandler = handler
  }

  setPermissionCheckHandler(handler: (...args: unknown[]) => boolean): void {
    this.permissionCheckHandler = handler
  }
}

/** Electron's `protocol` module: what the app registered and the handler it serves with. */
export const fakeProtocol = {
  registerSchemesAsPrivileged: vi.fn<(schemes: unknown[]) => void>(),
  handlers: new Map<string, (request: Request) => Promise<Response>>(),
  handle(scheme: string, handler: (request: Request) => Promise<Response>): void {
    this.handlers.set(scheme, handler)
  },
}

export const fakeApp = Object.assign(new FakeEmitter(), {
  isPackaged: false,
  getName: () => 'Rackside',
  getVersion: () => '0.1.0',
  enableSandbox: vi.fn(),
  requestSingleInstanceLock: vi.fn(() => true),
  whenReady: () => Promise.resolve(),
  quit: vi.fn(),
  exit: vi.fn(),
  // A folder no test creates: the app finds no earlier storage there.
  getPath: vi.fn<(name: string) => string>(() => '/nonexistent/rackside-test-user-data'),
})

export const fakeIpcMain = {
  handle: vi.fn<(channel: string, listener: (...args: unknown[]) => unknown) => void>(),
}

export const fakeDialog = {
  // Answers "Cancel" (button 0) unless a test says otherwise.
  showSaveDialog: vi.fn<(...args: unknown[]) => Promise<{ canceled: boolean; filePath: string }>>(),
  showOpenDialog:
    vi.fn<(...args: unknown[]) => Promise<{ canceled: boolean; filePaths: string[] }>>(),
  showMessageBox: vi.fn<(...args: unknown[]) => Promise<{ response: number }>>(() =>
    Promise.resolve({ response: 0 }),
  ),
}

export const fakeMenu = {
  buildFromTemplate: (template: unknown) => template,
  setApplicationMenu: vi.fn(),
}

export const fakeShell = {
  openExternal: vi.fn<(url: string) => Promise<void>>(() => Promise.resolve()),
}

export const defaultSession = new FakeSession()
export const printSession = new FakeSession()

export type FakeElectron = ReturnType<typeof fakeElectronModule>

export function fakeElectronModule() {
  return {
    app: fakeApp,
    BrowserWindow: FakeBrowserWindow,
    ipcMain: fakeIpcMain,
    dialog: fakeDialog,
    shell: fakeShell,
    // Every partition is the print partition: main asks for no other.
    session: { defaultSession, fromPartition: (): FakeSession => printSession },
    Menu: fakeMenu,
    protocol: fakeProtocol,
  }
}
