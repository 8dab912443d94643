/** Names the backups module accepts from the renderer; no Electron here, so the IPC checks can use it. */
import { isTournamentId } from '../../shared/tournament/tournament-id'

/**
 * A backup folder is named by its tournament id, so the one rule for ids (shared/tournament/
 * tournament-id.ts) decides: every id a tournament file may carry has its backups (issue 20).
 */
export function isSafeTournamentId(id: string): boolean {
  return isTournamentId(id)
}

/**
 * `2026-03-14T09-30-00-000Z-w17.json`: the time of the write and its place in the folder's write
 * order (`-w17`, the 17th). Names written before issue 28 have no `-w`, and may have `-2` for a
 * second one that millisecond.
 */
export const BACKUP_NAME =
  /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(?:-(\d{1,3}))?(?:-w(\d{1,9}))?\.json$/

export function isBackupName(name: string): boolean {
  return BACKUP_NAME.test(name)
}

/** The time in the name, as ISO (the clock's when it was written: it may have been set back). */
export function backupTime(name: string): string | null {
  const m = BACKUP_NAME.exec(name)
  if (m === null) return null
  return `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`
}

/** The backup's place in its folder's write order, or null for a name from before issue 28. */
export function backupWrite(name: string): number | null {
  const m = BACKUP_NAME.exec(name)
  return m?.[7] === undefined ? null : Number(m[7])
}
