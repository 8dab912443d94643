import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { carryStorageToAppOrigin } from './storage-origin'

let userData: string
beforeEach(async () => {
  userData = await mkdtemp(join(tmpdir(), 'rackside-userdata-'))
})
afterEach(async () => {
  await rm(userData, { recursive: true, force: true })
})

async function oldStorage(): Promise<void> {
  const db = join(userData, 'IndexedDB', 'file__0.indexeddb.leveldb')
  await mkdir(db, { recursive: true })
  await writeFile(join(db, 'CURRENT'), 'MANIFEST-000001\n')
  await mkdir(join(userData, 'IndexedDB', 'file__0.indexeddb.blob'), { recursive: true })
}

describe('issue 13: tournaments stored under file:// are carried to app://rackside', () => {
  test('the old databases are copied once and left in place', async () => {
    await oldStorage()
    expect(await carryStorageToAppOrigin(userData)).toBe('copied')
    expect((await readdir(join(userData, 'IndexedDB'))).sort()).toEqual([
      'app_rackside_0.indexeddb.blob',
      'app_rackside_0.indexeddb.leveldb',
      'file__0.indexeddb.blob',
      'file__0.indexeddb.leveldb',
    ])
    const copied = join(userData, 'IndexedDB', 'app_rackside_0.indexeddb.leveldb', 'CURRENT')
    expect(await readFile(copied, 'utf8')).toBe('MANIFEST-000001\n')
    expect(await carryStorageToAppOrigin(userData)).toBe('already-there')
  })

  test('a new install has nothing to copy', async () => {
    expect(await carryStorageToAppOrigin(userData)).toBe('nothing-to-copy')
  })

  test('storage already at the app origin is never overwritten by the old one', async () => {
    await oldStorage()
    const current = join(userData, 'IndexedDB', 'app_rackside_0.indexeddb.leveldb')
    await mkdir(current, { recursive: true })
    await writeFile(join(current, 'CURRENT'), 'MANIFEST-000009\n')
    expect(await carryStorageToAppOrigin(userData)).toBe('already-there')
    expect(await readFile(join(current, 'CURRENT'), 'utf8')).toBe('MANIFEST-000009\n')
  })
})
