/*
 * What cancelling the command a stored log stops at would do, said before the director clicks
 * (issue 28: the recovery view's "Cancel command N" renumbered every player registered after a
 * cancelled registration, so the results after it went to other players, and each click only
 * moved the stop to the next command). The recovery view asks this and offers the cancel only
 * when it opens the log with every player keeping his number.
 */
import type { RuleError } from '../result'
import { fold } from '../tournament/apply'
import { cancelledSeqs } from '../tournament/cancel'
import type { Command, LoggedCommand } from '../tournament/commands'

export const CANCEL_OUTCOMES = ['opens', 'renumbers', 'stops-later', 'not-cancellable'] as const
export type CancelOutcome = (typeof CANCEL_OUTCOMES)[number]

export type CancelPreview =
  | { readonly outcome: 'opens' }
  /** Players registered after it in its division would each take the number before theirs. */
  | {
      readonly outcome: 'renumbers'
      readonly division: string
      /** How many later registrations (commands) of that division would be renumbered. */
      readonly later: number
    }
  /** The log would still not open: it would stop at command `seq` (0-based) for `error`. */
  | { readonly outcome: 'stops-later'; readonly seq: number; readonly error: RuleError }
  /** The creation, an undo or a redo, or a position the log does not hold. */
  | { readonly outcome: 'not-cancellable' }

/** The divisions a registration command numbers players in. */
function registersIn(command: Command): readonly string[] {
  if (command.type === 'registerPlayer') return [command.division]
  if (command.type === 'registerPlayers') {
    return [...new Set(command.players.map((p) => p.division ?? command.division))]
  }
  return []
}

/**
 * Cancelling `log[seq]` with an undo stamped `at`: whether the log then opens, renumbers players
 * (a registration with later registrations in its division still in force), or stops later.
 */
export function previewCancel(
  tournamentId: string,
  log: readonly LoggedCommand[],
  seq: number,
  at: string,
): CancelPreview {
  const target = log[seq]
  if (
    target === undefined ||
    seq === 0 ||
    target.command.type === 'createTournament' ||
    target.command.type === 'undo' ||
    target.command.type === 'redo'
  ) {
    return { outcome: 'not-cancellable' }
  }
  const cancelled = cancelledSeqs(log)
  const undone = cancelled.ok ? cancelled.value : new Set<number>()
  for (const division of registersIn(target.command)) {
    const later = log
      .slice(seq + 1)
      .filter((e) => !undone.has(e.seq) && registersIn(e.command).includes(division)).length
    if (later > 0) return { outcome: 'renumbers', division, later }
  }
  const folded = fold(tournamentId, [
    ...log,
    { seq: log.length, at, command: { type: 'undo', seq } },
  ])
  if (folded.ok) return { outcome: 'opens' }
  const { seq: stop, ...error } = folded.error
  return { outcome: 'stops-later', seq: stop, error }
}
