import { err, ok, type Result } from '../../../shared/result'
import {
  pairingsAlphabetical,
  pairingsByTable,
  type AlphabeticalRow,
  type TableRow,
} from '../../../shared/reports/pairings'
import { prizesReport, type PrizeAward } from '../../../shared/reports/prizes'
import {
  prizesStatus,
  tiedBehindText,
  valueText,
  winnersText,
} from '../../../shared/reports/prize-words'
import {
  newRatingText,
  standingsReport,
  type StandingsLine,
} from '../../../shared/reports/standings-report'
import {
  divisionRatingEstimatesReusing,
  ratingSystemFor,
} from '../../../shared/ratings/division-ratings'
import type { EstimateMemo, PlayerEstimates } from '../../../shared/ratings/estimate'
import { latestPublishedRound } from '../../../shared/tournament/lookup'
import type { Division, TournamentState } from '../../../shared/tournament/types'
import { halves, seatName, signed, startWord } from '../../../shared/print/format'
import { standingName as standingNameWords } from '../../../shared/reports/format'

/**
 * What the hall's screen shows, page by page (issue 19: it scrolled every row at 2 px a tick, so
 * one pass took 42 minutes at 1000 players). Each panel is cut into screenfuls that stay up for a
 * readable dwell; divisions stand side by side when the screen is wide enough. Pure: the view
 * measures the screen and keeps the clock, this file decides what each page holds.
 */

export const PROJECTOR_PANELS = ['by-table', 'alphabetical', 'standings', 'prizes'] as const
export type ProjectorPanel = (typeof PROJECTOR_PANELS)[number]

export const PANEL_TITLES: Readonly<Record<ProjectorPanel, string>> = {
  'by-table': 'Pairings by table',
  alphabetical: 'Pairings alphabetically',
  standings: 'Standings',
  prizes: 'Prizes',
}

interface Column<Row> {
  readonly header: string
  readonly numeric: boolean
  readonly cell: (row: Row) => string
}

/*
 * Each panel's columns, one line each: a column added here (the ratings branch's "New rating" on
 * the standings) appears on every page of every division with no other change.
 */
const BY_TABLE: readonly Column<TableRow>[] = [
  { header: 'Table', numeric: true, cell: (r) => (r.kind === 'game' ? String(r.table) : '') },
  {
    header: 'Player',
    numeric: false,
    cell: (r) => (r.kind === 'game' ? seatName(r.seats[0]) : r.player.name),
  },
  {
    header: 'Opponent',
    numeric: false,
    cell: (r) => (r.kind === 'game' ? seatName(r.seats[1]) : `Bye (${signed(r.spread)})`),
  },
  {
    header: 'First',
    numeric: false,
    cell: (r) => (r.kind === 'game' && r.start.kind === 'draw' ? 'Draw' : ''),
  },
]

const ALPHABETICAL: readonly Column<AlphabeticalRow>[] = [
  { header: 'Player', numeric: false, cell: (r) => r.player.name },
  { header: 'Table', numeric: true, cell: (r) => (r.kind === 'game' ? String(r.table) : '') },
  { header: 'Opponent', numeric: false, cell: opponentText },
  { header: 'Plays', numeric: false, cell: (r) => (r.kind === 'game' ? startWord(r.start) : '') },
]

function opponentText(row: AlphabeticalRow): string {
  switch (row.kind) {
    case 'game':
      return row.opponent.name
    case 'bye':
      return `Bye (${signed(row.spread)})`
    case 'unpaired':
      return 'Not paired: see the desk'
  }
}

const STANDINGS: readonly Column<StandingsLine>[] = [
  { header: 'Rank', numeric: true, cell: (r) => String(r.rank) },
  { header: 'Player', numeric: false, cell: standingName },
  { header: 'Won', numeric: true, cell: (r) => halves(r.wins) },
  { header: 'Lost', numeric: true, cell: (r) => halves(r.losses) },
  { header: 'Spread', numeric: true, cell: (r) => signed(r.spread) },
]

/** Shown where the division's rating system estimates new ratings (issue 22). */
const STANDINGS_WITH_RATINGS: readonly Column<StandingsLine>[] = [
  ...STANDINGS,
  { header: 'New rating', numeric: true, cell: newRatingText },
]

