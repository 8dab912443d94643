import { validateRuleSet } from '../rules/rule-fields'
import { err, ok, type Result, type RuleError } from '../result'
import { logControls, type FoldError } from './cancel'
import { isLogControl, keyedPlayers, type Command, type LoggedCommand } from './commands'
import { setContention, setDoNotPair } from './pairing-rules'
import { setPairingPlan, setTableOffset } from './plan'
import { setPrizes } from './prizes'
import { setPaperSize } from './paper'
import { setRanking, setRatingSystem } from './rating-settings'
import { setPhoneAccess } from './phone-access'
import { phoneResult } from './phone-results'
import {
  addToRoster,
  assignPenalty,
  cancelCheckIn,
  checkIn,
  checkPlayerKeys,
  editPlayer,
  issueWarning,
  openRoster,
  reinstatePlayer,
  registerPlayer,
  rosterDivision,
  withdrawPlayer,
  type Roster,
} from './players'
import { divisionNamed } from './lookup'
import { enterResult } from './record-result'
import {
  deleteRegistration,
  mergeDivisions,
  movePlayer,
  renameDivision,
  splitDivision,
} from './roster'
import { updateRatings } from './rating-updates'
import { reserveTable } from './tables'
import {
  editPairing,
  overrideStarter,
  pairRound,
  publishRound,
  markAbsent,
  recordArrival,
  startRound,
  unpairRound,
  type Context,
} from './rounds'
import type { Division, TournamentState } from './types'
import { validateDivisionName, validateTournamentInfo } from './validation'

/**
 * The one state transition: a command either gives the next state or says which rule it breaks,
 * and then the state is untouched. `state` is undefined before the tournament exists; only
 * `createTournament` may start a log. A division is changed by copying only what the command
 * touches (a result copies one round's result list), so folding a long log stays fast.
 */
