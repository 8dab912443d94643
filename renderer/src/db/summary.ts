import { err, type Result } from '../../../shared/result'
import type { TournamentState } from '../../../shared/tournament/types'
import type { TournamentSummary } from './repository'

/** The list row of a tournament whose log has `commandCount` commands, the last given `updatedAt`. */
export function summarize(
  state: TournamentState,
  commandCount: number,
  updatedAt: string,
): TournamentSummary {
  return {
    id: state.id,
    name: state.info.name,
    venue: state.info.venue,
    startDate: state.info.startDate,
    commandCount,
    updatedAt,
  }
}

/**
 * A summary that does not describe the log it is stored with is a caller's bug, not a director's
 * mistake: both repositories refuse it loudly before writing anything.
 */
export function assertSummaryFits(
  tournamentId: string,
  summary: TournamentSummary,
  commandCount: number,
): void {
  if (summary.id !== tournamentId) {
    throw new Error(`Summary of tournament ${summary.id} stored under ${tournamentId}.`)
  }
  if (summary.commandCount !== commandCount) {
    throw new Error(
      `Summary of ${tournamentId} says ${summary.commandCount} commands, the log will hold ${commandCount}.`,
    )
  }
}

/** Undo leaves a log empty exactly when it removes the first command; then there is no summary. */
export function assertUndoSummaryFits(
  tournamentId: string,
  seq: number,
  summary: TournamentSummary | undefined,
): void {
  if (summary === undefined) {
    if (seq !== 0) {
      throw new Error(`Undo of command ${seq} of ${tournamentId} leaves a log but no summary.`)
    }
    return
  }
  assertSummaryFits(tournamentId, summary, seq)
}

/** Another window (or a stale screen) wrote first: the caller reloads the log and tries again. */
export function appendConflict(tournamentId: string, expected: number, seq: number): Result<never> {
  return err(
    'storage.conflict',
    `The log of ${tournamentId} holds ${expected} commands, so the next is ${expected}, not ${seq}.`,
    { details: { expectedSeq: expected, seq } },
  )
}

export function undoConflict(
  tournamentId: string,
  lastSeq: number | undefined,
  seq: number,
): Result<never> {
  return err(
    'storage.conflict',
    lastSeq === undefined
      ? `The log of ${tournamentId} is empty: there is nothing to undo.`
      : `The last command of ${tournamentId} is ${lastSeq}, not ${seq}.`,
    { details: { lastSeq: lastSeq ?? -1, seq } },
  )
}

/** Quota, a closed database, a browser that blocks storage: reported, never thrown at the UI. */
export function storageFailed(error: unknown): Result<never> {
  const name = error instanceof Error ? error.name : 'Error'
  // Dexie appends the inner error on further lines; the first says what happened.
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]
  return err('storage.failed', `Could not save: ${message}`, { details: { name } })
}

/** An imported log is whole: `seq` 0..n-1 in order, at least createTournament. */
export function assertWholeLog(tournamentId: string, log: readonly { seq: number }[]): void {
  if (log.length === 0) throw new Error(`An empty log cannot be imported as ${tournamentId}.`)
  log.forEach((entry, index) => {
    if (entry.seq !== index) {
      throw new Error(`Command ${index} of the log for ${tournamentId} carries seq ${entry.seq}.`)
    }
  })
}

/** The id is taken and the director did not confirm replacing it. */
export function importExists(tournamentId: string): Result<never> {
  return err('storage.exists', `A tournament with id ${tournamentId} is already stored.`, {
    details: { tournamentId },
  })
}
