import { mkdir, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { BackupInfo, BackupOutcome, OpenFileOutcome } from '../ipc-contract'
import { checkTournamentId } from '../../shared/tournament/tournament-id'
import {
  BACKUP_NAME,
  backupTime,
  backupWrite,
  isBackupName,
  isSafeTournamentId,
} from './backup-names'
import { describeError, readTextFile, writeTextFile } from './files'

export { backupTime, backupWrite, isBackupName, isSafeTournamentId }

/**
 * Rolling backups (design.md: "tournament files and rolling backups on disk"): after every change
 * the renderer sends the tournament's JSON file and main writes it to
 * `<root>/<tournamentId>/<timestamp>.json`, keeping only the newest `keep` of each tournament.
 * Ids and names come from the renderer, so both are checked before they touch a path.
 */

export const DEFAULT_BACKUPS_KEPT = 20

function stampOf(now: Date): string {
  return now.toISOString().replace(/:/g, '-').replace('.', '-')
}

/**
 * Newest write last (issue 28: sorting by the time in the name deleted the newest backups at once
 * after the clock was set back). Names with their write number (`-wN`) sort by it, after every
 * name from before issue 28, which sort by their time and then their `-n` suffix.
 */
function compareNames(a: string, b: string): number {
  const wa = backupWrite(a)
  const wb = backupWrite(b)
  if (wa !== null || wb !== null) return (wa ?? -1) - (wb ?? -1)
  const key = (name: string): string => {
    const m = BACKUP_NAME.exec(name)
    return `${name.slice(0, 24)}${(m?.[6] ?? '0').padStart(3, '0')}`
  }
  const ka = key(a)
  const kb = key(b)
  return ka < kb ? -1 : ka > kb ? 1 : 0
}

async function backupNames(folder: string): Promise<string[]> {
  try {
    return (await readdir(folder)).filter(isBackupName).sort(compareNames)
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'code' in error && error.code === 'ENOENT') {
      return []
    }
    throw error
  }
}

export interface BackupWrite {
  readonly root: string
  readonly tournamentId: string
  readonly contents: string
  readonly now: Date
  readonly keep?: number
}

export async function writeBackup(request: BackupWrite): Promise<BackupOutcome> {
  const { root, tournamentId, contents, now } = request
  const keep = request.keep ?? DEFAULT_BACKUPS_KEPT
  const id = checkTournamentId(tournamentId)
  if (!id.ok) return { status: 'failed', message: `No backup written: ${id.error.message}` }
  const folder = join(root, tournamentId)
  try {
    await mkdir(folder, { recursive: true })
    const existing = await backupNames(folder)
    // The next in write order, whatever the clock says: the name is unique by it alone.
    const write = existing.reduce((most, n) => Math.max(most, backupWrite(n) ?? 0), 0) + 1
    const name = `${stampOf(now)}-w${String(write)}.json`
    const saved = await writeTextFile(join(folder, name), contents, 'utf8')
    if (saved.status === 'failed') return saved
    if (saved.status === 'cancelled')
      return { status: 'failed', message: 'The backup was cancelled' }
    const all = [...existing, name].sort(compareNames)
    for (const old of all.slice(0, Math.max(0, all.length - keep))) {
      await rm(join(folder, old), { force: true })
    }
    return { status: 'saved', name }
  } catch (error) {
    return { status: 'failed', message: `Could not write a backup: ${describeError(error)}` }
  }
}

/** Every backup under `root`, newest first; folders and files that are not ours are skipped. */
export async function listBackups(root: string): Promise<readonly BackupInfo[]> {
  let ids: string[]
  try {
    ids = (await readdir(root)).filter(isSafeTournamentId)
  } catch {
    return []
  }
  const found: BackupInfo[] = []
  for (const tournamentId of ids) {
    const folder = join(root, tournamentId)
    let names: string[]
    try {
      names = await backupNames(folder)
    } catch {
      continue
    }
    for (const name of names) {
      const savedAt = backupTime(name)
      if (savedAt === null) continue
      try {
        const bytes = (await stat(join(folder, name))).size
        found.push({ tournamentId, name, savedAt, bytes })
      } catch {
        // Removed by a rotation meanwhile: nothing to list.
      }
    }
  }
  // Each tournament's newest write first; the tournaments by the time of their newest write.
  const newest = new Map<string, string>()
  for (const b of found) {
    const seen = newest.get(b.tournamentId)
    if (seen === undefined || compareNames(b.name, seen) > 0) newest.set(b.tournamentId, b.name)
  }
  const timeOf = (id: string): string => backupTime(newest.get(id) ?? '') ?? ''
  return found.sort((a, b) =>
    a.tournamentId === b.tournamentId
      ? -compareNames(a.name, b.name)
      : timeOf(b.tournamentId).localeCompare(timeOf(a.tournamentId)) ||
        (a.tournamentId < b.tournamentId ? -1 : 1),
  )
}

export async function readBackup(
  root: string,
  tournamentId: string,
  name: string,
): Promise<OpenFileOutcome> {
  const id = checkTournamentId(tournamentId)
  if (!id.ok) return { status: 'failed', message: `No backup read: ${id.error.message}` }
  if (!isBackupName(name)) {
    return { status: 'failed', message: `${JSON.stringify(name)} is not the name of a backup` }
  }
  return readTextFile(join(root, tournamentId, name), 'utf8')
}
