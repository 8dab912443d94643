/*
 * Who may propose what on the venue network (issue 27: "there are no roles: every result desk may
 * pair, publish, change rules"). One table, one row per command type, so a new command type does
 * not compile until someone decides who may give it. The authority enforces it (`decide`) and the
 * screens read the same table to offer only what the desk may do.
 */
import { err, ok, type Result } from '../result'
import type { Command, CommandType } from '../tournament/commands'
import { divisionNamed, latestPublishedRound } from '../tournament/lookup'
import { phoneAccess } from '../tournament/phone-access'
import type { Division, Player, TournamentState } from '../tournament/types'
import type { DeskRole, PlayerSelf } from './proposal'

/** Roles that propose commands of their own (everyone but the projector). */
type ProposingRole = Exclude<DeskRole, 'projector'>

const D = 'director'
const C = 'check-in'
const R = 'results'
/** Desks joined before issue 27 kept the role `desk`: what a check-in and a results desk may do. */
const L = 'desk'
/** Issue 30: a player's phone, opened by his code; what it may check is `playerMayPropose`. */
const P = 'player'

/**
 * The roles that may propose each command type, as a director running a hall expects: the
 * check-in desk registers players, checks them in and records arrivals; a results desk enters and
 * corrects results, records arrivals, penalties and warnings; the event's shape (rules, plans,
 * pairings, publishing, the clock, withdrawals) is the director's alone. Undo and redo are open to
 * every proposing role: whose command may be undone is History's rule (`historyAction`, applied by
 * `decide`: a desk its own, the director anyone's).
 */
export const ROLE_RIGHTS: Readonly<Record<CommandType, readonly ProposingRole[]>> = {
  createTournament: [D],
  editTournamentInfo: [D],
  changeRules: [D],
  addDivision: [D],
  registerPlayer: [D, C, L],
  registerPlayers: [D, C, L],
  // A name misspelt or a rating mistyped at registration is put right where it was typed.
  editPlayer: [D, C, L],
  withdrawPlayer: [D],
  reinstatePlayer: [D],
  // Issue 30: a player checks himself in from his phone where the director allows it.
  checkIn: [D, C, L, P],
  cancelCheckIn: [D, C, L],
  setPairingPlan: [D],
  setContention: [D],
  setDoNotPair: [D],
  setPrizes: [D],
  setTableOffset: [D],
  setRatingSystem: [D],
  setPaperSize: [D],
  pairRound: [D],
  editPairing: [D],
  unpairRound: [D],
  publishRound: [D],
  startRound: [D],
  // Lateness is seen at the door and at the tables: both desks record it.
  markAbsent: [D, C, R, L],
  recordArrival: [D, C, R, L],
  recordResult: [D, R, L],
  correctResult: [D, R, L],
  assignPenalty: [D, R, L],
  issueWarning: [D, R, L],
  // Who starts a game is decided by the rules or by the director, never at a desk.
  overrideStarter: [D],
  undo: [D, C, R, L],
  redo: [D, C, R, L],
  // Issue 32: the roster's shape, like withdrawals, is the director's.
  renameDivision: [D],
  deleteRegistration: [D],
  movePlayer: [D],
  // Where a player sits is the hall's layout: the director's, as the tables' first numbers are.
  reserveTable: [D],
  // A whole division's ratings from the federation's list, before the event: the director's.
  updateRatings: [D],
  // How a division is ranked (issue 32): a rule of the event, the director's.
  setRanking: [D],
  // Issue 30: what the players' phones may do on a day is the director's to decide.
  setPhoneAccess: [D],
  // Issue 32: the roster's shape, as renaming a division.
  mergeDivisions: [D],
  // Issue 28: putting a stored command right in place is the director's, in the recovery view.
  mendCommand: [D],
  // Issue 32: the roster's shape, as merging divisions.
  splitDivision: [D],
  // Issue 30: only a player's phone enters a result for the opponent to confirm; a desk enters
  // the result itself (recordResult), which wins over the phones'.
  phoneResult: [D, P],
}

/**
 * The roles the director may approve a desk as (issue 27): what it asked for or another, the
 * director's own role included (a browser on the director's table); never the legacy `desk`.
 */
export const APPROVAL_ROLES = [
  'director',
  'check-in',
  'results',
  'projector',
] as const satisfies readonly DeskRole[]
export type ApprovalRole = (typeof APPROVAL_ROLES)[number]

export function isApprovalRole(value: unknown): value is ApprovalRole {
  return typeof value === 'string' && (APPROVAL_ROLES as readonly string[]).includes(value)
}

/** The roles the refusal's sentence names (never the legacy `desk`: nobody asks for it now). */
const ROLE_WORDS: Readonly<Record<DeskRole, string>> = {
  director: 'the director’s laptop',
  'check-in': 'a check-in desk',
  results: 'a results desk',
  desk: 'a desk',
  projector: 'a projector',
  player: 'a player’s phone',
}

/**
 * The desks' roles that may give this command type, the director first: what a refusal tells a
 * desk to go to. A player's phone is no desk one could go to (issue 30), so it is not named.
 */
export function rolesFor(type: CommandType): readonly ProposingRole[] {
  return ROLE_RIGHTS[type].filter((r) => r !== P)
}

