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
 * The stored truth is each tournament's list of director commands (design.md). Two
 * implementations honour this contract: Dexie on IndexedDB (the app) and an in-memory twin (tests);
 * `repository-contract.ts` runs the same tests against both.
 */
export interface TournamentRepository {
  /** Most recently changed first. */
  list(): Promise<readonly TournamentSummary[]>
  /** The whole log in order, or undefined when there is no such tournament. */
  loadLog(tournamentId: string): Promise<readonly LoggedCommand[] | undefined>
  /**
   * Appends one command and updates the summary in one transaction. Refused with
   * `storage.conflict` when `entry.seq` is not the log's next position (another window wrote
   * first), so two desks never interleave half-applied commands. A storage failure (quota, a
   * closed database) comes back as `storage.failed` with nothing written. A summary that does not
   * describe the new log (`id` other than `tournamentId`, `commandCount` other than `entry.seq + 1`)
   * is a caller's bug and throws.
   */
  append(
    tournamentId: string,
    entry: LoggedCommand,
    summary: TournamentSummary,
  ): Promise<Result<void>>
  /**
   * Undo: removes the last command, which must be `seq`, and stores the summary of the state
   * before it, in one transaction. `summary` is undefined exactly when `seq` is 0: undoing
   * `createTournament` deletes the tournament. Refused with `storage.conflict` when `seq` is not the
   * last command; storage failures come back as `storage.failed`.
   */
  removeLast(
    tournamentId: string,
    seq: number,
    summary: TournamentSummary | undefined,
  ): Promise<Result<void>>
  /**
   * Stores a whole log at once, for a tournament opened from a file, imported from tsh or restored
   * from a backup: every command and the summary in one transaction, so a failure leaves nothing
   * half-imported. When the id is taken the import is refused with `storage.exists` and nothing
   * changes, unless `replace` is true (the director confirmed): then the old log is dropped in the
   * same transaction. A log whose `seq`s are not 0..n-1, or a summary that does not describe it,
   * is a caller's bug and throws.
   */
  importLog(
    tournamentId: string,
    log: readonly LoggedCommand[],
    summary: TournamentSummary,
    options: { readonly replace: boolean },
  ): Promise<Result<void>>
  /** Deletes a tournament and its whole log. */
  remove(tournamentId: string): Promise<void>
}
