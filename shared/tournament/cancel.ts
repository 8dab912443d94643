import { err, ok, type Result, type RuleError } from '../result'
import { isLogControl, type LoggedCommand } from './commands'

export interface FoldError extends RuleError {
  /** The log position of the command that could not be applied. */
  readonly seq: number
}

function refuse(seq: number, code: string, message: string): Result<never, FoldError> {
  const failed = err(code, message, { details: { seq } })
  return failed.ok ? failed : { ok: false, error: { ...failed.error, seq } }
}

/**
 * Which commands the log's undos have cancelled by its end. An undo names an earlier command that
 * is still in force (never the tournament's creation, never another undo or redo); a redo names a
 * command that an undo cancelled. Anything else is a damaged log, reported at the undo or redo.
 */
export function cancelledSeqs(
  log: readonly LoggedCommand[],
): Result<ReadonlySet<number>, FoldError> {
  const cancelled = new Set<number>()
  for (const [index, entry] of log.entries()) {
    const command = entry.command
    if (!isLogControl(command)) continue
    const target = log[command.seq]
    if (!Number.isInteger(command.seq) || command.seq >= index || target === undefined) {
      return refuse(
        entry.seq,
        `${command.type}.target-missing`,
        `${command.type === 'undo' ? 'Undo' : 'Redo'} of command ${command.seq + 1}, which comes later or does not exist.`,
      )
    }
    if (isLogControl(target.command) || target.command.type === 'createTournament') {
      return refuse(
        entry.seq,
        'undo.not-undoable',
        `Command ${command.seq + 1} cannot be undone: it is ${target.command.type === 'createTournament' ? "the tournament's creation" : 'an undo or redo (redo the command instead)'}.`,
      )
    }
    switch (command.type) {
      case 'undo':
        if (cancelled.has(command.seq)) {
          return refuse(
            entry.seq,
            'undo.already-undone',
            `Command ${command.seq + 1} is already undone.`,
          )
        }
        cancelled.add(command.seq)
        break
      case 'redo':
        if (!cancelled.delete(command.seq)) {
          return refuse(
            entry.seq,
            'redo.not-undone',
            `Command ${command.seq + 1} is not undone, so there is nothing to redo.`,
          )
        }
        break
    }
  }
  return ok(cancelled)
}