/**
 * Whether a desk of this role may propose the command; if not, `authority.not-allowed` with the
 * role and the command type in its details (the screens word it) and who may.
 */
export function mayPropose(role: DeskRole, command: Pick<Command, 'type'>): Result<void> {
  const allowed: readonly DeskRole[] = ROLE_RIGHTS[command.type]
  if (allowed.includes(role)) return ok(undefined)
  const by = rolesFor(command.type)
    .filter((r) => r !== L)
    .map((r) => ROLE_WORDS[r])
    .join(' or ')
  const who = ROLE_WORDS[role]
  return err(
    'authority.not-allowed',
    `${who.charAt(0).toUpperCase()}${who.slice(1)} may not propose ${command.type}: ${by} does that.`,
    { details: { role, command: command.type } },
  )
}

/** Whether a desk of this role proposes at all (keeps an outbox): every role but the projector. */
export function proposes(role: DeskRole): boolean {
  return role !== 'projector'
}

/**
 * Issue 30: what a player's phone may propose beyond its role's row, which allows a check-in only.
 * The check-in must be of the player himself (his division, his number and key), for a day on
 * which the director lets the division's players check in (`setPhoneAccess`), and he must still
 * be playing. The day being the authority's today is the server's to check (it has the clock).
 */
export function playerMayPropose(
  self: PlayerSelf | undefined,
  command: Command,
  state: TournamentState | undefined,
  today?: string,
): Result<void> {
  const role = mayPropose('player', command)
  if (!role.ok) return role
  if (command.type === 'phoneResult') return playerMayEnterResult(self, command, state, today)
  if (command.type !== 'checkIn') return notAllowed(command)
  const own = ownPlayer(self, command, state)
  if (own === undefined) {
    return err(
      'authority.not-own-player',
      'A player’s phone checks in only its own player: ask the check-in desk for anyone else.',
      { details: { command: command.type } },
    )
  }
  const { division, player } = own
  if (player.status.kind === 'withdrawn' || player.deleted === true) {
    return err(
      'authority.not-own-player',
      `${player.name} no longer plays in division ${division.name}: ask the director.`,
      { details: { command: command.type } },
    )
  }
  if (!phoneAccess(division, command.day).checkIn) {
    return err(
      'authority.phone-off',
      `Players of division ${division.name} do not check in from their phones on ${command.day}: check in at the desk.`,
      { details: { division: division.name, day: command.day } },
    )
  }
  return ok(undefined)
}

/**
 * The player a phone's command names, when he is the phone's own (his division, his number and
 * his key on every key the command carries); undefined otherwise.
 */
function ownPlayer(
  self: PlayerSelf | undefined,
  command: {
    readonly division: string
    readonly player: number
    readonly keys?: readonly { readonly player: number; readonly key: string }[]
  },
  state: TournamentState | undefined,
): { readonly division: Division; readonly player: Player } | undefined {
  const division =
    state === undefined ? undefined : divisionNamed(state.divisions, command.division)
  const player = division?.players.find((p) => p.key === self?.key)
  const own =
    self !== undefined &&
    division !== undefined &&
    division === divisionNamed(state?.divisions ?? [], self.division) &&
    player !== undefined &&
    player.id === command.player &&
    (command.keys ?? []).every((k) => k.key === self.key && k.player === player.id)
  return own ? { division, player } : undefined
}

/**
 * Issue 30: a phone enters only its own player's result (his number and key), in his division's
 * current published round, at the table he sits at, on a day the director lets the division's
 * players enter results. `today` is the authority's day (the server has the clock); without it
 * (`decide`, which reads none) any day so opened will do, the server having checked today.
 */
function playerMayEnterResult(
  self: PlayerSelf | undefined,
  command: Extract<Command, { readonly type: 'phoneResult' }>,
  state: TournamentState | undefined,
  today: string | undefined,
): Result<void> {
  const own = ownPlayer(self, command, state)
  if (own === undefined) {
    return err(
      'authority.not-own-player',
      'A player’s phone enters only its own player’s result: the desk enters anyone else’s.',
      { details: { command: command.type } },
    )
  }
  const { division, player } = own
  const round = latestPublishedRound(division)
  const seated = round?.pairings.some(
    (p) => p.kind === 'game' && p.table === command.table && p.players.includes(player.id),
  )
  if (round === undefined || round.number !== command.round || seated !== true) {
    return err(
      'authority.not-own-game',
      `${player.name} may enter only the result of his own game in the current round${round === undefined ? '' : ` (round ${String(round.number)})`}: ask a results desk.`,
      { details: { round: command.round, table: command.table } },
    )
  }
  const open =
    today === undefined
      ? (division.phoneAccess ?? []).some((d) => d.results)
      : phoneAccess(division, today).results
  if (!open) {
    return err(
      'authority.phone-off',
      `Players of division ${division.name} do not enter results from their phones${today === undefined ? '' : ` on ${today}`}: hand in the slip at the results desk.`,
      { details: { division: division.name, day: today ?? '' } },
    )
  }
  return ok(undefined)
}

function notAllowed(command: Pick<Command, 'type'>): Result<never> {
  return err(
    'authority.not-allowed',
    `A player’s phone may not propose ${command.type}: only the player’s own check-in and result.`,
    { details: { role: 'player', command: command.type } },
  )
}
