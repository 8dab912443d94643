import { err, ok, type Result } from '../../../shared/result'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import { fingerprint } from '../../../shared/tournament/log'
import type { TournamentState } from '../../../shared/tournament/types'
import type { LogHead, TournamentSummary } from './repository'

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
 * The list row of a log that does not fold (a tournament in recovery): named by the command that
 * created it, or undefined when it does not start with one.
 */
export function summarizeLog(
  tournamentId: string,
  log: readonly LoggedCommand[],
  updatedAt: string,
): TournamentSummary | undefined {
  const first = log[0]?.command
  if (first?.type !== 'createTournament') return undefined
  const { name, venue, startDate } = first.info
  return { id: tournamentId, name, venue, startDate, commandCount: log.length, updatedAt }
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

/**
 * Whether `entry` may be stored onto a log whose last command is `last` in generation
 * `generation`, for a caller who holds `head`: the one check both repositories make, inside their
 * write, so nothing is stored onto a log the caller has not seen.
 */
export function checkHead(
  tournamentId: string,
  stored: { readonly last: LoggedCommand | undefined; readonly generation: number } | undefined,
  entry: LoggedCommand,
  head: LogHead,
): Result<void> {
  const generation = stored?.generation ?? 0
  if (stored !== undefined && generation !== head.generation) {
    return err(
      'storage.replaced',
      `The log of ${tournamentId} was replaced (from a file, in another window) since this window read it.`,
      { details: { generation, held: head.generation } },
    )
  }
  const last = stored?.last
  const nextSeq = last === undefined ? 0 : last.seq + 1
  const lastPrint = last === undefined ? null : fingerprint(last)
  if (entry.seq !== nextSeq || lastPrint !== head.last) {
    return err(
      'storage.conflict',
      entry.seq !== nextSeq
        ? `The log of ${tournamentId} holds ${nextSeq} commands, so the next is ${nextSeq}, not ${entry.seq}.`
        : `Command ${nextSeq} of ${tournamentId} is not the one this window holds: another window changed the log.`,
      { details: { expectedSeq: nextSeq, seq: entry.seq } },
    )
  }
  return ok(undefined)
}

/** The head a caller holds after reading `log` in `generation`. */
export function headOf(log: readonly LoggedCommand[], generation: number): LogHead {
  const last = log.at(-1)
  return { last: last === undefined ? null : fingerprint(last), generation }
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
