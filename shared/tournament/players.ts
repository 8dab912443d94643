import { err, ok, type Result } from '../result'
import type { Command } from './commands'
import { checkRoundNumber, findPlayer, pairingIndexOf, replaceAt } from './lookup'
import type { Context } from './rounds'
import type { Division, Player } from './types'
import { checkMemberIdFree, tidyName, validatePlayerInput } from './validation'

type CommandOf<T extends Command['type']> = Extract<Command, { readonly type: T }>

function withPlayer(division: Division, player: Player): Division {
  return { ...division, players: replaceAt(division.players, player.id - 1, player) }
}

/**
 * A new player gets the next number. Without a first round they enter at the first round not yet
 * paired: the rounds already paired went on without them.
 */
export function registerPlayer(
  division: Division,
  command: CommandOf<'registerPlayer'>,
  { info }: Context,
): Result<Division> {
  const fields = validatePlayerInput(command.player)
  if (!fields.ok) return fields
  const free = checkMemberIdFree(division, fields.value.memberId)
  if (!free.ok) return free
  if (command.firstRound !== undefined) {
    const first = checkRoundNumber(info, command.firstRound)
    if (!first.ok) {
      return err('player.first-round.invalid', first.error.message, { field: 'firstRound' })
    }
  }
  const player: Player = {
    id: division.players.length + 1,
    ...fields.value,
    firstRound: command.firstRound ?? division.rounds.length + 1,
    status: { kind: 'active' },
    ...(command.tsh === undefined ? {} : { tsh: command.tsh }),
  }
  return ok({ ...division, players: [...division.players, player] })
}

export function editPlayer(division: Division, command: CommandOf<'editPlayer'>): Result<Division> {
  const found = findPlayer(division, command.playerId)
  if (!found.ok) return found
  const fields = validatePlayerInput(command.player)
  if (!fields.ok) return fields
  const free = checkMemberIdFree(division, fields.value.memberId, command.playerId)
  if (!free.ok) return free
  return ok(withPlayer(division, { ...found.value, ...fields.value }))
}

/**
 * A player leaves from `fromRound` on. The rounds they are already paired in must be re-paired
 * first: a withdrawal does not silently empty a seat (a player who does not show after pairing is
 * a forfeit, NSA VII.J.2).
 */
export function withdrawPlayer(
  division: Division,
  command: CommandOf<'withdrawPlayer'>,
  { info }: Context,
): Result<Division> {
  const found = findPlayer(division, command.player)
  if (!found.ok) return found
  const player = found.value
  const from = checkRoundNumber(info, command.fromRound)
  if (!from.ok) return from
  if (player.status.kind === 'withdrawn') {
    return err(
      'player.already-withdrawn',
      `${player.name} (#${player.id}) withdrew from round ${player.status.fromRound}.`,
      { details: { player: player.id, fromRound: player.status.fromRound } },
    )
  }
  for (const round of division.rounds.slice(command.fromRound - 1)) {
    if (pairingIndexOf(round, player.id) >= 0) {
      return err(
        'player.withdraw.paired',
        `${player.name} (#${player.id}) is paired in round ${round.number}: change that pairing first.`,
        { details: { player: player.id, round: round.number } },
      )
    }
  }
  return ok(
    withPlayer(division, {
      ...player,
      status: { kind: 'withdrawn', fromRound: command.fromRound },
    }),
  )
}

/** A withdrawn player comes back; the rounds they missed stay unplayed. */
export function reinstatePlayer(
  division: Division,
  command: CommandOf<'reinstatePlayer'>,
): Result<Division> {
  const found = findPlayer(division, command.player)
  if (!found.ok) return found
  const player = found.value
  if (player.status.kind !== 'withdrawn') {
    return err('player.not-withdrawn', `${player.name} (#${player.id}) has not withdrawn.`, {
      details: { player: player.id },
    })
  }
  return ok(withPlayer(division, { ...player, status: { kind: 'active' } }))
}

/** A director's spread penalty (NSA IV.J.3, VI.C): it counts from its round on. */
export function assignPenalty(
  division: Division,
  command: CommandOf<'assignPenalty'>,
  { info }: Context,
): Result<Division> {
  const found = findPlayer(division, command.player)
  if (!found.ok) return found
  const round = checkRoundNumber(info, command.round)
  if (!round.ok) return round
  if (!Number.isInteger(command.points) || command.points <= 0) {
    return err(
      'penalty.points-invalid',
      `A penalty is a whole number of points above 0, not ${command.points}.`,
      { field: 'points' },
    )
  }
  const penalty = {
    player: command.player,
    round: command.round,
    points: command.points,
    reason: tidyName(command.reason),
  }
  return ok({ ...division, penalties: [...division.penalties, penalty] })
}

/** A recorded warning; reaching the preset's count proposes, never imposes, disqualification. */
export function issueWarning(
  division: Division,
  command: CommandOf<'issueWarning'>,
  { info }: Context,
): Result<Division> {
  const found = findPlayer(division, command.player)
  if (!found.ok) return found
  const round = checkRoundNumber(info, command.round)
  if (!round.ok) return round
  const warning = { player: command.player, round: command.round, reason: tidyName(command.reason) }
  return ok({ ...division, warnings: [...division.warnings, warning] })
}
