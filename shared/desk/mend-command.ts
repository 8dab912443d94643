/*
 * Mending the command a stored log stops at (issue 28, "Files and faults" item 5): the director
 * puts the one wrong value right (a score, a name, a table, a round) and the log opens with every
 * later command kept and every player keeping his number, where cancelling it may renumber the
 * players or strip the event.
 *
 * How a mend is recorded: the log is append-only, so the mend is a command of its own at the end
 * (`mendCommand { seq, command }`), a log control like undo, which the fold applies in place of
 * command `seq` (shared/tournament/cancel.ts, `logControls`). The command as first stored stays in
 * the log, so History and the audit show it, and the mend says what it changed. Rewriting the
 * stored command instead would lose what was typed and break every desk's fingerprint of the log.
 */
import { err, ok, type Result, type RuleError } from '../result'
import { fold } from '../tournament/apply'
import { isLogControl, type Command, type LoggedCommand } from '../tournament/commands'
import { fieldValue, mendFields, withField, type MendField } from '../tournament/mend'

export const MEND_OUTCOMES = ['opens', 'still-refused', 'stops-later', 'not-mendable'] as const
export type MendOutcome = (typeof MEND_OUTCOMES)[number]

export type MendPreview =
  | { readonly outcome: 'opens' }
  /** The mended command itself is still refused, for `error`. */
  | { readonly outcome: 'still-refused'; readonly error: RuleError }
  /** It applies, but the log stops later: at command `seq` (0-based) for `error`. */
  | { readonly outcome: 'stops-later'; readonly seq: number; readonly error: RuleError }
  /** A control, a command of another type, or a position the log does not hold. */
  | { readonly outcome: 'not-mendable' }

/** The command to append for mending `log[seq]` to say `mended`. */
export const mendOf = (seq: number, mended: Command): Command => ({
  type: 'mendCommand',
  seq,
  command: mended,
})

/**
 * Mending `log[seq]` to `mended` with a mend stamped `at`: whether the log then opens, the mended
 * command is still refused, or the log stops at a later command.
 */
export function previewMend(
  tournamentId: string,
  log: readonly LoggedCommand[],
  seq: number,
  mended: Command,
  at: string,
): MendPreview {
  const target = log[seq]
  if (target === undefined || isLogControl(target.command) || mended.type !== target.command.type) {
    return { outcome: 'not-mendable' }
  }
  const folded = fold(tournamentId, [...log, { seq: log.length, at, command: mendOf(seq, mended) }])
  if (folded.ok) return { outcome: 'opens' }
  const { seq: stop, ...error } = folded.error
  return stop === seq
    ? { outcome: 'still-refused', error }
    : { outcome: 'stops-later', seq: stop, error }
}

/** The form's fields of `command` with their values as typed text (empty for a damaged one). */
export function mendForm(
  command: Command,
): readonly { readonly field: MendField; readonly text: string }[] {
  return mendFields(command).map((field) => ({
    field,
    text: String(fieldValue(command, field) ?? ''),
  }))
}

/**
 * `command` with the form's texts (by field id) put in: a number field must hold a whole number
 * (every number a mend reaches is one: scores, tables, rounds, ratings, points), named if not.
 */
export function mendFromForm(
  command: Command,
  texts: Readonly<Partial<Record<string, string>>>,
): Result<Command> {
  let mended = command
  for (const field of mendFields(command)) {
    const text = (texts[field.id] ?? '').trim()
    if (field.kind === 'text') {
      mended = withField(mended, field, text)
      continue
    }
    if (!/^-?\d+$/.test(text)) {
      return err('mend.not-a-number', `The ${field.label} must be a whole number, not “${text}”.`, {
        field: field.id,
        details: { label: field.label },
      })
    }
    mended = withField(mended, field, Number(text))
  }
  return ok(mended)
}
