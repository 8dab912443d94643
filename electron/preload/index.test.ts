import { beforeEach, describe, expect, test, vi } from 'vitest'
import type { DesktopApi, DesktopApiChannels, DesktopApiEvents } from '../ipc-contract'

/** What the preload handed to contextBridge, recorded at import time. */
const bridge = vi.hoisted(() => ({
  exposed: [] as { readonly key: string; readonly api: unknown }[],
  invoke: vi.fn<(...args: unknown[]) => Promise<unknown>>(() => Promise.resolve('answer')),
  on: vi.fn<(channel: string, listener: (...args: unknown[]) => void) => void>(),
  removeListener: vi.fn<(channel: string, listener: (...args: unknown[]) => void) => void>(),
}))

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => bridge.exposed.push({ key, api }),
  },
  ipcRenderer: { invoke: bridge.invoke, on: bridge.on, removeListener: bridge.removeListener },
}))

await import('./index')

/** Written out again here so a wrong row in the preload's own table is caught. */
const expectedChannels: DesktopApiChannels = {
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
}

/** Methods that listen to a push from main, and the push each one hears. */
const expectedEvents: DesktopApiEvents = { onVenueChanged: 'venue:changed' }

const methods = Object.keys(expectedChannels) as (keyof DesktopApiChannels)[]

function exposedApi(): Record<string, unknown> {
  const first = bridge.exposed[0]
  if (first === undefined) throw new Error('nothing was exposed')
  return first.api as Record<string, unknown>
}

beforeEach(() => {
  bridge.invoke.mockClear()
})

describe('the preload bridge', () => {
  test('exposes exactly one object, under rackside', () => {
    expect(bridge.exposed.map(({ key }) => key)).toEqual(['rackside'])
  })

  test('whose keys are the DesktopApi methods plus shell, and nothing else', () => {
    expect(Object.keys(exposedApi()).sort()).toEqual(
      [...methods, ...Object.keys(expectedEvents), 'shell'].sort(),
    )
    expect(exposedApi()['shell']).toBe('electron' satisfies DesktopApi['shell'])
  })

  test.each(methods.map((method) => [method, expectedChannels[method]] as const))(
    '%s invokes exactly %s, passing its arguments through',
    async (method, channel) => {
      const call = exposedApi()[method]
      if (typeof call !== 'function') throw new Error(`${method} is not a function`)
      const argument = { for: method }
      await expect(call(argument)).resolves.toBe('answer')
      expect(bridge.invoke.mock.calls).toEqual([[channel, argument]])
    },
  )
})

describe('pushes from main (issue 21: the authority changed)', () => {
  test('onVenueChanged hears only venue:changed, gets the payload without the event, and stops', () => {
    bridge.on.mockClear()
    bridge.removeListener.mockClear()
    const onVenueChanged = exposedApi()['onVenueChanged'] as DesktopApi['onVenueChanged']
    const heard: unknown[] = []
    const stop = onVenueChanged((status) => heard.push(status))

    expect(bridge.on.mock.calls.map(([channel]) => channel)).toEqual([
      expectedEvents.onVenueChanged,
    ])
    const forward = bridge.on.mock.calls[0]?.[1]
    if (forward === undefined) throw new Error('no listener registered')
    const sender = { send: 'a way back into ipcRenderer' }
    forward({ sender }, { sharing: false })
    expect(heard).toEqual([{ sharing: false }])

    stop()
    expect(bridge.removeListener).toHaveBeenCalledWith('venue:changed', forward)
    expect(bridge.invoke).not.toHaveBeenCalled()
  })
})
