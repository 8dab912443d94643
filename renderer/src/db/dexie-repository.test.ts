// Must come before Dexie is loaded: it installs the IndexedDB globals Dexie looks for.
import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { RacksideDatabase } from './database'
import { createDexieRepository } from './dexie-repository'
import {
  describeRepositoryContract,
  storedHead,
  tournamentFixture,
  writeLog,
} from './repository-contract'

const opened: RacksideDatabase[] = []

/** A fresh database per test, so no test sees another's tournaments. */
function openDatabase(): RacksideDatabase {
  const db = new RacksideDatabase(`rackside-test-${crypto.randomUUID()}`)
  opened.push(db)
  return db
}

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close()
    await Dexie.delete(db.name)
  }
})

describeRepositoryContract('the Dexie repository', async () =>
  createDexieRepository(openDatabase()),
)

describe('the Dexie repository when storage fails', () => {
  test('a failure after the command row is written rolls the command back (one transaction)', async () => {
    const db = openDatabase()
    const repository = createDexieRepository(db)
    const event = tournamentFixture('t-quota', 'Quota Open')
    await writeLog(repository, event, { to: 3 })

    // The summary write is the second of the two: the disk fills up between them.
    vi.spyOn(db.tournaments, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    const head = await storedHead(repository, event.id)
    const written = await repository.append(event.id, event.entry(3), event.summaryAfter(4), head)

    expect(written).toEqual({
      ok: false,
      error: {
        code: 'storage.failed',
        message: 'Could not save: The quota has been exceeded.',
        details: { name: 'QuotaExceededError' },
      },
    })
    vi.restoreAllMocks()
    expect(await repository.loadLog(event.id)).toEqual(event.log.slice(0, 3))
    expect(await repository.list()).toEqual([event.summaryAfter(3)])
  })

  test('a closed database is reported as storage.failed, not thrown', async () => {
    const db = openDatabase()
    const repository = createDexieRepository(db)
    const event = tournamentFixture('t-closed', 'Closed')
    db.close()
    const written = await repository.append(event.id, event.entry(0), event.summaryAfter(1), {
      last: null,
      generation: 0,
    })
    expect(!written.ok && written.error.code).toBe('storage.failed')
  })
})
