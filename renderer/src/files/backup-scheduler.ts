import type { BackupOutcome } from '../../../electron/ipc-contract'
import { tournamentFilePieces } from '../../../shared/formats/tournament-file'
import type { LoggedCommand } from '../../../shared/tournament/commands'

export interface BackupSnapshot {
  readonly tournamentId: string
  /** Commands in the log: a snapshot with the same id and count as the last one is not new. */
  readonly commandCount: number
  /**
   * Builds the file only when it is written, so a burst of changes serialises the log once; a
   * promise when it is built a slice at a time (`backupContents`).
   */
  readonly contents: () => string | Promise<string>
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
    const outcome = await options.write(snapshot.tournamentId, await snapshot.contents())
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

/** A task of its own for what comes next, so the page paints and takes keys in between. */
export const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0))

/**
 * The tournament file of a backup, written `tournamentFilePieces` slice by slice with `pause`
 * between slices: a 10 000-command log held the page 0.13–0.5 s in one piece (issue 20), a slice of
 * 500 commands takes a few milliseconds.
 */
export async function backupContents(
  tournamentId: string,
  log: readonly LoggedCommand[],
  savedAt: string,
  pause: () => Promise<void> = nextTask,
): Promise<string> {
  const pieces: string[] = []
  for (const piece of tournamentFilePieces(tournamentId, log, savedAt)) {
    pieces.push(piece)
    await pause()
  }
  return pieces.join('')
}
