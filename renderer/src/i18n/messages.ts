import type { RuleError } from '../../../shared/result'

/**
 * The words the desk sees for each stable error code. The rules engine's own message (which may
 * name a player or a line) is used where a code has no entry here or the detail matters.
 */
const MESSAGES: Readonly<Record<string, string>> = {
  'player.name.empty': 'Enter the player’s name.',
  'player.rating.not-a-number': 'The rating must be a whole number (leave it empty if unrated).',
  'player.rating.negative': 'The rating cannot be negative.',
  'tournament.name.empty': 'Give the tournament a name.',
  'division.name.empty': 'Give the division a name.',
}

/** Codes whose engine message is more precise than the generic text (it names the other player). */
const PREFER_ENGINE_MESSAGE = new Set([
  'player.member-id.duplicate',
  'division.name.duplicate',
  // The store's refusal says what the other window changed (issue 13).
  'storage.conflict',
  'storage.replaced',
])

export function errorText(error: RuleError): string {
  if (PREFER_ENGINE_MESSAGE.has(error.code)) return error.message
  return MESSAGES[error.code] ?? error.message
}
