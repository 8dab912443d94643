/*
 * Issue 30: players enter their game's result from their phones and the opponent confirms, as
 * Bridgemate has one player enter and the other verify. Each side's entry is kept on its round
 * (`Round.phoneEntries`); the second side's equal entry records the result exactly as a desk's
 * `recordResult` would, so standings, print and files see an ordinary result. A different entry,
 * or none within the confirming time, is a dispute the desk resolves by entering the result as
 * usual: the desk's result wins, and once a result is in no phone changes it.
 */
import { err, ok, type Result } from '../result'
import { resultPlayers, type GameResult, type PlayerId } from '../results/game-result'
import type { Command } from './commands'
import { findRound, findTable } from './lookup'
import { PHONE_CONFIRM_MINUTES } from './phone-access'
import { playerKeys } from './players'
import { checkResult, enterResult } from './record-result'
import { withRound, type Context } from './rounds'
import type { Division, Pairing, PhoneEntry, Round } from './types'

type CommandOf<T extends Command['type']> = Extract<Command, { readonly type: T }>

/** How long an entry waits for the opponent before the desks see it as disputed (issue 30). */

/** Whether two entries say the same: the same scores for the same players, the same starter. */
export function sameEntry(
  a: Pick<PhoneEntry, 'result' | 'first'>,
  b: Pick<PhoneEntry, 'result' | 'first'>,
): boolean {
  return a.first === b.first && canonical(a.result) === canonical(b.result)
}

/** A result with its players in number order, so either side's typing compares equal. */
function canonical(result: GameResult): string {
  if (result.kind !== 'played') return JSON.stringify(result)
  const swap = result.players[0] > result.players[1]
  const pick = <T>(pair: readonly [T, T]): readonly T[] => (swap ? [pair[1], pair[0]] : pair)
  return JSON.stringify([
    pick(result.players),
    pick(result.scores),
    pick(result.rawScores),
    pick(result.overtimeSeconds),
  ])
}

/** The entries of one table that still count: its result is not in and the players still sit there. */
export function tableEntries(round: Round, table: number): readonly PhoneEntry[] {
  const index = findTable(round, table)
  if (!index.ok) return []
  const pairing = round.pairings[index.value]
  if (pairing?.kind !== 'game' || round.results[index.value] != null) return []
  return (round.phoneEntries ?? []).filter(
    (e) => e.table === table && pairing.players.includes(e.player),
  )
}

/**
 * `phoneResult`: the player must sit at the table, the result be a played game of its players
 * within the rules, and the game have no result yet. His own earlier entry is replaced (he may
 * correct it before the opponent confirms); the opponent's equal entry records the result.
 */
export function phoneResult(
  division: Division,
  command: CommandOf<'phoneResult'>,
  context: Context,
): Result<Division> {
  const found = findRound(division, context.info, command.round)
  if (!found.ok) return found
  const round = found.value
  const index = findTable(round, command.table)
  if (!index.ok) return index
  const pairing = round.pairings[index.value] as Pairing
  if (pairing.kind !== 'game' || !pairing.players.includes(command.player)) {
    return err(
      'phone-result.not-at-table',
      `Player #${String(command.player)} does not play at table ${String(command.table)} in round ${String(round.number)}.`,
      { details: { round: round.number, table: command.table } },
    )
  }
  if (command.result.kind !== 'played') {
    return err(
      'phone-result.not-played',
      'A phone enters the scores of a played game only: a forfeit or bye is entered at a desk.',
      { details: { kind: command.result.kind } },
    )
  }
  if (command.first !== undefined && !pairing.players.includes(command.first)) {
    return err('phone-result.first', `Player #${String(command.first)} is not at this table.`, {
      details: { first: command.first },
    })
  }
  const checked = checkResult(pairing, command.result, context.rules)
  if (!checked.ok) return checked
  if (round.results[index.value] != null) {
    return err(
      'phone-result.recorded',
      `The result of table ${String(command.table)} is in already: only a desk changes it now.`,
      { details: { round: round.number, table: command.table } },
    )
  }
  const entry: PhoneEntry = {
    table: command.table,
    player: command.player,
    result: command.result,
    ...(command.first === undefined ? {} : { first: command.first }),
    at: command.at,
  }
  const others = (round.phoneEntries ?? []).filter((e) => e.table !== command.table)
  const opponent = tableEntries(round, command.table).find((e) => e.player !== command.player)
  if (opponent !== undefined && sameEntry(opponent, entry)) {
    const cleared = withEntries(division, round, others)
    return enterResult(
      cleared,
      {
        division: command.division,
        round: round.number,
        game: { table: command.table },
        result: command.result,
        ...(command.first === undefined ? {} : { first: command.first }),
      },
      false,
      context,
    )
  }
  const kept = opponent === undefined ? [entry] : [opponent, entry]
  return ok(withEntries(division, round, [...others, ...kept]))
}

