import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import type { StartsHistoryEntry } from '../starts/starts'
import type {
  CarriedGame,
  Division,
  Pairing,
  PairingStart,
  Player,
  Round,
  TournamentInfo,
} from './types'

/** Player ids are 1..n in registration order, so a player is found by position. */
export function findPlayer(division: Division, id: PlayerId): Result<Player> {
  const player = Number.isInteger(id) ? division.players[id - 1] : undefined
  if (player === undefined) {
    return err('player.missing', `Division ${division.name} has no player #${id}.`, {
      field: 'player',
      details: { player: id },
    })
  }
  if (player.deleted === true) {
    // Issue 32: a tombstone keeps the number taken; no command acts on it any more.
    return err(
      'player.deleted',
      `#${String(id)} of division ${division.name} (${player.name}) was deleted; the number is no longer anyone's.`,
      { field: 'player', details: { player: id } },
    )
  }
  return ok(player)
}

/** A round number a command may name: a whole number from 1 to the event's last round. */
export function checkRoundNumber(info: TournamentInfo, round: number): Result<number> {
  if (!Number.isInteger(round) || round < 1) {
    return err('round.invalid', `A round is a whole number from 1, not ${round}.`, {
      field: 'round',
    })
  }
  if (round > info.rounds) {
    return err(
      'round.beyond-event',
      `The event has ${info.rounds} rounds; there is no round ${round}.`,
      {
        field: 'round',
        details: { round, rounds: info.rounds },
      },
    )
  }
  return ok(round)
}

/** A round that has been paired (and is within the event). */
export function findRound(division: Division, info: TournamentInfo, number: number): Result<Round> {
  const checked = checkRoundNumber(info, number)
  if (!checked.ok) return checked
  const round = division.rounds[number - 1]
  if (round === undefined) {
    return err('round.missing', `Round ${number} of division ${division.name} is not paired.`, {
      field: 'round',
      details: { round: number },
    })
  }
  return ok(round)
}

/**
 * The position of the game at `table`, or -1. Games come first in table order, so this is a binary
 * search: entering 1000 results a round looks up each table without building an index.
 */
export function tableIndex(round: Round, table: number): number {
  const pairings = round.pairings
  let low = 0
  let high = pairings.length - 1
  while (low <= high) {
    const middle = (low + high) >>> 1
    const pairing = pairings[middle]
    if (pairing === undefined || pairing.kind === 'bye' || pairing.table > table) high = middle - 1
    else if (pairing.table < table) low = middle + 1
    else return middle
  }
  return -1
}

export function findTable(round: Round, table: number): Result<number> {
  const index = tableIndex(round, table)
  if (index < 0) {
    return err('table.missing', `Round ${round.number} has no table ${table}.`, {
      field: 'table',
      details: { round: round.number, table },
    })
  }
  return ok(index)
}

export function pairingPlayers(pairing: Pairing): readonly PlayerId[] {
  switch (pairing.kind) {
    case 'game':
      return pairing.players
    case 'bye':
      return [pairing.player]
  }
}

/** The position of the pairing a player is in, or -1 when they are not paired in the round. */
export function pairingIndexOf(round: Round, player: PlayerId): number {
  return round.pairings.findIndex((pairing) => pairingPlayers(pairing).includes(player))
}

/**
 * Whether a player may be paired in a round: entered by then (a late entry starts at their first
 * round) and not withdrawn before it.
 */
export function checkPlayable(player: Player, round: number): Result<Player> {
  if (round < player.firstRound) {
    return err(
      'pairing.player-not-entered',
      `${player.name} (#${player.id}) enters at round ${player.firstRound}, not round ${round}.`,
      { details: { player: player.id, round, firstRound: player.firstRound } },
    )
  }
  const status = player.status
  switch (status.kind) {
    case 'active':
      return ok(player)
    case 'withdrawn':
      if (round < status.fromRound) return ok(player)
      return err(
        'pairing.player-withdrawn',
        `${player.name} (#${player.id}) withdrew from round ${status.fromRound} on.`,
        { details: { player: player.id, round, fromRound: status.fromRound } },
      )
  }
}

