import { err, ok, type Result, type RuleError } from '../result'
import type { Command, LoggedCommand } from './commands'
import type { Division, TournamentState } from './types'
import {
  checkMemberIdFree,
  validateDivisionName,
  validatePlayerInput,
  validateTournamentInfo,
} from './validation'

/**
 * The one state transition: a command either gives the next state or says which rule it breaks.
 * `state` is undefined before the tournament exists; only `createTournament` may start a log.
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
    return ok({ id: tournamentId, info: info.value, rules: command.rules, divisions: [] })
  }
  if (!state) {
    return err('tournament.missing', 'A tournament log must start with createTournament.')
  }
  switch (command.type) {
    case 'editTournamentInfo': {
      const info = validateTournamentInfo(command.info)
      return info.ok ? ok({ ...state, info: info.value }) : info
    }
    case 'changeRules':
      return ok({ ...state, rules: command.rules })
    case 'addDivision': {
      const name = validateDivisionName(state.divisions, command.name)
      if (!name.ok) return name
      return ok({ ...state, divisions: [...state.divisions, { name: name.value, players: [] }] })
    }
    case 'registerPlayer':
      return updateDivision(state, command.division, (division) => {
        const fields = validatePlayerInput(command.player)
        if (!fields.ok) return fields
        const free = checkMemberIdFree(division, fields.value.memberId)
        if (!free.ok) return free
        const id = division.players.length + 1
        return ok({ ...division, players: [...division.players, { id, ...fields.value }] })
      })
    case 'editPlayer':
      return updateDivision(state, command.division, (division) => {
        if (!division.players.some((p) => p.id === command.playerId)) {
          return err(
            'player.missing',
            `Division ${division.name} has no player #${command.playerId}.`,
          )
        }
        const fields = validatePlayerInput(command.player)
        if (!fields.ok) return fields
        const free = checkMemberIdFree(division, fields.value.memberId, command.playerId)
        if (!free.ok) return free
        const players = division.players.map((p) =>
          p.id === command.playerId ? { id: p.id, ...fields.value } : p,
        )
        return ok({ ...division, players })
      })
  }
}

function updateDivision(
  state: TournamentState,
  name: string,
  change: (division: Division) => Result<Division>,
): Result<TournamentState> {
  const index = state.divisions.findIndex((d) => d.name === name)
  const division = state.divisions[index]
  if (!division) return err('division.missing', `There is no division ${name}.`)
  const changed = change(division)
  if (!changed.ok) return changed
  const divisions = state.divisions.map((d, i) => (i === index ? changed.value : d))
  return ok({ ...state, divisions })
}

export interface FoldError extends RuleError {
  /** The log position of the command that could not be applied. */
  readonly seq: number
}

/**
 * The state is the fold of the log. A stored log was valid when written, so a failure here means a
 * damaged file or a rule change, and is reported with the command's position.
 */
export function fold(
  tournamentId: string,
  log: readonly LoggedCommand[],
): Result<TournamentState | undefined, FoldError> {
  let state: TournamentState | undefined
  for (const entry of log) {
    const next = apply(state, entry.command, tournamentId)
    if (!next.ok) return { ok: false, error: { ...next.error, seq: entry.seq } }
    state = next.value
  }
  return ok(state)
}
