import type { BackupOutcome } from '../../../electron/ipc-contract'

export interface BackupSnapshot {
  readonly tournamentId: string
  /** Commands in the log: a snapshot with the same id and count as the last one is not new. */
  readonly commandCount: number
  /** Builds the file only when it is written, so a burst of changes serialises the log once. */
  readonly contents: () => string
}

export interface BackupScheduler {
  /** A change happened: back up this snapshot after `delayMs` of quiet. */
  changed(snapshot: BackupSnapshot): void
  /** Write now what is pending (before the window closes). */
  flush(): Promise<void>
}

export interface BackupSchedulerOptions {
  readonly write: (tournamentId: string, contents: string) => Promise<BackupOutcome>
  readonly delayMs: number
  readonly onOutcome?: (tournamentId: string, outcome: BackupOutcome) => void
}

/**
 * Debounces backups: entering 60 results in a minute writes one backup, not 60, yet a change is
 * never more than `delayMs` from being on disk. A different tournament's change first writes the
 * pending one, so switching tournaments loses nothing.
 */
export function createBackupScheduler(options: BackupSchedulerOptions): BackupScheduler {
  let pending: BackupSnapshot | null = null
  let timer: ReturnType<typeof setTimeout> | null = null
  const written = new Map<string, number>()

  async function flush(): Promise<void> {
    if (timer !== null) clearTimeout(timer)
    timer = null
    const snapshot = pending
    pending = null
    if (snapshot === null) return
    if (written.get(snapshot.tournamentId) === snapshot.commandCount) return
    const outcome = await options.write(snapshot.tournamentId, snapshot.contents())
    if (outcome.status === 'saved') written.set(snapshot.tournamentId, snapshot.commandCount)
    options.onOutcome?.(snapshot.tournamentId, outcome)
  }

  function changed(snapshot: BackupSnapshot): void {
    if (pending !== null && pending.tournamentId !== snapshot.tournamentId) void flush()
    // Opening a tournament loads its log: the first snapshot of an id only notes where it stands.
    if (!written.has(snapshot.tournamentId) && pending === null && timer === null) {
      written.set(snapshot.tournamentId, snapshot.commandCount)
      return
    }
    pending = snapshot
    if (timer !== null) clearTimeout(timer)
    timer = setTimeout(() => void flush(), options.delayMs)
  }

  return { changed, flush }
}
