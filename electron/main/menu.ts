import { app, BrowserWindow, dialog, Menu, type MenuItemConstructorOptions } from 'electron'

export interface MenuContext {
  readonly platform: NodeJS.Platform
  readonly appName: string
  readonly version: string
  /** Reload and the developer tools are for developers only, never at the venue. */
  readonly development: boolean
}

function showAbout(context: MenuContext): void {
  const options = {
    type: 'info' as const,
    title: `About ${context.appName}`,
    message: `${context.appName} ${context.version}`,
    detail: 'Runs a Scrabble tournament from one laptop, offline.',
  }
  const window = BrowserWindow.getFocusedWindow()
  const shown =
    window === null ? dialog.showMessageBox(options) : dialog.showMessageBox(window, options)
  shown.catch((error: unknown) => console.error('Rackside: the About box failed', error))
}

export function menuTemplate(context: MenuContext): MenuItemConstructorOptions[] {
  const mac = context.platform === 'darwin'
  const about: MenuItemConstructorOptions = {
    label: `About ${context.appName}`,
    click: () => showAbout(context),
  }
  const appMenu: MenuItemConstructorOptions[] = mac
    ? [
        {
          label: context.appName,
          submenu: [
            about,
            { type: 'separator' },
            { role: 'services' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : []
  const developerItems: MenuItemConstructorOptions[] = context.development
    ? [
        { role: 'reload' },
        { role: 'forceReload' },
        { role: 'toggleDevTools' },
        { type: 'separator' },
      ]
    : []
  return [
    ...appMenu,
    // macOS keeps Quit in the app menu; a File menu with only Close is the platform's habit there.
    { label: 'File', submenu: [mac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        ...developerItems,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: 'Window',
      submenu: mac
        ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
        : [{ role: 'minimize' }, { role: 'close' }],
    },
    { role: 'help', submenu: [about] },
  ]
}

export function installMenu(): void {
  const template = menuTemplate({
    platform: process.platform,
    appName: app.getName(),
    version: app.getVersion(),
    development: !app.isPackaged,
  })
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}
