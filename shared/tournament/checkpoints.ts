/**
 * The states a window keeps along its log so an undo or redo folds only the commands after the one
 * it names (issue 20: at 2000 players × 20 rounds a whole fold is 22,000 commands). A checkpoint
 * (`Checkpoint` in apply.ts) holds the state before a log position; states share everything a
 * command did not change, so keeping a few costs little.
 *
 * A checkpoint stays true while the log only grows by commands. An undo or redo changes which
 * commands are in force from the one it names on: the checkpoints after that command are dropped
 * (`afterControl`), those before it still hold.
 */
import type { Checkpoint } from './apply'
import type { TournamentState } from './types'
import { isLogControl, type LoggedCommand } from './commands'

export interface CheckpointPolicy {
  /** How many of the newest checkpoints are kept: the commands a desk undoes most. */
  readonly recent: number
  /** Older ones are kept only at multiples of this, so an old command is never far from one. */
  readonly every: number
}

/** The newest 16 commands, and one every 1000 (about 7 ms of folding at 2000 players). */
export const CHECKPOINTS: CheckpointPolicy = { recent: 16, every: 1000 }

/**
 * `list` with `added` (one at the same position is replaced), oldest first, thinned by `policy`:
 * the `recent` newest, and the older ones at multiples of `every`.
 */
export function withCheckpoint(
  list: readonly Checkpoint[],
  added: Checkpoint,
  policy: CheckpointPolicy = CHECKPOINTS,
): Checkpoint[] {
  const all = [...list.filter((c) => c.at !== added.at), added].sort((a, b) => a.at - b.at)
  const firstRecent = all.length - policy.recent
  return all.filter((c, i) => i >= firstRecent || c.at % policy.every === 0)
}

/**
 * The checkpoints after `entry` is stored onto the log, the state before it being `before`: a
 * command adds the checkpoint before itself; an undo or redo adds none (the state before it
 * still counts the command it names) and drops those after the command it names.
 */
export function checkpointsAfter(
  list: readonly Checkpoint[],
  entry: LoggedCommand,
  before: TournamentState | undefined,
  policy: CheckpointPolicy = CHECKPOINTS,
): Checkpoint[] {
  const command = entry.command
  if (isLogControl(command)) return afterControl(list, command.seq)
  return withCheckpoint(list, { at: entry.seq, state: before }, policy)
}

/**
 * Where a window that opened a log of `length` commands puts its checkpoints, folding the log
 * again a piece at a time while the desk is idle: every `every` commands, and the `recent` last.
 */
export function warmUpPositions(length: number, policy: CheckpointPolicy = CHECKPOINTS): number[] {
  const at = new Set<number>()
  for (let p = policy.every; p < length; p += policy.every) at.add(p)
  for (let p = Math.max(1, length - policy.recent); p < length; p++) at.add(p)
  return [...at].sort((a, b) => a - b)
}

/** The checkpoints still true after an undo or redo of the command at `seq` is appended. */
export function afterControl(list: readonly Checkpoint[], seq: number): Checkpoint[] {
  return list.filter((c) => c.at <= seq)
}

/** The latest checkpoint at or before position `seq`, if any. */
export function checkpointBefore(list: readonly Checkpoint[], seq: number): Checkpoint | undefined {
  let found: Checkpoint | undefined
  for (const c of list) if (c.at <= seq && (found === undefined || c.at > found.at)) found = c
  return found
}
