// Must come before Dexie is loaded: it installs the IndexedDB globals Dexie looks for.
import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { checkLog } from '../../../shared/formats/tournament-file'
import { LOG_VERSION } from '../../../shared/tournament/log-version'
import { RacksideDatabase } from './database'
import { createDexieRepository } from './dexie-repository'
import type { LogChunkRow } from './log-chunks'
import {
  describeRepositoryContract,
  storedHead,
  tournamentFixture,
  writeLog,
} from './repository-contract'
import { headOf } from './summary'

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

/**
 * Issue 20: damage inside a chunk is still found and named at its command, as it was when every
 * command had a row; and nothing is appended after a damaged end.
 */
describe('the Dexie repository with a damaged chunk', () => {
  /** A 600-command event stored whole (chunks 0, 1, 2), then `damage` done to its chunk rows. */
  async function damaged(
    damage: (chunks: Map<number, Record<string, unknown>>) => void,
  ): Promise<{ db: RacksideDatabase; event: ReturnType<typeof tournamentFixture> }> {
    const db = openDatabase()
    const repository = createDexieRepository(db)
    const event = tournamentFixture('t-chunks', 'Chunked Open', { players: 598 })
    const stored = await repository.importLog(event.id, event.log, event.summaryAfter(600), {
      replace: false,
    })
    expect(stored.ok).toBe(true)
    const rows = await db.logChunks.where('tournamentId').equals(event.id).toArray()
    const chunks = new Map(rows.map((row) => [row.chunk, { ...row } as Record<string, unknown>]))
    damage(chunks)
    await db.transaction('rw', db.logChunks, async () => {
      await db.logChunks.where('tournamentId').equals(event.id).delete()
      await db.logChunks.bulkAdd([...chunks.values()] as unknown as LogChunkRow[])
    })
    return { db, event }
  }

  function entriesOf(chunks: Map<number, Record<string, unknown>>, chunk: number): unknown[] {
    return [...(chunks.get(chunk)?.entries as unknown[])]
  }

  test.each([
    {
      case: 'a chunk whose entries are not a list',
      damage: (chunks: Map<number, Record<string, unknown>>) => {
        chunks.set(1, { ...chunks.get(1), entries: 'garbled' })
      },
      seq: 256,
      code: 'tournament-file.entry',
    },
    {
      case: 'a missing chunk',
      damage: (chunks: Map<number, Record<string, unknown>>) => {
        chunks.delete(1)
      },
      seq: 256,
      code: 'tournament-file.seq',
    },
    {
      case: 'an entry with a wrong seq',
      damage: (chunks: Map<number, Record<string, unknown>>) => {
        const entries = entriesOf(chunks, 1)
        entries[44] = { ...(entries[44] as object), seq: 7 }
        chunks.set(1, { ...chunks.get(1), entries })
      },
      seq: 300,
      code: 'tournament-file.seq',
    },
    {
      case: 'a command a newer Rackside wrote',
      damage: (chunks: Map<number, Record<string, unknown>>) => {
        const entries = entriesOf(chunks, 2)
        entries[10] = { ...(entries[10] as object), version: LOG_VERSION + 1 }
        chunks.set(2, { ...chunks.get(2), entries })
      },
      seq: 522,
      code: 'tournament-file.command.newer',
    },
    {
      case: 'an entry that is not an object',
      damage: (chunks: Map<number, Record<string, unknown>>) => {
        const entries = entriesOf(chunks, 0)
        entries[3] = null
        chunks.set(0, { ...chunks.get(0), entries })
      },
      seq: 3,
      code: 'tournament-file.entry',
    },
  ])('$case: the log stops at the damaged command', async ({ damage, seq, code }) => {
    const { db, event } = await damaged(damage)
    const stored = await createDexieRepository(db).loadStored(event.id)
    const read = checkLog(event.id, stored?.log ?? [])
    expect(!read.ok && [read.error.seq, read.error.code]).toEqual([seq, code])
  })

  test('readFrom reads only the chunks from the one holding the seq after afterSeq', async () => {
    // A damaged first chunk is never read for a tail that starts in the second.
    const { db, event } = await damaged((chunks) => {
      chunks.set(0, { ...chunks.get(0), entries: 'garbled' })
    })
    expect(await createDexieRepository(db).readFrom(event.id, 300)).toEqual({
      log: event.log.slice(301),
      generation: 0,
    })
  })

  test.each([
    {
      case: 'the last chunk is not a list',
      damage: (chunks: Map<number, Record<string, unknown>>) => {
        chunks.set(2, { ...chunks.get(2), entries: 'garbled' })
      },
    },
    {
      case: 'the last chunk lost a command before its last',
      damage: (chunks: Map<number, Record<string, unknown>>) => {
        const entries = entriesOf(chunks, 2)
        entries.splice(3, 1)
        chunks.set(2, { ...chunks.get(2), entries })
      },
    },
  ])('an append after a damaged end ($case) is refused and writes nothing', async ({ damage }) => {
    const { db, event } = await damaged(damage)
    const repository = createDexieRepository(db)
    const before = await db.logChunks.toArray()
    // The window holds the log as it was stored whole: the head a desk would have held.
    const head = headOf(event.log, 0)
    const next = { ...event.entry(599), seq: 600 }
    const written = await repository.append(
      event.id,
      next,
      { ...event.summaryAfter(600), commandCount: 601 },
      head,
    )
    expect(!written.ok && written.error.code).toBe('storage.conflict')
    expect(await db.logChunks.toArray()).toEqual(before)
  })
})

describe('the Dexie repository stores a big import a few chunks at a time (issue 33)', () => {
  test('a 1300-command log: several adds in one transaction, every command stored', async () => {
    const db = openDatabase()
    const repository = createDexieRepository(db)
    const event = tournamentFixture('t-big', 'Big Open', { players: 1298 })
    const adds = vi.spyOn(db.logChunks, 'bulkAdd')
    const stored = await repository.importLog(event.id, event.log, event.summaryAfter(1300), {
      replace: false,
    })
    expect(stored.ok).toBe(true)
    // Six chunks of 256, four an add: the page is not held while all six are cloned at once.
    expect(adds.mock.calls.map(([rows]) => rows.length)).toEqual([4, 2])
    const back = await repository.loadStored(event.id)
    expect(back?.log).toEqual(event.log)
  })
})
