import { err, ok, type Result } from '../../../shared/result'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import { chunksOf, type RacksideDatabase } from './database'
import {
  chunkIndexOf,
  flattenChunks,
  LOG_CHUNK_SIZE,
  toChunks,
  type ChunkEntry,
  type LogChunkRow,
} from './log-chunks'
import type { StoredLog, TournamentRepository, TournamentSummary } from './repository'
import {
  assertSummaryFits,
  assertWholeLog,
  checkHead,
  importExists,
  storageFailed,
} from './summary'

/**
 * The app's repository on IndexedDB. Every write is one `rw` transaction over both tables, so a
 * crash or a full disk leaves either the whole command with its summary or neither (design.md,
 * "crash safety"). The log is kept in chunks (`LogChunkRow`, issue 20); callers see commands.
 */
export function createDexieRepository(db: RacksideDatabase): TournamentRepository {
  async function loadStored(tournamentId: string): Promise<StoredLog | undefined> {
    return db.transaction('r', db.tournaments, db.logChunks, async () => {
      const rows = await chunksOf(db.logChunks, tournamentId).toArray()
      const row = await db.tournaments.get(tournamentId)
      if (rows.length === 0 && row === undefined) return undefined
      return { log: flattenChunks(rows), generation: row?.generation ?? 0 }
    })
  }

  return {
    async list() {
      // Equal timestamps come out by id, descending: the memory twin sorts the same way.
      const rows = await db.tournaments.orderBy('updatedAt').reverse().toArray()
      return rows.map(toSummary)
    },

    async loadLog(tournamentId) {
      // Only asked whether a tournament exists (files/store-tournament.ts); the store checks.
      return (await loadStored(tournamentId))?.log as readonly LoggedCommand[] | undefined
    },

    loadStored,

    async readFrom(tournamentId, afterSeq) {
      return db.transaction('r', db.tournaments, db.logChunks, async () => {
        const from = Math.max(0, Math.floor(afterSeq) + 1)
        // Only the chunks from the one holding `from`: the cost follows what is new, not the log.
        const rows = await chunksOf(db.logChunks, tournamentId, chunkIndexOf(from)).toArray()
        const row = await db.tournaments.get(tournamentId)
        if (
          row === undefined &&
          rows.length === 0 &&
          (await chunksOf(db.logChunks, tournamentId).count()) === 0
        )
          return undefined
        return { log: flattenChunks(rows, from), generation: row?.generation ?? 0 }
      })
    },

    async append(tournamentId, entry, summary, head) {
      assertSummaryFits(tournamentId, summary, entry.seq + 1)
      try {
        return await db.transaction(
          'rw',
          db.tournaments,
          db.logChunks,
          async (): Promise<Result<void>> => {
            const row = await db.tournaments.get(tournamentId)
            const chunk = await chunksOf(db.logChunks, tournamentId).last()
            const last = chunk && lastEntry(chunk)
            if (last === null) return damagedEnd(tournamentId, chunk)
            const stored =
              row === undefined && chunk === undefined
                ? undefined
                : { last, generation: row?.generation ?? 0 }
            const fits = checkHead(tournamentId, stored, entry, head)
            if (!fits.ok) return fits
            const next = grown(tournamentId, chunk, entry)
            if (next === null) return damagedEnd(tournamentId, chunk)
            await db.logChunks.put(next)
            await db.tournaments.put({ ...toSummary(summary), generation: stored?.generation ?? 0 })
            return ok(undefined)
          },
        )
      } catch (error) {
        return storageFailed(error)
      }
    },

    async importLog(tournamentId, log, summary, { replace }) {
      assertWholeLog(tournamentId, log)
      assertSummaryFits(tournamentId, summary, log.length)
      try {
        return await db.transaction(
          'rw',
          db.tournaments,
          db.logChunks,
          async (): Promise<Result<{ generation: number }>> => {
            const row = await db.tournaments.get(tournamentId)
            const exists =
              row !== undefined ||
              (await db.logChunks.where('tournamentId').equals(tournamentId).count()) > 0
            if (exists && !replace) return importExists(tournamentId)
            const generation = exists ? (row?.generation ?? 0) + 1 : 0
            await db.logChunks.where('tournamentId').equals(tournamentId).delete()
            // Issue 33: a few chunks an add, each its own task in the one transaction, so the
            // page is not held while a 2000-player log is cloned into storage all at once.
            const rows = toChunks(tournamentId, log.map(toEntry))
            for (let from = 0; from < rows.length; from += CHUNKS_AN_ADD) {
              await db.logChunks.bulkAdd(rows.slice(from, from + CHUNKS_AN_ADD))
            }
            await db.tournaments.put({ ...toSummary(summary), generation })
            return ok({ generation })
          },
        )
      } catch (error) {
        return storageFailed(error)
      }
    },

    async remove(tournamentId) {
      await db.transaction('rw', db.tournaments, db.logChunks, async () => {
        await db.logChunks.where('tournamentId').equals(tournamentId).delete()
        await db.tournaments.delete(tournamentId)
      })
    },
  }
}

