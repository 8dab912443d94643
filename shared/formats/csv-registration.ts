/**
 * A registration list (csv-players.ts) checked against the tournament before anything is stored:
 * every row goes through the registration rules (validatePlayerInput, a free member id, the
 * division), so the preview's count is exactly what the one `registerPlayers` command registers.
 * Rows whose name is already registered in their division, in the tournament or earlier in the
 * file, are skipped and listed; rows the rules refuse are listed with their row number.
 */
import type { Command } from '../tournament/commands'
import type { PlayerFields, TournamentState } from '../tournament/types'
import { foldName } from '../tournament/names'
import { tidyName, validatePlayerInput } from '../tournament/validation'
import { readCsvPlayers, type CsvPlayerRow, type CsvPlayersRead } from './csv-players'
import { decodeTFileBytes, type TextEncodingName } from './text-codec'

export interface CsvEntry {
  readonly row: number
  readonly division: string
  readonly player: PlayerFields
}

export interface CsvRowNote {
  readonly row: number
  readonly name: string
  readonly message: string
}

export interface CsvPlan {
  /** What the import registers, in file order. */
  readonly entries: readonly CsvEntry[]
  /** Already registered (same name in the division, or twice in the file): not registered again. */
  readonly skipped: readonly CsvRowNote[]
  /** Refused by the registration rules, with the reason. */
  readonly refused: readonly CsvRowNote[]
}

export const EMPTY_CSV_PLAN: CsvPlan = { entries: [], skipped: [], refused: [] }

/** The list read from bytes, with the encoding the `.t` import would pick (text-codec.ts). */
export function readCsvPlayersBytes(bytes: Uint8Array): CsvPlayersRead & {
  readonly encoding: TextEncodingName
} {
  const decoded = decodeTFileBytes(bytes)
  return { ...readCsvPlayers(decoded.text), encoding: decoded.encoding }
}

export const ENCODING_NAMES: Readonly<Record<TextEncodingName, string>> = {
  utf8: 'UTF-8',
  latin1: 'Latin-1 (ISO-8859-1, as Excel on Windows saves)',
}

/**
 * Checks `rows` after the ones already in `before`: each row's division (its own, else
 * `division`), its fields by the registration rules, its member id against the division and the
 * rows before it. A long list checked with progress goes through `planCsvRegistrationInSlices`.
 */
export function planCsvRegistration(
  state: TournamentState,
  division: string,
  rows: readonly CsvPlayerRow[],
  before: CsvPlan = EMPTY_CSV_PLAN,
): CsvPlan {
  const planner = csvPlanner(state, division, before)
  planner.check(rows)
  return planner.plan()
}

/**
 * The list checked `slice` rows at a time, yielding how many rows are checked after each slice so
 * a screen can show progress and stay responsive between them; returns the plan. The names and
 * member ids seen so far are kept from slice to slice, so 20,000 rows take linear time (issue 20:
 * each slice used to copy and index every row before it again).
 */
export function* planCsvRegistrationInSlices(
  state: TournamentState,
  division: string,
  rows: readonly CsvPlayerRow[],
  slice: number,
): Generator<number, CsvPlan, undefined> {
  const planner = csvPlanner(state, division, EMPTY_CSV_PLAN)
  for (let start = 0; start < rows.length; start += slice) {
    planner.check(rows.slice(start, start + slice))
    if (start + slice < rows.length) yield start + slice
  }
  return planner.plan()
}

