import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import { findRound, starterOf } from '../tournament/lookup'
import type { Division, GamePairing, Player, Round, TournamentState } from '../tournament/types'
import { findDivision, unpairedPlayers } from '../tournament/views'
import { printedRuleLines, reportHeader, type ReportHeader, type RuleLine } from './header'

/** A player as printed: the name and the division number players show at the desk. */
export interface Seat {
  readonly id: PlayerId
  readonly name: string
  readonly rating: number
  /** This player starts the game (MSA prints a `*` by the name). */
  readonly starts: boolean
}

/**
 * Who starts, as the page says it: a named player, or a draw for first at the table (tiles drawn
 * when the preset leaves equal firsts to the players, MSA 1.4, or when nobody decided yet).
 */
export type StartMark =
  { readonly kind: 'player'; readonly seat: 0 | 1 } | { readonly kind: 'draw' }

export interface GameRow {
  readonly kind: 'game'
  readonly table: number
  readonly seats: readonly [Seat, Seat]
  readonly start: StartMark
  /** The player this table is kept for every round (issue 32), printed by the table; else null. */
  readonly keptFor: PlayerId | null
}

export interface ByeRow {
  readonly kind: 'bye'
  readonly player: Seat
  /** The spread a bye counts for (NSA VII.J.1), printed so the player knows. */
  readonly spread: number
}

export type TableRow = GameRow | ByeRow

export interface PairingsByTable {
  readonly kind: 'pairings-by-table'
  readonly header: ReportHeader
  readonly rules: readonly RuleLine[]
  /** How to draw tiles for first (MSA 1.4, NSA II.F.1), when some table draws; else null. */
  readonly tileDraw: string | null
  /** Games in table order, then byes. */
  readonly rows: readonly TableRow[]
}

function seat(player: Player, starts: boolean): Seat {
  return { id: player.id, name: player.name, rating: player.rating, starts }
}

/** Ids are 1..n (shared/tournament/lookup.ts); a pairing naming another is a corrupt state. */
export function playerAt(division: Division, id: PlayerId): Player {
  const player = division.players[id - 1]
  if (player === undefined) throw new Error(`Division ${division.name} has no player #${id}`)
  return player
}

export function gameRow(division: Division, pairing: GamePairing): GameRow {
  const starter = starterOf(pairing.start)
  const [a, b] = pairing.players
  const start: StartMark =
    starter === a
      ? { kind: 'player', seat: 0 }
      : starter === b
        ? { kind: 'player', seat: 1 }
        : { kind: 'draw' }
  return {
    kind: 'game',
    table: pairing.table,
    seats: [seat(playerAt(division, a), starter === a), seat(playerAt(division, b), starter === b)],
    start,
    keptFor: keptFor(division, pairing),
  }
}

/** Which of the game's players the table is kept for (issue 32: `reserveTable`), or null. */
export function keptFor(division: Division, pairing: GamePairing): PlayerId | null {
  return (
    pairing.players.find((id) => division.players[id - 1]?.reservedTable === pairing.table) ?? null
  )
}

export interface RoundContext {
  readonly division: Division
  readonly round: Round
  readonly header: ReportHeader
  readonly rules: readonly RuleLine[]
}

/** The division and a paired round, or why there is nothing to print. */
export function roundContext(
  state: TournamentState,
  divisionName: string,
  roundNumber: number,
): Result<RoundContext> {
  const division = findDivision(state, divisionName)
  if (!division.ok) return division
  const round = findRound(division.value, state.info, roundNumber)
  if (!round.ok) return round
  return ok({
    division: division.value,
    round: round.value,
    header: reportHeader(state, division.value, roundNumber),
    rules: printedRuleLines(state.rules),
  })
}

export function tableRows(state: TournamentState, division: Division, round: Round): TableRow[] {
  return round.pairings.map((pairing): TableRow => {
    switch (pairing.kind) {
      case 'game':
        return gameRow(division, pairing)
      case 'bye':
        return {
          kind: 'bye',
          player: seat(playerAt(division, pairing.player), false),
          spread: state.rules.results.byeSpread,
        }
    }
  })
}

