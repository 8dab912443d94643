import { app, BrowserWindow, dialog, session, shell, type WebContents } from 'electron'
import { isAppUrl } from './window'

/**
 * Opens a link in the person's browser, after asking (issue 13): a link in an imported name or a
 * printed page must not send the director to a web site unawares. Only web links leave the app:
 * a `file:`, `smb:` or custom protocol URL could start a program, so anything else is dropped.
 */
export async function openExternally(url: string, parent?: BrowserWindow | null): Promise<void> {
  let protocol: string
  try {
    protocol = new URL(url).protocol
  } catch {
    return
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    console.warn(`Rackside: dropped a link that is not http(s): ${url}`)
    return
  }
  const options = {
    type: 'question' as const,
    title: 'Open a link',
    message: 'Open this link in your web browser?',
    detail: url,
    buttons: ['Cancel', 'Open in the browser'],
    defaultId: 0,
    cancelId: 0,
    noLink: true,
  }
  try {
    const answer = parent
      ? await dialog.showMessageBox(parent, options)
      : await dialog.showMessageBox(options)
    if (answer.response !== 1) return
    await shell.openExternal(url)
  } catch (error) {
    console.error(`Rackside: could not open ${url} in the browser`, error)
  }
}

const ownerOf = (contents: WebContents): BrowserWindow | null =>
  BrowserWindow.fromWebContents(contents)

/** The rules every page obeys, including the hidden print pages (Electron security checklist). */
export function guardWebContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => {
    if (isAppUrl(event.url)) return
    event.preventDefault()
    void openExternally(event.url, ownerOf(contents))
  })
  // `will-navigate` is only the main frame; a sub-frame never leaves the app either.
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame || isAppUrl(event.url)) return
    event.preventDefault()
  })
  // A redirect is the server's choice, not a click: stop it without opening anything.
  contents.on('will-redirect', (event) => {
    if (isAppUrl(event.url)) return
    event.preventDefault()
  })
  // The app never opens a second window from a page; a link to the web goes to the browser.
  contents.setWindowOpenHandler(({ url }) => {
    if (!isAppUrl(url)) void openExternally(url, ownerOf(contents))
    return { action: 'deny' }
  })
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
  })
}

/** Call once, when the app is ready and before any window exists. */
export function installSecurity(): void {
  app.on('web-contents-created', (_event, contents) => {
    guardWebContents(contents)
  })
  // Camera, notifications, clipboard reads, USB…: a tournament program needs none of them.
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => {
    console.warn(`Rackside: denied a permission request: ${permission}`)
    callback(false)
  })
  // Checks (the page asking whether it already has a permission) are denied the same way.
  session.defaultSession.setPermissionCheckHandler(() => false)
}