function standingName(row: StandingsLine): string {
  return standingNameWords(row.name, row.withdrawnFrom, row.disqualified)
}

/** The prize line says a tie as the Prizes screen does (shared/reports/prize-words.ts). */
const PRIZES: readonly Column<PrizeAward>[] = [
  { header: 'Prize', numeric: false, cell: (a) => a.title },
  { header: 'Value', numeric: false, cell: valueText },
  {
    header: 'Winner',
    numeric: false,
    cell: (a) =>
      a.tiedBehind.length === 0 ? winnersText(a) : `${winnersText(a)} · ${tiedBehindText(a)}`,
  },
]

export interface ProjectorRow {
  readonly key: string
  readonly cells: readonly string[]
}

/** One division's panel, every row: the page shows a slice of `rows`. */
export interface ProjectorTable {
  readonly panel: ProjectorPanel
  readonly division: string
  /** "Round 3", "after round 2", the prizes' status: what the rows are as of. */
  readonly asOf: string
  readonly headers: readonly { readonly text: string; readonly numeric: boolean }[]
  readonly rows: readonly ProjectorRow[]
  /** Shown instead of the table when there is nothing to show yet. */
  readonly empty: string | null
}

function tableOf<Row>(
  panel: ProjectorPanel,
  division: string,
  asOf: string,
  columns: readonly Column<Row>[],
  rows: readonly Row[],
  key: (row: Row) => string,
): ProjectorTable {
  return {
    panel,
    division,
    asOf,
    headers: columns.map((c) => ({ text: c.header, numeric: c.numeric })),
    rows: rows.map((row) => ({ key: key(row), cells: columns.map((c) => c.cell(row)) })),
    empty: null,
  }
}

/**
 * Each division's last rating estimates, per tournament: a result in round k re-rates only round k
 * on (issue 20: the projector follows one result at 2000 players within 100 ms, its New rating
 * column included). Numbers identical to a fresh estimate (shared/ratings, `estimateRatingsReusing`).
 */
const lastEstimates = new Map<string, EstimateMemo>()

function estimatesReusingLast(
  state: TournamentState,
  divisionName: string,
): readonly PlayerEstimates[] | undefined {
  if (ratingSystemFor(state, divisionName) === 'none') return undefined
  const key = `${state.id}\n${divisionName}`
  const worked = divisionRatingEstimatesReusing(state, divisionName, lastEstimates.get(key))
  if (worked === undefined) return undefined
  lastEstimates.set(key, worked.memo)
  return worked.estimates
}

/**
 * A division's panel as the hall reads it: the same report models as the printed pages
 * (shared/reports), so the same order, start marks and standings words. Null when the panel has
 * nothing for this division (no prize table, or no round complete for prizes).
 */
export function projectorTable(
  state: TournamentState,
  divisionName: string,
  panel: ProjectorPanel,
): ProjectorTable | null {
  const division = state.divisions.find((d) => d.name === divisionName)
  if (division === undefined) return null
  switch (panel) {
    case 'by-table':
    case 'alphabetical': {
      const round = latestPublishedRound(division)
      if (round === undefined) {
        return { ...tableOf(panel, divisionName, '', [], [], () => ''), empty: NO_PAIRINGS }
      }
      const asOf = `Round ${round.number}`
      if (panel === 'by-table') {
        const report = pairingsByTable(state, divisionName, round.number)
        const rows = report.ok ? report.value.rows : []
        return tableOf(panel, divisionName, asOf, BY_TABLE, rows, (r) =>
          r.kind === 'game' ? `t${r.table}` : `b${r.player.id}`,
        )
      }
      const report = pairingsAlphabetical(state, divisionName, round.number)
      const rows = report.ok ? report.value.rows : []
      return tableOf(panel, divisionName, asOf, ALPHABETICAL, rows, (r) => `p${r.player.id}`)
    }
    case 'standings': {
      const report = standingsReport(
        state,
        divisionName,
        division.rounds.length,
        estimatesReusingLast(state, divisionName),
      )
      if (!report.ok) return null
      const { asOf, rows, ratings } = report.value
      const columns = ratings ? STANDINGS_WITH_RATINGS : STANDINGS
      return tableOf(panel, divisionName, asOf, columns, rows, (r) => `p${r.id}`)
    }
    case 'prizes': {
      if ((division.prizes?.prizes.length ?? 0) === 0) return null
      const report = prizesReport(state, divisionName, state.info.rounds)
      if (!report.ok || report.value.throughRound === 0) return null
      const status = prizesStatus(report.value)
      return tableOf(panel, divisionName, status, PRIZES, report.value.awards, (a) =>
        String(a.number),
      )
    }
  }
}

