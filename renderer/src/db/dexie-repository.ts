import Dexie from 'dexie'
import { ok, type Result } from '../../../shared/result'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import { logOf, type CommandRow, type RacksideDatabase } from './database'
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
 * "crash safety").
 */
export function createDexieRepository(db: RacksideDatabase): TournamentRepository {
  async function loadStored(tournamentId: string): Promise<StoredLog | undefined> {
    return db.transaction('r', db.tournaments, db.commands, async () => {
      const rows = await logOf(db.commands, tournamentId).toArray()
      const row = await db.tournaments.get(tournamentId)
      if (rows.length === 0 && row === undefined) return undefined
      return { log: rows.map(toStored), generation: row?.generation ?? 0 }
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
      return db.transaction('r', db.tournaments, db.commands, async () => {
        // The compound index reads only the tail: the cost follows what is new, not the log.
        const rows = await db.commands
          .where('[tournamentId+seq]')
          .between([tournamentId, afterSeq], [tournamentId, Dexie.maxKey], false, true)
          .toArray()
        const row = await db.tournaments.get(tournamentId)
        if (
          row === undefined &&
          rows.length === 0 &&
          (await logOf(db.commands, tournamentId).count()) === 0
        )
          return undefined
        return { log: rows.map(toStored), generation: row?.generation ?? 0 }
      })
    },

    async append(tournamentId, entry, summary, head) {
      assertSummaryFits(tournamentId, summary, entry.seq + 1)
      try {
        return await db.transaction(
          'rw',
          db.tournaments,
          db.commands,
          async (): Promise<Result<void>> => {
            const row = await db.tournaments.get(tournamentId)
            const last = await logOf(db.commands, tournamentId).last()
            const stored =
              row === undefined && last === undefined
                ? undefined
                : { last: last && toLogged(last), generation: row?.generation ?? 0 }
            const fits = checkHead(tournamentId, stored, entry, head)
            if (!fits.ok) return fits
            await db.commands.add(toRow(tournamentId, entry))
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
          db.commands,
          async (): Promise<Result<{ generation: number }>> => {
            const row = await db.tournaments.get(tournamentId)
            const exists =
              row !== undefined ||
              (await db.commands.where('tournamentId').equals(tournamentId).count()) > 0
            if (exists && !replace) return importExists(tournamentId)
            const generation = exists ? (row?.generation ?? 0) + 1 : 0
            await db.commands.where('tournamentId').equals(tournamentId).delete()
            await db.commands.bulkAdd(log.map((entry) => toRow(tournamentId, entry)))
            await db.tournaments.put({ ...toSummary(summary), generation })
            return ok({ generation })
          },
        )
      } catch (error) {
        return storageFailed(error)
      }
    },

    async remove(tournamentId) {
      await db.transaction('rw', db.tournaments, db.commands, async () => {
        await db.commands.where('tournamentId').equals(tournamentId).delete()
        await db.tournaments.delete(tournamentId)
      })
    },
  }
}

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

function toRow(tournamentId: string, entry: LoggedCommand): CommandRow {
  const { seq, at, desk, version, command } = entry
  return {
    tournamentId,
    seq,
    at,
    ...(desk === undefined ? {} : { desk }),
    ...(version === undefined ? {} : { version }),
    command,
  }
}

/**
 * A row as stored, without its tournament id. Not checked here: a row may hold anything a damaged
 * database or a newer Rackside left, so the store checks every entry before folding (issue 20).
 */
function toStored(row: unknown): unknown {
  if (row === null || typeof row !== 'object') return row
  return Object.fromEntries(Object.entries(row).filter(([key]) => key !== 'tournamentId'))
}

function toLogged(row: CommandRow): LoggedCommand {
  return toStored(row) as LoggedCommand
}
