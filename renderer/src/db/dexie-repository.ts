import { ok, type Result } from '../../../shared/result'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import { logOf, type CommandRow, type RacksideDatabase, type TournamentRow } from './database'
import type { TournamentRepository, TournamentSummary } from './repository'
import {
  appendConflict,
  assertSummaryFits,
  assertWholeLog,
  importExists,
  assertUndoSummaryFits,
  storageFailed,
  undoConflict,
} from './summary'

/**
 * The app's repository on IndexedDB. Every write is one `rw` transaction over both tables, so a
 * crash or a full disk leaves either the whole command with its summary or neither (design.md,
 * "crash safety").
 */
export function createDexieRepository(db: RacksideDatabase): TournamentRepository {
  return {
    async list() {
      // Equal timestamps come out by id, descending: the memory twin sorts the same way.
      const rows = await db.tournaments.orderBy('updatedAt').reverse().toArray()
      return rows.map(toSummary)
    },

    async loadLog(tournamentId) {
      return db.transaction('r', db.tournaments, db.commands, async () => {
        const rows = await logOf(db.commands, tournamentId).toArray()
        if (rows.length === 0 && (await db.tournaments.get(tournamentId)) === undefined) {
          return undefined
        }
        return rows.map(toLogged)
      })
    },

    async append(tournamentId, entry, summary) {
      assertSummaryFits(tournamentId, summary, entry.seq + 1)
      try {
        return await db.transaction(
          'rw',
          db.tournaments,
          db.commands,
          async (): Promise<Result<void>> => {
            const count = await db.commands.where('tournamentId').equals(tournamentId).count()
            if (count !== entry.seq) return appendConflict(tournamentId, count, entry.seq)
            await db.commands.add(toRow(tournamentId, entry))
            await db.tournaments.put(toSummary(summary))
            return ok(undefined)
          },
        )
      } catch (error) {
        return storageFailed(error)
      }
    },

    async removeLast(tournamentId, seq, summary) {
      assertUndoSummaryFits(tournamentId, seq, summary)
      try {
        return await db.transaction(
          'rw',
          db.tournaments,
          db.commands,
          async (): Promise<Result<void>> => {
            const last = await logOf(db.commands, tournamentId).last()
            if (last?.seq !== seq) return undoConflict(tournamentId, last?.seq, seq)
            await db.commands.delete([tournamentId, seq])
            if (summary === undefined) await db.tournaments.delete(tournamentId)
            else await db.tournaments.put(toSummary(summary))
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
          async (): Promise<Result<void>> => {
            const exists =
              (await db.tournaments.get(tournamentId)) !== undefined ||
              (await db.commands.where('tournamentId').equals(tournamentId).count()) > 0
            if (exists && !replace) return importExists(tournamentId)
            await db.commands.where('tournamentId').equals(tournamentId).delete()
            await db.commands.bulkAdd(log.map((entry) => toRow(tournamentId, entry)))
            await db.tournaments.put(toSummary(summary))
            return ok(undefined)
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
function toSummary(row: TournamentRow): TournamentSummary {
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
  return { tournamentId, seq: entry.seq, at: entry.at, command: entry.command }
}

function toLogged(row: CommandRow): LoggedCommand {
  return { seq: row.seq, at: row.at, command: row.command }
}
