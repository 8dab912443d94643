import type { PaperSize as PageSize } from '../tournament/paper'
import type { NameTags } from '../reports/name-tags'
import { roundCellLetter } from '../reports/player-rounds'
import type { Scorecard, Scorecards } from '../reports/scorecards'
import { html, type Html } from './escape'
import { halves, signed } from './format'
import { headerLine, printableHeight, printableWidth, printDocument } from './document'
import { wrappedLines } from './text-width'

/** Two cards a sheet when their lines fit (issue 28: one a page left half of every sheet blank). */
const CARDS_PER_PAGE = 2
const GAP_MM = 3
const PT_MM = 25.4 / 72
const LINE = 1.2
const CARD_PT = 9
/** Room to write a score by hand; the least a line gets when two cards share a page. */
const ROW_MIN_MM = 5.8
const ROW_MAX_MM = 8
/** Every column but the opponent's, in mm (round, table, no., 1st/2nd, own, opp., result, spread, penalty, record, signature). */
const FIXED_COLUMNS_MM = 12 + 13 + 11 + 14 + 15 + 15 + 13 + 15 + 15 + 24 + 38
const lineMm = (pt: number): number => pt * LINE * PT_MM

interface CardsLayout {
  readonly perPage: number
  readonly rowMm: number
}

/**
 * Two cards a sheet with lines at least `ROW_MIN_MM` high when the longest card fits half the page
 * (its opponents' names wrapped as printed), else one card a sheet; either way each line gets as
 * much height as the page gives it, up to `ROW_MAX_MM`. Worked out before printing: the page has
 * no script.
 */
export function scorecardsLayout(cards: Scorecards, pageSize: PageSize): CardsLayout {
  const width = printableWidth(pageSize, true)
  const height = printableHeight(pageSize, true)
  const opponentWidth = width - FIXED_COLUMNS_MM - 2.4
  const heading = lineMm(12) + 1 + lineMm(9) + 1.5 + 2 * lineMm(CARD_PT) + 1.6
  const legend = cards.tileDraw === null ? 0 : 2 * lineMm(8) + 1
  const need = (rowMm: number): number =>
    Math.max(
      0,
      ...cards.cards.map(
        (card) =>
          heading +
          wrappedLines(card.name, 12, width) * lineMm(12) -
          lineMm(12) +
          legend +
          card.lines.reduce((sum, line) => {
            const name = line.cell?.opponent?.name ?? ''
            const lines = wrappedLines(name, CARD_PT, opponentWidth)
            return sum + Math.max(rowMm, lines * lineMm(CARD_PT) + 1.6)
          }, 0),
      ),
    )
  const half = height / CARDS_PER_PAGE - GAP_MM
  const rows = Math.max(1, ...cards.cards.map((card) => card.lines.length))
  if (need(ROW_MIN_MM) <= half) {
    let rowMm = ROW_MIN_MM
    while (rowMm + 0.2 <= ROW_MAX_MM && need(rowMm + 0.2) <= half) rowMm += 0.2
    return { perPage: CARDS_PER_PAGE, rowMm: Math.round(rowMm * 10) / 10 }
  }
  const one = Math.min(ROW_MAX_MM, Math.max(ROW_MIN_MM, (height - need(0)) / rows))
  return { perPage: 1, rowMm: Math.floor(one * 10) / 10 }
}

function scorecardCss(layout: CardsLayout): string {
  return `
.card { break-inside: avoid; page-break-inside: avoid; margin-bottom: ${GAP_MM}mm; }
.card.page-end { break-after: page; page-break-after: always; }
.card h2 { font-size: 12pt; line-height: ${LINE}; margin: 0 0 1mm; }
.card .sub { margin-bottom: 1.5mm; line-height: ${LINE}; }
.card .legend { margin: 0 0 1mm; font-size: 8pt; line-height: ${LINE}; }
.card table { table-layout: fixed; font-size: ${CARD_PT}pt; line-height: ${LINE}; }
.card th, .card td { padding: 0.4mm 1.2mm; }
.card td { height: ${layout.rowMm}mm; }
.card td.opponent { overflow-wrap: anywhere; }
.card col.round { width: 12mm; } .card col.table { width: 13mm; } .card col.no { width: 11mm; }
.card col.start { width: 14mm; } .card col.score { width: 15mm; } .card col.result { width: 13mm; }
.card col.spread { width: 15mm; } .card col.record { width: 24mm; } .card col.signature { width: 38mm; }
`
}

