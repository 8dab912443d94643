import { err, ok, type Result, type RuleError } from '../result'
import { isLogControl, type Command, type LoggedCommand, type LogControl } from './commands'

export interface FoldError extends RuleError {
  /** The log position of the command that could not be applied. */
  readonly seq: number
}

const CONTROL_WORDS: Readonly<Record<LogControl['type'], string>> = {
  undo: 'Undo',
  redo: 'Redo',
  mendCommand: 'The mend',
}

function refuse(seq: number, code: string, message: string): Result<never, FoldError> {
  const failed = err(code, message, { details: { seq } })
  return failed.ok ? failed : { ok: false, error: { ...failed.error, seq } }
}

/** What the log's controls decide by its end: which commands count, and what some now say. */
export interface LogControls {
  /** The commands its undos cancel. */
  readonly cancelled: ReadonlySet<number>
  /** The commands mended (`mendCommand`): position → what it folds as, the latest mend's. */
  readonly mended: ReadonlyMap<number, Command>
}

/**
 * Which commands the log's undos have cancelled by its end. An undo names an earlier command that
 * is still in force (never the tournament's creation, never another undo or redo); a redo names a
 * command that an undo cancelled. Anything else is a damaged log, reported at the undo or redo.
 */
export function cancelledSeqs(
  log: readonly LoggedCommand[],
): Result<ReadonlySet<number>, FoldError> {
  const controls = logControls(log)
  return controls.ok ? ok(controls.value.cancelled) : controls
}

/**
 * `cancelledSeqs`, and the mends (issue 28): a mend names an earlier command that is no control,
 * with a command of the same type to fold in its place, so whatever came after it still reads as
 * it did (a result stays a result at its position). Mending it again replaces the first mend;
 * an undo names the command, never the mend, so what a mended command says is kept whole.
 */
export function logControls(log: readonly LoggedCommand[]): Result<LogControls, FoldError> {
  const cancelled = new Set<number>()
  const mended = new Map<number, Command>()
  for (const [index, entry] of log.entries()) {
    const command = entry.command
    if (!isLogControl(command)) continue
    const target = log[command.seq]
    if (!Number.isInteger(command.seq) || command.seq >= index || target === undefined) {
      return refuse(
        entry.seq,
        `${command.type}.target-missing`,
        `${CONTROL_WORDS[command.type]} of command ${command.seq + 1}, which comes later or does not exist.`,
      )
    }
    if (command.type === 'mendCommand') {
      if (isLogControl(target.command) || command.command.type !== target.command.type) {
        return refuse(
          entry.seq,
          'mendCommand.other-type',
          `The mend of command ${command.seq + 1} gives a ${command.command.type} for a ${target.command.type}: a mend puts fields right and keeps the command's type.`,
        )
      }
      mended.set(command.seq, command.command)
      continue
    }
    if (isLogControl(target.command) || target.command.type === 'createTournament') {
      return refuse(
        entry.seq,
        'undo.not-undoable',
        `Command ${command.seq + 1} cannot be undone: it is ${target.command.type === 'createTournament' ? "the tournament's creation" : 'an undo, a redo or a mend (redo or mend the command instead)'}.`,
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
  return ok({ cancelled, mended })
}