export function replaceAt<T>(items: readonly T[], index: number, item: T): readonly T[] {
  const copy = items.slice()
  copy[index] = item
  return copy
}

/** The player a pairing's start names, or null when the players draw for first at the table. */
export function starterOf(start: PairingStart): PlayerId | null {
  switch (start.kind) {
    case 'rule':
    case 'schedule':
    case 'director':
      return start.starter
    case 'undecided':
      return null
  }
}

/** How a screen names a player: the name, or the number when the id names nobody (a stale view). */
export function playerName(division: Division | undefined, id: PlayerId): string {
  return division?.players[id - 1]?.name ?? `#${id}`
}

/**
 * The round the director acts in now (a penalty, a warning, the sheets to print): the latest
 * paired round, or round 1 before any is paired.
 */
export function currentRound(division: Division | undefined): number {
  return Math.max(1, division?.rounds.length ?? 0)
}

/**
 * The latest round whose pairings the players may see: pairings stay under the director's review
 * until published, so a newer unpublished round is passed over.
 */
export function latestPublishedRound(division: Division | undefined): Round | undefined {
  const rounds = division?.rounds ?? []
  for (let i = rounds.length - 1; i >= 0; i--) {
    if (rounds[i]?.published) return rounds[i]
  }
  return undefined
}

/**
 * The division a command names: by its name, or by a name it had before `renameDivision` (issue
 * 32), so a command given before a rename still finds it.
 */
export function divisionNamed(divisions: readonly Division[], name: string): Division | undefined {
  return (
    divisions.find((d) => d.name === name) ??
    divisions.find((d) => d.formerNames?.includes(name) === true)
  )
}

/** Every result entered in rounds 1..`throughRound` of this division, with who went first. */
export function resultsHistoryOf(division: Division, throughRound: number): StartsHistoryEntry[] {
  const history: StartsHistoryEntry[] = []
  for (const round of division.rounds.slice(0, Math.max(0, throughRound))) {
    for (const recorded of round.results) {
      if (recorded === null) continue
      history.push({ round: round.number, result: recorded.result, first: recorded.first })
    }
  }
  return history
}

/**
 * Every start the division's players had in rounds 1..`throughRound`, for counting firsts and
 * seconds (rules.md, "Who plays first"): each result entered here with who went first, and each
 * round a moved player brought from the division he left (issue 32): his firsts and seconds
 * there are his, and a bye or forfeit there is one he had (NSA II.F.2). The opponent of such a
 * game is not in this division, so the entry names opponent 0, which no player's number is
 * (numbers start at 1): the other seat's mark is read by nobody.
 */
export function startsHistoryOf(division: Division, throughRound: number): StartsHistoryEntry[] {
  const history = resultsHistoryOf(division, throughRound)
  for (const player of division.players) {
    for (const game of player.carried?.games ?? []) {
      if (game.round > throughRound || game.round >= player.firstRound) continue
      const entry = carriedStart(player.id, game)
      if (entry !== null) history.push(entry)
    }
  }
  return history
}

const NOBODY_HERE = 0

function carriedStart(player: PlayerId, game: CarriedGame): StartsHistoryEntry | null {
  if (game.scores !== null) {
    const first = game.start === null ? null : game.start === 'first' ? player : NOBODY_HERE
    const players = [player, NOBODY_HERE] as const
    const result = {
      kind: 'played',
      players,
      rawScores: game.scores,
      overtimeSeconds: [0, 0],
      scores: game.scores,
    } as const
    return { round: game.round, result, first }
  }
  // A bye or forfeit there: neither a first nor a second, but one he had.
  if (!game.counts) return null
  return { round: game.round, result: { kind: 'bye', player, spread: game.spread }, first: null }
}
