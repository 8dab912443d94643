import Dexie, { type Table, type Transaction } from 'dexie'
import type { BackupInfo, BackupOutcome, OpenFileOutcome } from '../../../electron/ipc-contract'
import { utf8ByteLength } from '../../../shared/formats/text-codec'

/**
 * One rolling backup kept inside the browser, as the list shows it: the index row. Its file is a
 * row of its own (`BackupFile`, same id), so listing 20 backups of each tournament reads a few
 * hundred bytes each, never the files (issue 20: listing read all 170 MB of them, 2.7 s).
 */
export interface BackupRow {
  readonly id?: number
  readonly tournamentId: string
  readonly savedAt: string
  /** The file's size in UTF-8, counted when it was written. */
  readonly bytes: number
}

/** A backup's file: the tournament file as it was written. */
export interface BackupFile {
  readonly id: number
  readonly contents: string
}

/** Version 1 kept the file inside the index row. */
interface BackupRowV1 {
  readonly id?: number
  readonly tournamentId: string
  readonly savedAt: string
  readonly contents: string
}

/** As many as the desktop app keeps in its backup folder (design.md: the last 20). */
export const BACKUPS_KEPT = 20

export const BACKUP_DATABASE_NAME = 'rackside-backups'

/** Every schema the backup database has shipped, oldest first (as `SCHEMA_VERSIONS` in database.ts). */
export const BACKUP_SCHEMA_VERSIONS = [
  { version: 1, stores: { backups: '++id, tournamentId, [tournamentId+savedAt]' } },
  {
    version: 2,
    stores: { backups: '++id, tournamentId, [tournamentId+savedAt]', files: 'id' },
  },
] as const

/**
 * The browser build's backups (issue 13): a database of its own, so a damaged or replaced
 * tournament log never takes its backups with it, and the browser build is as safe as the
 * desktop one, which writes files.
 */
export class BackupDatabase extends Dexie {
  declare readonly backups: Table<BackupRow, number>
  declare readonly files: Table<BackupFile, number>

  constructor(name: string = BACKUP_DATABASE_NAME) {
    super(name)
    const [v1, v2] = BACKUP_SCHEMA_VERSIONS
    this.version(v1.version).stores(v1.stores)
    this.version(v2.version).stores(v2.stores).upgrade(splitFiles)
  }
}

/**
 * Version 2: each file moves out of its index row, which learns the file's size. Read once, at the
 * upgrade; an interrupted upgrade loses nothing (IndexedDB rolls it back).
 */
async function splitFiles(tx: Transaction): Promise<void> {
  const rows = tx.table<BackupRowV1 | BackupRow, number>('backups')
  const all = (await rows.toArray()) as (BackupRowV1 & { readonly id: number })[]
  await tx
    .table<BackupFile, number>('files')
    .bulkPut(all.map((row) => ({ id: row.id, contents: row.contents })))
  await rows.bulkPut(
    all.map((row) => ({
      id: row.id,
      tournamentId: row.tournamentId,
      savedAt: row.savedAt,
      bytes: utf8ByteLength(row.contents),
    })),
  )
}

/**
 * The file name a backup downloads as, and what `read` takes back: its time and, as the desktop
 * app's names (electron/main/backup-names.ts), its place in the write order (`-w` and the row's id,
 * which IndexedDB counts up with every write), so two backups the clock stamped alike differ.
 */
export function backupName(row: Pick<BackupRow, 'savedAt' | 'id'>): string {
  const write = row.id === undefined ? '' : `-w${String(row.id)}`
  return `${row.savedAt.replace(/[:.]/g, '-')}${write}.json`
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
        const row: BackupRow = { tournamentId, savedAt, bytes: utf8ByteLength(contents) }
        // The index row and its file together, and the oldest beyond 20 dropped with theirs.
        const written = await db.transaction('rw', db.backups, db.files, async () => {
          const id = await db.backups.add(row)
          await db.files.add({ id, contents })
          // The oldest writes go, by id (issue 28: by time, a clock set back dropped the newest
          // writes at once).
          const rows = (await rowsOf(tournamentId).primaryKeys()).sort((a, b) => a - b)
          const extra = rows.length - BACKUPS_KEPT
          if (extra > 0) {
            const old = rows.slice(0, extra)
            await db.backups.bulkDelete(old)
            await db.files.bulkDelete(old)
          }
          return id
        })
        return { status: 'saved', name: backupName({ ...row, id: written }) }
      } catch (error) {
        const message = error instanceof Error ? error.message.split('\n')[0] : String(error)
        return { status: 'failed', message: `The browser did not keep the backup: ${message}` }
      }
    },

    async list() {
      // Newest write first: ids count every write, whatever the clock said.
      const rows = await db.backups.toArray()
      return rows
        .sort((a, b) => (b.id ?? 0) - (a.id ?? 0))
        .map((row) => ({
          tournamentId: row.tournamentId,
          name: backupName(row),
          savedAt: row.savedAt,
          bytes: row.bytes,
        }))
    },

    async read(tournamentId, name) {
      const missing: OpenFileOutcome = {
        status: 'failed',
        message: `There is no backup ${name} of ${tournamentId}.`,
      }
      return db.transaction('r', db.backups, db.files, async () => {
        const rows = await rowsOf(tournamentId).toArray()
        const found = rows.find((row) => backupName(row) === name)
        const file = found?.id === undefined ? undefined : await db.files.get(found.id)
        return file === undefined ? missing : { status: 'opened', name, contents: file.contents }
      })
    },
  }
}
