import { ok } from '../../../shared/result'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import type { TournamentRepository, TournamentSummary } from './repository'
import {
  appendConflict,
  assertSummaryFits,
  assertUndoSummaryFits,
  assertWholeLog,
  importExists,
  undoConflict,
} from './summary'

interface Stored {
  readonly summary: TournamentSummary
  readonly log: readonly LoggedCommand[]
}

/**
 * The in-memory twin of the Dexie repository, for tests and the CLI: the same contract
 * (repository-contract.ts), plain Maps. Everything goes in and comes out as a deep copy, like
 * IndexedDB's structured clone, so a caller that mutates what it got cannot change what is stored.
 */
export function createMemoryRepository(): TournamentRepository {
  const tournaments = new Map<string, Stored>()

  return {
    async list() {
      const summaries = [...tournaments.values()].map((t) => t.summary)
      // Newest first; equal timestamps by id, descending, as the Dexie index returns them.
      summaries.sort((a, b) => compareDesc(a.updatedAt, b.updatedAt) || compareDesc(a.id, b.id))
      return structuredClone(summaries)
    },

    async loadLog(tournamentId) {
      const stored = tournaments.get(tournamentId)
      return stored ? structuredClone(stored.log) : undefined
    },

    async append(tournamentId, entry, summary) {
      assertSummaryFits(tournamentId, summary, entry.seq + 1)
      const log = tournaments.get(tournamentId)?.log ?? []
      if (log.length !== entry.seq) return appendConflict(tournamentId, log.length, entry.seq)
      const copy = structuredClone({ seq: entry.seq, at: entry.at, command: entry.command })
      tournaments.set(tournamentId, { summary: copySummary(summary), log: [...log, copy] })
      return ok(undefined)
    },

    async removeLast(tournamentId, seq, summary) {
      assertUndoSummaryFits(tournamentId, seq, summary)
      const stored = tournaments.get(tournamentId)
      const lastSeq = stored?.log.at(-1)?.seq
      if (!stored || lastSeq !== seq) return undoConflict(tournamentId, lastSeq, seq)
      if (summary === undefined) tournaments.delete(tournamentId)
      else
        tournaments.set(tournamentId, {
          summary: copySummary(summary),
          log: stored.log.slice(0, -1),
        })
      return ok(undefined)
    },

    async importLog(tournamentId, log, summary, { replace }) {
      assertWholeLog(tournamentId, log)
      assertSummaryFits(tournamentId, summary, log.length)
      if (tournaments.has(tournamentId) && !replace) return importExists(tournamentId)
      const copy = structuredClone(
        log.map((entry) => ({ seq: entry.seq, at: entry.at, command: entry.command })),
      )
      tournaments.set(tournamentId, { summary: copySummary(summary), log: copy })
      return ok(undefined)
    },

    async remove(tournamentId) {
      tournaments.delete(tournamentId)
    },
  }
}

function compareDesc(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0
}

function copySummary(summary: TournamentSummary): TournamentSummary {
  const { id, name, venue, startDate, commandCount, updatedAt } = summary
  return { id, name, venue, startDate, commandCount, updatedAt }
}
