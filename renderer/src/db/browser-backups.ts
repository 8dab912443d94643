import Dexie, { type Table } from 'dexie'
import type { BackupInfo, BackupOutcome, OpenFileOutcome } from '../../../electron/ipc-contract'

/** One rolling backup kept inside the browser: the tournament file as it was written. */
export interface BackupRow {
  readonly id?: number
  readonly tournamentId: string
  readonly savedAt: string
  readonly contents: string
}

/** As many as the desktop app keeps in its backup folder (design.md: the last 20). */
export const BACKUPS_KEPT = 20

export const BACKUP_DATABASE_NAME = 'rackside-backups'

/**
 * The browser build's backups (issue 13): a database of its own, so a damaged or replaced
 * tournament log never takes its backups with it, and the browser build is as safe as the
 * desktop one, which writes files.
 */
export class BackupDatabase extends Dexie {
  declare readonly backups: Table<BackupRow, number>

  constructor(name: string = BACKUP_DATABASE_NAME) {
    super(name)
    this.version(1).stores({ backups: '++id, tournamentId, [tournamentId+savedAt]' })
  }
}

/** The file name a backup downloads as, and what `read` takes back. */
export function backupName(row: BackupRow): string {
  return `${row.savedAt.replace(/[:.]/g, '-')}.json`
}

export interface BrowserBackups {
  write(tournamentId: string, contents: string, savedAt: string): Promise<BackupOutcome>
  list(): Promise<readonly BackupInfo[]>
  read(tournamentId: string, name: string): Promise<OpenFileOutcome>
}

export function createBrowserBackups(db: BackupDatabase): BrowserBackups {
  const rowsOf = (tournamentId: string) =>
    db.backups
      .where('[tournamentId+savedAt]')
      .between([tournamentId, Dexie.minKey], [tournamentId, Dexie.maxKey])

  return {
    async write(tournamentId, contents, savedAt) {
      try {
        const row: BackupRow = { tournamentId, savedAt, contents }
        await db.transaction('rw', db.backups, async () => {
          await db.backups.add(row)
          const rows = await rowsOf(tournamentId).primaryKeys()
          const extra = rows.length - BACKUPS_KEPT
          if (extra > 0) await db.backups.bulkDelete(rows.slice(0, extra))
        })
        return { status: 'saved', name: backupName(row) }
      } catch (error) {
        const message = error instanceof Error ? error.message.split('\n')[0] : String(error)
        return { status: 'failed', message: `The browser did not keep the backup: ${message}` }
      }
    },

    async list() {
      const rows = await db.backups.toArray()
      return rows
        .map((row) => ({
          tournamentId: row.tournamentId,
          name: backupName(row),
          savedAt: row.savedAt,
          bytes: new TextEncoder().encode(row.contents).length,
        }))
        .sort((a, b) => (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : 0))
    },

    async read(tournamentId, name) {
      const rows = await rowsOf(tournamentId).toArray()
      const found = rows.find((row) => backupName(row) === name)
      return found
        ? { status: 'opened', name, contents: found.contents }
        : { status: 'failed', message: `There is no backup ${name} of ${tournamentId}.` }
    },
  }
}
