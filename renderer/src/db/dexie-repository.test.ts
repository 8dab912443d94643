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

/**
 * Issue 20: a tournament file opens with one bulk write (`bulkAdd` of every chunk, then the summary)
 * in one transaction, so a failure part-way leaves no half-stored tournament.
 */
describe('the Dexie repository imports a whole log in one transaction', () => {
  test.each([
    ['the disk fills up on the summary, after every row', 'tournaments' as const],
    ['the disk fills up while the rows are written', 'logChunks' as const],
  ])('a new tournament: %s, and nothing of it is stored', async (_when, table) => {
    const db = openDatabase()
    const repository = createDexieRepository(db)
    const event = tournamentFixture('t-bulk-new', 'Bulk Open')
    const target = table === 'tournaments' ? db.tournaments : db.logChunks
    vi.spyOn(target, table === 'tournaments' ? 'put' : 'bulkAdd').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    const stored = await repository.importLog(event.id, event.log, event.summaryAfter(22), {
      replace: false,
    })
    vi.restoreAllMocks()
    expect(!stored.ok && stored.error.code).toBe('storage.failed')
    expect(await repository.loadStored(event.id)).toBeUndefined()
    expect(await repository.list()).toEqual([])
    expect(await db.logChunks.count()).toBe(0)
  })

  test('a replace that fails keeps the old log whole, with its generation', async () => {
    const db = openDatabase()
    const repository = createDexieRepository(db)
    const event = tournamentFixture('t-bulk-replace', 'Bulk Cup')
    await writeLog(repository, event, { to: 8 })
    vi.spyOn(db.tournaments, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    const replaced = await repository.importLog(event.id, event.log, event.summaryAfter(22), {
      replace: true,
    })
    vi.restoreAllMocks()
    expect(!replaced.ok && replaced.error.code).toBe('storage.failed')
    expect(await repository.loadStored(event.id)).toEqual({
      log: event.log.slice(0, 8),
      generation: 0,
    })
    expect(await repository.list()).toEqual([event.summaryAfter(8)])
  })

  test('a row IndexedDB cannot store (a function inside a command) stores none of the log', async () => {
    const db = openDatabase()
    const repository = createDexieRepository(db)
    const event = tournamentFixture('t-bulk-clone', 'Clone Open')
    const log = event.log.map((entry, seq) =>
      seq === 15 ? { ...entry, command: { ...entry.command, note: () => 0 } } : entry,
    )
    const stored = await repository.importLog(event.id, log, event.summaryAfter(22), {
      replace: false,
    })
    expect(!stored.ok && stored.error.code).toBe('storage.failed')
    expect(await db.logChunks.count()).toBe(0)
    expect(await repository.list()).toEqual([])
  })
})
