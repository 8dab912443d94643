import { beforeEach, describe, expect, test, vi } from 'vitest'
import type { IpcChannel, SaveFileRequest } from '../ipc-contract'
import { argumentCheckers } from './ipc-arguments'
import { ipcHandlers, registerIpc, sendToAppWindows, type IpcHandlers } from './ipc'
import { FakeBrowserWindow, fakeIpcMain, type FakeFrame } from './test-support/fake-electron'
import { createMainWindow } from './window'

vi.mock('electron', async () => (await import('./test-support/fake-electron')).fakeElectronModule())

const appUrl = 'app://rackside/index.html#/players'

/** Every channel of the contract, spelled out: the compiler rejects this table if one is missing. */
const contractChannels: Readonly<Record<IpcChannel, true>> = {
  'app:info': true,
  'file:save-text': true,
  'file:open-text': true,
  'print:list-printers': true,
  'print:print': true,
  'print:save-pdf': true,
  'window:open-projector': true,
  'file:save-folder': true,
  'backup:write': true,
  'backup:list': true,
  'backup:read': true,
  'venue:share': true,
  'venue:stop': true,
  'venue:status': true,
  'venue:port': true,
  'venue:approve': true,
  'venue:refuse': true,
  'venue:revoke': true,
  'venue:refuse-all': true,
  'venue:take-waiting': true,
  'venue:drop-waiting': true,
  'venue:propose': true,
  'venue:accepted-from': true,
  'venue:take-copy': true,
  'venue:reissue-code': true,
  'venue:revoke-code': true,
  'venue:push-start': true,
  'venue:push-stop': true,
  'venue:push-remembered': true,
  'venue:push-remember': true,
  'venue:push-forget': true,
}

const request: SaveFileRequest = {
  title: 'Save the tournament',
  suggestedName: 'open-2025.t',
  filters: [{ name: '.t file', extensions: ['t'] }],
  contents: 'Ñandú 1500 2;\n',
  encoding: 'latin1',
}

function topFrame(url: string): FakeFrame {
  return { url, parent: null }
}

/** The listener main registered for `channel`, called as Electron would call it. */
function invoke(channel: IpcChannel, event: unknown, ...args: unknown[]): Promise<unknown> {
  const call = fakeIpcMain.handle.mock.calls.find(([registered]) => registered === channel)
  if (call === undefined) throw new Error(`${channel} was never registered`)
  return Promise.resolve(call[1](event, ...args))
}

function spyHandlers(): {
  readonly handlers: IpcHandlers
  readonly saved: ReturnType<typeof vi.fn>
} {
  const saved = vi.fn(() => ({ status: 'saved', location: '/home/director/open-2025.t' }) as const)
  return { handlers: { ...ipcHandlers, 'file:save-text': saved }, saved }
}

beforeEach(() => {
  fakeIpcMain.handle.mockReset()
  vi.stubEnv('ELECTRON_RENDERER_URL', '')
})

describe('registerIpc', () => {
  test('registers every channel of the contract exactly once', () => {
    registerIpc()
    const registered = fakeIpcMain.handle.mock.calls.map(([channel]) => channel)
    expect([...registered].sort()).toEqual(Object.keys(contractChannels).sort())
    expect(new Set(registered).size).toBe(registered.length)
  })
})