function csvPlanner(
  state: TournamentState,
  division: string,
  before: CsvPlan,
): { check(rows: readonly CsvPlayerRow[]): void; plan(): CsvPlan } {
  const entries = [...before.entries]
  const skipped = [...before.skipped]
  const refused = [...before.refused]
  // Names and member ids by division, from the tournament and the rows planned so far.
  const names = new Map<string, Set<string>>()
  const memberIds = new Map<string, Map<string, string>>()
  const keysOf = (name: string): { names: Set<string>; ids: Map<string, string> } => {
    let n = names.get(name)
    let ids = memberIds.get(name)
    if (n === undefined || ids === undefined) {
      const found = state.divisions.find((d) => d.name === name)
      n = new Set(found?.players.map((p) => foldName(p.name)) ?? [])
      ids = new Map(
        found?.players
          .filter((p) => p.memberId !== '')
          .map((p) => [p.memberId.toLowerCase(), p.name]) ?? [],
      )
      names.set(name, n)
      memberIds.set(name, ids)
    }
    return { names: n, ids }
  }
  for (const entry of entries) {
    const keys = keysOf(entry.division)
    keys.names.add(foldName(entry.player.name))
    if (entry.player.memberId !== '')
      keys.ids.set(entry.player.memberId.toLowerCase(), entry.player.name)
  }
  function check(rows: readonly CsvPlayerRow[]): void {
    for (const row of rows) {
      const target = row.division ?? division
      const note = (message: string): CsvRowNote => ({ row: row.row, name: row.name, message })
      if (!state.divisions.some((d) => d.name === target)) {
        refused.push(note(`there is no division ${target}`))
        continue
      }
      const fields = validatePlayerInput({
        name: row.name,
        rating: row.rating === null ? '' : String(row.rating),
        memberId: row.memberId ?? '',
        club: row.club ?? '',
        ...(row.country === null ? {} : { country: row.country }),
        ...(row.team === null ? {} : { team: row.team }),
        ...(row.email === null ? {} : { email: row.email }),
        ...(row.phone === null ? {} : { phone: row.phone }),
        ...(row.lifetimeGames === null ? {} : { lifetimeGames: row.lifetimeGames }),
      })
      if (!fields.ok) {
        refused.push(note(fields.error.message))
        continue
      }
      const keys = keysOf(target)
      const nameKey = foldName(tidyName(fields.value.name))
      if (keys.names.has(nameKey)) {
        skipped.push(note(`${fields.value.name} is already registered in division ${target}`))
        continue
      }
      const idKey = fields.value.memberId.toLowerCase()
      const holder = idKey === '' ? undefined : keys.ids.get(idKey)
      if (holder !== undefined) {
        refused.push(note(`member id ${fields.value.memberId} already belongs to ${holder}`))
        continue
      }
      keys.names.add(nameKey)
      if (idKey !== '') keys.ids.set(idKey, fields.value.name)
      entries.push({ row: row.row, division: target, player: fields.value })
    }
  }
  return {
    check,
    plan: () => ({ entries: [...entries], skipped: [...skipped], refused: [...refused] }),
  }
}

/** How many names the import preview shows before it only counts the rest. */
const PREVIEW_NAMES = 5

/**
 * The first names the import would register, as read (issue 28: the preview showed only a count,
 * so a name decoded in the wrong encoding, "Ay?e", was seen only after the import): "First to
 * import: Müller, Jürgen (row 2); Schäfer, Björn (row 3); and 8 more." Null when there are none.
 */
export function csvPreviewNames(plan: CsvPlan): string | null {
  if (plan.entries.length === 0) return null
  const shown = plan.entries
    .slice(0, PREVIEW_NAMES)
    .map((e) => `${e.player.name} (row ${String(e.row)})`)
  const more = plan.entries.length - shown.length
  return `First to import: ${shown.join('; ')}${more > 0 ? `; and ${String(more)} more` : ''}.`
}

/**
 * The one command that registers the plan's players (null when there is nobody to register).
 * `newKey` gives each player his key for good (issue 27: a desk's random id); without it the keys
 * are derived from the numbers when the command is applied.
 */
export function registrationCommand(
  division: string,
  plan: CsvPlan,
  newKey?: () => string,
): Command | null {
  if (plan.entries.length === 0) return null
  return {
    type: 'registerPlayers',
    division,
    players: plan.entries.map((e) => ({
      player: e.player,
      ...(newKey === undefined ? {} : { key: newKey() }),
      ...(e.division === division ? {} : { division: e.division }),
    })),
  }
}
