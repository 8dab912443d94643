/*
 * How a window in venue mode reaches the authority (issue 21). Two links, one contract: a desk in
 * a browser replicates with PouchDB over HTTP (`pouch-link.ts`), and the director's own windows in
 * the desktop app talk to the authority in Electron main by IPC (`ipc-link.ts`). The venue
 * repository (`venue-repository.ts`) shows the accepted log plus this window's pending proposals
 * through either, so the stores and screens never know which.
 */
import type { LoggedCommand } from '../../../shared/tournament/commands'
import type {
  OutboxProposal,
  RefusalDoc,
  VenueDesk,
  VenueEvent,
} from '../../../shared/venue/protocol'

/** Where the link stands, for the connection badge. */
export type LinkState =
  | { readonly kind: 'online' }
  | { readonly kind: 'offline'; readonly since: string }
  /** The director revoked this desk: nothing more is read or written. */
  | { readonly kind: 'revoked' }

export interface VenueLink {
  readonly desk: VenueDesk
  /** The event whose log is followed; a new one (a file opened at the authority) means reload. */
  event(): VenueEvent
  /**
   * Stores the proposal durably on this side (the desk's outbox in IndexedDB, or handed to the
   * authority by IPC) before resolving; it reaches the authority as soon as the link allows.
   */
  propose(proposal: OutboxProposal): Promise<void>
  /** The accepted entries held here with `seq` > `afterSeq`, in order (-1: all). */
  acceptedFrom(afterSeq: number): Promise<readonly LoggedCommand[]>
  /** This desk's proposals with no decision yet, in `order`. */
  pending(): Promise<readonly OutboxProposal[]>
  /**
   * Resolves once the authority has decided this desk's proposal (accepted: its entry is in
   * `acceptedFrom`; refused: it is no longer `pending`), or at once when it is not waiting; never
   * rejects. A pairing typed right after a result waits on it (issue 27).
   */
  decided(proposalId: string): Promise<void>
  /** Refusals of this desk's proposals, each given once to `onRefused` listeners. */
  onRefused(
    listener: (refusal: RefusalDoc, proposal: OutboxProposal | undefined) => void,
  ): () => void
  /**
   * Issue 27: the authority's answers to what this desk handed back (`hand-in.ts`), each given
   * once, in words; a link that hands nothing back has none.
   */
  onRecovered?(listener: (id: string, text: string) => void): () => void
  /** Called whenever accepted entries, pending proposals, the event or the state change. */
  onChange(listener: () => void): () => void
  state(): LinkState
  /**
   * The authority's time as this window estimates it, epoch ms (issue 27: a desk's own clock never
   * decides lateness). The stores read it through `ruleNow` (stores/rule-clock.ts).
   */
  now(): number
  close(): Promise<void>
}
