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
  // The authority's refusals on the venue network (issue 21, shared/authority/proposal.ts).
  'authority.unknown-head':
    'This desk holds another copy of the event (a file was opened or imported on the director’s laptop): reload the event, then enter it again.',
  'authority.duplicate':
    'This desk sent a different command under an id it had already used: reload the page and enter it again.',
  'authority.not-own': 'Another desk entered this: only that desk or the director’s can undo it.',
  'authority.read-only': 'This screen only shows the event: enter commands at a desk.',
  'authority.proposal-id':
    'This desk sent a command without its id: reload the page and enter it again.',
  // Issue 27: a registration's key taken already is a desk's bug; the engine's words are shown
  // for the others, which name what changed (PREFER_ENGINE_MESSAGE).
  'player.key-taken': 'This registration could not be numbered: register the player again.',
}

/** Codes whose engine message is more precise than the generic text (it names the other player). */
const PREFER_ENGINE_MESSAGE = new Set([
  'player.member-id.duplicate',
  'division.name.duplicate',
  // The store's refusal says what the other window changed (issue 13).
  'storage.conflict',
  'storage.replaced',
  // Names the commands the desk had not seen (issue 21).
  'authority.stale-head',
  // Issue 27: each names the player, table or result that changed, and who changed it.
  'authority.unknown-player',
  'authority.re-paired',
  'authority.ambiguous-player',
  'authority.same-name',
  'authority.result-changed',
  'player.key-mismatch',
])

export function errorText(error: RuleError): string {
  if (PREFER_ENGINE_MESSAGE.has(error.code)) return error.message
  return MESSAGES[error.code] ?? error.message
}
