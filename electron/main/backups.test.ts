import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { backupTime, listBackups, readBackup, writeBackup } from './backups'
import { saveFolder, writeFolderFiles } from './files'
import { argumentCheckers } from './ipc-arguments'
import { fakeDialog } from './test-support/fake-electron'

vi.mock('electron', async () => (await import('./test-support/fake-electron')).fakeElectronModule())

let root: string

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'rackside-backups-'))
  fakeDialog.showOpenDialog.mockReset()
})

afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

const ID = '0b7f6c1e-3f0a-4c5e-9d2b-6a1f2e3d4c5b'
const at = (minute: number, ms = 0): Date => new Date(Date.UTC(2026, 2, 14, 9, minute, 0, ms))

describe('rolling backups', () => {
  test('each change writes <id>/<timestamp>-w<write>.json and only the newest N are kept', async () => {
    for (let minute = 0; minute < 7; minute++) {
      const written = await writeBackup({
        root,
        tournamentId: ID,
        contents: `{"change":${minute}}`,
        now: at(minute),
        keep: 3,
      })
      expect(written.status).toBe('saved')
    }
    const names = (await readdir(join(root, ID))).sort()
    expect(names).toEqual([
      '2026-03-14T09-04-00-000Z-w5.json',
      '2026-03-14T09-05-00-000Z-w6.json',
      '2026-03-14T09-06-00-000Z-w7.json',
    ])
    expect(await readFile(join(root, ID, names[2]!), 'utf8')).toBe('{"change":6}')
  })

  test('two backups in the same millisecond both exist, the second one newer', async () => {
    await writeBackup({ root, tournamentId: ID, contents: 'first', now: at(1), keep: 2 })
    const second = await writeBackup({ root, tournamentId: ID, contents: 'second', now: at(1) })
    expect(second).toEqual({ status: 'saved', name: '2026-03-14T09-01-00-000Z-w2.json' })
    const listed = await listBackups(root)
    expect(listed.map((b) => b.name)).toEqual([
      '2026-03-14T09-01-00-000Z-w2.json',
      '2026-03-14T09-01-00-000Z-w1.json',
    ])
  })

  test('issue 28: after the clock is set back, the newest writes are kept and listed first (write order, not the time in the name)', async () => {
    for (let minute = 30; minute < 35; minute++) {
      await writeBackup({
        root,
        tournamentId: ID,
        contents: `before ${String(minute)}`,
        now: at(minute),
        keep: 3,
      })
    }
    // The laptop's clock goes back 25 minutes (a wrong time zone fixed, a dead CMOS battery).
    for (let minute = 5; minute < 7; minute++) {
      const written = await writeBackup({
        root,
        tournamentId: ID,
        contents: `after ${String(minute)}`,
        now: at(minute),
        keep: 3,
      })
      expect(written.status).toBe('saved')
    }
    const listed = await listBackups(root)
    expect(listed.map((b) => b.name)).toEqual([
      '2026-03-14T09-06-00-000Z-w7.json',
      '2026-03-14T09-05-00-000Z-w6.json',
      '2026-03-14T09-34-00-000Z-w5.json',
    ])
    const newest = await readBackup(root, ID, listed[0]?.name ?? '')
    expect(newest).toMatchObject({ status: 'opened', contents: 'after 6' })
  })

  test('issue 28: backups named before write numbers (no -w) count as older than any numbered one', async () => {
    await mkdir(join(root, ID), { recursive: true })
    await writeFile(join(root, ID, '2026-03-14T10-00-00-000Z.json'), 'old, later clock')
    await writeFile(join(root, ID, '2026-03-14T09-00-00-000Z-2.json'), 'old')
    await writeBackup({ root, tournamentId: ID, contents: 'new', now: at(1), keep: 2 })
    expect((await readdir(join(root, ID))).sort()).toEqual([
      '2026-03-14T09-01-00-000Z-w1.json',
      '2026-03-14T10-00-00-000Z.json',
    ])
  })

  test('the list covers every tournament, newest first, with the time from the name', async () => {
    await writeBackup({ root, tournamentId: 'older', contents: 'a', now: at(1) })
    await writeBackup({ root, tournamentId: ID, contents: 'bb', now: at(2, 500) })
    // Files and folders that are not backups are ignored.
    await writeFile(join(root, ID, 'notes.txt'), 'x')
    await mkdir(join(root, 'not a tournament id'))
    expect(await listBackups(root)).toEqual([
      {
        tournamentId: ID,
        name: '2026-03-14T09-02-00-500Z-w1.json',
        savedAt: at(2, 500).toISOString(),
        bytes: 2,
      },
      {
        tournamentId: 'older',
        name: '2026-03-14T09-01-00-000Z-w1.json',
        savedAt: at(1).toISOString(),
        bytes: 1,
      },
    ])
    expect(backupTime('2026-03-14T09-02-00-500Z.json')).toBe('2026-03-14T09:02:00.500Z')
  })

  test('a folder that does not exist yet lists nothing', async () => {
    expect(await listBackups(join(root, 'missing'))).toEqual([])
  })

  test('a backup is read back by tournament and name', async () => {
    const saved = await writeBackup({ root, tournamentId: ID, contents: 'Ñandú', now: at(3) })
    const name = saved.status === 'saved' ? saved.name : ''
    await expect(readBackup(root, ID, name)).resolves.toEqual({
      status: 'opened',
      name,
      contents: 'Ñandú',
    })
  })

  test.each([
    ['a path in the id', '../../etc', '2026-03-14T09-01-00-000Z.json'],
    ['a separator in the id', 'a/b', '2026-03-14T09-01-00-000Z.json'],
    ['a path as the name', ID, '../../../etc/passwd'],
    ['a name that is not a backup', ID, 'notes.txt'],
  ])('reading with %s is refused without touching the disk', async (_case, id, name) => {
    const read = await readBackup(root, id, name)
    expect(read.status).toBe('failed')
  })

  test.each(['../x', 'a/b', '', 'x'.repeat(101), 'C:\\temp'])(
    'writing under the unsafe id %j is refused and writes nothing',
    async (id) => {
      const written = await writeBackup({ root, tournamentId: id, contents: '{}', now: at(1) })
      expect(written.status).toBe('failed')
      expect(await readdir(root)).toEqual([])
    },
  )

  test.each([
    ['an id a tournament file may carry (issue 20)', 'spring_open_2026'],
    ['an id of 100 characters', 'x'.repeat(100)],
  ])('writing under %s is kept and listed', async (_case, id) => {
    const written = await writeBackup({ root, tournamentId: id, contents: '{}', now: at(1) })
    expect(written.status).toBe('saved')
    expect((await listBackups(root)).map((b) => b.tournamentId)).toEqual([id])
  })

  test.each([
    ['../x', 'must start with a letter or a digit'],
    ['a b', 'holds " "'],
    ['x'.repeat(101), 'at most 100'],
  ])('a refused id %j says why: %s', async (id, why) => {
    const written = await writeBackup({ root, tournamentId: id, contents: '{}', now: at(1) })
    expect(written).toEqual({ status: 'failed', message: expect.stringContaining(why) })
  })

  test.each([
    ['backup:write', [{ tournamentId: ID, contents: '{}' }], true],
    ['backup:write', [{ tournamentId: '../x', contents: '{}' }], false],
    ['backup:write', [{ tournamentId: ID, contents: 42 }], false],
    ['backup:list', [], true],
    ['backup:list', [ID], false],
    ['backup:read', [ID, '2026-03-14T09-01-00-000Z.json'], true],
    ['backup:read', [ID, '../../secret.json'], false],
    ['backup:read', ['..', '2026-03-14T09-01-00-000Z.json'], false],
    ['file:save-folder', [{ title: 'Publish', files: [{ name: 'a.html', contents: '' }] }], true],
    ['file:save-folder', [{ title: 'Publish', files: [{ name: 'a.html' }] }], false],
  ] as const)('IPC %s with %j: accepted %s', (channel, args, accepted) => {
    expect(argumentCheckers[channel](args)).toBe(accepted)
  })
})

