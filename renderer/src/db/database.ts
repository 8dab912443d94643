import Dexie, { type Collection, type Table, type Transaction } from 'dexie'
import { toChunks, type ChunkEntry, type LogChunkRow } from './log-chunks'
import type { TournamentSummary } from './repository'

/**
 * One stored director command as versions 1 and 2 kept it, a row each: the log is the truth
 * (design.md). Kept for the upgrade to version 3 and the tests that build an old database.
 */
export interface CommandRow extends ChunkEntry {
  readonly tournamentId: string
}

/** Version 1 kept only what the tournament list showed. */
export interface TournamentRowV1 {
  readonly id: string
  readonly name: string
  readonly venue: string
  readonly startDate: string
}

/**
 * From version 2 a tournament row is the list's summary; from issue 13 it also keeps the log's
 * generation (an unindexed field, so no schema version: a row without one is generation 0).
 */
export type TournamentRow = TournamentSummary & { readonly generation?: number }

/**
 * Every schema the app has ever shipped, oldest first. Kept as data (never edited once released)
 * so a test can open a database exactly as an older release left it and check the upgrade.
 */
export const SCHEMA_VERSIONS = [
  {
    version: 1,
    stores: {
      tournaments: 'id, name',
      commands: '[tournamentId+seq], tournamentId',
    },
  },
  {
    version: 2,
    stores: {
      // `updatedAt` is indexed so the list is sorted by the database, not by folding logs.
      tournaments: 'id, name, updatedAt',
      commands: '[tournamentId+seq], tournamentId',
    },
  },
  {
    version: 3,
    stores: {
      tournaments: 'id, name, updatedAt',
      // null deletes the table, after the upgrade has moved its rows into chunks.
      commands: null,
      logChunks: '[tournamentId+chunk], tournamentId',
    },
  },
] as const

export type SchemaVersion = (typeof SCHEMA_VERSIONS)[number]['version']

export const CURRENT_SCHEMA_VERSION: SchemaVersion = 3

export const DEFAULT_DATABASE_NAME = 'rackside'

/** Upgrades keyed by the version they lead to; a version without an entry only changes indexes. */
const UPGRADES: Partial<Record<SchemaVersion, (tx: Transaction) => Promise<void>>> = {
  2: fillSummaryCounts,
  3: chunkLogs,
}

/**
 * The app's IndexedDB database. A class because Dexie declares its schema in a subclass; it holds
 * no state of its own beyond the tables Dexie attaches.
 */
export class RacksideDatabase extends Dexie {
  // `declare`: Dexie attaches the tables itself, a class field would overwrite them with undefined.
  declare readonly tournaments: Table<TournamentRow, string>
  declare readonly logChunks: Table<LogChunkRow, [string, number]>

  constructor(name: string = DEFAULT_DATABASE_NAME) {
    super(name)
    for (const schema of SCHEMA_VERSIONS) {
      const version = this.version(schema.version).stores(schema.stores)
      const upgrade = UPGRADES[schema.version]
      if (upgrade) version.upgrade(upgrade)
    }
  }
}

/**
 * One tournament's chunks from `fromChunk` on, in order, through the compound primary key. A new
 * collection each call: Dexie collections change in place when reversed, so one must not be
 * reused for `last()`.
 */
export function chunksOf(
  logChunks: Table<LogChunkRow, [string, number]>,
  tournamentId: string,
  fromChunk = 0,
): Collection<LogChunkRow, [string, number]> {
  return logChunks
    .where('[tournamentId+chunk]')
    .between([tournamentId, fromChunk], [tournamentId, Dexie.maxKey], true, true)
}

/**
 * One tournament's command rows of versions 1 and 2 in `seq` order, through the compound primary
 * key. A new collection each call, for the same reason as `chunksOf`.
 */
export function logOf(
  commands: Table<CommandRow, [string, number]>,
  tournamentId: string,
): Collection<CommandRow, [string, number]> {
  return commands
    .where('[tournamentId+seq]')
    .between([tournamentId, Dexie.minKey], [tournamentId, Dexie.maxKey])
}

/**
 * Version 2: each summary learns its log's length and the time of its last command. The log is
 * read, never changed, so an interrupted upgrade loses nothing (IndexedDB rolls it back).
 */
async function fillSummaryCounts(tx: Transaction): Promise<void> {
  const tournaments = tx.table<TournamentRowV1 & Partial<TournamentRow>, string>('tournaments')
  const commands = tx.table<CommandRow, [string, number]>('commands')
  const rows = await tournaments.toArray()
  const upgraded: TournamentRow[] = []
  for (const row of rows) {
    const commandCount = await logOf(commands, row.id).count()
    const last = await logOf(commands, row.id).last()
    upgraded.push({
      id: row.id,
      name: row.name,
      venue: row.venue,
      startDate: row.startDate,
      commandCount,
      // A version-1 row without any command never changed: it sorts last in the list.
      updatedAt: last?.at ?? '',
    })
  }
  await tournaments.bulkPut(upgraded)
}

/**
 * Version 3: each log's rows become chunks, in the order of their keys, each row as it was without
 * its tournament id: nothing is checked or mended here, so a damaged row is still found and named
 * when the log is opened. One tournament at a time, so a big database is never held whole; an
 * interrupted upgrade is rolled back by IndexedDB and the old rows stay.
 */
async function chunkLogs(tx: Transaction): Promise<void> {
  const commands = tx.table<CommandRow, [string, number]>('commands')
  const logChunks = tx.table<LogChunkRow, [string, number]>('logChunks')
  const ids = await commands.orderBy('tournamentId').uniqueKeys()
  for (const id of ids) {
    const tournamentId = id as string
    const rows = await logOf(commands, tournamentId).toArray()
    await logChunks.bulkAdd(toChunks(tournamentId, rows.map(withoutTournamentId)))
  }
}

/** A stored row without its tournament id, every other field kept as it was. */
function withoutTournamentId(row: CommandRow): ChunkEntry {
  // Every field but the id, even ones this version does not know: a row is moved, never mended.
  return Object.fromEntries(
    Object.entries(row).filter(([key]) => key !== 'tournamentId'),
  ) as unknown as ChunkEntry
}
