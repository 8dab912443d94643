import {
  app,
  BrowserWindow,
  ipcMain,
  safeStorage,
  type IpcMainInvokeEvent,
  type WebContents,
} from 'electron'
import type {
  AppInfo,
  IpcArgs,
  IpcChannel,
  IpcEvent,
  IpcEvents,
  IpcResult,
  VenueStatus,
} from '../ipc-contract'
import { join } from 'node:path'
import { listBackups, readBackup, writeBackup } from './backups'
import { openTextFile, saveFolder, saveTextFile } from './files'
import { areValidArguments, argumentRefusal } from './ipc-arguments'
import { listPrinters, printHtml, savePdf } from './printing'
import { createPushPasswords, PUSH_PASSWORDS_FILE, type PushPasswords } from './push-passwords'
import { createVenueSharing, type VenueSharing } from './venue'
import { isAppUrl, isAppWindowContents, openProjectorWindow, rendererRoot } from './window'

/** Who called: the page's web contents and its window (the parent of any dialog). */
export interface IpcCaller {
  readonly contents: WebContents
  readonly window: BrowserWindow | undefined
}

export type IpcHandler<C extends IpcChannel> = (
  caller: IpcCaller,
  ...args: IpcArgs<C>
) => IpcResult<C> | Promise<IpcResult<C>>

/** Every channel of the contract, each with its handler: a missing one is a compile error. */
export type IpcHandlers = { readonly [C in IpcChannel]: IpcHandler<C> }

type SenderEvent = Pick<IpcMainInvokeEvent, 'sender' | 'senderFrame'>

/**
 * Only the app's own page may call: a window this app created, from its top frame, showing the
 * app's URL (the dev server or the built index). Anything else (a page the window was somehow
 * navigated to, a frame inside it, a web contents made by someone else) is refused.
 */
export function isTrustedSender(event: SenderEvent): boolean {
  if (!isAppWindowContents(event.sender)) return false
  const frame = event.senderFrame
  if (frame === null) return false
  return frame.parent === null && isAppUrl(frame.url)
}

export function handle<C extends IpcChannel>(channel: C, handler: IpcHandler<C>): void {
  ipcMain.handle(channel, async (event, ...args: unknown[]) => {
    if (!isTrustedSender(event)) {
      console.error(
        `Rackside: IPC ${channel} refused from an unknown sender (${event.senderFrame?.url ?? 'no frame'})`,
      )
      throw new Error('IPC refused: unknown sender')
    }
    if (!areValidArguments(channel, args)) {
      const why = argumentRefusal(channel, args)
      console.error(`Rackside: IPC ${channel} refused: ${why}`)
      // A channel that answers with an outcome says why to the screen that asked (issue 20).
      const refused = refusedOutcome[channel]
      if (refused !== undefined) return refused(why)
      throw new Error(`IPC refused: ${why}`)
    }
    const caller: IpcCaller = {
      contents: event.sender,
      window: BrowserWindow.fromWebContents(event.sender) ?? undefined,
    }
    return handler(caller, ...args)
  })
}

type Refusal = { readonly status: 'failed'; readonly message: string }

/** Channels whose answer can say "failed, because…": a refusal comes back as that answer. */
const refusedOutcome: { readonly [C in IpcChannel]?: (why: string) => IpcResult<C> & Refusal } = {
  'backup:write': (why) => ({ status: 'failed', message: `No backup written: ${why}` }),
  'backup:read': (why) => ({ status: 'failed', message: `No backup read: ${why}` }),
  'window:open-projector': (why) => ({
    status: 'failed',
    message: `The projector window did not open: ${why}`,
  }),
  'venue:share': (why) => ({ status: 'failed', message: `Not shared: ${why}` }),
  'venue:approve': (why) => ({ status: 'failed', message: `Not approved: ${why}` }),
  'venue:refuse': (why) => ({ status: 'failed', message: `Not refused: ${why}` }),
  'venue:revoke': (why) => ({ status: 'failed', message: `Not revoked: ${why}` }),
  'venue:refuse-all': (why) => ({ status: 'failed', message: `Nothing refused: ${why}` }),
  'venue:take-waiting': (why) => ({ status: 'failed', message: `Nothing decided: ${why}` }),
  'venue:drop-waiting': (why) => ({ status: 'failed', message: `Nothing let go: ${why}` }),
  'venue:take-copy': (why) => ({ status: 'failed', message: `Nothing taken back: ${why}` }),
  'venue:reissue-code': (why) => ({ status: 'failed', message: `No new code: ${why}` }),
  'venue:revoke-code': (why) => ({ status: 'failed', message: `Not revoked: ${why}` }),
  'venue:push-start': (why) => ({ status: 'failed', message: `Not pushed: ${why}` }),
  'venue:push-stop': (why) => ({ status: 'failed', message: `Not stopped: ${why}` }),
  'venue:push-remembered': (why) => ({ status: 'failed', message: `Not read: ${why}` }),
  'venue:push-remember': (why) => ({ status: 'failed', message: `Not remembered: ${why}` }),
  'venue:push-forget': (why) => ({ status: 'failed', message: `Not forgotten: ${why}` }),
}