function scorecardHtml(cards: Scorecards, card: Scorecard, pageEnd: boolean): Html {
  // NSA VII.F: each player keeps their own card, and the opponent signs the line of their game.
  return html`<section
    class="${pageEnd ? 'card page-end' : 'card'}"
    aria-label="Scorecard of ${card.name}"
  >
    <h2>${card.name} (No. ${card.id})</h2>
    <p class="sub">
      ${headerLine({ ...cards.header, round: null })}${card.club === '' ? '' : ` · ${card.club}`}
    </p>
    ${
      cards.tileDraw === null
        ? null
        : html`<p class="legend">“Draw”: the players draw tiles for first. ${cards.tileDraw}.</p>`
    }
    <table>
      <colgroup>
        <col class="round" />
        <col class="table" />
        <col class="opponent" />
        <col class="no" />
        <col class="start" />
        <col class="score" />
        <col class="score" />
        <col class="result" />
        <col class="spread" />
        <col class="spread" />
        <col class="record" />
        <col class="signature" />
      </colgroup>
      <thead>
        <tr>
          <th class="num">Round</th>
          <th class="num">Table</th>
          <th>Opponent</th>
          <th class="num">No.</th>
          <th>1st / 2nd</th>
          <th class="num">Own score</th>
          <th class="num">Opp. score</th>
          <th>Result</th>
          <th class="num">Spread</th>
          <th class="num">Penalty</th>
          <th class="num">Record</th>
          <th>Opponent’s signature</th>
        </tr>
      </thead>
      <tbody>
        ${card.lines.map((line) => {
          const cell = line.cell
          if (cell === null) {
            return html`<tr>
              <td class="num">${line.round}</td>
              <td></td>
              <td></td>
              <td></td>
              <td></td>
              <td></td>
              <td></td>
              <td></td>
              <td></td>
              <td class="num">${line.penalty === 0 ? '' : signed(-line.penalty)}</td>
              <td></td>
              <td class="signature"></td>
            </tr>`
          }
          const start =
            cell.start === 'first'
              ? '1st *'
              : cell.start === 'second'
                ? '2nd'
                : cell.start === 'draw'
                  ? 'Draw'
                  : ''
          return html`<tr>
            <td class="num">${line.round}</td>
            <td class="num">${cell.table ?? ''}</td>
            <td class="opponent">${cell.kind === 'bye' ? 'Bye' : (cell.opponent?.name ?? '')}</td>
            <td class="num">${cell.opponent?.id ?? ''}</td>
            <td>${start}</td>
            <td class="num">${cell.result?.score ?? ''}</td>
            <td class="num">${cell.result?.opponentScore ?? ''}</td>
            <td>${cell.result === null ? '' : roundCellLetter(cell)}</td>
            <td class="num">${cell.result === null ? '' : signed(cell.result.spread)}</td>
            <td class="num">${line.penalty === 0 ? '' : signed(-line.penalty)}</td>
            <td class="num">
              ${
                line.record === null
                  ? ''
                  : `${halves(line.record.wins)}-${halves(line.record.losses)} ${signed(line.record.spread)}`
              }
            </td>
            <td class="signature"></td>
          </tr>`
        })}
      </tbody>
    </table>
  </section>`
}

export function scorecardsDocument(cards: Scorecards, pageSize: PageSize, title: string): string {
  const layout = scorecardsLayout(cards, pageSize)
  return printDocument({
    title,
    pageSize,
    // Twelve columns, the opponent's signature among them (NSA VII.F): landscape keeps names whole.
    landscape: true,
    css: scorecardCss(layout),
    // Each card says how to draw, so a card cut from its sheet still does.
    body: html`${cards.cards.map((card, i) =>
      scorecardHtml(cards, card, (i + 1) % layout.perPage === 0 && i + 1 < cards.cards.length),
    )}`,
  })
}

/** Eight tags a page, two across, to cut out and wear. */
const TAGS_PER_PAGE = 8

export function nameTagsDocument(tags: NameTags, pageSize: PageSize, title: string): string {
  const height = Math.floor((printableHeight(pageSize, false) / (TAGS_PER_PAGE / 2) - 2) * 10) / 10
  return printDocument({
    title,
    pageSize,
    landscape: false,
    css: `
.tags { display: flex; flex-wrap: wrap; gap: 2mm; }
.tag { width: calc(50% - 1mm); height: ${height}mm; border: 0.3mm dashed #000; padding: 4mm;
  break-inside: avoid; page-break-inside: avoid; display: flex; flex-direction: column;
  justify-content: space-between; text-align: center; }
.tag .event { font-size: 9pt; }
.tag .name { font-size: 20pt; font-weight: bold; overflow-wrap: anywhere; }
.tag .identity { font-size: 24pt; font-weight: bold; letter-spacing: 1mm; }
.tag .club { font-size: 10pt; }`,
    body: html`<div class="tags">
      ${tags.tags.map(
        (tag) =>
          html`<section class="tag" aria-label="Name tag of ${tag.name}">
            <div class="event">${tags.header.event}</div>
            <div class="name">${tag.name}</div>
            ${tag.identity === null ? null : html`<div class="identity">${tag.identity}</div>`}
            <div class="club">
              ${[tag.club, tag.memberId === '' ? '' : `Member ${tag.memberId}`]
                .filter((t) => t !== '')
                .join(' · ')}
            </div>
          </section>`,
      )}
    </div>`,
  })
}
