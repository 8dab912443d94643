/*
 * Table numbers across the hall (issue 19): divisions share one room, so by default each numbers
 * its tables on from the last table of the division before it (A 1–11, B 12–18, C 19–22), and a
 * director's own first table (`setTableOffset`) is kept. Two divisions whose tables overlap are
 * named, so a hall never has two "table 1"s without a word.
 */
import type { Command } from './commands'
import type { Division, Round, TournamentState } from './types'

type CommandOf<T extends Command['type']> = Extract<Command, { readonly type: T }>

/** Boards a division needs: one for every two players still playing (an odd one has the bye). */
export function boardsOf(division: Division): number {
  const playing = division.players.filter((p) => p.status.kind !== 'withdrawn').length
  return Math.floor(playing / 2)
}

/**
 * The offset of every division's tables (its first table less 1), in division order: the
 * director's where set, else the table after the previous division's last (by its boards).
 */
export function tableOffsets(state: TournamentState): ReadonlyMap<string, number> {
  const offsets = new Map<string, number>()
  let after = 0
  for (const division of state.divisions) {
    const offset = division.tableOffset ?? after
    offsets.set(division.name, offset)
    after = offset + boardsOf(division)
  }
  return offsets
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
 * latest round actually uses (a locked table, a round paired before the first table changed). A
 * division without boards or games takes none.
 */
export function tableRanges(state: TournamentState): readonly TableRange[] {
  const offsets = tableOffsets(state)
  const ranges: TableRange[] = []
  for (const division of state.divisions) {
    const offset = offsets.get(division.name) ?? 0
    const boards = boardsOf(division)
    const used = gameTables(division.rounds.at(-1))
    const planned = boards > 0 ? [offset + 1, offset + boards] : []
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

const span = (first: number, last: number): string =>
  first === last ? `table ${first}` : `tables ${first}–${last}`

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
