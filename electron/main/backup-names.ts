/** Names the backups module accepts from the renderer; no Electron here, so the IPC checks can use it. */
import { isTournamentId } from '../../shared/tournament/tournament-id'

/**
 * A backup folder is named by its tournament id, so the one rule for ids (shared/tournament/
 * tournament-id.ts) decides: every id a tournament file may carry has its backups (issue 20).
 */
export function isSafeTournamentId(id: string): boolean {
  return isTournamentId(id)
}

/** `2026-03-14T09-30-00-000Z.json`, optionally `-2` before `.json` for a second one that ms. */
export const BACKUP_NAME =
  /^(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(?:-(\d{1,3}))?\.json$/

export function isBackupName(name: string): boolean {
  return BACKUP_NAME.test(name)
}

/** The time in the name, as ISO; the names sort in time order because the stamp is fixed width. */
export function backupTime(name: string): string | null {
  const m = BACKUP_NAME.exec(name)
  if (m === null) return null
  return `${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`
}
