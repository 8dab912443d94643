/*
 * A revoked desk's proposals nobody decided yet (issue 27): revoking used to drop them silently.
 * They are listed for the director, each in History's words (`describeCommand`); `take` decides
 * them in their order as that desk's, by the same `decide` (its role's rights and all), and `drop`
 * records that they were let go: each is refused as `venue.dropped`, journaled like any refusal.
 */
import type { DeskIdentity } from '../../shared/authority/proposal'
import { err, ok, type Result } from '../../shared/result'
import type { Command } from '../../shared/tournament/commands'
import { describeCommand } from '../../shared/tournament/describe'
import type { TournamentState } from '../../shared/tournament/types'
import type { OutboxProposal, VenueDesk } from '../../shared/venue/protocol'
import { proposalOf, type Outboxes } from './outboxes'
import { messageOf, type ServerContext } from './server-context'

/** One proposal a revoked desk left waiting. */
export interface WaitingCommand {
  readonly proposal: string
  readonly order: number
  readonly command: Command
  /** The command in History's words, as the director reads it. */
  readonly description: string
  /** The desk's clock when typed, ISO. */
  readonly madeAt: string
}

interface Left {
  readonly desk: VenueDesk
  readonly proposals: readonly OutboxProposal[]
}

export class RevokedWaiting {
  /** By desk id: only desks that left something. */
  private readonly left = new Map<string, Left>()

  constructor(
    private readonly ctx: ServerContext,
    private readonly outboxes: Outboxes,
  ) {}

  /** Stops following the revoked desk and lists what it left (a `waiting` event when anything). */
  async collect(desk: VenueDesk): Promise<void> {
    const proposals = await this.outboxes.release(desk.id)
    if (proposals.length === 0 || this.ctx.closing()) return
    this.left.set(desk.id, { desk, proposals })
    this.ctx.emit({
      event: 'waiting',
      desk,
      commands: this.describe(proposals).map((c) => c.description),
    })
    this.ctx.changed()
  }

  /** What the revoked desk named `name` left waiting, in order; none when it left nothing. */
  waitingOf(name: string): readonly WaitingCommand[] {
    const left = this.named(name)
    return left === undefined ? [] : this.describe(left.proposals)
  }

  /** The revoked desks that left something, for the app's list. */
  desks(): readonly VenueDesk[] {
    return [...this.left.values()].map((l) => l.desk)
  }

  /** Decides them in order as the revoked desk's: how many were accepted and refused. */
  async take(name: string): Promise<Result<{ accepted: number; refused: number }>> {
    const left = this.named(name)
    if (left === undefined) return nothingLeft(name)
    this.left.delete(left.desk.id)
    const identity: DeskIdentity = { id: left.desk.id, name: left.desk.name, role: left.desk.role }
    const { authority, now } = this.ctx
    const decisions = await Promise.all(
      left.proposals.map((p) => authority.propose(proposalOf(identity, p), now, p.order)),
    ).catch((e: unknown) => messageOf(e))
    if (typeof decisions === 'string') return err('venue.decide', decisions)
    const accepted = decisions.filter((d) => d.kind === 'accepted').length
    const refused = decisions.length - accepted
    this.ctx.emit({ event: 'taken', desk: left.desk, accepted, refused })
    this.ctx.changed()
    return ok({ accepted, refused })
  }

  /** Lets them go, recorded as refused (`venue.dropped`): how many. */
  async drop(name: string): Promise<Result<number>> {
    const left = this.named(name)
    if (left === undefined) return nothingLeft(name)
    this.left.delete(left.desk.id)
    const identity: DeskIdentity = { id: left.desk.id, name: left.desk.name, role: left.desk.role }
    const { authority, now } = this.ctx
    const dropped = await Promise.all(
      left.proposals.map((p) =>
        // Refused once and for good, as an unreadable proposal is: journaled and published.
        authority.refuseUnreadable(
          identity,
          p._id,
          p.command,
          {
            code: 'venue.dropped',
            message: `The director let this go when ${left.desk.name} was revoked.`,
            details: { proposal: p._id, desk: left.desk.name },
          },
          now,
          p.order,
        ),
      ),
    ).catch((e: unknown) => messageOf(e))
    if (typeof dropped === 'string') return err('venue.decide', dropped)
    this.ctx.emit({ event: 'dropped', desk: left.desk, commands: dropped.length })
    this.ctx.changed()
    return ok(dropped.length)
  }

  /**
   * Said as the server closes: what nobody took or dropped goes with this authority (its outbox
   * is a memory database, and the revoked desk cannot send it again).
   */
  unsettled(): void {
    for (const { desk, proposals } of this.left.values()) {
      this.ctx.emit({
        event: 'error',
        code: 'venue.waiting-unsettled',
        message: `${desk.name}'s ${String(proposals.length)} waiting commands were neither taken nor dropped: they are let go as the authority stops.`,
      })
    }
    this.left.clear()
  }

  private named(name: string): Left | undefined {
    const wanted = name.replace(/\s+/g, ' ').trim().toLowerCase()
    return [...this.left.values()].find((l) => l.desk.name.toLowerCase() === wanted)
  }

  private describe(proposals: readonly OutboxProposal[]): readonly WaitingCommand[] {
    const state = this.ctx.authority.state().state
    return proposals.map((p) => ({
      proposal: p._id,
      order: p.order,
      command: p.command,
      description: described(p.command, state),
      madeAt: p.madeAt,
    }))
  }
}

/** A desk's command that `apply` would refuse may not describe either: its type then. */
function described(command: Command, state: TournamentState | undefined): string {
  try {
    return describeCommand(command, state)
  } catch {
    return `${String(command.type)} (not readable)`
  }
}

function nothingLeft(name: string): Result<never> {
  return err('venue.no-waiting', `No revoked desk named "${name.trim()}" left anything waiting.`)
}