describe('saving a folder of files (the HTML folder for publishing)', () => {
  test('every file is written into the chosen folder', async () => {
    fakeDialog.showOpenDialog.mockResolvedValueOnce({ canceled: false, filePaths: [root] })
    const saved = await saveFolder(undefined, {
      title: 'Publish',
      files: [
        { name: 'index.html', contents: '<h1>Ñandú</h1>' },
        { name: 'standings.html', contents: 'x' },
      ],
    })
    expect(saved).toEqual({ status: 'saved', location: root })
    expect((await readdir(root)).sort()).toEqual(['index.html', 'standings.html'])
    expect(await readFile(join(root, 'index.html'), 'utf8')).toBe('<h1>Ñandú</h1>')
  })

  test.each(['../escape.html', 'sub/page.html', '..\\x.html', '.hidden', 'con'])(
    'the name %j is refused before the dialog opens, and nothing is written',
    async (name) => {
      const saved = await saveFolder(undefined, {
        title: 'Publish',
        files: [
          { name: 'index.html', contents: 'ok' },
          { name, contents: 'bad' },
        ],
      })
      expect(saved.status).toBe('failed')
      expect(fakeDialog.showOpenDialog).not.toHaveBeenCalled()
      expect(await readdir(root)).toEqual([])
    },
  )

  test('writeFolderFiles also refuses an unsafe name on its own', async () => {
    const saved = await writeFolderFiles(root, [{ name: '../up.html', contents: 'x' }])
    expect(saved.status).toBe('failed')
    expect(await readdir(root)).toEqual([])
  })

  test('a cancelled folder dialog writes nothing', async () => {
    fakeDialog.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] })
    const saved = await saveFolder(undefined, {
      title: 'Publish',
      files: [{ name: 'index.html', contents: 'x' }],
    })
    expect(saved).toEqual({ status: 'cancelled' })
  })
})
