/*
 * Table numbers across the hall (issue 19): divisions share one room, so by default each numbers
 * its tables on from the last table of the division before it (A 1–11, B 12–18, C 19–22), and a
 * director's own first table (`setTableOffset`) is kept. Once paired, a division's block stays put
 * (issue 28, `hallLayout`). Two divisions whose tables overlap are named, so a hall never has two
 * "table 1"s without a word.
 */
import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import type { Command } from './commands'
import { divisionNamed, findPlayer } from './lookup'
import type { Division, Player, Round, TournamentState } from './types'

type CommandOf<T extends Command['type']> = Extract<Command, { readonly type: T }>

const span = (first: number, last: number): string =>
  first === last ? `table ${first}` : `tables ${first}–${last}`

/** Boards a division needs: one for every two players still playing (an odd one has the bye). */
export function boardsOf(division: Division): number {
  const playing = division.players.filter((p) => p.status.kind !== 'withdrawn').length
  return Math.floor(playing / 2)
}

/**
 * The offset a round was paired at (its first table less 1): the engine numbers its games on from
 * the offset, skipping the tables kept by locked games, so the lowest unlocked table less the
 * locked tables just below it. A round of locked games only starts at its lowest table; a round
 * without games has none.
 */
export function pairedOffset(round: Round): number | undefined {
  const games = round.pairings.flatMap((p) => (p.kind === 'game' ? [p] : []))
  if (games.length === 0) return undefined
  const free = games.filter((g) => !g.locked).map((g) => g.table)
  if (free.length === 0) return Math.min(...games.map((g) => g.table)) - 1
  const locked = new Set(games.filter((g) => g.locked).map((g) => g.table))
  let first = Math.min(...free)
  while (locked.has(first - 1)) first--
  return first - 1
}

/**
 * Where the division's latest round with games was paired (its block of tables). A game at a
 * table kept for one of its players (issue 32) stands apart from the block and says nothing of
 * where the block is.
 */
function anchorOf(division: Division): number | undefined {
  const kept = new Set(
    division.players.flatMap((p) =>
      p.reservedTable === undefined || p.status.kind === 'withdrawn' ? [] : [p.reservedTable],
    ),
  )
  for (let i = division.rounds.length - 1; i >= 0; i--) {
    const round = division.rounds[i]
    const block =
      round === undefined || kept.size === 0
        ? round
        : {
            ...round,
            pairings: round.pairings.filter((p) => p.kind !== 'game' || !kept.has(p.table)),
          }
    const offset = block === undefined ? undefined : pairedOffset(block)
    if (offset !== undefined) return offset
  }
  return undefined
}

/**
 * A division's block that had to move on because a division before it in the hall grew into it
 * (issue 28): `first`–`last` are its tables from the next pairing, `table` the first of its old
 * tables that `by` needs now.
 */
export interface TableMove {
  readonly division: string
  readonly first: number
  readonly last: number
  readonly from: number
  readonly by: string
  readonly table: number
}

interface HallLayout {
  readonly offsets: ReadonlyMap<string, number>
  readonly moves: readonly TableMove[]
}

/**
 * Issue 28: numbering every division on from the one before it each round moved C from 21–23 to
 * 22–24 after a late entry in B, and back after a withdrawal in A. So a division's block stays
 * where its latest paired round had it (a division before it that shrinks leaves a gap), and
 * moves on just past any earlier division's block it no longer fits beside. A division never
 * paired follows the one before it; the director's own first table always wins.
 */
function hallLayout(state: TournamentState): HallLayout {
  const offsets = new Map<string, number>()
  const moves: TableMove[] = []
  const blocks: { readonly division: string; readonly first: number; readonly last: number }[] = []
  const kept = reservedTables(state)
  let after = 0
  for (const division of state.divisions) {
    const boards = boardsOf(division)
    const end = blockEnd(boards, kept)
    const anchor = division.tableOffset === undefined ? anchorOf(division) : undefined
    let offset = division.tableOffset ?? anchor ?? after
    if (anchor !== undefined && boards > 0) {
      let hit = blocks.find((b) => b.first <= end(offset) && b.last > offset)
      const first = hit
      while (hit !== undefined) {
        offset = hit.last
        hit = blocks.find((b) => b.first <= end(offset) && b.last > offset)
      }
      if (first !== undefined) {
        moves.push({
          division: division.name,
          first: offset + 1,
          last: end(offset),
          from: anchor + 1,
          by: first.division,
          table: Math.max(first.first, anchor + 1),
        })
      }
    }
    offsets.set(division.name, offset)
    if (boards > 0) blocks.push({ division: division.name, first: offset + 1, last: end(offset) })
    after = end(offset)
  }
  return { offsets, moves }
}

/**
 * The last table of a division's block from a first table on (issue 32): one table per board,
 * past every kept table, which its numbered games never take (`hallTableNumbering`), so the next
 * division's block starts after its real last table. Its own kept table counts too: when its
 * holder has the bye, the division's games fill every board of the block.
 */