const NO_PAIRINGS = 'No pairings published yet.'

interface Built {
  readonly state: Pick<TournamentState, 'info' | 'rules'>
  readonly tables: ReadonlyMap<ProjectorPanel, ProjectorTable | null>
}

/*
 * A command changes one division and keeps the others as they were (apply's `updateDivision`),
 * and a division's panels read only it, the event's info and its rules: so a result in A leaves
 * B's and C's panels as built (issue 19: following a result < 100 ms at 2000 players).
 */
const built = new WeakMap<Division, Built>()

/** Every panel of one division, built once per change of that division. */
export function divisionTables(
  state: TournamentState,
  divisionName: string,
): ReadonlyMap<ProjectorPanel, ProjectorTable | null> {
  const division = state.divisions.find((d) => d.name === divisionName)
  if (division === undefined) return new Map()
  const known = built.get(division)
  if (known && known.state.info === state.info && known.state.rules === state.rules) {
    return known.tables
  }
  const tables = new Map(
    PROJECTOR_PANELS.map((panel) => [panel, projectorTable(state, divisionName, panel)] as const),
  )
  built.set(division, { state: { info: state.info, rules: state.rules }, tables })
  return tables
}

/** The screen the projector is on, in CSS pixels. */
export interface HallScreen {
  readonly width: number
  readonly height: number
}

/** Names are never cut below this many characters (issue 28: 43 of 252 showed 1 or 2 letters). */
export const NAME_CHARS = 12

/*
 * The page's sizes in ems of its font, turned into whole pixels by `projectorFit`: the view sets
 * exactly these heights, so what fits a screen is arithmetic rather than a layout read each turn.
 * CHAR_EM is a character's width allowed for in a column: Liberation Sans averages 0.5 em over a
 * name's letters and 0.56 em over digits, so 0.6 em holds 12 letters of a name with capitals.
 */
const EMS = { head: 1.6, division: 1.3, row: 1.25, foot: 1.6, gap: 1, side: 0.5 } as const
const CHAR_EM = 0.6
const CELL_PAD_EM = 0.6

/**
 * The projector's type from the screen it is on (issue 28: 20 px whatever the screen, capitals
 * ~17 mm on a 100-inch screen at 5 m; guidelines ask 25 mm+). A 100-inch 16:9 screen is 1245 mm
 * high; a font of 1/34 of the screen's height puts Liberation Sans capitals (0.72 em) at 26 mm on
 * it whatever its resolution. Never under 14 px, for a desk's small window.
 */
export function fontPxFor(screen: HallScreen): number {
  return Math.max(14, Math.round(screen.height / 34))
}

/** What one screen holds, in whole pixels. */
export interface ProjectorFit {
  readonly fontPx: number
  /** The title line, a division's heading, one table row (the column heads too), the page line. */
  readonly headPx: number
  readonly divisionPx: number
  readonly rowPx: number
  readonly footPx: number
  readonly gapPx: number
  readonly sidePx: number
  /** Rows of one table column, under its heads; at least one, so a tiny window still turns pages. */
  readonly rows: number
}

export function projectorFit(screen: HallScreen): ProjectorFit {
  const fontPx = fontPxFor(screen)
  const px = (em: number) => Math.round(em * fontPx)
  const [headPx, divisionPx, rowPx, footPx] = [
    px(EMS.head),
    px(EMS.division),
    px(EMS.row),
    px(EMS.foot),
  ]
  const room = screen.height - headPx - divisionPx - rowPx - footPx
  return {
    fontPx,
    headPx,
    divisionPx,
    rowPx,
    footPx,
    gapPx: px(EMS.gap),
    sidePx: px(EMS.side),
    rows: Math.max(1, Math.floor(room / rowPx)),
  }
}

/**
 * One column of a panel's table: its width in characters, and whether it holds names (it takes
 * what the others leave, never under NAME_CHARS) or fits its widest cell (numbers, "Draw").
 */
