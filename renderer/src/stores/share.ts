import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { VenueActionOutcome, VenueStatus } from '../../../electron/ipc-contract'
import { headOfLog, type BuiltOn } from '../../../shared/authority/proposal'
import type { ApprovalRole } from '../../../shared/authority/roles'
import { checkVenuePort } from '../../../shared/venue/venue-port'
import { DIRECTOR_DESK } from '../../../shared/venue/protocol'
import { desktopApi } from '../bridge/desktop-api'
import type { TournamentRepository } from '../db/repository'
import { prepareFile, readTournamentText, tournamentFileText } from '../files/exchange'
import { storePrepared } from '../files/store-tournament'
import { errorText } from '../i18n/messages'
import { randomUuid } from '../random-id'
import { createIpcLink } from '../venue/ipc-link'
import { refusalText } from '../venue/refusal-words'
import type { VenueLink } from '../venue/link'
import { createVenueChannel } from '../venue/venue-channel'
import { announceLinkChanges, createVenueRepository } from '../venue/venue-repository'
import { setChannel } from './command-channel'
import { adoptDesk } from './desk-id'
import { announceHere } from './live'
import { setRuleTime } from './rule-clock'
import { repository, setRepository } from './repository'
import { useTournamentStore } from './tournament'

type Sharing = VenueStatus & { readonly sharing: true }

/** A refusal of a command typed in this window, shown until dismissed. */
export interface DirectorRefusal {
  readonly id: string
  readonly text: string
}

