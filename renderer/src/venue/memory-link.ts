/*
 * The in-memory twin of a venue link (issue 27), for tests: what a desk sees of replication, with
 * the test playing the authority. It tells its listeners of every change, as the real links do (a
 * proposal stored in the outbox, an entry accepted, a refusal), and counts how the accepted log is
 * read (`reads`: the `afterSeq` of every `acceptedFrom`), so a test can tell a desk that follows
 * the log from one that reads it whole again.
 */
import type { Command, LoggedCommand } from '../../../shared/tournament/commands'
import type { OutboxProposal, RefusalDoc, VenueDesk } from '../../../shared/venue/protocol'
import type { LinkState, VenueLink } from './link'

/** The authority's stamp on what it accepts in the twin: later than anything a test types. */
export const ACCEPTED_AT = '2026-03-14T12:00:01.000Z'

export interface MemoryLink extends VenueLink {
  /** Every proposal handed to `propose`, decided or not. */
  readonly proposed: readonly OutboxProposal[]
  /** The `afterSeq` of every `acceptedFrom` call, in order. */
  readonly reads: number[]
  /** The authority accepts this desk's proposal: its command is appended, carrying its id. */
  accept(proposalId: string, command?: Command): void
  /** The authority refuses this desk's proposal with `code`. */
  refuse(proposalId: string, code?: string): void
  /** Another desk's command accepted. */
  otherDesk(command: Command): void
  setState(next: LinkState): void
  /** Tells the listeners the link changed, with nothing new. */
  changed(): void
}

export function createMemoryLink(
  accepted: readonly LoggedCommand[],
  options: {
    readonly role?: VenueDesk['role']
    readonly event?: { readonly tournamentId: string; readonly generation: number }
  } = {},
): MemoryLink {
  const proposed: OutboxProposal[] = []
  const undecided = new Set<string>()
  const waiting = new Map<string, () => void>()
  const changes = new Set<() => void>()
  const refusals = new Set<(refusal: RefusalDoc, proposal: OutboxProposal | undefined) => void>()
  const reads: number[] = []
  const desk: VenueDesk = { id: 'd2', name: 'Desk 2', role: options.role ?? 'desk' }
  const event = {
    tournamentId: options.event?.tournamentId ?? 'open-2026',
    generation: options.event?.generation ?? 3,
    name: 'Open',
  }
  let log = accepted
  let state: LinkState = { kind: 'online' }
  const changed = (): void => changes.forEach((listener) => listener())
  const append = (command: Command, deskId: string, proposal?: string): void => {
    const entry: LoggedCommand = { seq: log.length, at: ACCEPTED_AT, desk: deskId, command }
    log = [...log, proposal === undefined ? entry : { ...entry, proposal }]
  }
  const decide = (id: string): OutboxProposal => {
    const proposal = proposed.find((p) => p._id === id)
    if (proposal === undefined || !undecided.delete(id)) throw new Error(`${id} is not pending`)
    return proposal
  }
  return {
    proposed,
    reads,
    desk,
    event: () => event,
    async propose(proposal) {
      proposed.push(proposal)
      undecided.add(proposal._id)
      changed()
    },
    async acceptedFrom(afterSeq) {
      reads.push(afterSeq)
      return log.slice(afterSeq + 1)
    },
    async pending() {
      return proposed.filter((p) => undecided.has(p._id))
    },
    decided(id) {
      if (!undecided.has(id)) return Promise.resolve()
      return new Promise<void>((resolve) => waiting.set(id, resolve))
    },
    accept(id, command) {
      const proposal = decide(id)
      append(command ?? proposal.command, desk.id, id)
      waiting.get(id)?.()
      changed()
    },
    refuse(id, code = 'result.exists') {
      const proposal = decide(id)
      const refusal: RefusalDoc = {
        _id: id,
        type: 'refused',
        desk: desk.id,
        error: { code, message: `Refused: ${code}.` },
        at: ACCEPTED_AT,
      }
      refusals.forEach((listener) => listener(refusal, proposal))
      waiting.get(id)?.()
      changed()
    },
    otherDesk(command) {
      append(command, 'd3')
      changed()
    },
    setState(next) {
      state = next
      changed()
    },
    changed,
    onRefused(listener) {
      refusals.add(listener)
      return () => refusals.delete(listener)
    },
    onChange(listener) {
      changes.add(listener)
      return () => changes.delete(listener)
    },
    state: () => state,
    now: () => Date.parse('2026-03-14T10:00:00.000Z'),
    close: async () => undefined,
  }
}
