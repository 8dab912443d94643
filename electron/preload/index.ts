import { contextBridge, ipcRenderer } from 'electron'
import type {
  DesktopApi,
  DesktopApiChannels,
  IpcArgs,
  IpcChannel,
  IpcResult,
} from '../ipc-contract'

/*
 * The page gets exactly one object, `window.rackside`, and through it exactly the calls of the
 * contract: never ipcRenderer itself nor a generic invoke, so a compromised page cannot reach a
 * channel main does not expect it to use.
 */

/** Which channel each method calls; `satisfies` keeps the literal channel types for `invoker`. */
export const desktopApiChannels = {
  appInfo: 'app:info',
  saveTextFile: 'file:save-text',
  openTextFile: 'file:open-text',
  listPrinters: 'print:list-printers',
  print: 'print:print',
  savePdf: 'print:save-pdf',
  openProjector: 'window:open-projector',
  saveFolder: 'file:save-folder',
  writeBackup: 'backup:write',
  listBackups: 'backup:list',
  readBackup: 'backup:read',
} as const satisfies DesktopApiChannels

const invoker =
  <C extends IpcChannel>(channel: C) =>
  (...args: IpcArgs<C>): Promise<IpcResult<C>> =>
    ipcRenderer.invoke(channel, ...args) as Promise<IpcResult<C>>

const api = {
  shell: 'electron',
  appInfo: invoker(desktopApiChannels.appInfo),
  saveTextFile: invoker(desktopApiChannels.saveTextFile),
  openTextFile: invoker(desktopApiChannels.openTextFile),
  listPrinters: invoker(desktopApiChannels.listPrinters),
  print: invoker(desktopApiChannels.print),
  savePdf: invoker(desktopApiChannels.savePdf),
  openProjector: invoker(desktopApiChannels.openProjector),
  saveFolder: invoker(desktopApiChannels.saveFolder),
  writeBackup: invoker(desktopApiChannels.writeBackup),
  listBackups: invoker(desktopApiChannels.listBackups),
  readBackup: invoker(desktopApiChannels.readBackup),
} satisfies DesktopApi

contextBridge.exposeInMainWorld('rackside', api)