/** A push to every window showing the app (never to a page the app did not make). */
export function sendToAppWindows<E extends IpcEvent>(event: E, payload: IpcEvents[E]): void {
  for (const window of BrowserWindow.getAllWindows()) {
    if (window.isDestroyed() || !isAppWindowContents(window.webContents)) continue
    window.webContents.send(event, payload)
  }
}

let venueSharing: VenueSharing | undefined

/**
 * The app's one authority, made on first use: nothing starts until the director shares (sharing
 * off is today's single-laptop app). It runs the same server as `rackside serve`.
 */
export function appVenueSharing(): VenueSharing {
  venueSharing ??= createVenueSharing({
    // Loaded when the director first shares: PouchDB and Express cost the single-laptop app nothing.
    startServer: async (options) => (await import('../venue/server')).startVenueServer(options),
    folder: join(app.getPath('userData'), 'venue'),
    // Desks' browsers get the same renderer this app shows.
    appDir: rendererRoot(),
    notify: (status: VenueStatus) => sendToAppWindows('venue:changed', status),
    // Found again in Files → Backups even if the app quit while sharing.
    keep: (tournamentId, contents) =>
      writeBackup({ root: backupRoot(), tournamentId, contents, now: new Date() }),
    onEvent: (event) => {
      if (event.event === 'error') console.error(`Rackside: venue server: ${event.message}`)
    },
  })
  return venueSharing
}

let pushPasswords: PushPasswords | undefined

/** Issue 31: the push's passwords the director asked this computer to remember. */
function appPushPasswords(): PushPasswords {
  pushPasswords ??= createPushPasswords({
    file: join(app.getPath('userData'), PUSH_PASSWORDS_FILE),
    box: safeStorage,
  })
  return pushPasswords
}

/** Backups live with the app's data, not in the director's documents (design.md). */
const backupRoot = (): string => join(app.getPath('userData'), 'backups')

const appInfo = (): AppInfo => ({
  name: app.getName(),
  version: app.getVersion(),
  shell: 'electron',
  os: process.platform,
})

export const ipcHandlers: IpcHandlers = {
  'app:info': appInfo,
  'file:save-text': (caller, request) => saveTextFile(caller.window, request),
  'file:open-text': (caller, request) => openTextFile(caller.window, request),
  'print:list-printers': (caller) => listPrinters(caller.contents),
  'print:print': (_caller, request) => printHtml(request),
  'print:save-pdf': (caller, request) => savePdf(caller.window, request),
  'file:save-folder': (caller, request) => saveFolder(caller.window, request),
  'backup:write': (_caller, request) =>
    writeBackup({ root: backupRoot(), ...request, now: new Date() }),
  'backup:list': () => listBackups(backupRoot()),
  'backup:read': (_caller, tournamentId, name) => readBackup(backupRoot(), tournamentId, name),
  'window:open-projector': (_caller, tournamentId) => {
    try {
      openProjectorWindow(tournamentId)
      return { status: 'opened' }
    } catch (error) {
      return { status: 'failed', message: `The projector window did not open: ${String(error)}` }
    }
  },
  'venue:share': (_caller, tournamentFile, port) => appVenueSharing().share(tournamentFile, port),
  'venue:port': (_caller, tournamentId) => appVenueSharing().keptPort(tournamentId),
  'venue:stop': () => appVenueSharing().stop(),
  'venue:status': () => appVenueSharing().status(),
  'venue:approve': (_caller, code, name, role) => appVenueSharing().approve(code, name, role),
  'venue:refuse': (_caller, code) => appVenueSharing().refuse(code),
  'venue:revoke': (_caller, name) => appVenueSharing().revoke(name),
  'venue:refuse-all': () => appVenueSharing().refuseAll(),
  'venue:take-waiting': (_caller, name) => appVenueSharing().takeWaiting(name),
  'venue:drop-waiting': (_caller, name) => appVenueSharing().dropWaiting(name),
  'venue:propose': (_caller, proposal) => appVenueSharing().propose(proposal),
  'venue:accepted-from': (_caller, afterSeq) => appVenueSharing().acceptedFrom(afterSeq),
  'venue:take-copy': (_caller, name, text) => appVenueSharing().takeCopy(name, text),
  'venue:reissue-code': (_caller, division, player) =>
    appVenueSharing().reissuePlayerCode(division, player),
  'venue:revoke-code': (_caller, division, player) =>
    appVenueSharing().revokePlayerCode(division, player),
  'venue:push-start': async (_caller, address, password) =>
    appVenueSharing().startPush(address, await appPushPasswords().passwordFor(address, password)),
  'venue:push-stop': () => appVenueSharing().stopPush(),
  'venue:push-remembered': (_caller, address) => appPushPasswords().remembered(address),
  'venue:push-remember': (_caller, address, password) =>
    appPushPasswords().remember(address, password),
  'venue:push-forget': (_caller, address) => appPushPasswords().forget(address),
}

// A generic helper keeps each channel paired with its own handler type while looping.
function register<C extends IpcChannel>(channel: C, handlers: IpcHandlers): void {
  handle(channel, handlers[channel])
}

/** The contract's channels, read off the complete table above (an object literal has no extras). */
const channels = Object.keys(ipcHandlers) as IpcChannel[]

export function registerIpc(handlers: IpcHandlers = ipcHandlers): void {
  for (const channel of channels) register(channel, handlers)
}
