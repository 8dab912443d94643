/*
 * Roster commands a director needs when the registration was wrong (issue 32): renaming a division
 * and deleting a registration nothing depends on.
 */
import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import type { Command } from './commands'
import { findPlayer } from './lookup'
import type { Division, TournamentState } from './types'
import { validateDivisionName } from './validation'

type CommandOf<T extends Command['type']> = Extract<Command, { readonly type: T }>

/**
 * Renames in place: the division's name is what commands, exports and the desks' screens use,
 * so every later command names the new one, while the old name is kept in `formerNames` so the
 * commands already in the log (and a venue desk's check-in built before the rename) still find
 * it (`divisionNamed`). A name another division has now or had before is refused
 * (`validateDivisionName`), so an old name never names two divisions; going back to one of its
 * own former names is allowed.
 */
export function renameDivision(
  state: TournamentState,
  division: Division,
  command: CommandOf<'renameDivision'>,
): Result<TournamentState> {
  const others = state.divisions.filter((d) => d !== division)
  const name = validateDivisionName(others, command.name)
  if (!name.ok) return name
  if (name.value === division.name) {
    return err('division.rename.same', `Division ${division.name} already has that name.`, {
      field: 'name',
    })
  }
  const formerNames = [
    ...(division.formerNames ?? []).filter((n) => n !== name.value),
    division.name,
  ]
  const renamed: Division = { ...division, name: name.value, formerNames }
  return ok({ ...state, divisions: state.divisions.map((d) => (d === division ? renamed : d)) })
}

/** What a registration is needed by, so deleting it would lose or break something. */
export const REGISTRATION_DEPENDENTS = [
  'paired',
  'checked-in',
  'penalty',
  'warning',
  'do-not-pair',
  'prizes',
] as const
export type RegistrationDependent = (typeof REGISTRATION_DEPENDENTS)[number]

/**
 * What depends on the player's registration: a round's pairings name him (a game, a bye or a
 * forfeit he gave; results, starts and arrivals hang on a pairing), he checked in, a penalty or a
 * warning names him, or a do-not-pair group, a manual class or a prize flag does. Empty: the
 * registration can be deleted without anything in the event changing but the roster.
 */
export function registrationDependents(
  division: Division,
  player: PlayerId,
): readonly RegistrationDependent[] {
  const found = division.players[player - 1]
  if (found === undefined) return []
  const paired = division.rounds.some((r) =>
    r.pairings.some((p) => (p.kind === 'game' ? p.players.includes(player) : p.player === player)),
  )
  const prizes = division.prizes
  const named: Readonly<Record<RegistrationDependent, boolean>> = {
    paired,
    'checked-in': found.checkIns.length > 0,
    penalty: division.penalties.some((p) => p.player === player),
    warning: division.warnings.some((w) => w.player === player),
    'do-not-pair': (division.doNotPair?.groups ?? []).some((g) => g.players.includes(player)),
    prizes:
      prizes !== undefined &&
      (prizes.flags.some((f) => f.player === player) ||
        (prizes.classes.kind === 'manual' &&
          prizes.classes.members.some((m) => m.player === player))),
  }
  return REGISTRATION_DEPENDENTS.filter((d) => named[d])
}

const DEPENDENT_WORDS: Readonly<Record<RegistrationDependent, string>> = {
  paired: 'a round’s pairings name him',
  'checked-in': 'he has checked in',
  penalty: 'a penalty names him',
  warning: 'a warning names him',
  'do-not-pair': 'a do-not-pair group names him',
  prizes: 'the prize table’s classes or flags name him',
}

/** The dependents in words, for a refusal or a review: "he has checked in and a penalty names him". */
export function dependentWords(dependents: readonly RegistrationDependent[]): string {
  const words = dependents.map((d) => DEPENDENT_WORDS[d])
  return words.length <= 1
    ? (words[0] ?? '')
    : `${words.slice(0, -1).join(', ')} and ${words.at(-1) ?? ''}`
}

/**
 * Deletes a registration nothing depends on: the entry stays at its number as a tombstone,
 * withdrawn from round 1 so pairing, standings, check-in and exports pass over it as over a
 * player who never came, and refused by every later command naming his number (`findPlayer`).
 * Only the last number could have been removed outright; a mistaken registration is seldom the
 * last, and removing any other would renumber everyone after it, whom slips, the `.t` file and
 * the commands already in the log name by number.
 */
export function deleteRegistration(
  division: Division,
  command: CommandOf<'deleteRegistration'>,
): Result<Division> {
  const found = findPlayer(division, command.player)
  if (!found.ok) return found
  const player = found.value
  const dependents = registrationDependents(division, player.id)
  if (dependents.length > 0) {
    return err(
      'player.delete.depended-on',
      `${player.name} (#${String(player.id)}) cannot be deleted: ${dependentWords(dependents)}. Withdraw him instead.`,
      { details: { player: player.id, name: player.name, dependents: dependents.join(',') } },
    )
  }
  const tombstone = {
    ...player,
    deleted: true as const,
    status: { kind: 'withdrawn' as const, fromRound: 1 },
  }
  return ok({
    ...division,
    players: division.players.map((p) => (p === player ? tombstone : p)),
  })
}