export interface ColumnNeed {
  readonly chars: number
  readonly names: boolean
}

const needsOf = new WeakMap<ProjectorTable, readonly ColumnNeed[]>()

/** Each column's need, from its head and every row (built once per table). */
export function columnNeeds(table: ProjectorTable): readonly ColumnNeed[] {
  const known = needsOf.get(table)
  if (known) return known
  const needs = table.headers.map((head, at) => {
    const widest = table.rows.reduce((most, row) => Math.max(most, row.cells[at]?.length ?? 0), 0)
    const chars = Math.max(head.text.length, widest)
    return !head.numeric && chars > NAME_CHARS
      ? { chars: NAME_CHARS, names: true }
      : { chars, names: false }
  })
  needsOf.set(table, needs)
  return needs
}

/** A column's width in ems of the projector's font, its padding included. */
export function columnEms(need: ColumnNeed): number {
  return need.chars * CHAR_EM + CELL_PAD_EM
}

/** The narrowest a table may be with every name showing NAME_CHARS characters, in pixels. */
export function tableWidthPx(needs: readonly ColumnNeed[], fontPx: number): number {
  return Math.ceil(needs.reduce((sum, need) => sum + columnEms(need), 0) * fontPx)
}

/**
 * Table columns side by side on the screen: as many of the panel's widest table as fit with
 * names whole to NAME_CHARS (issue 28: fewer columns and more pages rather than names cut).
 */
export function slotsFor(screen: HallScreen, fit: ProjectorFit, tablePx: number): number {
  const room = screen.width - 2 * fit.sidePx + fit.gapPx
  return Math.max(1, Math.floor(room / (Math.max(1, tablePx) + fit.gapPx)))
}

/** One screenful: a panel, the divisions side by side on it, and which of its pages. */
export interface ProjectorScreen {
  readonly panel: ProjectorPanel
  readonly divisions: readonly string[]
  /** Table columns each division's rows run through, left to right (the screen's whole width). */
  readonly spread: number
  /** From 0. */
  readonly page: number
  readonly pages: number
}

/**
 * After this many pages of a long standings, its first page comes round again: the hall looks
 * for the leaders more often than for the tail (issue 28).
 */
export const TOP_EVERY = 4

/**
 * Every screen in the order the hall sees them: each panel in turn; within a panel, the divisions
 * in groups of as many as its table columns fit side by side, one group after another; a group
 * with fewer divisions than columns spreads each division's rows over several columns, so a page
 * uses the whole screen. Each group turns as many pages as its longest division needs (a division
 * that has run out of rows shows an empty column); a long standings shows its first page again
 * after every TOP_EVERY further pages. A division whose panel is null (no prizes) is left out of
 * that panel; a panel no division has is skipped.
 */
export function screenSequence(
  divisions: readonly string[],
  rowCount: (panel: ProjectorPanel, division: string) => number | null,
  slots: number | ((panel: ProjectorPanel) => number),
  perPage: number,
): readonly ProjectorScreen[] {
  const page = Math.max(1, Math.floor(perPage))
  const screens: ProjectorScreen[] = []
  for (const panel of PROJECTOR_PANELS) {
    const width = Math.max(1, Math.floor(typeof slots === 'number' ? slots : slots(panel)))
    const shown = divisions
      .map((division) => ({ division, rows: rowCount(panel, division) }))
      .filter((d): d is { division: string; rows: number } => d.rows !== null)
    for (let at = 0; at < shown.length; at += width) {
      const group = shown.slice(at, at + width)
      const spread = Math.max(1, Math.floor(width / group.length))
      const longest = Math.max(0, ...group.map((d) => d.rows))
      const pages = Math.max(1, Math.ceil(longest / (page * spread)))
      const names = group.map((d) => d.division)
      for (let n = 0; n < pages; n++) {
        const topAgain = panel === 'standings' && n > 1 && (n - 1) % TOP_EVERY === 0
        if (topAgain) screens.push({ panel, divisions: names, spread, page: 0, pages })
        screens.push({ panel, divisions: names, spread, page: n, pages })
      }
    }
  }
  return screens
}

