import type { DesktopApi } from '../../../electron/ipc-contract'
import { createBrowserApi } from './browser-api'

let api: DesktopApi | undefined

/** `window.rackside` in the desktop app, the browser implementation of the same API elsewhere. */
export function desktopApi(): DesktopApi {
  api ??= window.rackside ?? createBrowserApi()
  return api
}
