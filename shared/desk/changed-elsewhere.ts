/**
 * What another window changed in the log this window held (a second desk, or a log replaced from
 * a file), in the log's words, and the refusal a command entered on the old log gets: the director
 * was looking at another log and checks before entering it again.
 */
import type { LoggedCommand } from '../tournament/commands'
import { describeLog, type DescribeOptions } from '../tournament/describe'
import { sharedPrefix } from '../tournament/log'

export const CHANGE_REASONS = ['replaced', 'changed'] as const
export type ChangeReason = (typeof CHANGE_REASONS)[number]

export interface ChangedElsewhere {
  /** `replaced`: the log was replaced from a file; `changed`: another window wrote or undid. */
  readonly reason: ChangeReason
  /** The stored commands this window had not seen, in the log's words, oldest first. */
  readonly added: readonly string[]
  /** How many commands this window held that the stored log no longer has (after a replace). */
  readonly dropped: number
}

/** The change from `held` to `stored` (the log read again), History's words for what is new. */
export function changedElsewhere(
  tournamentId: string,
  held: readonly LoggedCommand[],
  stored: readonly LoggedCommand[],
  replaced: boolean,
  options: DescribeOptions = {},
): ChangedElsewhere {
  const common = sharedPrefix(held, stored)
  const texts = describeLog(tournamentId, stored, options)
  return {
    reason: replaced ? 'replaced' : 'changed',
    added: texts.slice(common).map((entry) => `#${entry.seq + 1} ${entry.text}`),
    dropped: held.length - common,
  }
}

/** A refusal that says what changed, so the director checks before entering it again. */
export function changedElsewhereRefusal(change: ChangedElsewhere): string {
  const what =
    change.reason === 'replaced'
      ? 'This tournament was replaced from a file in another window'
      : 'Another window changed this tournament first'
  const added = change.added.length === 0 ? '' : ` New there: ${change.added.join('; ')}.`
  const dropped = change.dropped === 0 ? '' : ` ${change.dropped} command(s) seen here are gone.`
  return `Not saved. ${what}.${added}${dropped} The screen now shows the saved log: check it and enter again.`
}
