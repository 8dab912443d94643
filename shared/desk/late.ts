/*
 * Late arrivals at the desk (rules.md, "Clock, overtime and late arrival"): the round clock, who is
 * still absent at which table, each late player's remaining time by the preset's method, and the
 * forfeit the preset calls for. The program proposes; the director confirms every forfeit.
 */
import type { SeatClock } from '../clock/late-arrival'
import { err, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import { tableClocks } from '../tournament/views'
import type { TournamentState } from '../tournament/types'
import { parseResultLine, type ResultEntry } from './result-line'

export interface TableClock {
  readonly table: number
  readonly players: readonly [PlayerId, PlayerId]
  /** Players recorded absent when the round started, or seen arriving late. */
  readonly late: readonly PlayerId[]
  /** Of those, the ones not yet at the table. */
  readonly absent: readonly PlayerId[]
  /**
   * Both clocks by the preset (shared/clock): time lost, time left, and for a late player the
   * forfeit decision (`none`, `may-choose-forfeit` MSA guide, `must-forfeit` MSA guide and NEON).
   */
  readonly seats: readonly [SeatClock, SeatClock]
  /** A result is already entered (e.g. the forfeit was confirmed). */
  readonly hasResult: boolean
  /** What the panel offers the director to confirm at this table now. */
  readonly proposal: LateProposal
}

/**
 * The forfeit the clocks call for at one table. A win never goes to a player who is not there: a
 * late player's forfeit is offered only while the opponent is at the table, and when neither
 * player arrives before their time runs out both lose (a double forfeit).
 * - `forfeit`: `loser` forfeits; `required` when their clock ran out (MSA guide, NEON), else the
 *   player arrived with too little time and may choose to (MSA guide, under 15 minutes).
 * - `either-may-forfeit`: both arrived with too little time (MSA guide): each may choose, so the
 *   panel offers the choice to both and the director clicks for whoever makes it.
 * - `double-forfeit`: both players' time ran out before either arrived.
 */
export type LateProposal =
  | { readonly kind: 'none' }
  | { readonly kind: 'forfeit'; readonly loser: PlayerId; readonly required: boolean }
  | { readonly kind: 'either-may-forfeit'; readonly players: readonly [PlayerId, PlayerId] }
  | { readonly kind: 'double-forfeit' }

export function lateProposal(
  seats: readonly [SeatClock, SeatClock],
  absent: readonly PlayerId[],
): LateProposal {
  const expired = seats.filter((s) => s.decision.kind === 'must-forfeit')
  if (expired.length === 2) return { kind: 'double-forfeit' }
  // Only a seat whose opponent is at the table can forfeit now: nobody wins against an empty chair.
  const can = [!absent.includes(seats[1].player), !absent.includes(seats[0].player)] as const
  // MSA guide, Before starting: a player whose 25 minutes ran out must forfeit, so the game is
  // settled whatever the other player may choose; seat order must not decide who wins.
  const required = seats.find((s, i) => can[i] && s.decision.kind === 'must-forfeit')
  if (required !== undefined) return { kind: 'forfeit', loser: required.player, required: true }
  const optional = seats.filter((s, i) => can[i] && s.decision.kind === 'may-choose-forfeit')
  const [only, also] = optional
  if (only === undefined) return { kind: 'none' }
  if (also === undefined) return { kind: 'forfeit', loser: only.player, required: false }
  return { kind: 'either-may-forfeit', players: [only.player, also.player] }
}

/**
 * The late-arrival panel of a started round as of `now` (ms): one entry per table where somebody
 * was late, in table order. A round not started (or not paired) has none. A `now` before a recorded
 * arrival (another machine's clock) is taken as that arrival's time.
 */
export function roundClockStatus(
  state: TournamentState,
  division: string,
  round: number,
  now: number,
): readonly TableClock[] {
  const found = state.divisions.find((d) => d.name === division)?.rounds[round - 1]
  if (found?.startedAt == null || found.arrivals.length === 0) return []
  const arrivedAt = new Map(found.arrivals.map((a) => [a.player, a.arrivedAt]))
  const latest = Math.max(found.startedAt, ...found.arrivals.map((a) => a.arrivedAt ?? 0))
  const at = Math.max(now, latest)
  const clocks: TableClock[] = []
  found.pairings.forEach((pairing, i) => {
    if (pairing.kind !== 'game') return
    const late = pairing.players.filter((p) => arrivedAt.has(p))
    if (late.length === 0) return
    const seats = tableClocks(state, division, round, pairing.table, at)
    if (!seats.ok) return
    const absent = late.filter((p) => arrivedAt.get(p) === null)
    clocks.push({
      table: pairing.table,
      players: pairing.players,
      late,
      absent,
      seats: seats.value,
      hasResult: found.results[i] != null,
      proposal: lateProposal(seats.value, absent),
    })
  })
  return clocks
}

/**
 * The result entry for a late player's forfeit, once the director confirms it: the opponent wins
 * at the preset's lateness spread, rated as the preset says (MSA guide: by 50; NEON: by 100, not
 * rated), with reason `late`. It is the same entry as the line `late #<player>`.
 */
export function lateForfeitEntry(
  state: TournamentState,
  division: string,
  round: number,
  player: PlayerId,
): Result<ResultEntry> {
  if (!Number.isInteger(player) || player < 1) {
    return err('player.missing', `There is no player #${player}.`, { field: 'player' })
  }
  return parseResultLine(`late #${player}`, { state, division, round })
}

/**
 * The result entry when neither player of a table arrived before their time ran out: both lose
 * at the preset's forfeit spread. It is the same entry as the line `<table> double-forfeit`.
 */
export function lateDoubleForfeitEntry(
  state: TournamentState,
  division: string,
  round: number,
  table: number,
): Result<ResultEntry> {
  if (!Number.isInteger(table) || table < 1) {
    return err('table.missing', `There is no table ${table}.`, { field: 'table' })
  }
  return parseResultLine(`${table} double-forfeit`, { state, division, round })
}