/**
 * The last command of a log's last chunk, for the head check; null when that chunk holds no
 * readable command (damaged), so nothing is written after what no window can have seen.
 */
function lastEntry(chunk: LogChunkRow): LoggedCommand | null {
  const entries: unknown = chunk.entries
  if (!Array.isArray(entries)) return null
  const last: unknown = entries.at(-1)
  if (last === null || typeof last !== 'object') return null
  return last as LoggedCommand
}

/**
 * The chunk row that stores `entry` after `chunk`, the log's last: the same chunk grown by one, or
 * a new chunk when it is full. Null when `entry.seq` is not the position after the stored ones (a
 * short or mislabelled chunk: damage the head check cannot see, since it compares `seq`s).
 */
function grown(
  tournamentId: string,
  chunk: LogChunkRow | undefined,
  entry: LoggedCommand,
): LogChunkRow | null {
  const index = chunkIndexOf(entry.seq)
  const offset = entry.seq - index * LOG_CHUNK_SIZE
  if (chunk !== undefined && chunk.chunk === index && chunk.entries.length === offset) {
    return { tournamentId, chunk: index, entries: [...chunk.entries, toEntry(entry)] }
  }
  const follows =
    chunk === undefined
      ? index === 0
      : chunk.chunk === index - 1 && chunk.entries.length === LOG_CHUNK_SIZE
  if (follows && offset === 0) return { tournamentId, chunk: index, entries: [toEntry(entry)] }
  return null
}

/** The log's stored end is damaged: refused as a conflict, so the window reads the log again. */
function damagedEnd(tournamentId: string, chunk: LogChunkRow | undefined): Result<never> {
  const where = chunk === undefined ? 'its start' : `chunk ${String(chunk.chunk)}`
  return err(
    'storage.conflict',
    `The stored log of ${tournamentId} is damaged at ${where}: nothing is written after it.`,
    chunk === undefined ? {} : { details: { chunk: chunk.chunk } },
  )
}

function toEntry(entry: LoggedCommand): ChunkEntry {
  const { seq, at, desk, version, command } = entry
  return {
    seq,
    at,
    ...(desk === undefined ? {} : { desk }),
    ...(version === undefined ? {} : { version }),
    command,
  }
}
/** Log chunks stored by one add of an import: 4 × 256 commands, a few ms of cloning. */
const CHUNKS_AN_ADD = 4

/** Copies only the summary's fields, so no stray property of a caller's object is stored. */
function toSummary(row: TournamentSummary): TournamentSummary {
  return {
    id: row.id,
    name: row.name,
    venue: row.venue,
    startDate: row.startDate,
    commandCount: row.commandCount,
    updatedAt: row.updatedAt,
  }
}