function blockEnd(boards: number, kept: readonly Reservation[]): (offset: number) => number {
  const elsewhere = new Set(kept.map((r) => r.table))
  return (offset) => {
    let table = offset
    for (let n = 0; n < boards;) if (!elsewhere.has(++table)) n++
    return table
  }
}

/**
 * The offset of every division's tables (its first table less 1), in division order: the
 * director's where set, else where its latest round was paired (moved on when an earlier
 * division's block now reaches into it), else the table after the previous division's last.
 */
export function tableOffsets(state: TournamentState): ReadonlyMap<string, number> {
  return hallLayout(state).offsets
}

/** The divisions whose blocks move at their next pairing, and why (`hallLayout`). */
export function tableMoves(state: TournamentState): readonly TableMove[] {
  return hallLayout(state).moves
}

/** "C's tables move to 22–24: B needs table 21 now." */
export function describeTableMove(move: TableMove): string {
  const to = move.first === move.last ? String(move.first) : `${move.first}–${move.last}`
  return `${move.division}’s tables move to ${to}: ${move.by} needs table ${move.table} now.`
}

/** Where the division's table numbers start, less 1 (0 for an unknown division). */
export function tableOffsetOf(state: TournamentState, division: string): number {
  return tableOffsets(state).get(division) ?? 0
}

/** Whether the director chose the division's first table (else it follows the hall's order). */
export function tableOffsetChosen(state: TournamentState, division: string): boolean {
  return state.divisions.find((d) => d.name === division)?.tableOffset !== undefined
}

export interface TableRange {
  readonly division: string
  readonly first: number
  readonly last: number
}

function gameTables(round: Round | undefined): number[] {
  return (round?.pairings ?? []).flatMap((p) => (p.kind === 'game' ? [p.table] : []))
}

/**
 * The tables each division takes: from its first table for its boards, widened to the tables its
 * latest round uses while it is being played (a locked table, a round paired before the first
 * table changed or before its block moved on). A finished round's tables are free again, so a
 * block that moved on is not also named as an overlap. A division without boards or games takes
 * none.
 */
export function tableRanges(state: TournamentState): readonly TableRange[] {
  const offsets = tableOffsets(state)
  const kept = reservedTables(state)
  const ranges: TableRange[] = []
  for (const division of state.divisions) {
    const offset = offsets.get(division.name) ?? 0
    const boards = boardsOf(division)
    const latest = division.rounds.at(-1)
    // A table kept for one of its players stands apart from its block (issue 32), not a widening.
    const own = new Set(kept.filter((r) => r.division === division.name).map((r) => r.table))
    const used =
      roundToRenumber(division) === undefined ? [] : gameTables(latest).filter((t) => !own.has(t))
    const planned = boards > 0 ? [offset + 1, blockEnd(boards, kept)(offset)] : []
    const all = [...planned, ...used]
    if (all.length === 0) continue
    ranges.push({ division: division.name, first: Math.min(...all), last: Math.max(...all) })
  }
  return ranges
}

export interface TableOverlap {
  readonly divisions: readonly [TableRange, TableRange]
  /** The tables both take. */
  readonly first: number
  readonly last: number
}

/** Every two divisions whose tables share a number, in division order. */
export function tableOverlaps(state: TournamentState): readonly TableOverlap[] {
  const ranges = tableRanges(state)
  const overlaps: TableOverlap[] = []
  ranges.forEach((a, i) => {
    for (const b of ranges.slice(i + 1)) {
      const first = Math.max(a.first, b.first)
      const last = Math.min(a.last, b.last)
      if (first <= last) overlaps.push({ divisions: [a, b], first, last })
    }
  })
  return overlaps
}

/** "Divisions A (tables 1–12) and B (tables 12–18) both use table 12." */
export function describeOverlap(overlap: TableOverlap): string {
  const [a, b] = overlap.divisions
  const both =
    overlap.first === overlap.last ? `table ${overlap.first}` : span(overlap.first, overlap.last)
  return `Divisions ${a.division} (${span(a.first, a.last)}) and ${b.division} (${span(b.first, b.last)}) both use ${both}.`
}

