import { err, ok, type Result, type RuleError } from '../result'
import { fold, resumeFold, LOG_START, type Checkpoint } from './apply'
import { logControls } from './cancel'
import { isLogControl, type Command, type LogControl, type LoggedCommand } from './commands'
import { LOG_VERSION } from './log-version'
import type { TournamentState } from './types'

/**
 * A short fingerprint of a stored command (FNV-1a over its JSON, 53 bits): a window appends only
 * onto the command it last saw, so a log replaced or changed elsewhere is noticed even when it has
 * as many commands as before.
 */
export function fingerprint(entry: LoggedCommand): string {
  const text = stableJson([entry.seq, entry.at, entry.desk ?? null, entry.command])
  let low = 0x811c9dc5
  let high = 0x050c5d1f
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    low = Math.imul(low ^ code, 0x01000193) >>> 0
    high = Math.imul(high ^ code ^ (low >>> 7), 0x01000193) >>> 0
  }
  return `${(high & 0x1fffff).toString(16).padStart(6, '0')}${low.toString(16).padStart(8, '0')}`
}

/**
 * JSON with every object's keys in sorted order and undefined fields left out, so a command read
 * back from a file (whose writer orders keys its own way) has the fingerprint it was stored with.
 */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, field]) => `${JSON.stringify(key)}:${stableJson(field)}`)
    return `{${fields.join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/** Which command undid each cancelled command, by the log's end: target seq → undo seq. */
export function undoneBy(log: readonly LoggedCommand[]): ReadonlyMap<number, number> {
  const by = new Map<number, number>()
  for (const entry of log) {
    const command = entry.command
    if (command.type === 'undo') by.set(command.seq, entry.seq)
    else if (command.type === 'redo') by.delete(command.seq)
  }
  return by
}

/**
 * Whether a command is the desk's own: given at this desk, or written before desks were
 * recorded (anyone's). Another desk's command is undone only when named and confirmed.
 */
export function isDesksOwn(commandDesk: string | undefined, desk: string): boolean {
  return commandDesk === undefined || commandDesk === desk
}

/**
 * What a desk's Undo takes back by default: its own newest command still in force (commands of
 * logs written before desks were recorded count as anyone's). Never the tournament's creation,
 * which the tournament list deletes, and never another desk's command, which must be named.
 */
export function defaultUndoTarget(
  log: readonly LoggedCommand[],
  desk: string,
): LoggedCommand | undefined {
  const cancelled = undoneBy(log)
  for (let i = log.length - 1; i > 0; i--) {
    const entry = log[i]
    if (entry === undefined || isLogControl(entry.command) || cancelled.has(entry.seq)) continue
    if (isDesksOwn(entry.desk, desk)) return entry
  }
  return undefined
}

/** The newest undo of this desk whose command is still cancelled: what its Redo gives back. */
export function defaultRedoTarget(
  log: readonly LoggedCommand[],
  desk: string,
): LoggedCommand | undefined {
  const cancelled = undoneBy(log)
  for (let i = log.length - 1; i > 0; i--) {
    const entry = log[i]
    if (entry?.command.type !== 'undo' || cancelled.get(entry.command.seq) !== entry.seq) continue
    if (isDesksOwn(entry.desk, desk)) return log[entry.command.seq]
  }
  return undefined
}

export interface Controlled {
  /** The undo or redo to append. */
  readonly entry: LoggedCommand
  /** The state folded from the log with it. */
  readonly state: TournamentState | undefined
}

/**
 * An undo or redo of the command at `seq`, checked against the whole log: refused when the log
 * would no longer fold (a later command builds on the one undone: a result on a pairing, a
 * second result on a table whose undone result is redone), with the command that stands in the
 * way named. `from`, a checkpoint of the log at or before `seq` (shared/tournament/checkpoints.ts),
 * spares folding the commands before it again: they are the same with or without the control.
 */
export function planControl(
  tournamentId: string,
  log: readonly LoggedCommand[],
  command: LogControl,
  stamp: { readonly at: string; readonly desk: string },
  from: Checkpoint = LOG_START,
): Result<Controlled> {
  const entry: LoggedCommand = {
    seq: log.length,
    at: stamp.at,
    desk: stamp.desk,
    version: LOG_VERSION,
    command,
  }
  // A checkpoint past the command named would keep it as it was: start before it instead.
  const start = from.at <= command.seq ? from : LOG_START
  const folded = resumeFold(tournamentId, [...log, entry], start)
  if (folded.ok) return ok({ entry, state: folded.value })
  const { seq, code, message } = folded.error
  if (seq === entry.seq) return { ok: false, error: folded.error }
  if (command.type === 'mendCommand') {
    return err(
      'mendCommand.blocked',
      `Command ${command.seq + 1} mended so still does not let the log open: command ${seq + 1} is refused (${message}).`,
      { details: { seq: command.seq, blocking: seq, cause: code } },
    )
  }
  const verb = command.type === 'undo' ? 'undone' : 'redone'
  return err(
    `${command.type}.blocked`,
    `Command ${command.seq + 1} cannot be ${verb}: command ${seq + 1} depends on the log as it is (${message}). Undo command ${seq + 1} first.`,
    { details: { seq: command.seq, blocking: seq, cause: code } },
  )
}

/**
 * The round a command is about, or null for a command about the whole event or a player's identity
 * (create, info, rules, divisions, editing or reinstating a player, a check-in, which is about a
 * day, and the pairing plan, which is about every round to come). A withdrawal is about its first
 * missed round, a registration with a first round about that round.
 */
export function commandRound(command: Command): number | null {
  switch (command.type) {
    case 'createTournament':
    case 'editTournamentInfo':
    case 'changeRules':
    case 'addDivision':
    case 'editPlayer':
    case 'reinstatePlayer':
    case 'checkIn':
    case 'cancelCheckIn':
    case 'setPairingPlan':
    case 'setContention':
    case 'setDoNotPair':
    case 'setPrizes':
    case 'setRatingSystem':
    case 'setPaperSize':
    case 'undo':
    case 'redo':
      return null
    case 'setTableOffset':
      return command.renumberRound ?? null
    case 'registerPlayer':
      return command.firstRound ?? null
    case 'registerPlayers':
      return null
    case 'withdrawPlayer':
      return command.fromRound
    case 'pairRound':
    case 'editPairing':
    case 'unpairRound':
    case 'publishRound':
    case 'startRound':
    case 'recordArrival':
    case 'markAbsent':
    case 'recordResult':
    case 'correctResult':
    case 'assignPenalty':
    case 'issueWarning':
    case 'overrideStarter':
    case 'phoneResult':
      return command.round
    // The roster's shape, a player's place in the hall from the next pairing on, and ratings
    // (the players' identity) belong to no one round (issue 32), nor does what the players'
    // phones may do on a day (issue 30).
    case 'renameDivision':
    case 'deleteRegistration':
    case 'movePlayer':
    case 'reserveTable':
    case 'updateRatings':
    case 'setRanking':
    case 'setPhoneAccess':
    case 'mergeDivisions':
    case 'splitDivision':
      return null
    // Puts a command right in place: about what that command is about, which `logAsOfRound`
    // reads from the mended command itself.
    case 'mendCommand':
      return null
  }
}

/**
 * The log as it stood when the event moved past round `round`: the longest prefix in which no
 * command is about a later round. It ends just before the first command about round `round + 1`
 * or later (usually the pairing of the next round), and holds every command before that point,
 * whether about earlier rounds or about no round (a registration, a rules change).
 *
 * A correction to round `round` given after that point is not in the prefix: this is the event as
 * it was then. The standings of a round with every later correction are `standingsAsOf` on the
 * current state.
 */
export function logAsOfRound(
  log: readonly LoggedCommand[],
  round: number,
): readonly LoggedCommand[] {
  const controls = logControls(log)
  const mended = controls.ok ? controls.value.mended : new Map<number, Command>()
  const end = log.findIndex((entry) => {
    const about = commandRound(mended.get(entry.seq) ?? entry.command)
    return about !== null && about > round
  })
  const prefix = end < 0 ? log : log.slice(0, end)
  if (end < 0 || mended.size === 0) return prefix
  // Issue 28: a mend given after the round still puts right a command of it; the prefix without
  // it would stop where the stored log once did.
  return prefix.map((entry) => {
    const command = mended.get(entry.seq)
    return command === undefined ? entry : { ...entry, command }
  })
}

/** The tournament as it stood when it moved past round `round` (see `logAsOfRound`). */
export function stateAsOfRound(
  tournamentId: string,
  log: readonly LoggedCommand[],
  round: number,
): Result<TournamentState | undefined, RuleError> {
  if (!Number.isInteger(round) || round < 0) {
    return err('round.invalid', `A round is a whole number from 0, not ${round}.`)
  }
  return fold(tournamentId, logAsOfRound(log, round))
}

/**
 * How many commands two logs share from the start, command for command: what a window that
 * reloads a log another window changed still holds, and where the new commands begin.
 */
export function sharedPrefix(a: readonly LoggedCommand[], b: readonly LoggedCommand[]): number {
  const shorter = Math.min(a.length, b.length)
  for (let n = 0; n < shorter; n++) {
    const [x, y] = [a[n], b[n]]
    if (x === undefined || y === undefined || fingerprint(x) !== fingerprint(y)) return n
  }
  return shorter
}
