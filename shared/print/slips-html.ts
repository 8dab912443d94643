import type { PaperSize as PageSize } from '../tournament/paper'
import type { Seat } from '../reports/pairings'
import type { ResultSlip, ResultSlips } from '../reports/slips'
import { html, type Html } from './escape'
import { seatName } from './format'
import { wrappedLines } from './text-width'
import {
  headerLine,
  printableHeight,
  printableWidth,
  printDocument,
  type DocumentParts,
} from './document'

/**
 * Four slips a sheet, A4 or Letter (issue 28: three fitted, and on Letter every slip lost the
 * bottom of its rules box to a fixed height with `overflow: hidden`).
 */
export const SLIPS_PER_PAGE = 4
/** The gap below each slip, where the guillotine goes. */
const GAP_MM = 1.5
const PT_MM = 25.4 / 72
const LINE = 1.2

/** The fonts the rules box may take, largest first: the largest whose lines fit is used. */
const RULE_FONTS_PT = [7.5, 7, 6.5, 6, 5.5] as const

const SLIP_PADDING_MM = 1.8
const HEAD_PT = 8
const TABLE_PT = 13
const START_PT = 8.5
const NAME_PT = 9.5
const HEADING_PT = 7
const ROW_MIN_MM = 8
const ROW_GAP_MM = 1.2
/** "Blanks played (letters): " and the line to write them on. */
const BLANKS_MM = 82
/** Widths of the columns besides the name, in mm: No., started, score, spread, winner, signature. */
const FIXED_COLUMNS_MM = 11 + 13 + 20 + 17 + 13 + 42
const OVERTIME_COLUMN_MM = 18
const CELL_PADDING_MM = 2.3

const lineMm = (fontPt: number): number => fontPt * LINE * PT_MM

interface PrintedLine {
  readonly label: string
  readonly text: string
}

/** The rule lines a slip prints: the preset's, and how to draw for first where its table draws. */
function slipRules(slips: ResultSlips, slip: ResultSlip): readonly PrintedLine[] {
  return slip.start.kind === 'draw'
    ? [...slips.rules, { label: 'Draw for first', text: slips.tileDraw }]
    : slips.rules
}

interface SlipLayout {
  /** The slip's height, so four fit the printable height with a gap below each. */
  readonly heightMm: number
  readonly rulesPt: number
}

/**
 * The slip's height and the rules box's font, worked out before printing (the page has no script):
 * the head, the start line and the players' table take what their longest text needs, and the
 * rules get the largest font whose lines fit the rest. A slip that still does not fit is never cut:
 * it grows (`min-height`) and the sheet holds fewer.
 */
export function slipLayout(slips: ResultSlips, pageSize: PageSize): SlipLayout {
  const heightMm =
    Math.floor((printableHeight(pageSize, false) / SLIPS_PER_PAGE - GAP_MM) * 10) / 10
  const inner = printableWidth(pageSize, false) - 2 * SLIP_PADDING_MM - 0.6
  const overtime = slips.overtimePenaltyPerMinute > 0
  const nameWidth = inner - FIXED_COLUMNS_MM - (overtime ? OVERTIME_COLUMN_MM : 0) - CELL_PADDING_MM
  const head = Math.max(
    TABLE_PT * LINE * PT_MM,
    wrappedLines(headerLine(slips.header), HEAD_PT, inner - 35) * lineMm(HEAD_PT),
  )
  const headings = lineMm(HEADING_PT) + 1.4
  const rulesRoom = (slip: ResultSlip): number => {
    const start = wrappedLines(startText(slip), START_PT, inner - BLANKS_MM) * lineMm(START_PT)
    const rows = slip.seats.map((seat) =>
      Math.max(
        ROW_MIN_MM,
        wrappedLines(seatName(seat), NAME_PT, nameWidth) * lineMm(NAME_PT) + 1.4,
      ),
    )
    const table = headings + rows.reduce((sum, row) => sum + row, 0) + 1
    return heightMm - 2 * SLIP_PADDING_MM - 0.6 - head - start - table - 3 * ROW_GAP_MM - 2.2
  }
  const fits = (pt: number) =>
    slips.slips.every(
      (slip) =>
        slipRules(slips, slip).reduce(
          (sum, line) => sum + wrappedLines(`${line.label}: ${line.text}`, pt, inner - 3.8),
          0,
        ) *
          lineMm(pt) <=
        rulesRoom(slip),
    )
  const smallest = RULE_FONTS_PT[RULE_FONTS_PT.length - 1] ?? 5.5
  return { heightMm, rulesPt: RULE_FONTS_PT.find(fits) ?? smallest }
}

function startText(slip: ResultSlip): string {
  if (slip.start.kind === 'draw') return 'Draw for first (how: below). Tick who started.'
  const starter = slip.seats[slip.start.seat]
  // The name is in the table below, marked *: a 60-letter name here would take a line of the rules.
  return `Player #${starter.id} plays first (marked *).`
}