function withEntries(division: Division, round: Round, entries: readonly PhoneEntry[]): Division {
  if (entries.length > 0) return withRound(division, { ...round, phoneEntries: entries })
  const rest: Round = { ...round }
  delete (rest as { phoneEntries?: readonly PhoneEntry[] }).phoneEntries
  return withRound(division, rest)
}

/** Where a table's phone entries stand (issue 30). */
export const PHONE_TABLE_STATES = ['waiting', 'differ', 'unconfirmed'] as const
export type PhoneTableState = (typeof PHONE_TABLE_STATES)[number]

export interface PhoneTable {
  readonly round: number
  readonly table: number
  readonly players: readonly [PlayerId, PlayerId]
  /**
   * `waiting`: one entry, within the confirming time; `differ`: the two sides entered different
   * results; `unconfirmed`: one entry, older than the confirming time. The last two are disputes.
   */
  readonly state: PhoneTableState
  /** The entries, oldest first. */
  readonly entries: readonly PhoneEntry[]
}

/**
 * The round's tables with phone entries and no result, in table order, as of `now` (ms: the
 * caller's clock; shared/ reads none). `confirmMinutes`: how long an entry waits for the opponent.
 */
export function phoneTables(
  round: Round,
  now: number,
  confirmMinutes: number = PHONE_CONFIRM_MINUTES,
): readonly PhoneTable[] {
  const tables = [...new Set((round.phoneEntries ?? []).map((e) => e.table))].sort((a, b) => a - b)
  return tables.flatMap((table): PhoneTable[] => {
    const entries = [...tableEntries(round, table)].sort((a, b) => a.at - b.at)
    const first = entries[0]
    const index = findTable(round, table)
    const pairing = index.ok ? round.pairings[index.value] : undefined
    if (first === undefined || pairing?.kind !== 'game') return []
    const state: PhoneTableState =
      entries.length > 1
        ? 'differ'
        : now - first.at >= confirmMinutes * 60_000
          ? 'unconfirmed'
          : 'waiting'
    return [{ round: round.number, table, players: pairing.players, state, entries }]
  })
}

/** Only the disputes: what the Results screen lists for the desk to resolve. */
export function phoneDisputes(
  round: Round,
  now: number,
  confirmMinutes: number = PHONE_CONFIRM_MINUTES,
): readonly PhoneTable[] {
  return phoneTables(round, now, confirmMinutes).filter((t) => t.state !== 'waiting')
}

/** The scores an entry gives each player of the table, in the table's order. */
export function entryScores(
  entry: Pick<PhoneEntry, 'result'>,
  players: readonly [PlayerId, PlayerId],
): readonly [number, number] | null {
  const { result } = entry
  if (result.kind !== 'played') return null
  const of = (p: PlayerId): number => {
    const i = resultPlayers(result).indexOf(p)
    return i < 0 ? 0 : (result.scores[i as 0 | 1] ?? 0)
  }
  return [of(players[0]), of(players[1])]
}

/**
 * The desk settles a disputed table with one side's entry (issue 30): the `recordResult` a desk
 * would type for it, with the seated players' keys, so the desk's result wins as any other.
 */
export function resultFromEntry(
  division: Division,
  table: Pick<PhoneTable, 'round' | 'table' | 'players'>,
  entry: PhoneEntry,
): Command {
  return {
    type: 'recordResult',
    division: division.name,
    round: table.round,
    game: { table: table.table },
    result: entry.result,
    ...(entry.first === undefined ? {} : { first: entry.first }),
    keys: playerKeys(division, table.players),
  }
}

/** "just now", "1 minute ago", "12 minutes ago": how long ago an entry was made. */
export function agoWords(at: number, now: number): string {
  const minutes = Math.max(0, Math.floor((now - at) / 60_000))
  if (minutes === 0) return 'just now'
  return `${String(minutes)} ${minutes === 1 ? 'minute' : 'minutes'} ago`
}
