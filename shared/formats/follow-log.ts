import { ok, type Result } from '../result'
import { apply, LOG_START, resumeFold, type Checkpoint } from '../tournament/apply'
import { checkpointBefore } from '../tournament/checkpoints'
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

/** `refollowLog`'s answer: the new log folded from `from`, a checkpoint of both logs. */
export type Refollowed =
  | {
      readonly kind: 'refollowed'
      readonly log: readonly LoggedCommand[]
      readonly state: TournamentState
      /** The checkpoint the fold resumed at: those after it held for the old log only. */
      readonly from: Checkpoint
      /** The first position where the stored log differs from the held one. */
      readonly firstDifference: number
    }
  | { readonly kind: 'reload' }

/**
 * Brings a held log up to date from the whole stored log when the stored one no longer continues
 * it but shares a prefix with it (issue 21: a desk's pending command becomes the authority's
 * accepted one, with the authority's `seq` and time, so the last held command is not in the stored
 * log; folding 2000 players × 20 rounds again took 60 ms on every result). As in `followLog`, within
 * one generation the same command at one position means the same commands before it, so the
 * prefix is found from the end, and only the entries after it are checked. The fold resumes at the
 * latest of `checkpoints` (states along the held log) before the first difference and before any
 * command an undo or redo among the new entries names. `reload` when nothing is shared or the
 * resumed fold does not give a tournament: only a whole load names the problem then.
 */
export function refollowLog(
  tournamentId: string,
  held: HeldLog,
  stored: StoredTail,
  checkpoints: readonly Checkpoint[],
): Result<Refollowed, LogProblem> {
  if (held.state === undefined || stored.generation !== held.generation) {
    return ok({ kind: 'reload' })
  }
  let shared = Math.min(held.log.length, stored.log.length)
  while (shared > 0) {
    const heldEntry = held.log[shared - 1] as LoggedCommand
    const again = checkLogEntry(stored.log[shared - 1], shared - 1)
    if (again.ok && sameEntry(again.value, heldEntry)) break
    shared--
  }
  if (shared === 0) return ok({ kind: 'reload' })
  const read = checkLogEntries([...held.log.slice(0, shared), ...stored.log.slice(shared)], shared)
  if (!read.ok) return read
  const entries = read.value
  let resumeAt = shared
  for (const entry of entries.slice(shared)) {
    if (isLogControl(entry.command)) resumeAt = Math.min(resumeAt, entry.command.seq)
  }
  const from = checkpointBefore(checkpoints, resumeAt) ?? LOG_START
  const folded = resumeFold(tournamentId, entries, from)
  if (!folded.ok || folded.value === undefined) return ok({ kind: 'reload' })
  return ok({
    kind: 'refollowed',
    log: entries,
    state: folded.value,
    from,
    firstDifference: shared,
  })
}
