import { describe, expect, test, vi } from 'vitest'
import type { FakeElectron } from './test-support/fake-electron'

vi.mock('electron', async () => (await import('./test-support/fake-electron')).fakeElectronModule())

interface Launched {
  readonly fakeApp: FakeElectron['app']
  readonly fakeIpcMain: FakeElectron['ipcMain']
  readonly fakeMenu: FakeElectron['Menu']
  readonly defaultSession: FakeElectron['session']['defaultSession']
  readonly FakeBrowserWindow: FakeElectron['BrowserWindow']
}

/**
 * Runs the bootstrap afresh, as launching the app would, and lets its ready handler finish.
 * The mocked 'electron' outlives vi.resetModules, so its fakes are emptied first.
 */
async function launch(gotLock: boolean): Promise<Launched> {
  vi.resetModules()
  const electron = (await import('electron')) as unknown as FakeElectron
  const launched: Launched = {
    fakeApp: electron.app,
    fakeIpcMain: electron.ipcMain,
    fakeMenu: electron.Menu,
    defaultSession: electron.session.defaultSession,
    FakeBrowserWindow: electron.BrowserWindow,
  }
  launched.fakeApp.listeners.clear()
  launched.fakeApp.quit.mockClear()
  launched.fakeApp.enableSandbox.mockClear()
  launched.fakeApp.requestSingleInstanceLock.mockReturnValue(gotLock)
  launched.fakeIpcMain.handle.mockClear()
  launched.fakeMenu.setApplicationMenu.mockClear()
  launched.defaultSession.permissionRequestHandler = undefined
  launched.FakeBrowserWindow.created.length = 0
  await import('./index')
  await new Promise((resolve) => setTimeout(resolve, 0))
  // The ready handler reads the disk (storage-origin.ts) before it opens the window.
  if (gotLock) {
    await vi.waitFor(() => expect(launched.FakeBrowserWindow.created).not.toHaveLength(0))
  }
  return launched
}

describe('bootstrap', () => {
  test('a second copy of the app quits at once and touches nothing', async () => {
    const { fakeApp, fakeIpcMain, FakeBrowserWindow } = await launch(false)
    expect(fakeApp.quit).toHaveBeenCalledTimes(1)
    expect(FakeBrowserWindow.created).toEqual([])
    expect(fakeIpcMain.handle).not.toHaveBeenCalled()
  })

  test('the first copy secures pages, registers IPC, sets the menu and opens one window', async () => {
    const { fakeApp, fakeIpcMain, fakeMenu, defaultSession, FakeBrowserWindow } = await launch(true)
    expect(fakeApp.enableSandbox).toHaveBeenCalledTimes(1)
    expect(fakeApp.listeners.get('web-contents-created')).toHaveLength(1)
    expect(defaultSession.permissionRequestHandler).toBeDefined()
    // One handler per channel of the contract (electron/ipc-contract.ts), however many there are.
    const { ipcHandlers } = await import('./ipc')
    expect(fakeIpcMain.handle).toHaveBeenCalledTimes(Object.keys(ipcHandlers).length)
    expect(fakeMenu.setApplicationMenu).toHaveBeenCalledTimes(1)
    expect(FakeBrowserWindow.created).toHaveLength(1)
    expect(fakeApp.quit).not.toHaveBeenCalled()
    // Issue 21: a quit while sharing closes the venue server first (venue.test.ts).
    expect(fakeApp.listeners.get('before-quit')).toHaveLength(1)
  })

  test('issue 13: the app:// scheme is registered before ready and serves the built renderer', async () => {
    await launch(true)
    const electron = (await import('electron')) as unknown as FakeElectron
    expect(electron.protocol.registerSchemesAsPrivileged).toHaveBeenCalledWith([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ])
    expect(electron.protocol.handlers.has('app')).toBe(true)
    expect(electron.BrowserWindow.created[0]?.loaded).toEqual({ url: 'app://rackside/index.html' })
  })

  test.each([
    ['linux', 1],
    ['win32', 1],
    ['darwin', 0],
  ] as const)('closing the last window on %s quits %i time(s)', async (platform, quits) => {
    const { fakeApp } = await launch(true)
    const original = process.platform
    Object.defineProperty(process, 'platform', { value: platform })
    try {
      fakeApp.emit('window-all-closed')
    } finally {
      Object.defineProperty(process, 'platform', { value: original })
    }
    expect(fakeApp.quit).toHaveBeenCalledTimes(quits)
  })

  test('a second launch brings the existing window forward instead of opening another', async () => {
    const { fakeApp, FakeBrowserWindow } = await launch(true)
    const window = FakeBrowserWindow.created[0]!
    const focus = vi.fn()
    Object.assign(window, { isMinimized: () => false, focus })
    fakeApp.emit('second-instance')
    expect(focus).toHaveBeenCalledTimes(1)
    expect(FakeBrowserWindow.created).toHaveLength(1)
  })
})
