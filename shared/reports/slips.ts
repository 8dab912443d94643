import { err, ok, type Result } from '../result'
import type { TournamentState } from '../tournament/types'
import type { ReportHeader, RuleLine } from './header'
import {
  checkTableRange,
  gameRow,
  roundContext,
  type Seat,
  type StartMark,
  type TableRange,
} from './pairings'

/**
 * One result slip: a game's table, both players (the starter marked), and the rules every table
 * plays by. The boxes the players fill in (who started, scores, overtime, spread, winner, blanks
 * played, signatures) are the page's layout, not data (MSA guide: both players sign; blanks
 * declared). The "started" box tells the desk who went first where the tiles were drawn.
 */
export interface ResultSlip {
  readonly table: number
  readonly seats: readonly [Seat, Seat]
  readonly start: StartMark
}

export interface ResultSlips {
  readonly kind: 'result-slips'
  readonly header: ReportHeader
  readonly rules: readonly RuleLine[]
  /** Points off per minute or part of a minute over time, for the overtime box (0 = no box). */
  readonly overtimePenaltyPerMinute: number
  /** How to draw tiles for first (MSA 1.4, NSA II.F.1), printed on a slip whose table draws. */
  readonly tileDraw: string
  readonly slips: readonly ResultSlip[]
}

export interface SlipOptions {
  /** Only these tables (inclusive); every game of the round when absent. */
  readonly tables?: TableRange
}

/** A slip for every game of the round (a bye needs none), in table order. */
export function resultSlips(
  state: TournamentState,
  divisionName: string,
  round: number,
  options: SlipOptions = {},
): Result<ResultSlips> {
  const range = options.tables === undefined ? null : checkTableRange(options.tables)
  if (range !== null && !range.ok) return range
  const context = roundContext(state, divisionName, round)
  if (!context.ok) return context
  const { division, header, rules } = context.value
  const slips: ResultSlip[] = []
  for (const pairing of context.value.round.pairings) {
    if (pairing.kind !== 'game') continue
    if (range !== null && (pairing.table < range.value.from || pairing.table > range.value.to)) {
      continue
    }
    const row = gameRow(division, pairing)
    slips.push({ table: row.table, seats: row.seats, start: row.start })
  }
  if (slips.length === 0) {
    return err(
      'report.slips.none',
      range === null
        ? `Round ${round} of division ${divisionName} has no games.`
        : `Round ${round} has no game at tables ${range.value.from} to ${range.value.to}.`,
      { field: 'tables' },
    )
  }
  return ok({
    kind: 'result-slips',
    header,
    rules,
    overtimePenaltyPerMinute: state.rules.clock.overtimePenaltyPerMinute,
    tileDraw: state.rules.printed.tileDraw,
    slips,
  })
}