/** The rows of one page of a division's table, cut into the screen's `spread` table columns. */
export function pageColumns(
  rows: readonly ProjectorRow[],
  screen: Pick<ProjectorScreen, 'page' | 'spread'>,
  perPage: number,
): readonly (readonly ProjectorRow[])[] {
  const first = screen.page * perPage * screen.spread
  return Array.from({ length: screen.spread }, (_, k) =>
    rows.slice(first + k * perPage, first + (k + 1) * perPage),
  ).filter((column, k) => k === 0 || column.length > 0)
}

/** "Page 3 of 12" of the panel on screen; nothing when it fits one page. */
export function pageText(screen: ProjectorScreen): string {
  return screen.pages <= 1 ? '' : `Page ${screen.page + 1} of ${screen.pages}`
}

/**
 * Where to stay when the screens change under the hall (a result arrives, a division is chosen,
 * the window is resized): the same panel, division group and page if it is still there, else the
 * same page of the panel (or its last), else the panel's first screen, else the start.
 */
export function resumeAt(
  screens: readonly ProjectorScreen[],
  current: ProjectorScreen | undefined,
): number {
  if (current === undefined || screens.length === 0) return 0
  const lead = current.divisions[0]
  const samePanel = screens
    .map((screen, index) => ({ screen, index }))
    .filter((s) => s.screen.panel === current.panel)
  const sameGroup = samePanel.filter((s) => lead !== undefined && s.screen.divisions.includes(lead))
  const candidates = sameGroup.length > 0 ? sameGroup : samePanel
  if (candidates.length === 0) return 0
  const page = Math.min(current.page, candidates.length - 1)
  return candidates.find((s) => s.screen.page === page)?.index ?? candidates[0]?.index ?? 0
}

/** How long each page stays up, and which divisions the hall sees (null: all of them). */
export interface ProjectorSettings {
  readonly dwellSeconds: number
  readonly divisions: readonly string[] | null
}

/** Long enough to find one's name on a full page of 30 rows, short enough to come round again. */
export const DEFAULT_DWELL_SECONDS = 12
export const MIN_DWELL_SECONDS = 1
export const MAX_DWELL_SECONDS = 600

export const DEFAULT_PROJECTOR_SETTINGS: ProjectorSettings = {
  dwellSeconds: DEFAULT_DWELL_SECONDS,
  divisions: null,
}

/** The director's "seconds per page", refused with why when it is not a sensible whole number. */
export function checkDwell(text: string): Result<number> {
  const trimmed = text.trim()
  const seconds = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN
  if (!Number.isInteger(seconds) || seconds < MIN_DWELL_SECONDS || seconds > MAX_DWELL_SECONDS) {
    return err(
      'projector.dwell',
      `Seconds per page must be a whole number from ${MIN_DWELL_SECONDS} to ${MAX_DWELL_SECONDS}, not “${trimmed}”.`,
      { field: 'dwellSeconds' },
    )
  }
  return ok(seconds)
}

/**
 * Settings as a window stored them; anything unreadable (an older shape, a damaged value) falls
 * back to the default for that field, since a projector must show something rather than refuse.
 */
export function readProjectorSettings(stored: string | null): ProjectorSettings {
  if (stored === null) return DEFAULT_PROJECTOR_SETTINGS
  let data: unknown
  try {
    data = JSON.parse(stored)
  } catch {
    return DEFAULT_PROJECTOR_SETTINGS
  }
  if (typeof data !== 'object' || data === null) return DEFAULT_PROJECTOR_SETTINGS
  const { dwellSeconds, divisions } = data as Record<string, unknown>
  const dwell = checkDwell(typeof dwellSeconds === 'number' ? String(dwellSeconds) : '')
  const names =
    Array.isArray(divisions) && divisions.every((d) => typeof d === 'string')
      ? (divisions as string[])
      : null
  return { dwellSeconds: dwell.ok ? dwell.value : DEFAULT_DWELL_SECONDS, divisions: names }
}

/**
 * The divisions on screen, in the event's order: the chosen ones that still exist; all of them
 * when none is chosen or none of the chosen is left (a division renamed or removed since).
 */
export function shownDivisions(
  all: readonly string[],
  chosen: readonly string[] | null,
): readonly string[] {
  if (chosen === null) return all
  const kept = all.filter((name) => chosen.includes(name))
  return kept.length === 0 ? all : kept
}
