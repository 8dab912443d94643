/*
 * What the History screen offers beside each command of the log (issue 13: nothing leaves the
 * log; an undo is a command of its own and the command it cancelled stays, marked undone).
 */
import type { DescribedEntry } from '../tournament/describe'
import { isDesksOwn } from '../tournament/log'

export const HISTORY_ACTIONS = ['undo', 'confirm-undo', 'redo', 'none'] as const
export type HistoryAction = (typeof HISTORY_ACTIONS)[number]

/**
 * Undo for a command in force (not an undo or redo, not the tournament's creation, which the
 * tournament list deletes): at once for this desk's own, after a confirmation naming the desk
 * for another desk's; Redo for a command an undo cancelled; nothing for an undo or redo itself.
 */
export function historyAction(
  entry: Pick<DescribedEntry, 'seq' | 'desk' | 'undoneBy' | 'target'>,
  desk: string,
): HistoryAction {
  if (entry.undoneBy !== null) return 'redo'
  if (entry.seq === 0 || entry.target !== null) return 'none'
  return isDesksOwn(entry.desk, desk) ? 'undo' : 'confirm-undo'
}
