import type { DeskRole } from '../../../shared/authority/proposal'
import { rolesFor } from '../../../shared/authority/roles'
import { FINDING_CODES, GENERATE_CODES } from '../../../shared/pairing/conformance/codes'
import type { RuleError } from '../../../shared/result'
import type { CommandType } from '../../../shared/tournament/commands'

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
  // The port the director types before sharing (issue 27, shared/venue/venue-port.ts).
  'venue.port.range': 'The port must be a whole number from 1024 to 65535.',
  'venue.port.not-a-number': 'The port must be a whole number from 1024 to 65535.',
  // Issue 28 (faults item 7): the stores' own refusals said "No tournament." and "The log still
  // does not fold."; the engine's sentences for the others are listed in engine-sentences.ts.
  'tournament.none-open': 'No tournament is open: open one on the Tournaments screen.',
  'log.does-not-fold':
    'The event still does not open from its log: the recovery view names the command that stops it.',
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
  // Issue 27, the venue network: each names what it counts or whom it is about (how many
  // requests this device has waiting, the revoked desk, how many commands of this desk).
  'venue.join-limit',
  'venue.dropped',
  'venue.no-waiting',
  'venue.pending-refused',
  // Issue 29, the conformance kit (shared/pairing/conformance): each names the round and the
  // players, or the number of players or rounds refused.
  ...FINDING_CODES,
  ...GENERATE_CODES,
  // Issue 32: roster commands; each names the division or the player and what depends on him.
  'division.name.former',
  'division.rename.same',
  'player.delete.depended-on',
  'player.deleted',
  'player.move.same-division',
  'player.move.played',
  // Issue 32, moved after play: each names the player and the round.
  'player.move.result-pending',
  'player.move.carry-ahead',
  // Issue 30: a player's phone refused; each names the player, division or day.
  'authority.not-own-player',
  'authority.phone-off',
  // Issue 32, the ranking on Settings: each names the tie-break or the round's cap.
  'ranking.unknown',
  'ranking.repeated',
  'ranking.cap',
  'ranking.cap-text',
  // Issue 29: names the round the plan leaves to the director.
  'pairing.plan.manual',
  // Issue 32, merging divisions: each names the divisions and the rounds.
  'division.merge.same',
  'division.merge.rounds-differ',
  'division.merge.round-open',
  // Issue 32, splitting a division: each names the division, the players or the one named.
  'division.split.paired',
  'division.split.empty-side',
  'division.split.depended-on',
  'division.split.count',
  'division.split.rating',
  // Issue 30: a phone's result refused; each names the table, the round or the player.
  'phone-result.not-at-table',
  'phone-result.not-played',
  'phone-result.first',
  'phone-result.recorded',
  'authority.not-own-game',
])

/** A desk's role as the refusal names it (issue 27). */
const ROLE_WORDS: Readonly<Record<DeskRole, string>> = {
  director: 'the director’s laptop',
  'check-in': 'a check-in desk',
  results: 'a results desk',
  desk: 'this desk',
  projector: 'a projector',
  player: 'a player’s phone',
}

/** What each command does, as "A results desk cannot … " ends (issue 27). */
const COMMAND_WORDS: Readonly<Record<CommandType, string>> = {
  createTournament: 'create a tournament',
  editTournamentInfo: 'edit the tournament’s details',
  changeRules: 'change the rules',
  addDivision: 'add a division',
  registerPlayer: 'register a player',
  registerPlayers: 'register players',
  editPlayer: 'edit a player’s details',
  withdrawPlayer: 'withdraw a player',
  reinstatePlayer: 'reinstate a player',
  checkIn: 'check a player in',
  cancelCheckIn: 'cancel a check-in',
  setPairingPlan: 'change the pairing plan',
  setContention: 'change prize bands and Gibsonization',
  setDoNotPair: 'change the do-not-pair list',
  setPrizes: 'change the prizes',
  setTableOffset: 'renumber the tables',
  setRatingSystem: 'change the rating system',
  pairRound: 'pair a round',
  editPairing: 'edit a pairing',
  unpairRound: 'take back a pairing',
  publishRound: 'publish a round',
  startRound: 'start a round',
  markAbsent: 'mark a player absent',
  recordArrival: 'record an arrival',
  recordResult: 'enter a result',
  correctResult: 'correct a result',
  assignPenalty: 'give a penalty',
  issueWarning: 'give a warning',
  overrideStarter: 'change who starts a game',
  undo: 'undo',
  redo: 'redo',
  setPaperSize: 'change the paper size',
  renameDivision: 'rename a division',
  deleteRegistration: 'delete a registration',
  movePlayer: 'move a player to another division',
  reserveTable: 'keep a table for a player',
  updateRatings: 'update ratings from the list',
  setRanking: 'change how a division is ranked',
  setPhoneAccess: 'let players check in or enter results from their phones',
  mergeDivisions: 'merge two divisions',
  mendCommand: 'mend a stored command',
  splitDivision: 'split a division',
  phoneResult: 'enter a result from a player’s phone',
}

const isRole = (value: unknown): value is DeskRole =>
  typeof value === 'string' && Object.hasOwn(ROLE_WORDS, value)
const isCommandType = (value: unknown): value is CommandType =>
  typeof value === 'string' && Object.hasOwn(COMMAND_WORDS, value)

/** "A results desk cannot pair a round: the director’s laptop does that." */
function notAllowedText(error: RuleError): string {
  const role = error.details?.['role']
  const type = error.details?.['command']
  if (!isRole(role) || !isCommandType(type)) return error.message
  const who = ROLE_WORDS[role]
  const by = rolesFor(type)
    .filter((r) => r !== 'desk')
    .map((r) => ROLE_WORDS[r])
    .join(' or ')
  return `${who.charAt(0).toUpperCase()}${who.slice(1)} cannot ${COMMAND_WORDS[type]}: ${by} does that.`
}

export function errorText(error: RuleError): string {
  if (PREFER_ENGINE_MESSAGE.has(error.code)) return error.message
  if (error.code === 'authority.not-allowed') return notAllowedText(error)
  return MESSAGES[error.code] ?? error.message
}

/**
 * Whether the desk words `code` itself: a line of MESSAGES, or a code whose engine sentence is
 * preferred or built from its details (issue 28: no refusal without its line).
 */
export function hasDeskWords(code: string): boolean {
  return (
    Object.hasOwn(MESSAGES, code) ||
    PREFER_ENGINE_MESSAGE.has(code) ||
    code === 'authority.not-allowed'
  )
}
