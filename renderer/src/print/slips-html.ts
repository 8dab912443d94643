import type { PageSize } from '../../../electron/ipc-contract'
import type { Seat } from '../../../shared/reports/pairings'
import type { ResultSlip, ResultSlips } from '../../../shared/reports/slips'
import { html, type Html } from './escape'
import { seatName } from './format'
import {
  headerLine,
  printableHeight,
  printDocument,
  rulesBlock,
  type DocumentParts,
} from './document'

/** Three slips fit a portrait A4 or Letter page with room to write and cut between them. */
const SLIPS_PER_PAGE = 3

function slipCss(pageSize: PageSize): string {
  // Each slip gets a third of the printable height less a small gap, so three always fit and a
  // slip is never cut by a page break. The cut line is solid: Chromium writes a dashed border into
  // the PDF dash by dash, which made 500 slips 3 MB instead of 0.7 MB and a quarter slower to
  // print (issue 20).
  const height = Math.floor((printableHeight(pageSize, false) / SLIPS_PER_PAGE - 1.5) * 10) / 10
  return `
.slip { height: ${height}mm; overflow: hidden; border: 0.3mm solid #000; padding: 2.5mm 3mm;
  margin-bottom: 1.5mm; break-inside: avoid; page-break-inside: avoid; display: flex;
  flex-direction: column; gap: 1.2mm; }
.slip-head { display: flex; justify-content: space-between; align-items: baseline; font-size: 8.5pt; }
.slip-head .table { font-size: 15pt; font-weight: bold; }
.slip .start { font-size: 9pt; margin: 0; }
.slip table td { height: 10mm; vertical-align: middle; }
.slip td.name { width: 42%; font-size: 11pt; }
.slip .line { margin: 0; font-size: 9pt; }
.slip .fill { display: inline-block; border-bottom: 0.3mm solid #000; min-width: 60mm; }
.slip .signatures { display: flex; gap: 6mm; font-size: 9pt; }
.slip .signatures span { flex: 1; border-bottom: 0.3mm solid #000; padding-top: 5mm; }
.slip .rules { margin: 0; padding: 1mm 2mm; font-size: 7.5pt; }
.slip td.tick { text-align: center; font-size: 12pt; }
.slip tbody tr td { background: #fff; }
`
}

function slipHtml(slips: ResultSlips, slip: ResultSlip): Html {
  const [a, b] = slip.seats
  const start =
    slip.start.kind === 'draw'
      ? `Draw for first. ${slips.tileDraw}. Tick who started.`
      : `${slip.seats[slip.start.seat].name} (#${slip.seats[slip.start.seat].id}) plays first (*).`
  const overtime = slips.overtimePenaltyPerMinute > 0
  const row = (seat: Seat) =>
    html`<tr>
      <td class="name">${seatName(seat)}</td>
      <td class="num">#${seat.id}</td>
      <td class="tick" aria-label="${seat.name} started">☐</td>
      <td></td>
      ${overtime ? html`<td></td>` : null}
      <td></td>
      <td></td>
    </tr>`
  return html`<section class="slip" aria-label="Table ${slip.table}">
    <div class="slip-head">
      <span>${headerLine(slips.header)}</span>
      <span class="table">Table ${slip.table}</span>
    </div>
    <p class="start">${start}</p>
    <table>
      <thead>
        <tr>
          <th>Player</th>
          <th class="num">No.</th>
          <th>Started (tick)</th>
          <th>Score</th>
          ${overtime ? html`<th>Overtime (m:ss)</th>` : null}
          <th>Spread</th>
          <th>Winner (tick)</th>
        </tr>
      </thead>
      <tbody>
        ${row(a)} ${row(b)}
      </tbody>
    </table>
    <p class="line">Blanks played (letters): <span class="fill"></span></p>
    <div class="signatures">
      <span>Signature: ${a.name}</span>
      <span>Signature: ${b.name}</span>
    </div>
    ${rulesBlock(slips.rules)}
  </section>`
}

/** The slips as parts, so a whole round's printout can put them after the pairings. */
export function slipsParts(slips: ResultSlips, pageSize: PageSize, title: string): DocumentParts {
  return {
    title,
    pageSize,
    landscape: false,
    css: slipCss(pageSize),
    body: html`${slips.slips.map((slip) => slipHtml(slips, slip))}`,
  }
}

export function slipsDocument(slips: ResultSlips, pageSize: PageSize, title: string): string {
  return printDocument(slipsParts(slips, pageSize, title))
}
