/*
 * What the Players screen shows before a roster command is given (issue 32): the command as it
 * would be stored and what it changes, worked out by applying it to the state the desk holds, so
 * the review refuses exactly what the engine would and names why.
 */
import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { divisionNamed } from '../tournament/lookup'
import type { Division, Player, TournamentState } from '../tournament/types'

type CommandOf<T extends Command['type']> = Extract<Command, { readonly type: T }>

export interface RenameReview {
  readonly command: CommandOf<'renameDivision'>
  readonly from: string
  readonly to: string
  readonly state: TournamentState
}

export function reviewRename(
  state: TournamentState,
  division: string,
  name: string,
): Result<RenameReview> {
  const command: CommandOf<'renameDivision'> = { type: 'renameDivision', division, name }
  const after = apply(state, command, state.id)
  if (!after.ok) return after
  const from = divisionNamed(state.divisions, division)
  const index = from === undefined ? -1 : state.divisions.indexOf(from)
  const to = after.value.divisions[index]
  if (from === undefined || to === undefined) return err('division.missing', `No ${division}.`)
  return ok({
    command: { ...command, name: to.name },
    from: from.name,
    to: to.name,
    state: after.value,
  })
}

/** The division and the entry a row of the Players screen names, with his key for the command. */
function namedPlayer(
  state: TournamentState,
  division: string,
  player: PlayerId,
): Result<{ readonly found: Division; readonly entry: Player }> {
  const found = divisionNamed(state.divisions, division)
  const entry = found?.players[player - 1]
  if (found === undefined || entry === undefined) {
    return err('player.missing', `Division ${division} has no player #${String(player)}.`)
  }
  return ok({ found, entry })
}

export interface DeleteReview {
  readonly command: CommandOf<'deleteRegistration'>
  readonly player: Player
  /** The players registered after him, who keep their numbers. */
  readonly after: number
  readonly state: TournamentState
}

/**
 * The deletion as it would be stored, or the engine's refusal naming what depends on the player
 * (`registrationDependents`): the screen shows the refusal instead of a Delete button that fails.
 */
export function reviewDelete(
  state: TournamentState,
  division: string,
  player: PlayerId,
): Result<DeleteReview> {
  const named = namedPlayer(state, division, player)
  if (!named.ok) return named
  const { found, entry } = named.value
  const command: CommandOf<'deleteRegistration'> = {
    type: 'deleteRegistration',
    division: found.name,
    player,
    key: entry.key,
  }
  const next = apply(state, command, state.id)
  if (!next.ok) return next
  return ok({
    command,
    player: entry,
    after: found.players.length - player,
    state: next.value,
  })
}

export interface MoveReview {
  readonly command: CommandOf<'movePlayer'>
  readonly player: Player
  readonly from: string
  readonly to: string
  /** His number in the division he joins, and the first round he is paired in there. */
  readonly newId: PlayerId
  readonly firstRound: number
  readonly state: TournamentState
}

/**
 * The move as it would be stored, or the engine's refusal (a player who has played is refused,
 * naming what names him): the screen reviews the number he gets and his first round there.
 */
export function reviewMove(
  state: TournamentState,
  division: string,
  player: PlayerId,
  to: string,
): Result<MoveReview> {
  const named = namedPlayer(state, division, player)
  if (!named.ok) return named
  const { found, entry } = named.value
  const command: CommandOf<'movePlayer'> = {
    type: 'movePlayer',
    division: found.name,
    player,
    key: entry.key,
    to,
  }
  const next = apply(state, command, state.id)
  if (!next.ok) return next
  const joined = divisionNamed(next.value.divisions, to)
  const arrived = joined?.players.at(-1)
  if (joined === undefined || arrived === undefined) {
    return err('division.missing', `There is no division ${to}.`)
  }
  return ok({
    command: { ...command, to: joined.name },
    player: entry,
    from: found.name,
    to: joined.name,
    newId: arrived.id,
    firstRound: arrived.firstRound,
    state: next.value,
  })
}
