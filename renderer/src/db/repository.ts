import type { Result } from '../../../shared/result'
import type { LoggedCommand } from '../../../shared/tournament/commands'

/** What the tournament list shows without folding every log. Derived from the state on append. */
export interface TournamentSummary {
  readonly id: string
  readonly name: string
  readonly venue: string
  readonly startDate: string
  /** Length of the log: also the `seq` the next command must carry. */
  readonly commandCount: number
  /** ISO timestamp of the last command. */
  readonly updatedAt: string
}

/**
 * What a window's next command builds on: the last command it holds and the log generation it
 * loaded. An append is stored only onto exactly that, so a window that missed another window's
 * command, an undo or a replace from a file is refused instead of writing a second result for a
 * table or a command into a log it has not seen.
 */
export interface LogHead {
  /** `fingerprint` (shared/tournament/log.ts) of the last command held, null before the first. */
  readonly last: string | null
  /** The generation of the log held; a replace or an import from a file starts a new one. */
  readonly generation: number
}

/**
 * A stored log with its generation, as stored: unchecked, since a damaged database or a newer
 * Rackside may have left anything in it. `checkLog` (shared/formats/tournament-file.ts) reads it.
 */
export interface StoredLog {
  readonly log: readonly unknown[]
  readonly generation: number
}

/**
 * The stored truth is each tournament's list of director commands (design.md). Two
 * implementations honour this contract: Dexie on IndexedDB (the app) and an in-memory twin (tests);
 * `repository-contract.ts` runs the same tests against both.
 */
export interface TournamentRepository {
  /** Most recently changed first. */
  list(): Promise<readonly TournamentSummary[]>
  /** The whole log in order, or undefined when there is no such tournament. */
  loadLog(tournamentId: string): Promise<readonly LoggedCommand[] | undefined>
  /** The log with its generation, or undefined when there is no such tournament. */
  loadStored(tournamentId: string): Promise<StoredLog | undefined>
  /**
   * Only the stored commands whose `seq` is greater than `afterSeq`, in order, with the log's
   * generation, or undefined when there is no such tournament: a window that already holds the
   * log up to `afterSeq` (the projector, a second desk) reads only what is new instead of the
   * whole log on every change (issue 19). `afterSeq` -1 reads the whole log. As with
   * `loadStored`, the entries are unchecked.
   */
  readFrom(tournamentId: string, afterSeq: number): Promise<StoredLog | undefined>
  /**
   * Appends one command and updates the summary in one transaction, only onto `head`: refused
   * with `storage.replaced` when the log's generation is not `head.generation` (the log was
   * replaced from a file), and with `storage.conflict` when `entry.seq` is not the next position
   * or the last stored command is not `head.last` (another window wrote or undid first). Nothing
   * is ever removed from a log: an undo is a command appended like any other. A storage failure
   * (quota, a closed database) comes back as `storage.failed` with nothing written. A summary that
   * does not describe the new log (`id` other than `tournamentId`, `commandCount` other than
   * `entry.seq + 1`) is a caller's bug and throws.
   */
  append(
    tournamentId: string,
    entry: LoggedCommand,
    summary: TournamentSummary,
    head: LogHead,
  ): Promise<Result<void>>
  /**
   * Stores a whole log at once, for a tournament opened from a file, imported from tsh or restored
   * from a backup: every command and the summary in one transaction, so a failure leaves nothing
   * half-imported. When the id is taken the import is refused with `storage.exists` and nothing
   * changes, unless `replace` is true (the director confirmed): then the old log is dropped in the
   * same transaction and the log starts a new generation, which every window holding the old
   * one is refused on. Returns the stored generation. A log whose `seq`s are not 0..n-1, or a
   * summary that does not describe it, is a caller's bug and throws.
   */
  importLog(
    tournamentId: string,
    log: readonly LoggedCommand[],
    summary: TournamentSummary,
    options: { readonly replace: boolean },
  ): Promise<Result<{ readonly generation: number }>>
  /** Deletes a tournament and its whole log. */
  remove(tournamentId: string): Promise<void>
}
