import { err, ok, type Result } from '../result'

/**
 * The one rule for a tournament id, used wherever an id crosses a boundary: the tournament file
 * reader, the backup folders (the id names a folder on disk), the projector window's address and
 * the desktop bridge. Rackside makes UUIDs; a file named by hand may carry any safe file-name stem
 * (`spring_open_2026`). Nothing that could climb out of a folder (`..`, `/`) or carry a URL.
 */
export const TOURNAMENT_ID_MAX_LENGTH = 100

const FIRST = /^[A-Za-z0-9]/
const REST = /^[A-Za-z0-9_-]*$/

/** The id when it follows the rule, or why not, in words a director can act on. */
export function checkTournamentId(id: unknown): Result<string> {
  if (typeof id !== 'string') {
    return err('tournament-id.not-text', `A tournament id is text, not ${describe(id)}.`)
  }
  const shown = JSON.stringify(id.slice(0, 40)) + (id.length > 40 ? '…' : '')
  if (id.length === 0) return err('tournament-id.empty', 'A tournament id cannot be empty.')
  if (id.length > TOURNAMENT_ID_MAX_LENGTH) {
    return err(
      'tournament-id.too-long',
      `The tournament id ${shown} has ${id.length} characters; at most ${TOURNAMENT_ID_MAX_LENGTH} are allowed.`,
      { details: { length: id.length } },
    )
  }
  if (!FIRST.test(id)) {
    return err(
      'tournament-id.first',
      `The tournament id ${shown} must start with a letter or a digit.`,
    )
  }
  if (!REST.test(id)) {
    const bad = [...id].find((c) => !REST.test(c)) ?? ''
    return err(
      'tournament-id.characters',
      `The tournament id ${shown} holds ${JSON.stringify(bad)}: use letters, digits, '-' and '_' only.`,
      { details: { character: bad } },
    )
  }
  return ok(id)
}

export function isTournamentId(id: unknown): id is string {
  return checkTournamentId(id).ok
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  return typeof value
}
