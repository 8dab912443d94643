import { beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { installSecurity } from './security'
import {
  defaultSession,
  fakeApp,
  fakeDialog,
  fakeShell,
  FakeWebContents,
  navigationEvent,
} from './test-support/fake-electron'

vi.mock('electron', async () => (await import('./test-support/fake-electron')).fakeElectronModule())

const appUrl = 'http://localhost:5173/#/standings'

/** A page as Electron creates it: installSecurity's hook guards it before anything loads. */
function createdContents(): FakeWebContents {
  const contents = new FakeWebContents()
  fakeApp.emit('web-contents-created', {}, contents)
  return contents
}

beforeAll(() => {
  installSecurity()
})

beforeEach(() => {
  vi.stubEnv('ELECTRON_RENDERER_URL', 'http://localhost:5173/')
  fakeShell.openExternal.mockClear()
  fakeDialog.showMessageBox.mockClear()
  // The director answers "Open in the browser" unless a test says otherwise.
  fakeDialog.showMessageBox.mockResolvedValue({ response: 1 })
  vi.spyOn(console, 'warn').mockImplementation(() => undefined)
})

/** Lets the link question's answer arrive. */
const answered = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

describe('navigation never leaves the app', () => {
  test.each([
    // [what, url, blocked, opened in the browser]
    ['a web link goes to the browser instead', 'https://example.com/', true, true],
    ['a plain http link goes to the browser instead', 'http://example.com/rules', true, true],
    ['a local file is dropped', 'file:///etc/passwd', true, false],
    ['a network share is dropped', 'smb://server/share', true, false],
    ['a custom protocol is dropped', 'ms-settings:privacy', true, false],
    ['javascript: is dropped', 'javascript:alert(1)', true, false],
    ["the app's own page is allowed", appUrl, false, false],
  ])('will-navigate: %s', async (_name, url, blocked, opened) => {
    const contents = createdContents()
    const event = navigationEvent(url)
    contents.emit('will-navigate', event)
    expect(event.defaultPrevented).toBe(blocked)
    await answered()
    expect(fakeShell.openExternal.mock.calls).toEqual(opened ? [[url]] : [])
  })

  test('issue 13: a web link is opened only when the director says so, and the question names it', async () => {
    fakeDialog.showMessageBox.mockResolvedValue({ response: 0 })
    const contents = createdContents()
    contents.emit('will-navigate', navigationEvent('https://example.com/rules'))
    await answered()
    expect(fakeDialog.showMessageBox).toHaveBeenCalledOnce()
    expect(fakeDialog.showMessageBox.mock.calls[0]?.at(-1)).toMatchObject({
      message: 'Open this link in your web browser?',
      detail: 'https://example.com/rules',
      buttons: ['Cancel', 'Open in the browser'],
      defaultId: 0,
      cancelId: 0,
    })
    expect(fakeShell.openExternal).not.toHaveBeenCalled()
  })

  test.each([
    ['a redirect away is stopped and not opened', 'https://example.com/', true],
    ['a redirect within the app is allowed', appUrl, false],
  ])('will-redirect: %s', (_name, url, blocked) => {
    const contents = createdContents()
    const event = navigationEvent(url)
    contents.emit('will-redirect', event)
    expect(event.defaultPrevented).toBe(blocked)
    expect(fakeShell.openExternal).not.toHaveBeenCalled()
  })

  test.each([
    ['a sub-frame going to a web site is stopped', 'https://example.com/', false, true],
    ['a sub-frame inside the app is allowed', appUrl, false, false],
    ['the main frame is left to will-navigate', 'https://example.com/', true, false],
  ])('will-frame-navigate: %s', (_name, url, isMainFrame, blocked) => {
    const contents = createdContents()
    const event = navigationEvent(url, isMainFrame)
    contents.emit('will-frame-navigate', event)
    expect(event.defaultPrevented).toBe(blocked)
  })
})

describe('window.open', () => {
  test.each([
    ['a web link is denied and opened in the browser', 'https://example.com/', true],
    ["the app's own page is denied too", appUrl, false],
    ['a local file is denied and dropped', 'file:///etc/passwd', false],
  ])('%s', async (_name, url, opened) => {
    const contents = createdContents()
    expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' })
    await answered()
    expect(fakeShell.openExternal.mock.calls).toEqual(opened ? [[url]] : [])
  })
})

describe('pages get no extra powers', () => {
  test.each(['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'usb'])(
    'the permission request %s is denied',
    (permission) => {
      const callback = vi.fn()
      defaultSession.permissionRequestHandler?.(new FakeWebContents(), permission, callback)
      expect(callback).toHaveBeenCalledExactlyOnceWith(false)
    },
  )

  test.each(['media', 'notifications', 'clipboard-sanitized-write', 'persistent-storage'])(
    'issue 13: the permission check %s is denied',
    (permission) => {
      expect(defaultSession.permissionCheckHandler?.(null, permission, 'app://rackside')).toBe(
        false,
      )
    },
  )

  test('a <webview> is never attached', () => {
    const contents = createdContents()
    const event = navigationEvent('about:blank')
    contents.emit('will-attach-webview', event, {}, { src: 'https://example.com/' })
    expect(event.defaultPrevented).toBe(true)
  })
})