function slipCss(layout: SlipLayout): string {
  // The cut line is solid: Chromium writes a dashed border into the PDF dash by dash, which made
  // 500 slips 3 MB instead of 0.7 MB and a quarter slower to print (issue 20).
  return `
.slip { min-height: ${layout.heightMm}mm; border: 0.3mm solid #000; padding: ${SLIP_PADDING_MM}mm;
  margin-bottom: ${GAP_MM}mm; break-inside: avoid; page-break-inside: avoid; display: flex;
  flex-direction: column; gap: ${ROW_GAP_MM}mm; }
.slip-head { display: flex; justify-content: space-between; align-items: baseline; gap: 3mm;
  font-size: ${HEAD_PT}pt; line-height: ${LINE}; }
.slip-head .table { font-size: ${TABLE_PT}pt; font-weight: bold; white-space: nowrap; }
.slip .start-line { display: flex; justify-content: space-between; gap: 3mm; font-size: ${START_PT}pt;
  line-height: ${LINE}; }
.slip .start-line p { margin: 0; }
.slip .start-line .blanks { flex: none; width: ${BLANKS_MM - 3}mm; }
.slip .fill { display: inline-block; border-bottom: 0.3mm solid #000; min-width: 45mm; }
.slip table { table-layout: fixed; }
.slip th { font-size: ${HEADING_PT}pt; line-height: ${LINE}; padding: 0.5mm 1mm; }
.slip td { height: ${ROW_MIN_MM}mm; vertical-align: middle; padding: 0.5mm 1mm; }
.slip td.name { font-size: ${NAME_PT}pt; line-height: ${LINE}; overflow-wrap: anywhere; }
.slip col.no { width: 11mm; } .slip col.started { width: 13mm; } .slip col.score { width: 20mm; }
.slip col.overtime { width: ${OVERTIME_COLUMN_MM}mm; } .slip col.spread { width: 17mm; }
.slip col.winner { width: 13mm; } .slip col.signature { width: 42mm; }
.slip .rules { margin: 0; padding: 0.8mm 1.6mm; line-height: ${LINE}; }
.slip td.tick { text-align: center; font-size: 11pt; }
.slip tbody tr td { background: #fff; }
`
}

function slipHtml(slips: ResultSlips, slip: ResultSlip, rulesPt: number): Html {
  const [a, b] = slip.seats
  const start = startText(slip)
  const overtime = slips.overtimePenaltyPerMinute > 0
  const row = (seat: Seat) =>
    html`<tr>
      <td class="name">${seatName(seat)}</td>
      <td class="num">#${seat.id}</td>
      <td class="tick" aria-label="${seat.name} started">☐</td>
      <td></td>
      ${overtime ? html`<td></td>` : null}
      <td></td>
      <td class="tick" aria-label="${seat.name} won">☐</td>
      <td aria-label="Signature of ${seat.name}"></td>
    </tr>`
  return html`<section class="slip" aria-label="Table ${slip.table}">
    <div class="slip-head">
      <span>${headerLine(slips.header)}</span>
      <span class="table">Table ${slip.table}</span>
    </div>
    <div class="start-line">
      <p class="start">${start}</p>
      <p class="blanks">Blanks played (letters): <span class="fill"></span></p>
    </div>
    <table>
      <colgroup>
        <col class="name" />
        <col class="no" />
        <col class="started" />
        <col class="score" />
        ${overtime ? html`<col class="overtime" />` : null}
        <col class="spread" />
        <col class="winner" />
        <col class="signature" />
      </colgroup>
      <thead>
        <tr>
          <th>Player</th>
          <th class="num">No.</th>
          <th>Started</th>
          <th>Score</th>
          ${overtime ? html`<th>Over (m:ss)</th>` : null}
          <th>Spread</th>
          <th>Winner</th>
          <th>Signature</th>
        </tr>
      </thead>
      <tbody>
        ${row(a)} ${row(b)}
      </tbody>
    </table>
    ${rulesBlock(slipRules(slips, slip), rulesPt)}
  </section>`
}

/**
 * The font is on the box itself, not in the page's CSS: a whole round puts every division's slips
 * in one document, and each division's names and rules have their own fit.
 */
function rulesBlock(rules: readonly PrintedLine[], rulesPt: number): Html {
  return html`<div class="rules" style="font-size: ${rulesPt}pt">
    ${rules.map((line) => html`<p><b>${line.label}:</b> ${line.text}</p>`)}
  </div>`
}

/** The slips as parts, so a whole round's printout can put them after the pairings. */
export function slipsParts(slips: ResultSlips, pageSize: PageSize, title: string): DocumentParts {
  const layout = slipLayout(slips, pageSize)
  return {
    title,
    pageSize,
    landscape: false,
    css: slipCss(layout),
    body: html`${slips.slips.map((slip) => slipHtml(slips, slip, layout.rulesPt))}`,
  }
}

export function slipsDocument(slips: ResultSlips, pageSize: PageSize, title: string): string {
  return printDocument(slipsParts(slips, pageSize, title))
}