/** "Tables 12–18", or null when the division has no boards yet. */
export function describeRange(state: TournamentState, division: string): string | null {
  const range = tableRanges(state).find((r) => r.division === division)
  if (range === undefined) return null
  const words = span(range.first, range.last)
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/**
 * Whether a changed first table renumbers the division's latest round: one still being played
 * (a game without its result) takes the new numbers at once; a finished round keeps the tables it
 * was played at, and the next pairing uses the new ones.
 */
export function roundToRenumber(division: Division): number | undefined {
  const latest = division.rounds.at(-1)
  if (latest === undefined) return undefined
  const open = latest.pairings.some((p, i) => p.kind === 'game' && latest.results[i] == null)
  return open ? latest.number : undefined
}

/**
 * The command that makes the division's tables start at `first`: it renumbers the round still
 * being played without pairing it again (`roundToRenumber`).
 */
export function tableOffsetCommand(
  state: TournamentState,
  division: string,
  first: number,
): CommandOf<'setTableOffset'> {
  const found = state.divisions.find((d) => d.name === division)
  const round = found === undefined ? undefined : roundToRenumber(found)
  return {
    type: 'setTableOffset',
    division,
    offset: first - 1,
    ...(round === undefined ? {} : { renumberRound: round }),
  }
}

/** The highest table a reservation may name (as a renumbered round's, plan.ts). */
export const MAX_RESERVED_TABLE = 9999

/** A table of the hall kept for one player every round (issue 32). */
export interface Reservation {
  readonly division: string
  readonly player: PlayerId
  readonly name: string
  readonly table: number
}

/**
 * Every table kept for a player still in the event, in division and player order. A withdrawn
 * player's table is free for the others while he is out, and his again if he is reinstated.
 */
export function reservedTables(state: TournamentState): readonly Reservation[] {
  return state.divisions.flatMap((d) =>
    d.players.flatMap((p) =>
      p.reservedTable === undefined || p.status.kind === 'withdrawn'
        ? []
        : [{ division: d.name, player: p.id, name: p.name, table: p.reservedTable }],
    ),
  )
}

/**
 * `reserveTable`: keeps the hall's table `table` for the player from the next pairing on, or
 * releases it (null). One table, one player, whichever division he plays in: the hall has one
 * table of each number. A round already paired keeps its tables; the director re-pairs it or
 * swaps tables to seat him there at once.
 */
export function reserveTable(
  state: TournamentState,
  command: Extract<Command, { readonly type: 'reserveTable' }>,
): Result<TournamentState> {
  // By its name or a former one (issue 32: a command given before a rename still finds it).
  const division = divisionNamed(state.divisions, command.division)
  if (division === undefined) {
    return err('division.missing', `There is no division ${command.division}.`)
  }
  const found = findPlayer(division, command.player)
  if (!found.ok) return found
  const player = found.value
  const { table } = command
  if (table !== null) {
    if (!Number.isInteger(table) || table < 1 || table > MAX_RESERVED_TABLE) {
      return err(
        'player.reserved-table.invalid',
        `The table kept for ${player.name} must be a whole number from 1 to ${MAX_RESERVED_TABLE}.`,
        { field: 'reservedTable', details: { table } },
      )
    }
    for (const d of state.divisions) {
      const holder = d.players.find(
        (p) => p.reservedTable === table && !(d.name === division.name && p.id === player.id),
      )
      if (holder !== undefined) {
        return err(
          'player.reserved-table.taken',
          `Table ${table} is already kept for ${holder.name} (#${holder.id}, division ${d.name}).`,
          { field: 'reservedTable', details: { table, player: holder.id, division: d.name } },
        )
      }
    }
  }
  const changed = table === null ? unreserved(player) : { ...player, reservedTable: table }
  const players = division.players.map((p) => (p.id === player.id ? changed : p))
  const divisions = state.divisions.map((d) => (d === division ? { ...division, players } : d))
  return ok({ ...state, divisions })
}

/** The player without a kept table: the field is left out, as for one who never had one. */
function unreserved({ reservedTable, ...player }: Player): Player {
  void reservedTable
  return player
}

/**
 * The command that keeps `table` for the player (null releases it), naming him by number and
 * key so a desk working on an older roster cannot give his table to someone else.
 */
export function reserveTableCommand(
  division: Division,
  player: PlayerId,
  table: number | null,
): Extract<Command, { readonly type: 'reserveTable' }> {
  const key = division.players[player - 1]?.key
  return {
    type: 'reserveTable',
    division: division.name,
    player,
    table,
    ...(key === undefined ? {} : { keys: [{ player, key }] }),
  }
}

/**
 * How a division's new games get their tables (issue 19, issue 32): a game with a player whose
 * table is kept sits at it; the others take the division's tables from its first on, past the
 * tables `used` (kept games of the round) and every table kept for a player anywhere in the hall,
 * so a kept table is never given to a game of another division. Call it once per game, in the
 * order the games are numbered.
 */
export function hallTableNumbering(
  state: TournamentState,
  division: string,
  used: Iterable<number>,
): (players: readonly [PlayerId, PlayerId]) => number {
  const reservations = reservedTables(state)
  const own = new Map(
    reservations.filter((r) => r.division === division).map((r) => [r.player, r.table]),
  )
  const taken = new Set(used)
  const skip = new Set([...taken, ...reservations.map((r) => r.table)])
  let table = tableOffsetOf(state, division)
  return (players) => {
    const kept = own.get(players[0]) ?? own.get(players[1])
    if (kept !== undefined && !taken.has(kept)) {
      taken.add(kept)
      return kept
    }
    do table++
    while (skip.has(table))
    return table
  }
}