/** What handing in a desk's saved copy did (issue 27), for the Files screen to say. */
export type HandInOutcome =
  | { readonly kind: 'taken'; readonly said: string }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failed'; readonly message: string }

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
  /**
   * The port the director may set before sharing (issue 27): the one the event keeps, shown
   * when the screen opens; empty lets main choose (8770 or the next free) the first time.
   */
  const port = ref('')
  /** The head of the log handed to the authority, to tell at the end what this window added. */
  let sharedHead: { readonly tournamentId: string; readonly head: BuiltOn } | null = null
  const refusals = ref<readonly DirectorRefusal[]>([])
  let stopListening: (() => void) | undefined
  /** While sharing, this window's commands go to the authority in main through this link. */
  let directorLink: VenueLink | undefined
  /** This laptop's own storage, set aside while the authority holds the log. */
  let ownRepository: TournamentRepository | undefined
  /** Gives the window back its own desk when sharing stops. */
  let ownDesk: (() => void) | undefined
  /** Gives the rules back this laptop's own clock when sharing stops. */
  let ownClock: (() => void) | undefined

  /** A plain browser cannot listen on the network: it only explains. */
  const available = computed(() => desktopApi().shell === 'electron')

  /** Follows main's status from now on; every window of the app calls it once as it starts. */
  async function follow(): Promise<void> {
    if (!available.value) return
    stopListening ??= desktopApi().onVenueChanged((next) => void showStatus(next))
    await showStatus(await desktopApi().venueStatus())
  }

  function showStatus(next: VenueStatus): Promise<void> {
    status.value = next
    return next.sharing ? enterVenue(next) : Promise.resolve()
  }

  /**
   * While this laptop shares, its own windows are desks of the authority like any other (issue 21:
   * "the director's own windows talk to the authority by IPC"): the log they show is the
   * authority's, and a command typed here is a proposal it decides. Their own storage waits aside
   * until sharing stops and the venue's log replaces it.
   */
  function enterVenue(sharing: Sharing): Promise<void> {
    if (directorLink !== undefined) return Promise.resolve()
    const link = createIpcLink(desktopApi(), sharing)
    let order = 0
    ownRepository = repository()
    // The authority records the director's windows as `director`: History's Undo looks for that.
    ownDesk = adoptDesk(DIRECTOR_DESK.id)
    ownClock = setRuleTime(link.now)
    setRepository(createVenueRepository(link))
    setChannel(createVenueChannel(link, { newId: randomUuid, counter: { next: () => order++ } }))
    const tournament = useTournamentStore()
    link.onRefused((refusal, proposal) => {
      const text = refusalText(
        'The venue network',
        proposal?.command,
        refusal.error,
        tournament.state,
      )
      refusals.value = [...refusals.value, { id: refusal._id, text }]
    })
    announceLinkChanges(link, announceHere)
    directorLink = link
    // The open tournament reads its log again, now the authority's: read, not announced, since
    // an announced new generation would tell the director the log was replaced elsewhere.
    return tournament.tournamentId === sharing.event.tournamentId
      ? tournament.refresh().then(() => undefined)
      : Promise.resolve()
  }

  /** Back to single-laptop work: this laptop's own storage holds the log again. */
  async function leaveVenue(): Promise<void> {
    const link = directorLink
    directorLink = undefined
    await link?.close()
    setChannel(undefined)
    if (ownRepository !== undefined) setRepository(ownRepository)
    ownRepository = undefined
    ownDesk?.()
    ownDesk = undefined
    ownClock?.()
    ownClock = undefined
  }

  function dismiss(id: string): void {
    refusals.value = refusals.value.filter((refusal) => refusal.id !== id)
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

  /** Shows the port the event keeps from its last share (or empty: main chooses). */
  async function showPort(tournamentId: string): Promise<void> {
    if (!available.value) return
    // An id main refuses (never one of ours) only means no port is known: main chooses.
    const kept = await desktopApi()
      .venuePort(tournamentId)
      .catch(() => null)
    port.value = kept === null ? '' : String(kept)
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
      const typed = port.value.trim()
      const chosen = typed === '' ? null : checkVenuePort(typed)
      if (chosen !== null && !chosen.ok) {
        failure.value = errorText(chosen.error)
        return
      }
      const log = tournament.log
      const outcome = await desktopApi().share(
        tournamentFileText(id, log, new Date().toISOString()),
        chosen === null ? null : chosen.value,
      )
      switch (outcome.status) {
        case 'sharing':
          sharedHead = { tournamentId: id, head: headOfLog(log) }
          port.value = String(outcome.venue.port)
          await showStatus(outcome.venue)
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
          await leaveVenue()
          return
        case 'failed':
          status.value = await desktopApi().venueStatus()
          failure.value = outcome.message
          return
        case 'stopped':
          status.value = { sharing: false }
          await leaveVenue()
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
   * Commands stored in this laptop's own storage after it was shared (by a window that was not
   * following the venue network yet) would vanish under the venue's log: they are kept as a
   * backup first, and the director is told where.
   */
  async function keepLocalChanges(tournamentId: string): Promise<string | null> {
    const before = sharedHead
    sharedHead = null
    if (before?.tournamentId !== tournamentId) return null
    const stored = await repository().loadLog(tournamentId)
    if (stored === undefined) return null
    const now = headOfLog(stored)
    if (now.length === before.head.length && now.last === before.head.last) return null
    const saved = await desktopApi().writeBackup({
      tournamentId,
      contents: tournamentFileText(tournamentId, stored, new Date().toISOString()),
    })
    const where = saved.status === 'saved' ? `the backup ${saved.name}` : 'no backup'
    return `This laptop’s own log changed while sharing without the venue network; it was kept in ${where} (Files → Backups).`
  }

  /** The director's answers to desks; each answers with the new status or the reason. */
  function answer(call: () => Promise<VenueActionOutcome>): Promise<void> {
    return run(async () => {
      const outcome = await call()
      switch (outcome.status) {
        case 'done':
          status.value = outcome.venue
          notice.value = outcome.said ?? null
          return
        case 'failed':
          failure.value = outcome.message
          return
      }
    })
  }

  /** The director names the desk and chooses its role, whatever it asked for (issue 27). */
  const approve = (code: string, name: string, role: ApprovalRole): Promise<void> =>
    answer(() => desktopApi().approveDesk(code, name.trim(), role))
  const refuse = (code: string): Promise<void> => answer(() => desktopApi().refuseDesk(code))
  const revoke = (name: string): Promise<void> => answer(() => desktopApi().revokeDesk(name))
  /** A flood of join requests (issue 27) is refused at once, not one click each. */
  const refuseAll = (): Promise<void> => answer(() => desktopApi().refuseAllDesks())
  /** A revoked desk's waiting commands, decided as its own or let go (issue 27). */
  const takeWaiting = (name: string): Promise<void> => answer(() => desktopApi().takeWaiting(name))
  const dropWaiting = (name: string): Promise<void> => answer(() => desktopApi().dropWaiting(name))
  /** Issue 30: a player's new code (a scorecard reprinted), or none until one is issued again. */
  const reissuePlayerCode = (division: string, player: number): Promise<void> =>
    answer(() => desktopApi().reissuePlayerCode(division, player))
  const revokePlayerCode = (division: string, player: number): Promise<void> =>
    answer(() => desktopApi().revokePlayerCode(division, player))

  /**
   * Issue 31: the online database's address, kept while the app runs so a push stopped is
   * started again without retyping it. The password is never kept here: the screen hands it to
   * main once, at each start.
   */
  const pushAddress = ref('')
  const startPush = (password: string): Promise<void> =>
    answer(() => desktopApi().startPush(pushAddress.value.trim(), password))
  const stopPush = (): Promise<void> => answer(() => desktopApi().stopPush())

  /**
   * Issue 27: a desk's saved copy, picked on the Files screen, handed to the authority, which
   * decides what its log lacks as `rackside serve --take` does; what came back and what was
   * refused is said in the terminal's words (`recoveredSentence`).
   */
  async function takeCopy(): Promise<HandInOutcome> {
    const picked = await desktopApi().openTextFile({
      title: 'Hand in a desk’s saved copy',
      filters: [{ name: 'Tournament file', extensions: ['json'] }],
      encoding: 'utf8',
    })
    switch (picked.status) {
      case 'cancelled':
        return { kind: 'cancelled' }
      case 'failed':
        return { kind: 'failed', message: picked.message }
      case 'opened': {
        const outcome = await desktopApi().takeDeskCopy(picked.name, picked.contents)
        switch (outcome.status) {
          case 'done':
            status.value = outcome.venue
            return { kind: 'taken', said: outcome.said ?? `${picked.name} was handed in.` }
          case 'failed':
            return { kind: 'failed', message: outcome.message }
        }
      }
    }
  }

  return {
    status,
    busy,
    failure,
    notice,
    available,
    port,
    showPort,
    follow,
    share,
    stop,
    approve,
    refuse,
    refuseAll,
    revoke,
    takeWaiting,
    dropWaiting,
    takeCopy,
    reissuePlayerCode,
    revokePlayerCode,
    refusals,
    dismiss,
    pushAddress,
    startPush,
    stopPush,
  }
})
