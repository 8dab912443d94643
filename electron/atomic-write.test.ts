import type * as FsPromises from 'node:fs/promises'
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'

/*
 * Issue 13: one atomic write for the app and the CLI. fs/promises is wrapped (not replaced) so a
 * test can see the flushes and make a write fail half way, as a full disk does.
 */
const calls = vi.hoisted(() => ({
  synced: [] as string[],
  failOn: null as string | null,
  /** How many renames an antivirus holding the file refuses before letting go. */
  busy: 0,
}))

vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>()
  return {
    ...real,
    rename: async (from: string, to: string) => {
      if (calls.busy > 0) {
        calls.busy--
        throw Object.assign(new Error('resource busy'), { code: 'EBUSY' })
      }
      await real.rename(from, to)
    },
    open: async (path: string, flags: string) => {
      if (calls.failOn !== null && String(path).endsWith(calls.failOn)) {
        throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' })
      }
      const handle = await real.open(path, flags)
      const sync = handle.sync.bind(handle)
      return Object.assign(handle, {
        sync: async () => {
          calls.synced.push(String(path))
          await sync()
        },
      })
    },
  }
})

const { renameWithRetry, writeFileAtomic, writeFilesAtomic } = await import('./atomic-write')

let folder: string
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'rackside-atomic-'))
  calls.synced.length = 0
  calls.failOn = null
  calls.busy = 0
})
afterEach(async () => {
  await rm(folder, { recursive: true, force: true })
})

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text)

describe('writeFileAtomic', () => {
  test('replaces the file whole, flushing the file and then its folder; no temporary file is left', async () => {
    const path = join(folder, 'event.json')
    await writeFile(path, 'old')
    await writeFileAtomic(path, bytes('new'))
    expect(await readFile(path, 'utf8')).toBe('new')
    expect(await readdir(folder)).toEqual(['event.json'])
    expect(calls.synced).toHaveLength(2)
    expect(calls.synced[0]).toMatch(/\.event\.json\..*\.tmp$/)
    expect(calls.synced[1]).toBe(folder)
  })

  test('a failed write keeps the old file and leaves nothing beside it', async () => {
    const path = join(folder, 'event.json')
    await writeFile(path, 'old')
    calls.failOn = '.tmp'
    await expect(writeFileAtomic(path, bytes('new'))).rejects.toThrow('no space')
    expect(await readFile(path, 'utf8')).toBe('old')
    expect(await readdir(folder)).toEqual(['event.json'])
  })
})

describe('writeFilesAtomic: a folder export is all or nothing', () => {
  test('every file lands and the staging folder is gone', async () => {
    await writeFilesAtomic(folder, [
      { name: 'index.html', data: bytes('<h1>Event</h1>') },
      { name: 'standings.html', data: bytes('<table></table>') },
    ])
    expect((await readdir(folder)).sort()).toEqual(['index.html', 'standings.html'])
  })

  test('a disk that fills on the second file changes nothing in the folder', async () => {
    await writeFile(join(folder, 'index.html'), 'old index')
    calls.failOn = 'standings.html'
    await expect(
      writeFilesAtomic(folder, [
        { name: 'index.html', data: bytes('new index') },
        { name: 'standings.html', data: bytes('<table></table>') },
      ]),
    ).rejects.toThrow('no space')
    expect(await readdir(folder)).toEqual(['index.html'])
    expect(await readFile(join(folder, 'index.html'), 'utf8')).toBe('old index')
  })
})

describe('renameWithRetry', () => {
  test('on Windows a file held for a moment is tried again until it is free', async () => {
    await writeFile(join(folder, 'a'), 'a')
    calls.busy = 2
    await renameWithRetry(join(folder, 'a'), join(folder, 'b'), 'win32')
    expect(await readdir(folder)).toEqual(['b'])
  })

  test('elsewhere, or when the file stays held, the error stands', async () => {
    await writeFile(join(folder, 'a'), 'a')
    calls.busy = 1
    await expect(
      renameWithRetry(join(folder, 'a'), join(folder, 'b'), 'linux'),
    ).rejects.toMatchObject({ code: 'EBUSY' })
    calls.busy = 10
    await expect(
      renameWithRetry(join(folder, 'a'), join(folder, 'b'), 'win32'),
    ).rejects.toMatchObject({ code: 'EBUSY' })
    expect(await readdir(folder)).toEqual(['a'])
  })
})