describe('every IPC call has its sender checked', () => {
  test('a call from the app window reaches the handler with its arguments', async () => {
    const { handlers, saved } = spyHandlers()
    registerIpc(handlers)
    const window = createMainWindow() as unknown as FakeBrowserWindow
    const event = { sender: window.webContents, senderFrame: topFrame(appUrl) }

    const outcome = await invoke('file:save-text', event, request)

    expect(outcome).toEqual({ status: 'saved', location: '/home/director/open-2025.t' })
    expect(saved).toHaveBeenCalledTimes(1)
    expect(saved).toHaveBeenCalledWith({ contents: window.webContents, window }, request)
  })

  const strangerContents = (): unknown => new FakeBrowserWindow({}).webContents
  const appContents = (): unknown =>
    (createMainWindow() as unknown as FakeBrowserWindow).webContents

  test.each([
    ['web contents the app did not create', strangerContents, topFrame(appUrl)],
    ['the app window showing a web site', appContents, topFrame('https://example.com/')],
    [
      'the app window showing another local file',
      appContents,
      topFrame('file:///home/director/evil.html'),
    ],
    ['a frame that is gone (no senderFrame)', appContents, null],
    ['a sub-frame inside the app window', appContents, { url: appUrl, parent: topFrame(appUrl) }],
  ])('refused: %s', async (_name, sender, senderFrame) => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { handlers, saved } = spyHandlers()
    registerIpc(handlers)

    await expect(
      invoke('file:save-text', { sender: sender(), senderFrame }, request),
    ).rejects.toThrow('IPC refused: unknown sender')

    expect(saved).not.toHaveBeenCalled()
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('file:save-text refused'))
  })

  test.each([
    ['no request at all', []],
    ['an encoding the contract does not have', [{ ...request, encoding: 'utf16' }]],
    ['contents that are not text', [{ ...request, contents: 42 }]],
    ['an extra argument', [request, 'more']],
  ])('refused before the handler: %s', async (_name, args) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { handlers, saved } = spyHandlers()
    registerIpc(handlers)
    const window = createMainWindow() as unknown as FakeBrowserWindow
    const event = { sender: window.webContents, senderFrame: topFrame(appUrl) }

    await expect(invoke('file:save-text', event, ...args)).rejects.toThrow(
      'IPC refused: malformed arguments for file:save-text',
    )
    expect(saved).not.toHaveBeenCalled()
  })

  test.each([
    ['a tournament id', ['0b7f6c1e-3f0a-4c5e-9d2b-6a1f2e3d4c5b'], true],
    ['a file-name stem the file reader accepts (issue 20)', ['spring_open_2026'], true],
    ['a 100-character id', ['x'.repeat(100)], true],
    ['a 101-character id', ['x'.repeat(101)], false],
    ['a path', ['../../etc/passwd'], false],
    ['a route', ['abc/../../x'], false],
    ['an empty id', [''], false],
    ['a number', [42], false],
    ['no id', [], false],
  ])('window:open-projector takes only %s-shaped ids', (_name, args, accepted) => {
    expect(argumentCheckers['window:open-projector'](args)).toBe(accepted)
  })

  test('window:open-projector opens a second app window at the projector route', async () => {
    registerIpc()
    const main = createMainWindow() as unknown as FakeBrowserWindow
    const event = { sender: main.webContents, senderFrame: topFrame(appUrl) }
    await expect(invoke('window:open-projector', event, 'abc-123')).resolves.toEqual({
      status: 'opened',
    })
    const projector = FakeBrowserWindow.created.at(-1)
    expect(projector).not.toBe(main)
    expect(projector?.loaded?.url).toMatch(/#\/projector\/abc-123$/)
  })

  test.each([
    ['backup:write', [{ tournamentId: '../x', contents: '{}' }], 'No backup written: '],
    ['backup:read', ['a/b', '2026-03-14T09-01-00-000Z.json'], 'No backup read: '],
    ['window:open-projector', ['../../etc/passwd'], 'The projector window did not open: '],
  ] as const)(
    '%s refuses an id against the rule and says why, never silently (issue 20)',
    async (channel, args, prefix) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined)
      registerIpc()
      const window = createMainWindow() as unknown as FakeBrowserWindow
      const event = { sender: window.webContents, senderFrame: topFrame(appUrl) }
      const created = FakeBrowserWindow.created.length
      await expect(invoke(channel, event, ...args)).resolves.toEqual({
        status: 'failed',
        message: expect.stringMatching(new RegExp(`^${prefix}The tournament id .* (must|holds)`)),
      })
      expect(FakeBrowserWindow.created.length).toBe(created)
    },
  )

  test('window:open-projector opens a window for an id with underscores (issue 20)', async () => {
    registerIpc()
    const main = createMainWindow() as unknown as FakeBrowserWindow
    const event = { sender: main.webContents, senderFrame: topFrame(appUrl) }
    await expect(invoke('window:open-projector', event, 'spring_open_2026')).resolves.toEqual({
      status: 'opened',
    })
    expect(FakeBrowserWindow.created.at(-1)?.loaded?.url).toMatch(/#\/projector\/spring_open_2026$/)
  })

  test('app:info says which shell runs the app', async () => {
    registerIpc()
    const window = createMainWindow() as unknown as FakeBrowserWindow
    const event = { sender: window.webContents, senderFrame: topFrame(appUrl) }
    await expect(invoke('app:info', event)).resolves.toEqual({
      name: 'Rackside',
      version: '0.1.0',
      shell: 'electron',
      os: process.platform,
    })
  })
})

/** A proposal of the director's window as the IPC link sends it (issue 21). */
const proposal = {
  _id: 'p-1',
  type: 'proposal',
  order: 0,
  builtOn: { length: 3, last: 'abc' },
  command: { type: 'checkIn', division: 'A', player: 1, day: '2026-03-14' },
  madeAt: '2026-03-14T09:00:00.000Z',
}

