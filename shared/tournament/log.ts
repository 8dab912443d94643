import { err, ok, type Result, type RuleError } from '../result'
import { fold } from './apply'
import type { Command, LoggedCommand } from './commands'
import type { TournamentState } from './types'

export interface Undone {
  /** The log without its last command. */
  readonly log: readonly LoggedCommand[]
  /** The state folded from it: undefined when the undone command created the tournament. */
  readonly state: TournamentState | undefined
  readonly undone: LoggedCommand
}

/** Undo (design.md): drop the last command and fold again. The log is the truth, not a snapshot. */
export function undo(tournamentId: string, log: readonly LoggedCommand[]): Result<Undone> {
  const undone = log[log.length - 1]
  if (undone === undefined) return err('log.empty', 'There is nothing to undo.')
  const rest = log.slice(0, -1)
  const state = fold(tournamentId, rest)
  if (!state.ok) return state
  return ok({ log: rest, state: state.value, undone })
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
    case 'setTableOffset':
      return null
    case 'registerPlayer':
      return command.firstRound ?? null
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
      return command.round
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
  const end = log.findIndex((entry) => {
    const about = commandRound(entry.command)
    return about !== null && about > round
  })
  return end < 0 ? log : log.slice(0, end)
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