/** The preset's tile-draw procedure, printed wherever a table draws for first. */
function tileDrawFor(state: TournamentState, rows: readonly TableRow[]): string | null {
  const draws = rows.some((row) => row.kind === 'game' && row.start.kind === 'draw')
  return draws ? state.rules.printed.tileDraw : null
}

/** The pairings of a round by table, as posted on the wall and read out (MSA marks starters). */
export function pairingsByTable(
  state: TournamentState,
  divisionName: string,
  round: number,
): Result<PairingsByTable> {
  const context = roundContext(state, divisionName, round)
  if (!context.ok) return context
  const { division, header, rules } = context.value
  const rows = tableRows(state, division, context.value.round)
  return ok({
    kind: 'pairings-by-table',
    header,
    rules,
    tileDraw: tileDrawFor(state, rows),
    rows,
  })
}

/** One player's line of the alphabetical list: where to sit and against whom. */
export type AlphabeticalRow =
  | {
      readonly kind: 'game'
      readonly player: Seat
      readonly table: number
      readonly opponent: Seat
      /** 'first' or 'second' when decided; 'draw' when the players draw for first. */
      readonly start: 'first' | 'second' | 'draw'
    }
  | { readonly kind: 'bye'; readonly player: Seat; readonly spread: number }
  /** Entered and playing, but not in this round's pairings: the desk must seat them. */
  | { readonly kind: 'unpaired'; readonly player: Seat }

export interface PairingsAlphabetical {
  readonly kind: 'pairings-alphabetical'
  readonly header: ReportHeader
  /** As on the pairings by table: the draw procedure when some table draws for first. */
  readonly tileDraw: string | null
  readonly rows: readonly AlphabeticalRow[]
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true })

/** By name as people look for it (case and accents aside), then by number for equal names. */
export function byName(a: { name: string; id: number }, b: { name: string; id: number }): number {
  return collator.compare(a.name, b.name) || a.id - b.id
}

/** "Find your name": every player of the round in name order, with table and opponent. */
export function pairingsAlphabetical(
  state: TournamentState,
  divisionName: string,
  round: number,
): Result<PairingsAlphabetical> {
  const context = roundContext(state, divisionName, round)
  if (!context.ok) return context
  const { division, header } = context.value
  const rows: AlphabeticalRow[] = []
  const byTable = tableRows(state, division, context.value.round)
  for (const row of byTable) {
    switch (row.kind) {
      case 'game': {
        const [a, b] = row.seats
        const startOf = (s: Seat): 'first' | 'second' | 'draw' =>
          row.start.kind === 'draw' ? 'draw' : s.starts ? 'first' : 'second'
        rows.push({ kind: 'game', player: a, table: row.table, opponent: b, start: startOf(a) })
        rows.push({ kind: 'game', player: b, table: row.table, opponent: a, start: startOf(b) })
        break
      }
      case 'bye':
        rows.push({ kind: 'bye', player: row.player, spread: row.spread })
        break
    }
  }
  const unpaired = unpairedPlayers(state, divisionName, round)
  if (!unpaired.ok) return unpaired
  for (const player of unpaired.value) rows.push({ kind: 'unpaired', player: seat(player, false) })
  rows.sort((x, y) => byName(x.player, y.player))
  return ok({ kind: 'pairings-alphabetical', header, tileDraw: tileDrawFor(state, byTable), rows })
}

/** An inclusive range of table numbers, as the director types it ("print tables 12 to 20"). */
export interface TableRange {
  readonly from: number
  readonly to: number
}

export function checkTableRange(range: TableRange): Result<TableRange> {
  const { from, to } = range
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 1 || to < 1) {
    return err('report.tables.invalid', `Tables are whole numbers from 1, not ${from} to ${to}.`, {
      field: 'tables',
    })
  }
  if (from > to) {
    return err('report.tables.reversed', `The first table (${from}) is after the last (${to}).`, {
      field: 'tables',
    })
  }
  return ok(range)
}
