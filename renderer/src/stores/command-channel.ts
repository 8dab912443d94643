/*
 * Where the tournament store's commands go and where its log comes from (issue 27: "a desk
 * proposes through an interface of its own"). On one laptop a command is stored, onto the head the
 * window holds, and the log is what is stored (`localChannel`, over the repository). On the venue
 * network a command is proposed to the authority and the log is what the authority accepted
 * (`createVenueChannel`, renderer/src/venue/venue-channel.ts, over the link); what this desk
 * proposed and is still waiting for is `pending`, which the store shows on top of the accepted
 * log, applied once.
 */
import { ok, type Result } from '../../../shared/result'
import type { BuiltOn } from '../../../shared/authority/proposal'
import type { Command, LoggedCommand } from '../../../shared/tournament/commands'
import type { LogHead, StoredLog, TournamentSummary } from '../db/repository'
import { repository } from './repository'

/** One of this window's commands handed on but not in the log yet (an `OutboxProposal`). */
export interface PendingCommand {
  readonly _id: string
  readonly builtOn: BuiltOn
  readonly command: Command
  /** The desk's clock when typed, ISO: the time shown while it waits. */
  readonly madeAt: string
}

/** What the store holds as it sends a command: the shown log's head, the accepted log under it. */
export interface SentOn {
  /** The head of the log the window shows (the accepted log, then its pending commands). */
  readonly head: LogHead
  /** The accepted (stored) log the window holds, without its pending commands. */
  readonly accepted: readonly LoggedCommand[]
  /** The ids of the pending commands the window shows, in order. */
  readonly pending: readonly string[]
}

/** `stored`: the command is in the log; `proposed`: it waits, pending, for the authority. */
export type Sent = { readonly kind: 'stored' } | { readonly kind: 'proposed'; readonly id: string }

export interface CommandChannel {
  /** The whole log with its generation, unchecked, or undefined when there is no such event. */
  loadStored(tournamentId: string): Promise<StoredLog | undefined>
  /** Only the entries with `seq` > `afterSeq` (`TournamentRepository.readFrom`). */
  readFrom(tournamentId: string, afterSeq: number): Promise<StoredLog | undefined>
  /**
   * Hands on `entry`, checked by the store on the log it shows (`on`): refused with the
   * repository's codes (`storage.conflict`, `storage.replaced`, `storage.failed`) or the venue's.
   */
  send(
    tournamentId: string,
    entry: LoggedCommand,
    summary: TournamentSummary,
    on: SentOn,
  ): Promise<Result<Sent>>
  /** This window's commands handed on and not yet decided, in order; none where it stores. */
  pending?(tournamentId: string): Promise<readonly PendingCommand[]>
}

/** One laptop: the repository is the log, and a command is stored onto the head the window holds. */
export function localChannel(): CommandChannel {
  return {
    loadStored: (tournamentId) => repository().loadStored(tournamentId),
    readFrom: (tournamentId, afterSeq) => repository().readFrom(tournamentId, afterSeq),
    async send(tournamentId, entry, summary, on) {
      const saved = await repository().append(tournamentId, entry, summary, on.head)
      return saved.ok ? ok({ kind: 'stored' }) : saved
    },
  }
}

let current: CommandChannel | undefined

/** The venue's windows set theirs while on the venue network; `undefined` goes back to local. */
export function setChannel(channel: CommandChannel | undefined): void {
  current = channel
}

export function channel(): CommandChannel {
  return current ?? localChannel()
}
