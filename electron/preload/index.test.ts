import { beforeEach, describe, expect, test, vi } from 'vitest'
import type { DesktopApi, DesktopApiChannels } from '../ipc-contract'

/** What the preload handed to contextBridge, recorded at import time. */
const bridge = vi.hoisted(() => ({
  exposed: [] as { readonly key: string; readonly api: unknown }[],
  invoke: vi.fn<(...args: unknown[]) => Promise<unknown>>(() => Promise.resolve('answer')),
}))

vi.mock('electron', () => ({
  contextBridge: {
    exposeInMainWorld: (key: string, api: unknown) => bridge.exposed.push({ key, api }),
  },
  ipcRenderer: { invoke: bridge.invoke },
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
}

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
    expect(Object.keys(exposedApi()).sort()).toEqual([...methods, 'shell'].sort())
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
