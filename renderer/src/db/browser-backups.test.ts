import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, describe, expect, test } from 'vitest'
import {
  BACKUP_SCHEMA_VERSIONS,
  BACKUPS_KEPT,
  BackupDatabase,
  createBrowserBackups,
} from './browser-backups'

const opened: BackupDatabase[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close()
    await Dexie.delete(db.name)
  }
})

function open(name = `rackside-backups-test-${crypto.randomUUID()}`): BackupDatabase {
  const db = new BackupDatabase(name)
  opened.push(db)
  return db
}

function backups() {
  return createBrowserBackups(open())
}

const at = (minute: number): string => new Date(Date.UTC(2026, 2, 14, 9, minute)).toISOString()

describe('rolling backups inside the browser (issue 13; design.md: the last 20)', () => {
  test('only the newest 20 of a tournament are kept, newest first; another tournament keeps its own', async () => {
    const store = backups()
    for (let minute = 0; minute < BACKUPS_KEPT + 5; minute++) {
      expect(await store.write('t-a', `a${minute}`, at(minute))).toMatchObject({ status: 'saved' })
    }
    await store.write('t-b', 'b0', at(0))
    const listed = await store.list()
    expect(listed.filter((b) => b.tournamentId === 't-a')).toHaveLength(BACKUPS_KEPT)
    // Newest write first: t-b's one backup was written last.
    expect(listed[0]).toMatchObject({ tournamentId: 't-b', savedAt: at(0) })
    expect(listed[1]).toMatchObject({ tournamentId: 't-a', savedAt: at(BACKUPS_KEPT + 4) })
    expect(listed.some((b) => b.tournamentId === 't-a' && b.savedAt === at(4))).toBe(false)
    expect(listed.filter((b) => b.tournamentId === 't-b')).toHaveLength(1)

    const newest = listed[1]
    if (!newest) throw new Error('no backup')
    expect(await store.read('t-a', newest.name)).toEqual({
      status: 'opened',
      name: newest.name,
      contents: `a${BACKUPS_KEPT + 4}`,
    })
    expect(await store.read('t-a', 'nope.json')).toMatchObject({ status: 'failed' })
  })
})

describe('issue 28: a clock set back never costs the newest backups', () => {
  test('after the clock goes back an hour, the newest writes are kept, listed first and read back', async () => {
    const store = backups()
    for (let k = 0; k < BACKUPS_KEPT; k++)
      await store.write('t-a', `before ${String(k)}`, at(60 + k))
    for (let k = 0; k < 3; k++) {
      expect(await store.write('t-a', `after ${String(k)}`, at(k))).toMatchObject({
        status: 'saved',
      })
    }
    const listed = await store.list()
    expect(listed).toHaveLength(BACKUPS_KEPT)
    expect(listed.slice(0, 3).map((b) => b.savedAt)).toEqual([at(2), at(1), at(0)])
    expect(await store.read('t-a', listed[0]?.name ?? '')).toMatchObject({ contents: 'after 2' })
    // The three oldest writes went: the first three before the clock changed.
    expect(listed.some((b) => b.savedAt === at(60) || b.savedAt === at(62))).toBe(false)
    expect(listed.at(-1)?.savedAt).toBe(at(63))
  })

  test('two backups the clock stamped alike have names of their own, each read back', async () => {
    const store = backups()
    const first = await store.write('t-a', 'first', at(5))
    const second = await store.write('t-a', 'second', at(5))
    const names = [first, second].map((w) => (w.status === 'saved' ? w.name : ''))
    expect(names[0]).not.toBe(names[1])
    expect(await store.read('t-a', names[1] ?? '')).toMatchObject({ contents: 'second' })
  })
})

/** Issue 20: listing reads a small index, never the files; restoring reads exactly one file. */
describe('the backup index', () => {
  test('the list comes from the index alone: with every file gone it still lists each, sized', async () => {
    const db = open()
    const store = createBrowserBackups(db)
    await store.write('t-a', '{"name":"Ñandú Open"}\n', at(1))
    await store.write('t-b', 'x'.repeat(5000), at(2))
    await db.files.clear()
    expect(await store.list()).toEqual([
      {
        tournamentId: 't-b',
        name: '2026-03-14T09-02-00-000Z-w2.json',
        savedAt: at(2),
        bytes: 5000,
      },
      { tournamentId: 't-a', name: '2026-03-14T09-01-00-000Z-w1.json', savedAt: at(1), bytes: 24 },
    ])
  })

  test('restoring reads back the very file written; a rotated-out backup takes its file with it', async () => {
    const db = open()
    const store = createBrowserBackups(db)
    const file = (minute: number) => `{"tournamentId":"t-a","minute":${minute},"name":"Łódź 😀"}\n`
    for (let minute = 0; minute < BACKUPS_KEPT + 3; minute++) {
      await store.write('t-a', file(minute), at(minute))
    }
    expect(await db.files.count()).toBe(BACKUPS_KEPT)
    expect(await db.backups.count()).toBe(BACKUPS_KEPT)
    const listed = await store.list()
    for (const backup of listed) {
      const minute = new Date(backup.savedAt).getUTCMinutes()
      expect(await store.read('t-a', backup.name)).toEqual({
        status: 'opened',
        name: backup.name,
        contents: file(minute),
      })
      expect(backup.bytes).toBe(new TextEncoder().encode(file(minute)).length)
    }
    expect(await store.read('t-a', '2026-03-14T09-00-00-000Z.json')).toMatchObject({
      status: 'failed',
    })
  })

  test('a version-1 database (files inside the rows) is upgraded: listed with sizes, restorable', async () => {
    const name = `rackside-backups-test-${crypto.randomUUID()}`
    const [v1] = BACKUP_SCHEMA_VERSIONS
    const old = new Dexie(name)
    old.version(v1.version).stores(v1.stores)
    await old.table('backups').bulkAdd([
      { tournamentId: 't-old', savedAt: at(5), contents: 'Ñ-five' },
      { tournamentId: 't-old', savedAt: at(6), contents: 'six' },
    ])
    old.close()

    const store = createBrowserBackups(open(name))
    const listed = await store.list()
    expect(listed.map((b) => [b.savedAt, b.bytes])).toEqual([
      [at(6), 3],
      [at(5), 7],
    ])
    expect(await store.read('t-old', listed[1]!.name)).toMatchObject({ contents: 'Ñ-five' })
    // The rows no longer carry their files.
    expect(await opened.at(-1)!.backups.toArray()).toEqual([
      { id: 1, tournamentId: 't-old', savedAt: at(5), bytes: 7 },
      { id: 2, tournamentId: 't-old', savedAt: at(6), bytes: 3 },
    ])
  })
})
