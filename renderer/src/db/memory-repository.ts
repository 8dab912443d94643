import { ok } from '../../../shared/result'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import type { TournamentRepository, TournamentSummary } from './repository'
import { assertSummaryFits, assertWholeLog, checkHead, importExists } from './summary'

interface Stored {
  readonly summary: TournamentSummary
  readonly log: readonly LoggedCommand[]
  readonly generation: number
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

    async loadStored(tournamentId) {
      const stored = tournaments.get(tournamentId)
      return stored
        ? structuredClone({ log: stored.log, generation: stored.generation })
        : undefined
    },

    async readFrom(tournamentId, afterSeq) {
      const stored = tournaments.get(tournamentId)
      if (!stored) return undefined
      // Every stored seq is its position (the head check), so the tail is a slice.
      const tail = stored.log.slice(Math.max(0, Math.floor(afterSeq) + 1))
      return structuredClone({ log: tail, generation: stored.generation })
    },

    async append(tournamentId, entry, summary, head) {
      assertSummaryFits(tournamentId, summary, entry.seq + 1)
      const stored = tournaments.get(tournamentId)
      const fits = checkHead(
        tournamentId,
        stored && { last: stored.log.at(-1), generation: stored.generation },
        entry,
        head,
      )
      if (!fits.ok) return fits
      const copy = structuredClone(copyEntry(entry))
      tournaments.set(tournamentId, {
        summary: copySummary(summary),
        log: [...(stored?.log ?? []), copy],
        generation: stored?.generation ?? 0,
      })
      return ok(undefined)
    },

    async importLog(tournamentId, log, summary, { replace }) {
      assertWholeLog(tournamentId, log)
      assertSummaryFits(tournamentId, summary, log.length)
      const stored = tournaments.get(tournamentId)
      if (stored && !replace) return importExists(tournamentId)
      const generation = stored ? stored.generation + 1 : 0
      const copy = structuredClone(log.map(copyEntry))
      tournaments.set(tournamentId, { summary: copySummary(summary), log: copy, generation })
      return ok({ generation })
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

/** Only a logged command's own fields, as the Dexie rows keep them. */
function copyEntry(entry: LoggedCommand): LoggedCommand {
  const { seq, at, desk, version, command } = entry
  return {
    seq,
    at,
    ...(desk === undefined ? {} : { desk }),
    ...(version === undefined ? {} : { version }),
    command,
  }
}
