/*
 * The fields of a stored command a director may put right in place (issue 28: a log refused on
 * replay for one wrong value, mended with `mendCommand`), and what a mend changed, in words, for
 * History. One table for the recovery view's form and History's line, so they name a field alike.
 */
import type { Command } from './commands'

/** A path into a command: object keys and array positions. */
export type FieldPath = readonly (string | number)[]

export const MEND_FIELD_KINDS = ['number', 'text'] as const
export type MendFieldKind = (typeof MEND_FIELD_KINDS)[number]

export interface MendField {
  /** Stable within the command: the form's input id and History's key. */
  readonly id: string
  readonly path: FieldPath
  /** As History and the form name it: "score of #3", "name", "round". */
  readonly label: string
  readonly kind: MendFieldKind
}

const field = (path: FieldPath, label: string, kind: MendFieldKind = 'number'): MendField => ({
  id: path.join('.'),
  path,
  label,
  kind,
})

/**
 * The fields of `command` a mend may change here: the values a director types and mistypes (a
 * score, a table, a round, a name, a rating, a penalty's points). Which player or division a
 * command names is left out: changing it is another command, not a typing slip put right.
 */
export function mendFields(command: Command): readonly MendField[] {
  switch (command.type) {
    case 'recordResult':
    case 'correctResult': {
      const fields: MendField[] = [field(['round'], 'round')]
      if ('table' in command.game) fields.push(field(['game', 'table'], 'table'))
      const result = command.result
      switch (result.kind) {
        case 'played':
          fields.push(
            field(['result', 'rawScores', 0], `score of #${String(result.players[0])}`),
            field(['result', 'rawScores', 1], `score of #${String(result.players[1])}`),
          )
          break
        case 'bye':
        case 'forfeit':
        case 'doubleForfeit':
          fields.push(field(['result', 'spread'], 'spread'))
          break
        case 'unplayed':
          break
      }
      return fields
    }
    case 'registerPlayer':
    case 'editPlayer':
      return [field(['player', 'name'], 'name', 'text'), field(['player', 'rating'], 'rating')]
    case 'assignPenalty':
      return [field(['round'], 'round'), field(['points'], 'points')]
    case 'issueWarning':
      return [field(['round'], 'round')]
    case 'withdrawPlayer':
      return [field(['fromRound'], 'first round missed')]
    case 'createTournament':
    case 'editTournamentInfo':
    case 'changeRules':
    case 'addDivision':
    case 'registerPlayers':
    case 'reinstatePlayer':
    case 'checkIn':
    case 'cancelCheckIn':
    case 'setPairingPlan':
    case 'setContention':
    case 'setDoNotPair':
    case 'setPrizes':
    case 'setTableOffset':
    case 'setRatingSystem':
    case 'setPaperSize':
    case 'pairRound':
    case 'editPairing':
    case 'unpairRound':
    case 'publishRound':
    case 'startRound':
    case 'markAbsent':
    case 'recordArrival':
    case 'overrideStarter':
    case 'undo':
    case 'redo':
    case 'renameDivision':
    case 'deleteRegistration':
    case 'movePlayer':
    case 'reserveTable':
    case 'updateRatings':
    case 'setRanking':
    case 'setPhoneAccess':
    case 'mergeDivisions':
    case 'mendCommand':
    case 'splitDivision':
    case 'phoneResult':
      return []
  }
}

function valueAt(value: unknown, path: FieldPath): unknown {
  let at = value
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined
    at = (at as Record<string | number, unknown>)[key]
  }
  return at
}

function withValueAt(value: unknown, path: FieldPath, next: unknown): unknown {
  const [key, ...rest] = path
  if (key === undefined) return next
  if (Array.isArray(value)) {
    return value.map((item, i) => (i === key ? withValueAt(item, rest, next) : item))
  }
  const record = (value ?? {}) as Record<string, unknown>
  return { ...record, [key]: withValueAt(record[String(key)], rest, next) }
}

/** The field's value in `command`: a number or text, else undefined (a damaged command). */
export function fieldValue(command: Command, mendField: MendField): string | number | undefined {
  const value = valueAt(command, mendField.path)
  return typeof value === 'number' || typeof value === 'string' ? value : undefined
}

/**
 * `command` with one field set. A played game's score after the overtime penalty follows its slip
 * score, the penalty kept, so the mended result is one the rules would have written.
 */
export function withField(command: Command, mendField: MendField, value: string | number): Command {
  const next = withValueAt(command, mendField.path, value) as Command
  const [first, second, index] = mendField.path
  if (
    first === 'result' &&
    second === 'rawScores' &&
    typeof index === 'number' &&
    typeof value === 'number' &&
    (next.type === 'recordResult' || next.type === 'correctResult') &&
    next.result.kind === 'played' &&
    (command.type === 'recordResult' || command.type === 'correctResult') &&
    command.result.kind === 'played'
  ) {
    const penalty = (command.result.rawScores[index] ?? 0) - (command.result.scores[index] ?? 0)
    return withValueAt(next, ['result', 'scores', index], value - penalty) as Command
  }
  return next
}

export interface FieldChange {
  readonly label: string
  readonly from: string | number | undefined
  readonly to: string | number | undefined
}

/** The mend-form fields `mended` changes in `original`, in the form's order. */
export function mendChanges(original: Command, mended: Command): readonly FieldChange[] {
  return mendFields(original)
    .map((f) => ({ label: f.label, from: fieldValue(original, f), to: fieldValue(mended, f) }))
    .filter((change) => change.from !== change.to)
}

const shown = (value: string | number | undefined): string =>
  value === undefined ? 'nothing' : typeof value === 'string' ? `“${value}”` : String(value)

/** "score of #3 4120 → 412, table 4 → 5", or '' when no form field changed. */
export function mendWords(original: Command, mended: Command): string {
  return mendChanges(original, mended)
    .map((c) => `${c.label} ${shown(c.from)} → ${shown(c.to)}`)
    .join(', ')
}