describe('the venue channels check their arguments (issue 21)', () => {
  test.each([
    ['venue:share', ['{"format":"rackside-tournament"}', null], true],
    // Issue 27: the director's port, 1024–65535, or null for the one the event keeps.
    ['venue:share', ['{"format":"rackside-tournament"}', 8770], true],
    ['venue:share', ['{"format":"rackside-tournament"}', 1023], false],
    ['venue:share', ['{"format":"rackside-tournament"}', 65536], false],
    ['venue:share', ['{"format":"rackside-tournament"}', 8770.5], false],
    ['venue:share', ['{"format":"rackside-tournament"}', '8770'], false],
    ['venue:share', ['{"format":"rackside-tournament"}'], false],
    ['venue:share', ['', null], false],
    ['venue:share', [42, null], false],
    ['venue:port', ['spring-open'], true],
    ['venue:port', ['../etc'], false],
    ['venue:stop', [], true],
    ['venue:stop', ['now'], false],
    ['venue:status', [], true],
    // Issue 27: the role the director chose, whatever the desk asked for.
    ['venue:approve', ['ACDEF3', 'Desk 2', 'results'], true],
    ['venue:approve', ['ACDEF3', 'Check-in 1', 'check-in'], true],
    ['venue:approve', ['ACDEF3', 'Projector', 'projector'], true],
    ['venue:approve', ['ACDEF3', 'Director 2', 'director'], true],
    ['venue:approve', ['ACDEF3', 'Desk 2', 'desk'], false],
    ['venue:approve', ['ACDEF3', 'Desk 2', 'admin'], false],
    ['venue:approve', ['ACDEF3', 'Desk 2'], false],
    // The alphabet leaves out letters read alike: O, 0, I, 1, L, 5, S, 2, Z, 8, B.
    ['venue:approve', ['ACDEF0', 'Desk 2', 'results'], false],
    ['venue:approve', ['acdef3', 'Desk 2', 'results'], false],
    ['venue:approve', ['ACDEF', 'Desk 2', 'results'], false],
    ['venue:approve', ['ACDEF3', '', 'results'], false],
    ['venue:approve', ['ACDEF3', '   ', 'results'], false],
    ['venue:approve', ['ACDEF3', 'Desk\n2', 'results'], false],
    ['venue:approve', ['ACDEF3', 'D'.repeat(41), 'results'], false],
    ['venue:approve', ['ACDEF3'], false],
    ['venue:refuse', ['XY4679'], true],
    ['venue:refuse', ['XY4679', 'extra'], false],
    ['venue:revoke', ['Desk 2'], true],
    ['venue:revoke', [7], false],
    // Issue 27: refuse all, and a revoked desk's waiting commands taken or let go by its name.
    ['venue:refuse-all', [], true],
    ['venue:refuse-all', ['XY4679'], false],
    ['venue:take-waiting', ['Desk 2'], true],
    ['venue:take-waiting', [''], false],
    ['venue:take-waiting', ['Desk 2', 'Desk 3'], false],
    ['venue:drop-waiting', ['Desk 2'], true],
    ['venue:drop-waiting', ['Desk\n2'], false],
    ['venue:drop-waiting', [], false],
    // Issue 30: a player's code reissued or revoked, by division and number.
    ['venue:reissue-code', ['A', 12], true],
    ['venue:reissue-code', ['A', 0], false],
    ['venue:reissue-code', ['A', '12'], false],
    ['venue:revoke-code', ['', 3], false],
    ['venue:revoke-code', ['A\nB', 3], false],
    ['venue:revoke-code', ['Kids & Teens', 3], true],
    // Issue 31: the database's address and the password, each one line.
    ['venue:push-start', ['https://director@couch.example.org/spc', 'pa ss'], true],
    ['venue:push-start', ['https://director@couch.example.org/spc', ''], true],
    ['venue:push-start', ['', 'secret'], false],
    ['venue:push-start', ['https://couch.example.org/spc\nX', 'secret'], false],
    ['venue:push-start', ['https://couch.example.org/spc', 'se\ncret'], false],
    ['venue:push-start', ['https://couch.example.org/spc'], false],
    ['venue:push-start', ['https://couch.example.org/spc', 7], false],
    ['venue:push-stop', [], true],
    ['venue:push-stop', ['now'], false],
    // Issue 31: the remembered password, per database address; an empty one is never kept.
    ['venue:push-remembered', ['https://director@couch.example.org/spc'], true],
    ['venue:push-remembered', [''], false],
    ['venue:push-remember', ['https://director@couch.example.org/spc', 'pa ss'], true],
    ['venue:push-remember', ['https://director@couch.example.org/spc', ''], false],
    ['venue:push-remember', ['https://director@couch.example.org/spc', 'se\ncret'], false],
    ['venue:push-forget', ['https://director@couch.example.org/spc'], true],
    ['venue:push-forget', [], false],
    ['venue:propose', [proposal], true],
    ['venue:propose', [{ ...proposal, builtOn: { length: 0, last: null } }], true],
    ['venue:propose', [{ ...proposal, _id: '' }], false],
    ['venue:propose', [{ ...proposal, type: 'status' }], false],
    ['venue:propose', [{ ...proposal, order: -1 }], false],
    ['venue:propose', [{ ...proposal, order: 1.5 }], false],
    ['venue:propose', [{ ...proposal, builtOn: { length: 3 } }], false],
    ['venue:propose', [{ ...proposal, command: { type: 'launchRockets' } }], false],
    ['venue:propose', [{ ...proposal, command: { type: 'checkIn', division: 'A' } }], false],
    ['venue:propose', [{ ...proposal, madeAt: 12 }], false],
    ['venue:accepted-from', [-1], true],
    ['venue:accepted-from', [120], true],
    ['venue:accepted-from', [-2], false],
    ['venue:accepted-from', [0.5], false],
    ['venue:accepted-from', ['0'], false],
    // Issue 27: a desk's saved copy, by its file's name; the authority reads the text itself.
    ['venue:take-copy', ['DESK2.json', '{"log":[]}'], true],
    ['venue:take-copy', ['', '{}'], false],
    ['venue:take-copy', ['DESK2.json\nevil', '{}'], false],
    ['venue:take-copy', ['DESK2.json', ''], false],
    ['venue:take-copy', ['DESK2.json'], false],
  ] as const)('%s %j accepted: %s', (channel, args, accepted) => {
    expect(argumentCheckers[channel](args)).toBe(accepted)
  })

  test.each([
    [
      'venue:approve',
      ['OOOOOO', 'Desk 2', 'results'],
      /^Not approved: the pairing code should be 6 of/,
    ],
    [
      'venue:approve',
      ['ACDEF3', '', 'results'],
      /^Not approved: a desk's name should be one line of 1 to 40/,
    ],
    [
      'venue:approve',
      ['ACDEF3', 'Desk 2', 'desk'],
      /^Not approved: a desk is approved as director, check-in, results, projector, not "desk"$/,
    ],
    [
      'venue:share',
      ['{}', 80],
      /^Not shared: a port is a whole number from 1024 to 65535, not 80$/,
    ],
    ['venue:refuse', [42], /^Not refused: the pairing code should be 6 of .*, not 42$/],
    ['venue:revoke', ['x'.repeat(41)], /^Not revoked: a desk's name should be one line/],
    ['venue:take-waiting', [3], /^Nothing decided: a desk's name should be one line/],
    ['venue:drop-waiting', [''], /^Nothing let go: a desk's name should be one line/],
    ['venue:refuse-all', ['now'], /^Nothing refused: malformed arguments for venue:refuse-all$/],
    ['venue:share', ['', null], /^Not shared: malformed arguments for venue:share$/],
  ] as const)('%s refuses %j and says why on the screen', async (channel, args, message) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    registerIpc()
    const window = createMainWindow() as unknown as FakeBrowserWindow
    const event = { sender: window.webContents, senderFrame: topFrame(appUrl) }
    await expect(invoke(channel, event, ...args)).resolves.toEqual({
      status: 'failed',
      message: expect.stringMatching(message),
    })
  })

  test('a venue call reaches its handler only from the app window', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const propose = vi.fn()
    registerIpc({ ...ipcHandlers, 'venue:propose': propose })
    const stranger = new FakeBrowserWindow({}).webContents
    await expect(
      invoke('venue:propose', { sender: stranger, senderFrame: topFrame(appUrl) }, proposal),
    ).rejects.toThrow('IPC refused: unknown sender')
    expect(propose).not.toHaveBeenCalled()
  })

  test('sharing off: the status says so and nothing is sent to any window', async () => {
    registerIpc()
    const window = createMainWindow() as unknown as FakeBrowserWindow
    const event = { sender: window.webContents, senderFrame: topFrame(appUrl) }
    await expect(invoke('venue:status', event)).resolves.toEqual({ sharing: false })
    await expect(invoke('venue:accepted-from', event, -1)).resolves.toEqual([])
    await expect(invoke('venue:stop', event)).resolves.toEqual({ status: 'not-sharing' })
    expect(window.webContents.sent).toEqual([])
  })
})

describe('pushes from main', () => {
  test('venue:changed reaches the app windows and no other web contents', () => {
    const main = createMainWindow() as unknown as FakeBrowserWindow
    const stranger = new FakeBrowserWindow({})
    sendToAppWindows('venue:changed', { sharing: false })
    expect(main.webContents.sent).toEqual([
      { channel: 'venue:changed', payload: { sharing: false } },
    ])
    expect(stranger.webContents.sent).toEqual([])
  })
})
