import type { PiniaPlugin } from 'pinia'
import { reactive, watch } from 'vue'
import type { BackupOutcome } from '../../../electron/ipc-contract'
import { desktopApi } from '../bridge/desktop-api'
import { useTournamentStore } from '../stores/tournament'
import { backupContents, createBackupScheduler } from './backup-scheduler'

/** What the Files screen says about backups. */
export const backupStatus = reactive<{
  last: { tournamentId: string; outcome: BackupOutcome; at: string } | null
}>({ last: null })

const BACKUP_DELAY_MS = 3000

/**
 * Rolling backups after every change (design.md): a Pinia plugin watching the open tournament's
 * log, so the desk's store needs no knowledge of backups. Installed from main.ts. In the browser
 * build the bridge keeps them in a backup database inside the browser (issue 13).
 */
export const backupPlugin: PiniaPlugin = ({ store }) => {
  if (store.$id !== useTournamentStore.$id) return
  const tournament = store as unknown as ReturnType<typeof useTournamentStore>
  const api = desktopApi()
  const scheduler = createBackupScheduler({
    delayMs: BACKUP_DELAY_MS,
    write: (tournamentId, contents) => api.writeBackup({ tournamentId, contents }),
    onOutcome: (tournamentId, outcome) => {
      backupStatus.last = { tournamentId, outcome, at: new Date().toISOString() }
      if (outcome.status === 'failed') console.warn(`Rackside: backup failed: ${outcome.message}`)
    },
  })
  watch(
    () => tournament.log,
    (log) => {
      const id = tournament.tournamentId
      if (id === null || log.length === 0) return
      scheduler.changed({
        tournamentId: id,
        commandCount: log.length,
        // Written a slice at a time, so the page never waits for a backup (issue 20).
        contents: () => backupContents(id, log, new Date().toISOString()),
      })
    },
  )
  window.addEventListener('beforeunload', () => void scheduler.flush())
}
