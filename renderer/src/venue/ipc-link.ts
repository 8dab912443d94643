/*
 * The director's own windows while this laptop shares its event (issue 21): the authority runs in
 * Electron main, so a proposal crosses by IPC and comes back decided, already journaled there.
 * Nothing is kept on this side but what is in flight: main holds the log.
 */
import type { DesktopApi, VenueStatus } from '../../../electron/ipc-contract'
import type { RuleError } from '../../../shared/result'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import {
  DIRECTOR_DESK,
  type OutboxProposal,
  type RefusalDoc,
  type VenueEvent,
} from '../../../shared/venue/protocol'
import type { LinkState, VenueLink } from './link'

/** What the link needs of the bridge: the venue calls and the push, nothing else. */
export type VenueBridge = Pick<DesktopApi, 'propose' | 'acceptedFrom' | 'onVenueChanged'>

type Sharing = VenueStatus & { readonly sharing: true }

type RefusalListener = (refusal: RefusalDoc, proposal: OutboxProposal | undefined) => void

/** The words for a proposal main never answered (the call itself failed). */
export const LINK_FAILED = 'venue.link-failed'

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error)

/** The IPC link: its `decided` resolves once main has decided (and journaled) the proposal. */
export type IpcLink = VenueLink

/**
 * A `VenueLink` over the desktop bridge, for a window of the laptop that shares (`sharing` is the
 * status main answered `share` or `venueStatus` with). `propose` resolves as soon as the proposal
 * is handed to main, shown pending until the authority decides, as a browser desk's outbox does:
 * the window's own entry then matches the pending one (built from `madeAt`), and the accepted
 * entry replaces both as on every desk. A refusal goes to `onRefused` with its proposal.
 */
export function createIpcLink(
  bridge: VenueBridge,
  sharing: Sharing,
  now: () => Date = () => new Date(),
): IpcLink {
  let event: VenueEvent = sharing.event
  let state: LinkState = { kind: 'online' }
  let closed = false
  const inFlight = new Map<string, { proposal: OutboxProposal; decided: Promise<void> }>()
  const changeListeners = new Set<() => void>()
  const refusalListeners = new Set<RefusalListener>()
  /**
   * The accepted entries read so far: each read asks main only for those after them, so a window
   * that reads the whole log after every result (the venue repository does) copies across IPC
   * only what is new, not 10 000 entries each time.
   */
  let held: LoggedCommand[] = []
  let heldGeneration = event.generation

  async function catchUp(): Promise<readonly LoggedCommand[]> {
    // A new generation (a file opened at the authority) is a new log: read it from the start.
    if (event.generation !== heldGeneration) {
      held = []
      heldGeneration = event.generation
    }
    const after = held.length - 1
    const fresh = await bridge.acceptedFrom(after)
    const first = fresh[0]
    if (first === undefined) return held
    // Entries that do not follow the ones held mean the log is not the one held: take it whole.
    if (first.seq !== held.length) {
      held = [...(await bridge.acceptedFrom(-1))]
      return held
    }
    held = [...held, ...fresh]
    return held
  }

  const changed = (): void => {
    for (const listener of changeListeners) listener()
  }

  const refused = (proposal: OutboxProposal, error: RuleError): void => {
    const refusal: RefusalDoc = {
      _id: proposal._id,
      type: 'refused',
      desk: DIRECTOR_DESK.id,
      error,
      at: now().toISOString(),
    }
    for (const listener of refusalListeners) listener(refusal, proposal)
  }

  const stopListening = bridge.onVenueChanged((status) => {
    if (status.sharing) {
      event = status.event
      state = { kind: 'online' }
    } else if (state.kind === 'online') {
      // Sharing stopped under this window: its proposals are refused until it reloads the log.
      state = { kind: 'offline', since: now().toISOString() }
    }
    changed()
  })

  async function send(proposal: OutboxProposal): Promise<void> {
    try {
      const decision = await bridge.propose(proposal)
      inFlight.delete(proposal._id)
      switch (decision.kind) {
        case 'accepted':
          break
        case 'refused':
          refused(proposal, decision.error)
          break
      }
    } catch (error) {
      inFlight.delete(proposal._id)
      refused(proposal, {
        code: LINK_FAILED,
        message: `The authority on this laptop did not answer: ${messageOf(error)}`,
      })
    }
    changed()
  }

  return {
    desk: DIRECTOR_DESK,
    event: () => event,
    propose(proposal) {
      if (closed) throw new Error('propose on a closed venue link')
      // A proposal sent again while in flight is not sent twice (decided at most once).
      if (inFlight.has(proposal._id)) return Promise.resolve()
      const entry = { proposal, decided: Promise.resolve() }
      inFlight.set(proposal._id, entry)
      entry.decided = send(proposal)
      changed()
      return Promise.resolve()
    },
    decided: (proposalId) => inFlight.get(proposalId)?.decided ?? Promise.resolve(),
    acceptedFrom: async (afterSeq) => (await catchUp()).slice(Math.max(0, afterSeq + 1)),
    pending: () =>
      Promise.resolve(
        [...inFlight.values()].map((waiting) => waiting.proposal).sort((a, b) => a.order - b.order),
      ),
    onRefused(listener) {
      refusalListeners.add(listener)
      return () => refusalListeners.delete(listener)
    },
    onChange(listener) {
      changeListeners.add(listener)
      return () => changeListeners.delete(listener)
    },
    state: () => state,
    // The authority runs in this laptop's main process: its clock is this window's.
    now: () => now().getTime(),
    close() {
      closed = true
      stopListening()
      changeListeners.clear()
      refusalListeners.clear()
      return Promise.resolve()
    },
  }
}