export function apply(
  state: TournamentState | undefined,
  command: Command,
  tournamentId: string,
): Result<TournamentState> {
  if (command.type === 'createTournament') {
    if (state) return err('tournament.exists', 'This tournament has already been created.')
    const info = validateTournamentInfo(command.info)
    if (!info.ok) return info
    const rules = validateRuleSet(command.rules)
    if (!rules.ok) return rules
    return ok({ id: tournamentId, info: info.value, rules: rules.value, divisions: [] })
  }
  if (!state) {
    return err('tournament.missing', 'A tournament log must start with createTournament.')
  }
  const context: Context = state
  const keyed = keyedPlayers(command)
  if (keyed !== undefined) {
    // Issue 27: the number must still name the player the desk meant, whoever applies it.
    const division = divisionNamed(state.divisions, keyed.division)
    if (division === undefined) return missingDivision(keyed.division)
    const named = checkPlayerKeys(division, keyed.keys, keyed.named)
    if (!named.ok) return named
  }
  switch (command.type) {
    case 'editTournamentInfo': {
      const info = validateTournamentInfo(command.info)
      if (!info.ok) return info
      const paired = Math.max(0, ...state.divisions.map((d) => d.rounds.length))
      if (info.value.rounds < paired) {
        return err(
          'tournament.rounds.below-paired',
          `${paired} rounds are already paired; the event cannot have fewer.`,
          { field: 'rounds', details: { paired } },
        )
      }
      return ok({ ...state, info: info.value })
    }
    case 'changeRules': {
      const rules = validateRuleSet(command.rules)
      return rules.ok ? ok({ ...state, rules: rules.value }) : rules
    }
    case 'setPaperSize':
      return setPaperSize(state, command.paperSize)
    case 'addDivision': {
      const name = validateDivisionName(state.divisions, command.name)
      if (!name.ok) return name
      const division: Division = {
        name: name.value,
        players: [],
        rounds: [],
        penalties: [],
        warnings: [],
        // Empty: the automatic plan, worked out from the field and the rounds when pairing.
        plan: [],
      }
      return ok({ ...state, divisions: [...state.divisions, division] })
    }
    case 'registerPlayer':
      return updateDivision(state, command.division, (d) => registerPlayer(d, command, context))
    case 'registerPlayers': {
      // Each division's roster is copied once for the whole batch (issue 20: linear to 20,000).
      const rosters = new Map<string, Roster>()
      for (const [index, entry] of command.players.entries()) {
        const named = entry.division ?? command.division
        const division = divisionNamed(state.divisions, named)
        // Keyed by the division's name now: an entry may give a name it had before a rename.
        const name = division?.name ?? named
        let roster = rosters.get(name)
        if (roster === undefined && division !== undefined) {
          roster = openRoster(division)
          rosters.set(name, roster)
        }
        const registered: Result<void> =
          roster === undefined
            ? missingDivision(name)
            : addToRoster(
                roster,
                {
                  type: 'registerPlayer',
                  division: name,
                  player: entry.player,
                  ...(entry.key === undefined ? {} : { key: entry.key }),
                },
                context,
              )
        if (!registered.ok) {
          const error: RuleError = {
            ...registered.error,
            message: `Entry ${String(index + 1)} (${entry.player.name}): ${registered.error.message}`,
            details: { ...registered.error.details, entry: index + 1 },
          }
          return { ok: false, error }
        }
      }
      const divisions = state.divisions.map((d) => {
        const roster = rosters.get(d.name)
        return roster === undefined ? d : rosterDivision(roster)
      })
      return ok({ ...state, divisions })
    }
    case 'editPlayer':
      return updateDivision(state, command.division, (d) => editPlayer(d, command))
    case 'withdrawPlayer':
      return updateDivision(state, command.division, (d) => withdrawPlayer(d, command, context))
    case 'reinstatePlayer':
      return updateDivision(state, command.division, (d) => reinstatePlayer(d, command))
    case 'checkIn':
      return updateDivision(state, command.division, (d) => checkIn(d, command))
    case 'cancelCheckIn':
      return updateDivision(state, command.division, (d) => cancelCheckIn(d, command))
    case 'setPairingPlan':
      return updateDivision(state, command.division, (d) => setPairingPlan(d, command, context))
    case 'setContention':
      return updateDivision(state, command.division, (d) => setContention(d, command, context))
    case 'setDoNotPair':
      return updateDivision(state, command.division, (d) => setDoNotPair(d, command, context))
    case 'setPrizes':
      return updateDivision(state, command.division, (d) => setPrizes(d, command, context))
    case 'setTableOffset':
      return updateDivision(state, command.division, (d) => setTableOffset(d, command, state))
    case 'setRatingSystem':
      return updateDivision(state, command.division, (d) => setRatingSystem(d, command))
    case 'pairRound':
      return updateDivision(state, command.division, (d) => pairRound(d, command, context))
    case 'editPairing':
      return updateDivision(state, command.division, (d) => editPairing(d, command, context))
    case 'unpairRound':
      return updateDivision(state, command.division, (d) => unpairRound(d, command, context))
    case 'publishRound':
      return updateDivision(state, command.division, (d) => publishRound(d, command, context))
    case 'startRound':
      return updateDivision(state, command.division, (d) => startRound(d, command, context))
    case 'recordArrival':
      return updateDivision(state, command.division, (d) => recordArrival(d, command, context))
    case 'markAbsent':
      return updateDivision(state, command.division, (d) => markAbsent(d, command, context))
    case 'recordResult':
      return updateDivision(state, command.division, (d) => enterResult(d, command, false, context))
    case 'correctResult':
      return updateDivision(state, command.division, (d) => enterResult(d, command, true, context))
    case 'assignPenalty':
      return updateDivision(state, command.division, (d) => assignPenalty(d, command, context))
    case 'issueWarning':
      return updateDivision(state, command.division, (d) => issueWarning(d, command, context))
    case 'overrideStarter':
      return updateDivision(state, command.division, (d) => overrideStarter(d, command, context))
    case 'undo':
    case 'redo':
      // They choose which commands count, so only a fold over the whole log can honour them.
      return controlRefused(command.type === 'undo' ? 'An undo' : 'A redo')
    case 'renameDivision': {
      const division = divisionNamed(state.divisions, command.division)
      if (division === undefined) return missingDivision(command.division)
      return renameDivision(state, division, command)
    }
    case 'deleteRegistration':
      return updateDivision(state, command.division, (d) => deleteRegistration(d, command))
    case 'movePlayer':
      return movePlayer(state, command, context)
    case 'reserveTable':
      return reserveTable(state, command)
    case 'updateRatings':
      return updateDivision(state, command.division, (d) => updateRatings(d, command))
    case 'setRanking':
      return updateDivision(state, command.division, (d) => setRanking(d, command))
    case 'setPhoneAccess':
      return updateDivision(state, command.division, (d) => setPhoneAccess(d, command))
    case 'mergeDivisions':
      return mergeDivisions(state, command)
    case 'mendCommand':
      return controlRefused('A mend')
    case 'splitDivision':
      return splitDivision(state, command)
    case 'phoneResult':
      return updateDivision(state, command.division, (d) => phoneResult(d, command, context))
  }
}

