import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, describe, expect, test } from 'vitest'
import { BACKUPS_KEPT, BackupDatabase, createBrowserBackups } from './browser-backups'

const opened: BackupDatabase[] = []
afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close()
    await Dexie.delete(db.name)
  }
})

function backups() {
  const db = new BackupDatabase(`rackside-backups-test-${crypto.randomUUID()}`)
  opened.push(db)
  return createBrowserBackups(db)
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
    expect(listed[0]).toMatchObject({ tournamentId: 't-a', savedAt: at(BACKUPS_KEPT + 4) })
    expect(listed.some((b) => b.tournamentId === 't-a' && b.savedAt === at(4))).toBe(false)
    expect(listed.filter((b) => b.tournamentId === 't-b')).toHaveLength(1)

    const newest = listed[0]
    if (!newest) throw new Error('no backup')
    expect(await store.read('t-a', newest.name)).toEqual({
      status: 'opened',
      name: newest.name,
      contents: `a${BACKUPS_KEPT + 4}`,
    })
    expect(await store.read('t-a', 'nope.json')).toMatchObject({ status: 'failed' })
  })
})
