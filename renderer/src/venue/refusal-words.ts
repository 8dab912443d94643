/*
 * The sentence a desk shows when the authority refuses what was typed there (issue 21), on a
 * browser desk (stores/venue.ts) and in the director's own windows (stores/share.ts) alike.
 */
import type { RuleError } from '../../../shared/result'
import type { Command } from '../../../shared/tournament/commands'
import { describeCommand } from '../../../shared/tournament/describe'
import type { TournamentState } from '../../../shared/tournament/types'
import { errorText } from '../i18n/messages'

/**
 * "`refuser` refused `what was typed`: `why`", the players named as the hall knows them, by name
 * and number from the desk's own state (issue 27: "#3" alone told the operator nothing).
 */
export function refusalText(
  refuser: string,
  command: Command | undefined,
  error: RuleError,
  state: TournamentState | undefined,
): string {
  const what = command === undefined ? 'a command' : describeCommand(command, state)
  return `${refuser} refused ${what}: ${errorText(error)}`
}
