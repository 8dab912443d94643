/*
 * What the Players screen shows before a roster command is given (issue 32): the command as it
 * would be stored and what it changes, worked out by applying it to the state the desk holds, so
 * the review refuses exactly what the engine would and names why.
 */
import { halves, signed } from '../reports/format'
import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import { apply } from '../tournament/apply'
import type { Command, MoveGames, SplitBy } from '../tournament/commands'
import { divisionNamed } from '../tournament/lookup'
import { playerKeys } from '../tournament/players'
import { registrationDependents } from '../tournament/roster'
import type { Division, Player, TournamentState } from '../tournament/types'
import { standingsAsOf } from '../tournament/views'

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
  /** He has played in the division he leaves: the move needs `games` (carry or drop). */
  readonly played: boolean
  /** What the move does to each division's latest standings: the division he leaves, then the one he joins. */
  readonly standings: readonly StandingsChange[]
  readonly state: TournamentState
}

/** A standings line as the review shows it. */
export interface StandingsLine {
  readonly rank: number
  readonly wins: number
  readonly losses: number
  readonly spread: number
}

/** A line as the review prints it: "rank 3: 1–1 +20", or "—" where the player has none. */
export function standingsLineWords(line: StandingsLine | null): string {
  if (line === null) return '—'
  return `rank ${String(line.rank)}: ${halves(line.wins)}–${halves(line.losses)} ${signed(line.spread)}`
}

/** Whether the player has played (a pairing names him): his move then needs `games`. */
export function hasPlayed(state: TournamentState, division: string, player: PlayerId): boolean {
  const found = divisionNamed(state.divisions, division)
  return found !== undefined && registrationDependents(found, player).includes('paired')
}

/** A player whose line the move changes; null before: he joins the table, null after: he leaves it. */
export interface StandingsLineChange {
  readonly name: string
  readonly before: StandingsLine | null
  readonly after: StandingsLine | null
}

/** A division's standings after its latest round, and the lines the move changes. */
export interface StandingsChange {
  readonly division: string
  /** The round the standings are after (0: none paired yet, nothing shown). */
  readonly round: number
  readonly lines: readonly StandingsLineChange[]
}

/** The lines of a division's standings after `round`, by player key. */
function linesByKey(
  state: TournamentState,
  division: string,
  round: number,
): ReadonlyMap<string, { readonly name: string; readonly line: StandingsLine }> {
  const found = divisionNamed(state.divisions, division)
  const rows = round === 0 || found === undefined ? null : standingsAsOf(state, found.name, round)
  const lines = new Map<string, { readonly name: string; readonly line: StandingsLine }>()
  if (rows === null || !rows.ok || found === undefined) return lines
  for (const row of rows.value) {
    const key = found.players[row.player - 1]?.key
    if (key === undefined) continue
    const { rank, wins, losses, spread } = row
    lines.set(key, { name: row.name, line: { rank, wins, losses, spread } })
  }
  return lines
}

const sameLine = (a: StandingsLine | null, b: StandingsLine | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.rank === b.rank &&
    a.wins === b.wins &&
    a.losses === b.losses &&
    a.spread === b.spread)

/**
 * The lines a roster command changes in a division's standings after its latest paired round
 * (issue 32: the director sees what the move does to both divisions before confirming), in the
 * order of the standings after it, then the lines that leave.
 */
export function standingsChange(
  before: TournamentState,
  after: TournamentState,
  division: string,
  newName: string = division,
): StandingsChange {
  const round = divisionNamed(after.divisions, newName)?.rounds.length ?? 0
  const was = linesByKey(before, division, round)
  const now = linesByKey(after, newName, round)
  const changed = (key: string): StandingsLineChange | null => {
    const old = was.get(key)
    const next = now.get(key)
    const name = next?.name ?? old?.name ?? ''
    const change = { name, before: old?.line ?? null, after: next?.line ?? null }
    return sameLine(change.before, change.after) ? null : change
  }
  const keys = [...now.keys(), ...[...was.keys()].filter((k) => !now.has(k))]
  const lines = keys.flatMap((key) => changed(key) ?? [])
  return { division: newName, round, lines }
}

/**
 * The move as it would be stored, or the engine's refusal (a player who has played needs the
 * director's choice of `games`; a penalty or a pending game is refused, naming it): the screen
 * reviews the number he gets, his first round there and what both divisions' standings do.
 */
