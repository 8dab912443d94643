import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { VenueStatus } from '../../../electron/ipc-contract'
import { headOfLog, type BuiltOn } from '../../../shared/authority/proposal'
import { desktopApi } from '../bridge/desktop-api'
import { prepareFile, readTournamentText, tournamentFileText } from '../files/exchange'
import { storePrepared } from '../files/store-tournament'
import { errorText } from '../i18n/messages'
import { useTournamentStore } from './tournament'

/**
 * "Share this event on the venue network" (issue 21): what the director's screen shows of the
 * authority main runs, and the director's answers. Main holds the authority and its log; this
 * store only asks and listens.
 */
export const useShareStore = defineStore('share', () => {
  const status = shallowRef<VenueStatus>({ sharing: false })
  const busy = ref(false)
  const failure = ref<string | null>(null)
  const notice = ref<string | null>(null)
  /** The head of the log handed to the authority, to tell at the end what this window added. */
  let sharedHead: { readonly tournamentId: string; readonly head: BuiltOn } | null = null
  let stopListening: (() => void) | undefined

  /** A plain browser cannot listen on the network: it only explains. */
  const available = computed(() => desktopApi().shell === 'electron')

  async function follow(): Promise<void> {
    if (!available.value) return
    stopListening ??= desktopApi().onVenueChanged((next) => (status.value = next))
    status.value = await desktopApi().venueStatus()
  }

  async function run(work: () => Promise<void>): Promise<void> {
    if (busy.value) return
    busy.value = true
    failure.value = null
    notice.value = null
    try {
      await work()
    } finally {
      busy.value = false
    }
  }

  /** Hands the open tournament's whole log to main, which starts the authority on it. */
  function share(): Promise<void> {
    return run(async () => {
      const tournament = useTournamentStore()
      const id = tournament.tournamentId
      if (id === null || tournament.state === undefined) {
        failure.value = 'Open a tournament first: sharing hands its log to the venue network.'
        return
      }
      const log = tournament.log
      const outcome = await desktopApi().share(
        tournamentFileText(id, log, new Date().toISOString()),
      )
      switch (outcome.status) {
        case 'sharing':
          status.value = outcome.venue
          sharedHead = { tournamentId: id, head: headOfLog(log) }
          return
        case 'failed':
          failure.value = outcome.message
          return
      }
    })
  }

  /**
   * Stops the authority: its whole log comes back and replaces this laptop's stored one, as
   * opening a file does, so single-laptop work goes on from everything the venue accepted.
   */
  function stop(): Promise<void> {
    return run(async () => {
      const outcome = await desktopApi().stopSharing()
      switch (outcome.status) {
        case 'not-sharing':
          status.value = { sharing: false }
          return
        case 'failed':
          status.value = await desktopApi().venueStatus()
          failure.value = outcome.message
          return
        case 'stopped':
          status.value = { sharing: false }
          await storeFinalLog(outcome.tournamentId, outcome.contents)
          return
      }
    })
  }

  async function storeFinalLog(tournamentId: string, contents: string): Promise<void> {
    const tournament = useTournamentStore()
    const read = readTournamentText(contents)
    if (!read.ok) {
      failure.value = `The venue network’s log was not stored on this laptop: ${read.error.message}. It is still in the event file the server wrote.`
      return
    }
    const kept = await keepLocalChanges(tournamentId)
    const prepared = prepareFile(read.value)
    const wasOpen = tournament.tournamentId === tournamentId
    if (wasOpen) tournament.close()
    const stored = await storePrepared(prepared, true)
    if (!stored.ok) {
      if (wasOpen) await tournament.open(tournamentId)
      failure.value = `The venue network’s log was not stored on this laptop: ${errorText(stored.error)}`
      return
    }
    if (wasOpen) tournament.adopt(prepared, stored.value.generation)
    notice.value = [
      `Sharing stopped. This laptop holds the venue network’s whole log: ${String(prepared.log.length)} commands.`,
      kept,
    ]
      .filter((line) => line !== null)
      .join(' ')
  }

  /**
   * Commands typed in a window of this laptop straight into its own storage while sharing (not
   * through the venue network) would vanish under the venue's log: they are kept as a backup
   * first, and the director is told where.
   */
  async function keepLocalChanges(tournamentId: string): Promise<string | null> {
    const tournament = useTournamentStore()
    const before = sharedHead
    sharedHead = null
    if (tournament.tournamentId !== tournamentId || before?.tournamentId !== tournamentId) {
      return null
    }
    const now = headOfLog(tournament.log)
    if (now.length === before.head.length && now.last === before.head.last) return null
    const saved = await desktopApi().writeBackup({
      tournamentId,
      contents: tournamentFileText(tournamentId, tournament.log, new Date().toISOString()),
    })
    const where = saved.status === 'saved' ? `the backup ${saved.name}` : 'no backup'
    return `This laptop’s own log changed while sharing without the venue network; it was kept in ${where} (Files → Backups).`
  }

  /** The director's answers to desks; each answers with the new status or the reason. */
  function answer(
    call: () => Promise<
      { status: 'done'; venue: VenueStatus } | { status: 'failed'; message: string }
    >,
  ): Promise<void> {
    return run(async () => {
      const outcome = await call()
      switch (outcome.status) {
        case 'done':
          status.value = outcome.venue
          return
        case 'failed':
          failure.value = outcome.message
          return
      }
    })
  }

  const approve = (code: string, name: string): Promise<void> =>
    answer(() => desktopApi().approveDesk(code, name.trim()))
  const refuse = (code: string): Promise<void> => answer(() => desktopApi().refuseDesk(code))
  const revoke = (name: string): Promise<void> => answer(() => desktopApi().revokeDesk(name))

  function dispose(): void {
    stopListening?.()
    stopListening = undefined
  }

  return {
    status,
    busy,
    failure,
    notice,
    available,
    follow,
    share,
    stop,
    approve,
    refuse,
    revoke,
    dispose,
  }
})
