/**
 * Reading a stored log again after another window changed it (issue 20: the folding used to live
 * in the tournament store). The stored entries are checked as a file's are (tournament-file.ts);
 * when they only extend the log this window holds, only the new commands are checked and
 * applied, so a projector follows a 10 000-command event cheaply.
 */
import { ok, type Result } from '../result'
import { apply } from '../tournament/apply'
import { isLogControl, type LoggedCommand } from '../tournament/commands'
import { fingerprint } from '../tournament/log'
import type { TournamentState } from '../tournament/types'
import {
  checkLog,
  checkLogEntries,
  checkLogEntry,
  type CheckedLog,
  type LogProblem,
} from './tournament-file'

/** The log a window holds: its commands, their fold, and the generation it was read in. */
export interface HeldLog {
  readonly log: readonly LoggedCommand[]
  readonly state: TournamentState | undefined
  readonly generation: number
}

/**
 * Whether the stored entries hold, at its place, the last command this window holds. Within one
 * generation a log only grows (an undo is appended too), so the same last command means the same
 * whole prefix.
 */
export function storedHoldsLast(
  stored: readonly unknown[],
  held: readonly LoggedCommand[],
): boolean {
  const at = held.length - 1
  const last = held[at]
  const checked = checkLogEntry(stored[at], at)
  if (!checked.ok || last === undefined) return false
  try {
    return fingerprint(checked.value) === fingerprint(last)
  } catch {
    // A field the shape check lets through (an extra key) that JSON cannot write.
    return false
  }
}

/**
 * The stored entries' log and state. When they extend what the window holds (same generation,
 * same last command, nothing new that is an undo or redo) only the new commands are applied;
 * otherwise (first load, an undo, a replace) the whole log is checked and folded again, as is a
 * new command that does not apply, so the answer is always that of `checkLog`.
 */
export function foldStoredLog(
  tournamentId: string,
  stored: readonly unknown[],
  storedGeneration: number,
  held: HeldLog,
): Result<CheckedLog, LogProblem> {
  const prefixHeld =
    held.state !== undefined &&
    held.log.length > 0 &&
    storedGeneration === held.generation &&
    storedHoldsLast(stored, held.log)
  const read = checkLogEntries(stored, prefixHeld ? held.log.length : 0)
  if (!read.ok) return read
  const entries = read.value
  const added = entries.slice(held.log.length)
  const extendsHeld = prefixHeld && !added.some((entry) => isLogControl(entry.command))
  if (!extendsHeld || held.state === undefined) return checkLog(tournamentId, entries)
  let next: TournamentState = held.state
  for (const entry of added) {
    const applied = apply(next, entry.command, tournamentId)
    if (!applied.ok) return checkLog(tournamentId, entries)
    next = applied.value
  }
  return ok({ log: entries, state: next })
}