export function reviewMove(
  state: TournamentState,
  division: string,
  player: PlayerId,
  to: string,
  games?: MoveGames,
): Result<MoveReview> {
  const named = namedPlayer(state, division, player)
  if (!named.ok) return named
  const { found, entry } = named.value
  const played = hasPlayed(state, found.name, player)
  const command: CommandOf<'movePlayer'> = {
    type: 'movePlayer',
    division: found.name,
    player,
    key: entry.key,
    to,
    // A move before play stores no choice, as every log before issue 32's second part.
    ...(played && games !== undefined ? { games } : {}),
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
    played,
    standings: [
      standingsChange(state, next.value, found.name),
      standingsChange(state, next.value, joined.name),
    ],
    state: next.value,
  })
}

export interface MergeReview {
  readonly command: CommandOf<'mergeDivisions'>
  readonly into: string
  readonly absorbed: string
  /** The absorbed division's players in the order they join, each with his number in the merged one. */
  readonly joining: readonly { readonly player: Player; readonly newId: PlayerId }[]
  /** The round the standings are after (0: none paired yet, no standings). */
  readonly round: number
  /** The merged division's standings after that round, as pairing the next round reads them. */
  readonly standings: readonly {
    readonly id: PlayerId
    readonly name: string
    readonly line: StandingsLine
  }[]
  readonly state: TournamentState
}

/**
 * The merge as it would be stored, or the engine's refusal (the rounds played differ, or a round
 * is paired but not complete): the screen reviews the numbers the absorbed players get and the
 * merged division's standings before the director confirms (issue 32).
 */
export function reviewMerge(
  state: TournamentState,
  division: string,
  absorbed: string,
): Result<MergeReview> {
  const into = divisionNamed(state.divisions, division)
  const from = divisionNamed(state.divisions, absorbed)
  const command: CommandOf<'mergeDivisions'> = {
    type: 'mergeDivisions',
    division: into?.name ?? division,
    absorbed: from?.name ?? absorbed,
  }
  const next = apply(state, command, state.id)
  if (!next.ok) return next
  if (into === undefined || from === undefined) throw new Error('merge applied without divisions')
  const merged = divisionNamed(next.value.divisions, into.name)
  const round = merged?.rounds.length ?? 0
  const rows = round === 0 ? null : standingsAsOf(next.value, into.name, round)
  if (rows !== null && !rows.ok) return rows
  return ok({
    command,
    into: into.name,
    absorbed: from.name,
    joining: from.players.map((player, i) => ({ player, newId: into.players.length + i + 1 })),
    round,
    standings: (rows?.value ?? []).map(({ player, name, rank, wins, losses, spread }) => ({
      id: player,
      name,
      line: { rank, wins, losses, spread },
    })),
    state: next.value,
  })
}

export interface SplitReview {
  readonly command: CommandOf<'splitDivision'>
  readonly from: string
  readonly to: string
  /** Who stays and who leaves, each with his number after the split, in that order. */
  readonly staying: readonly { readonly player: Player; readonly newId: PlayerId }[]
  readonly leaving: readonly { readonly player: Player; readonly newId: PlayerId }[]
  readonly state: TournamentState
}

/**
 * The split as it would be stored, or the engine's refusal (played already, a side left empty, a
 * name taken, a listed player unknown): the screen says who goes where, with their numbers, before
 * the director confirms (issue 32). A list carries the players' keys, as a desk sends them.
 */
export function reviewSplit(
  state: TournamentState,
  division: string,
  name: string,
  by: SplitBy,
): Result<SplitReview> {
  const from = divisionNamed(state.divisions, division)
  const keyed: SplitBy =
    by.kind === 'list' && from !== undefined ? { ...by, keys: playerKeys(from, by.players) } : by
  const command: CommandOf<'splitDivision'> = {
    type: 'splitDivision',
    division: from?.name ?? division,
    name,
    by: keyed,
  }
  const next = apply(state, command, state.id)
  if (!next.ok) return next
  if (from === undefined) throw new Error('split applied without its division')
  const index = state.divisions.indexOf(from)
  const kept = next.value.divisions[index]
  const made = next.value.divisions[index + 1]
  if (kept === undefined || made === undefined) throw new Error('split made no division')
  const byKey = (d: Division) =>
    d.players.flatMap((p) => {
      const player = from.players.find((q) => q.key === p.key && q.deleted === p.deleted)
      return player === undefined || p.deleted === true ? [] : [{ player, newId: p.id }]
    })
  return ok({
    command: { ...command, name: made.name },
    from: from.name,
    to: made.name,
    staying: byKey(kept),
    leaving: byKey(made),
    state: next.value,
  })
}
