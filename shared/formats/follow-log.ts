import { ok, type Result } from '../result'
import { apply } from '../tournament/apply'
import { isLogControl, type LoggedCommand } from '../tournament/commands'
import { fingerprint } from '../tournament/log'
import type { TournamentState } from '../tournament/types'
import { checkLog, checkLogEntries, checkLogEntry, type LogProblem } from './tournament-file'

/** What a window holds of a stored log: its commands, their fold and the log's generation. */
export interface HeldLog {
  readonly log: readonly LoggedCommand[]
  readonly state: TournamentState | undefined
  readonly generation: number
}

/**
 * The stored entries from the last command the window holds on (`readFrom(id, held.length - 2)`),
 * unchecked, with the stored generation. The first entry is the held last command, read again so a
 * log changed under the window is noticed.
 */
export interface StoredTail {
  readonly log: readonly unknown[]
  readonly generation: number
}

/**
 * `followed`: the new log and its state, `refolded` when the whole log had to be folded again;
 * `reload`: the tail does not continue what the window holds (a replace from a file, another
 * generation, a different last command), so only the whole stored log can say where things stand.
 */
export type Followed =
  | {
      readonly kind: 'followed'
      readonly log: readonly LoggedCommand[]
      readonly state: TournamentState
      readonly added: number
      readonly refolded: boolean
    }
  | { readonly kind: 'reload' }

/** The seq `readFrom` must read after, so the tail starts with the held last command. */
export function tailAfter(held: HeldLog): number {
  return held.log.length - 2
}

/**
 * Brings a held log up to date from the commands stored after it (issue 19: the projector of a
 * 2000-player event re-read and re-checked the whole log on every result). Within one generation a
 * log only grows, so the same last command means the same prefix: only the new entries are checked
 * (as a file is, issue 20) and applied to the held state. An undo or redo among them changes
 * history, so then, and only then, the whole log is folded again; a command that does not apply is
 * refolded too, so the problem is named as on a full load. Never throws.
 */
export function followLog(
  tournamentId: string,
  held: HeldLog,
  tail: StoredTail,
): Result<Followed, LogProblem> {
  const last = held.log.at(-1)
  const state = held.state
  if (last === undefined || state === undefined || tail.generation !== held.generation) {
    return ok({ kind: 'reload' })
  }
  const at = held.log.length - 1
  const again = checkLogEntry(tail.log[0], at)
  if (!again.ok || !sameEntry(again.value, last)) return ok({ kind: 'reload' })
  const read = checkLogEntries([...held.log, ...tail.log.slice(1)], held.log.length)
  if (!read.ok) return read
  const entries = read.value
  const added = entries.slice(held.log.length)
  if (added.some((entry) => isLogControl(entry.command)))
    return refold(tournamentId, entries, held.log.length)
  let next = state
  for (const entry of added) {
    const applied = apply(next, entry.command, tournamentId)
    if (!applied.ok) return refold(tournamentId, entries, held.log.length)
    next = applied.value
  }
  return ok({ kind: 'followed', log: entries, state: next, added: added.length, refolded: false })
}

function refold(
  tournamentId: string,
  entries: readonly LoggedCommand[],
  heldLength: number,
): Result<Followed, LogProblem> {
  const checked = checkLog(tournamentId, entries)
  if (!checked.ok) return checked
  const { log, state } = checked.value
  // A log that held a tournament still holds one: the first command is never undone.
  if (state === undefined) return ok({ kind: 'reload' })
  return ok({ kind: 'followed', log, state, added: log.length - heldLength, refolded: true })
}

function sameEntry(a: LoggedCommand, b: LoggedCommand): boolean {
  try {
    return fingerprint(a) === fingerprint(b)
  } catch {
    // A field the shape check lets through (an extra key) that JSON cannot write.
    return false
  }
}