const controlRefused = (what: string): Result<never> =>
  err('log.control', `${what} is folded with its log, not applied to a state.`)

const missingDivision = (name: string): Result<never> =>
  err('division.missing', `There is no division ${name}.`)

function updateDivision(
  state: TournamentState,
  name: string,
  change: (division: Division) => Result<Division>,
): Result<TournamentState> {
  const division = divisionNamed(state.divisions, name)
  if (!division) return missingDivision(name)
  const changed = change(division)
  if (!changed.ok) return changed
  const divisions = state.divisions.map((d) => (d === division ? changed.value : d))
  return ok({ ...state, divisions })
}

export type { FoldError } from './cancel'

/**
 * The state is the fold of the log: every command in order, except the undos, redos and mends and
 * the commands that the log's undos cancel by its end, each mended command as its latest mend says
 * (an undo or a mend is a command of its own, so nothing is ever deleted or rewritten). A stored log was valid when written, so a failure here means a damaged file or a
 * rule change, and is reported with the command's position.
 *
 * Never throws (issue 20): a log that was not checked first (`checkLog`) may hold anything, and a
 * transition that trips over it comes back as `log.unreadable` at the command it was applying.
 */
export function fold(
  tournamentId: string,
  log: readonly LoggedCommand[],
): Result<TournamentState | undefined, FoldError> {
  return resumeFold(tournamentId, log, LOG_START)
}

/**
 * The state after the log's commands in force before position `at` (`at` = the log's length: the
 * whole log): a point a fold can resume from instead of starting again (issue 20: undo at 2000
 * players × 20 rounds refolded 22,000 commands).
 */
export interface Checkpoint {
  readonly at: number
  readonly state: TournamentState | undefined
}

/** Before the first command: where every fold starts. */
export const LOG_START: Checkpoint = { at: 0, state: undefined }

/**
 * `fold`, resumed at `from` and stopped before position `to` (default: the whole log). `from` must
 * be a checkpoint of this log: the commands before `from.at` in force by its end are those the
 * checkpoint applied, which holds while no undo or redo after it names a command before it
 * (shared/tournament/checkpoints.ts keeps only such). Undos and redos anywhere in the log count,
 * so a command at or after `from.at` that a later undo cancels is left out, as `fold` does.
 */
export function resumeFold(
  tournamentId: string,
  log: readonly LoggedCommand[],
  from: Checkpoint,
  to: number = log.length,
): Result<TournamentState | undefined, FoldError> {
  let at: number | null = null
  try {
    const controls = logControls(log)
    if (!controls.ok) return controls
    const { cancelled, mended } = controls.value
    let state = from.state
    for (let index = from.at; index < to; index++) {
      // A damaged entry (a hole, a non-object) throws below and is reported at its position.
      const entry = log[index] as LoggedCommand
      at = index
      if (isLogControl(entry.command) || cancelled.has(entry.seq)) continue
      const next = apply(state, mended.get(entry.seq) ?? entry.command, tournamentId)
      if (!next.ok) return { ok: false, error: { ...next.error, seq: entry.seq } }
      state = next.value
    }
    return ok(state)
  } catch (e) {
    // Before the loop the undos were being read: the first entry that is not a command is the one.
    const seq =
      at ??
      Math.max(
        0,
        log.findIndex((entry) => !isCommandLike(entry)),
      )
    const why = e instanceof Error ? e.message : String(e)
    return {
      ok: false,
      error: {
        code: 'log.unreadable',
        message: `Command ${seq + 1} cannot be read (${why}).`,
        details: { seq },
        seq,
      },
    }
  }
}

function isCommandLike(entry: unknown): boolean {
  if (entry === null || typeof entry !== 'object') return false
  const command = (entry as { readonly command?: unknown }).command
  return command !== null && typeof command === 'object'
}
