import { contextBridge, ipcRenderer } from 'electron'
import type {
  DesktopApi,
  DesktopApiChannels,
  DesktopApiEvents,
  IpcArgs,
  IpcChannel,
  IpcEvent,
  IpcEvents,
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
  share: 'venue:share',
  stopSharing: 'venue:stop',
  venueStatus: 'venue:status',
  venuePort: 'venue:port',
  approveDesk: 'venue:approve',
  refuseDesk: 'venue:refuse',
  revokeDesk: 'venue:revoke',
  refuseAllDesks: 'venue:refuse-all',
  takeWaiting: 'venue:take-waiting',
  dropWaiting: 'venue:drop-waiting',
  propose: 'venue:propose',
  acceptedFrom: 'venue:accepted-from',
  takeDeskCopy: 'venue:take-copy',
  reissuePlayerCode: 'venue:reissue-code',
  revokePlayerCode: 'venue:revoke-code',
  startPush: 'venue:push-start',
  stopPush: 'venue:push-stop',
  pushPasswordRemembered: 'venue:push-remembered',
  rememberPushPassword: 'venue:push-remember',
  forgetPushPassword: 'venue:push-forget',
} as const satisfies DesktopApiChannels

/** Which push each listening method receives. */
export const desktopApiEvents = {
  onVenueChanged: 'venue:changed',
} as const satisfies DesktopApiEvents

const invoker =
  <C extends IpcChannel>(channel: C) =>
  (...args: IpcArgs<C>): Promise<IpcResult<C>> =>
    ipcRenderer.invoke(channel, ...args) as Promise<IpcResult<C>>

/*
 * A listener gets the payload only, never Electron's event (which carries `sender`, a way back
 * into ipcRenderer), and only for the one push it names.
 */
const listener =
  <E extends IpcEvent>(event: E) =>
  (callback: (payload: IpcEvents[E]) => void): (() => void) => {
    const forward = (_event: unknown, payload: IpcEvents[E]): void => callback(payload)
    ipcRenderer.on(event, forward)
    return () => {
      ipcRenderer.removeListener(event, forward)
    }
  }

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
  share: invoker(desktopApiChannels.share),
  stopSharing: invoker(desktopApiChannels.stopSharing),
  venueStatus: invoker(desktopApiChannels.venueStatus),
  venuePort: invoker(desktopApiChannels.venuePort),
  approveDesk: invoker(desktopApiChannels.approveDesk),
  refuseDesk: invoker(desktopApiChannels.refuseDesk),
  revokeDesk: invoker(desktopApiChannels.revokeDesk),
  refuseAllDesks: invoker(desktopApiChannels.refuseAllDesks),
  takeWaiting: invoker(desktopApiChannels.takeWaiting),
  dropWaiting: invoker(desktopApiChannels.dropWaiting),
  propose: invoker(desktopApiChannels.propose),
  acceptedFrom: invoker(desktopApiChannels.acceptedFrom),
  takeDeskCopy: invoker(desktopApiChannels.takeDeskCopy),
  reissuePlayerCode: invoker(desktopApiChannels.reissuePlayerCode),
  revokePlayerCode: invoker(desktopApiChannels.revokePlayerCode),
  startPush: invoker(desktopApiChannels.startPush),
  stopPush: invoker(desktopApiChannels.stopPush),
  pushPasswordRemembered: invoker(desktopApiChannels.pushPasswordRemembered),
  rememberPushPassword: invoker(desktopApiChannels.rememberPushPassword),
  forgetPushPassword: invoker(desktopApiChannels.forgetPushPassword),
  onVenueChanged: listener(desktopApiEvents.onVenueChanged),
} satisfies DesktopApi

contextBridge.exposeInMainWorld('rackside', api)
