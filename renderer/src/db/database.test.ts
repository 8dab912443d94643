// Must come before Dexie is loaded: it installs the IndexedDB globals Dexie looks for.
import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, describe, expect, test } from 'vitest'
import { checkLog } from '../../../shared/formats/tournament-file'
import { LOG_VERSION } from '../../../shared/tournament/log-version'
import {
  CURRENT_SCHEMA_VERSION,
  RacksideDatabase,
  SCHEMA_VERSIONS,
  type CommandRow,
  type TournamentRow,
  type TournamentRowV1,
} from './database'
import { createDexieRepository } from './dexie-repository'
import { LOG_CHUNK_SIZE } from './log-chunks'
import { storedHead, tournamentFixture, type LogFixture } from './repository-contract'

const names: string[] = []
const opened: Dexie[] = []

function uniqueName(): string {
  const name = `rackside-test-${crypto.randomUUID()}`
  names.push(name)
  return name
}

afterEach(async () => {
  for (const db of opened.splice(0)) db.close()
  for (const name of names.splice(0)) await Dexie.delete(name)
})

/** A database exactly as a version-1 release left it: only that schema, no upgrade code. */
async function writeVersion1(
  name: string,
  events: readonly LogFixture[],
  empty: TournamentRowV1[],
) {
  const v1 = SCHEMA_VERSIONS[0]
  const raw = new Dexie(name)
  raw.version(v1.version).stores(v1.stores)
  await raw.open()
  await raw.transaction('rw', raw.table('tournaments'), raw.table('commands'), async () => {
    for (const event of events) {
      const info = event.summaryAfter(1)
      const row: TournamentRowV1 = {
        id: event.id,
        name: info.name,
        venue: info.venue,
        startDate: info.startDate,
      }
      await raw.table('tournaments').add(row)
      await raw.table<CommandRow>('commands').bulkAdd(
        event.log.map((e) => ({
          tournamentId: event.id,
          seq: e.seq,
          at: e.at,
          command: e.command,
        })),
      )
    }
    await raw.table('tournaments').bulkAdd(empty)
  })
  expect(raw.verno).toBe(1)
  raw.close()
}

describe('the schema', () => {
  test('the last listed version is the one the app opens', () => {
    expect(SCHEMA_VERSIONS.map((s) => s.version)).toEqual([1, 2, 3])
    expect(SCHEMA_VERSIONS.at(-1)?.version).toBe(CURRENT_SCHEMA_VERSION)
  })

  test('a new database opens at the current version', async () => {
    const db = new RacksideDatabase(uniqueName())
    opened.push(db)
    await db.open()
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION)
  })

  test('the default database is called rackside', () => {
    const db = new RacksideDatabase()
    expect(db.name).toBe('rackside')
  })
})

describe('upgrade from version 1 to the current version', () => {
  test('keeps every command in order and fills each summary from its log', async () => {
    const name = uniqueName()
    const big = tournamentFixture('t-big', 'Big Open', { players: 23 })
    const small = tournamentFixture('t-small', 'Small Club Night', {
      players: 3,
      startMs: Date.UTC(2026, 5, 1, 19, 0),
    })
    expect(big.log).toHaveLength(25)
    // A version-1 tournament row whose log was never written: kept, with nothing to count.
    const bare: TournamentRowV1 = { id: 't-bare', name: 'Bare', venue: '', startDate: '2026-01-01' }
    await writeVersion1(name, [big, small], [bare])

    const db = new RacksideDatabase(name)
    opened.push(db)
    await db.open()
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION)

    const repository = createDexieRepository(db)
    expect(await repository.loadLog(big.id)).toEqual(big.log)
    expect(await repository.loadLog(small.id)).toEqual(small.log)
    expect(await repository.loadLog(bare.id)).toEqual([])
    // Each log is one chunk now; the rows' table is gone.
    expect(await db.logChunks.count()).toBe(2)
    expect(db.tables.map((table) => table.name).sort()).toEqual(['logChunks', 'tournaments'])

    // Small's last command (June) is the most recent, so it heads the list.
    expect(await repository.list()).toEqual([
      small.summaryAfter(5),
      big.summaryAfter(25),
      { ...bare, commandCount: 0, updatedAt: '' },
    ])
    expect(await db.tournaments.get(big.id)).toMatchObject({
      commandCount: 25,
      updatedAt: big.entry(24).at,
    })

    // The upgraded log is live: the next command goes at the counted position.
    const next = tournamentFixture('t-small', 'Small Club Night', {
      players: 4,
      startMs: Date.UTC(2026, 5, 1, 19, 0),
    })
    const head = await storedHead(repository, small.id)
    const written = await repository.append(small.id, next.entry(5), next.summaryAfter(6), head)
    expect(written.ok).toBe(true)
  })
})

