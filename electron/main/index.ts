import { app, type BrowserWindow } from 'electron'
import { appVenueSharing, registerIpc } from './ipc'
import { installMenu } from './menu'
import { registerAppScheme, serveApp } from './protocol'
import { installSecurity } from './security'
import { carryStorageToAppOrigin } from './storage-origin'
import { closeOnQuit } from './venue'
import { createMainWindow, rendererRoot } from './window'

/*
 * Bootstrap only: each concern lives in its own module. One instance at a time, because two
 * copies writing the same tournament database would race.
 */

// Every renderer is sandboxed, whatever a window's own options say.
app.enableSandbox()

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  let mainWindow: BrowserWindow | undefined
  // Before ready: the app:// scheme's privileges are fixed when Chromium starts.
  registerAppScheme()

  // A second launch (a double-click on the icon) brings the running window forward instead.
  app.on('second-instance', () => {
    if (mainWindow === undefined || mainWindow.isDestroyed()) return
    if (mainWindow.isMinimized()) mainWindow.restore()
    mainWindow.focus()
  })

  app.on('window-all-closed', () => {
    // On macOS an app stays open without windows until the person quits it.
    if (process.platform !== 'darwin') app.quit()
  })

  app
    .whenReady()
    .then(async () => {
      installSecurity()
      // While sharing, the page may reach this laptop's own authority and nothing wider (issue 21).
      serveApp(rendererRoot(), () => appVenueSharing().pairedOrigin())
      // Before the first page opens its database (storage-origin.ts).
      await carryStorageToAppOrigin(app.getPath('userData')).catch((error: unknown) => {
        console.error('Rackside: could not carry tournaments over from file://', error)
      })
      registerIpc()
      // Quitting while sharing writes the event's whole log first (issue 21).
      closeOnQuit(app, appVenueSharing())
      installMenu()
      mainWindow = createMainWindow()
      app.on('activate', () => {
        // macOS: clicking the dock icon of an app without windows opens one again.
        if (mainWindow === undefined || mainWindow.isDestroyed()) mainWindow = createMainWindow()
      })
    })
    .catch((error: unknown) => {
      console.error('Rackside: could not start', error)
      app.exit(1)
    })
}
