/*
 * The tournament repository of a window on the venue network (issue 21), reduced to what is a
 * repository's (issue 27): the event's log as the authority accepted it, for the screens that
 * list or read stored logs. Commands never go through it: the tournament store proposes them
 * through its command channel (`createVenueChannel`, venue-channel.ts), and only the authority
 * writes the log. A file is opened on the director's laptop, not here.
 */
import { err } from '../../../shared/result'
import type { TournamentRepository } from '../db/repository'
import { summarizeLog } from '../db/summary'
import type { LogChanged } from '../stores/live'
import type { VenueLink } from './link'

export function createVenueRepository(link: VenueLink): TournamentRepository {
  const isEvent = (tournamentId: string): boolean => tournamentId === link.event().tournamentId
  const accepted = () => link.acceptedFrom(-1)

  return {
    async list() {
      const { tournamentId } = link.event()
      const log = await accepted()
      const summary = summarizeLog(tournamentId, log, log.at(-1)?.at ?? '')
      return summary === undefined ? [] : [summary]
    },

    async loadLog(tournamentId) {
      return isEvent(tournamentId) ? accepted() : undefined
    },

    async loadStored(tournamentId) {
      if (!isEvent(tournamentId)) return undefined
      return { log: await accepted(), generation: link.event().generation }
    },

    async readFrom(tournamentId, afterSeq) {
      if (!isEvent(tournamentId)) return undefined
      const log = await link.acceptedFrom(Math.max(-1, Math.floor(afterSeq)))
      return { log, generation: link.event().generation }
    },

    /**
     * Nothing is stored here: the store's commands are proposals (`createVenueChannel`). Refused
     * as an import is, should anything try.
     */
    async append() {
      return err('authority.read-only', "Only the director's laptop writes the event's log.")
    },

    async importLog() {
      return err(
        'venue.import',
        "Files are opened on the director's laptop: this desk follows the event it shares.",
      )
    },

    // A desk holds a replica of the director's event: there is nothing of its own to delete, and
    // the screens offer no Delete in venue mode.
    async remove() {},
  }
}

/**
 * Tells this window's tournament store whenever the link changes (an accepted entry, a refusal, a
 * proposal stored), coalesced to one notice per task, with the accepted log's length, read only
 * from the length last told (issue 27: this notice read the whole log on every change), once
 * whole as it starts; returns the way to stop.
 */
export function announceLinkChanges(
  link: VenueLink,
  announce: (change: LogChanged) => void,
): () => void {
  let scheduled = false
  let told: { readonly generation: number; readonly length: number } | null = null
  // The length to count on from, read once as the window starts, not on its first change.
  const { generation: first } = link.event()
  void link.acceptedFrom(-1).then((log) => {
    told ??= { generation: first, length: log.length }
  })
  return link.onChange(() => {
    if (scheduled) return
    scheduled = true
    setTimeout(() => {
      scheduled = false
      const { tournamentId, generation } = link.event()
      const known = told?.generation === generation ? told.length : 0
      void link.acceptedFrom(known - 1).then((added) => {
        const commandCount = known + added.length
        told = { generation, length: commandCount }
        announce({ tournamentId, generation, commandCount })
      })
    }, 0)
  })
}