/**
 * A database exactly as a version-2 release left it: one row per command, summaries filled.
 * `rows` are stored as given, damaged ones included, under the compound key of their `seq`.
 */
async function writeVersion2(
  name: string,
  tournaments: readonly TournamentRow[],
  rows: readonly Record<string, unknown>[],
) {
  const v2 = SCHEMA_VERSIONS[1]
  const raw = new Dexie(name)
  raw.version(v2.version).stores(v2.stores)
  await raw.open()
  await raw.transaction('rw', raw.table('tournaments'), raw.table('commands'), async () => {
    await raw.table('tournaments').bulkAdd(tournaments)
    await raw.table('commands').bulkAdd(rows)
  })
  expect(raw.verno).toBe(2)
  raw.close()
}

function rowsOf(event: LogFixture): Record<string, unknown>[] {
  return event.log.map((entry) => ({ tournamentId: event.id, ...entry }))
}

describe('upgrade from version 2 (a row per command) to chunks (issue 20)', () => {
  test('a 600-command log opens the same, in three chunks, and grows from its end', async () => {
    const name = uniqueName()
    const big = tournamentFixture('t-600', 'Six Hundred Open', { players: 598 })
    const other = tournamentFixture('t-other', 'Other Open', { players: 4 })
    expect(big.log).toHaveLength(600)
    await writeVersion2(
      name,
      [big.summaryAfter(599), other.summaryAfter(6)],
      // The last command of big is left for the upgraded database to append.
      [...rowsOf(big).slice(0, 599), ...rowsOf(other)],
    )

    const db = new RacksideDatabase(name)
    opened.push(db)
    await db.open()
    expect(db.verno).toBe(CURRENT_SCHEMA_VERSION)
    const repository = createDexieRepository(db)
    expect(await repository.loadStored(big.id)).toEqual({
      log: big.log.slice(0, 599),
      generation: 0,
    })
    expect(await repository.loadLog(other.id)).toEqual(other.log)
    expect(await repository.list()).toEqual([big.summaryAfter(599), other.summaryAfter(6)])
    const chunks = await db.logChunks.where('tournamentId').equals(big.id).toArray()
    expect(chunks.map((chunk) => [chunk.chunk, chunk.entries.length])).toEqual([
      [0, LOG_CHUNK_SIZE],
      [1, LOG_CHUNK_SIZE],
      [2, 599 - 2 * LOG_CHUNK_SIZE],
    ])

    const head = await storedHead(repository, big.id)
    const written = await repository.append(big.id, big.entry(599), big.summaryAfter(600), head)
    expect(written.ok).toBe(true)
    expect(await repository.readFrom(big.id, 590)).toEqual({
      log: big.log.slice(591),
      generation: 0,
    })
  })

  /*
   * The upgrade moves rows, never mends them: a damaged row of version 2 is still named at its
   * command when the log is opened (issue 20, "a log that opens whatever it holds").
   */
  test.each([
    {
      case: 'a command a newer Rackside wrote, in the second chunk',
      damage: (rows: Record<string, unknown>[]) => {
        rows[300] = { ...rows[300], version: LOG_VERSION + 1 }
      },
      seq: 300,
      code: 'tournament-file.command.newer',
    },
    {
      case: 'a missing row (seq 5 never stored)',
      damage: (rows: Record<string, unknown>[]) => {
        rows.splice(5, 1)
      },
      seq: 5,
      code: 'tournament-file.seq',
    },
    {
      case: 'a row without its command, in the third chunk',
      damage: (rows: Record<string, unknown>[]) => {
        rows[520] = { ...rows[520], command: undefined }
      },
      seq: 520,
      code: 'tournament-file.entry',
    },
  ])('$case: the upgraded log stops at the same command', async ({ damage, seq, code }) => {
    const name = uniqueName()
    const event = tournamentFixture('t-damaged', 'Damaged Open', { players: 548 })
    const rows = rowsOf(event)
    damage(rows)
    await writeVersion2(name, [event.summaryAfter(550)], rows)

    const db = new RacksideDatabase(name)
    opened.push(db)
    await db.open()
    const stored = await createDexieRepository(db).loadStored(event.id)
    const read = checkLog(event.id, stored?.log ?? [])
    expect(!read.ok && [read.error.seq, read.error.code]).toEqual([seq, code])
  })
})
