// Must come before Dexie is loaded: it installs the IndexedDB globals Dexie looks for.
import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, describe, expect, test } from 'vitest'
import {
  CURRENT_SCHEMA_VERSION,
  RacksideDatabase,
  SCHEMA_VERSIONS,
  type CommandRow,
  type TournamentRowV1,
} from './database'
import { createDexieRepository } from './dexie-repository'
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
    expect(SCHEMA_VERSIONS.map((s) => s.version)).toEqual([1, 2])
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
    expect(await db.commands.count()).toBe(25 + 5)

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
