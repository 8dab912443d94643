import type { PaperSize as PageSize } from '../tournament/paper'
import type { NameTag, NameTags } from '../reports/name-tags'
import { opponentNumber, opponentWords, roundCellLetter } from '../reports/player-rounds'
import type { Scorecard, Scorecards } from '../reports/scorecards'
import { codeWords } from '../venue/player-page'
import { html, raw, type Html } from './escape'
import { halves, signed } from './format'
import { headerLine, printableHeight, printableWidth, printDocument } from './document'
import { svgElement, type CodeSlip, type DivisionCodes } from './players-html'
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
/** The player's code in the card's top right corner (issue 30): its QR code, and what it takes. */
const CARD_QR_MM = 16
const CARD_CODE_MM = 60

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
export function scorecardsLayout(
  cards: Scorecards,
  pageSize: PageSize,
  codes?: DivisionCodes,
): CardsLayout {
  const width = printableWidth(pageSize, true)
  const height = printableHeight(pageSize, true)
  const opponentWidth = width - FIXED_COLUMNS_MM - 2.4
  const tableHead = 2 * lineMm(CARD_PT) + 1.6
  const legend = cards.tileDraw === null ? 0 : 2 * lineMm(8) + 1
  // A card with a code has its name, event line and legend beside the code's QR code.
  const top = (card: Scorecard): number => {
    const coded = codes?.byPlayer.has(card.id) === true
    const name = wrappedLines(card.name, 12, coded ? width - CARD_CODE_MM : width) * lineMm(12)
    const text = name + 1 + lineMm(9) + 1.5 + legend
    return coded ? Math.max(text, CARD_QR_MM + 1.5) : text
  }
  const need = (rowMm: number): number =>
    Math.max(
      0,
      ...cards.cards.map(
        (card) =>
          top(card) +
          tableHead +
          card.lines.reduce((sum, line) => {
            const name = line.cell === null ? '' : (opponentWords(line.cell) ?? '')
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
.card .head { display: flex; justify-content: space-between; align-items: flex-start; gap: 3mm; }
.card .head .who { flex: 1; min-width: 0; }
.card .code { display: flex; align-items: center; gap: 2mm; flex: none; width: ${CARD_CODE_MM - 3}mm; margin-bottom: 1.5mm; }
.card .code .qr svg { display: block; width: ${CARD_QR_MM}mm; height: ${CARD_QR_MM}mm; }
.card .code .typed { font-family: 'Liberation Mono', monospace; font-size: 11pt; font-weight: bold; }
.card .code .where { font-size: 7pt; line-height: ${LINE}; overflow-wrap: anywhere; }
.card col.round { width: 12mm; } .card col.table { width: 13mm; } .card col.no { width: 11mm; }
.card col.start { width: 14mm; } .card col.score { width: 15mm; } .card col.result { width: 13mm; }
.card col.spread { width: 15mm; } .card col.record { width: 24mm; } .card col.signature { width: 38mm; }
`
}

/** The player's own code, typed and as the QR code of his page (issue 30), as his slip has it. */
function codeHtml(page: string, slip: CodeSlip): Html {
  return html`<div class="code">
    <div class="qr">${raw(svgElement(slip.qrSvg))}</div>
    <div>
      <div class="typed">${codeWords(slip.code.code)}</div>
      <div class="where">Your own page: scan, or type the code at ${page}</div>
    </div>
  </div>`
}

function scorecardHtml(
  cards: Scorecards,
  card: Scorecard,
  pageEnd: boolean,
  codes: DivisionCodes | undefined,
): Html {
  const who = html`<h2>${card.name} (No. ${card.id})</h2>
    <p class="sub">
      ${headerLine({ ...cards.header, round: null })}${card.club === '' ? '' : ` · ${card.club}`}
    </p>
    ${
      cards.tileDraw === null
        ? null
        : html`<p class="legend">“Draw”: the players draw tiles for first. ${cards.tileDraw}.</p>`
    }`
  const slip = codes?.byPlayer.get(card.id)
  // NSA VII.F: each player keeps their own card, and the opponent signs the line of their game.
  return html`<section
    class="${pageEnd ? 'card page-end' : 'card'}"
    aria-label="Scorecard of ${card.name}"
  >
    ${
      codes === undefined || slip === undefined
        ? who
        : html`<div class="head">
            <div class="who">${who}</div>
            ${codeHtml(codes.page, slip)}
          </div>`
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
            <td class="opponent">${cell.kind === 'bye' ? 'Bye' : (opponentWords(cell) ?? '')}</td>
            <td class="num">${opponentNumber(cell)}</td>
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

/**
 * The division's scorecards; with `codes` (the event is shared on the venue network, issue 30)
 * each player's card carries his own code.
 */
export function scorecardsDocument(
  cards: Scorecards,
  pageSize: PageSize,
  title: string,
  codes?: DivisionCodes,
): string {
  const layout = scorecardsLayout(cards, pageSize, codes)
  return printDocument({
    title,
    pageSize,
    // Twelve columns, the opponent's signature among them (NSA VII.F): landscape keeps names whole.
    landscape: true,
    css: scorecardCss(layout),
    // Each card says how to draw, so a card cut from its sheet still does.
    body: html`${cards.cards.map((card, i) =>
      scorecardHtml(
        cards,
        card,
        (i + 1) % layout.perPage === 0 && i + 1 < cards.cards.length,
        codes,
      ),
    )}`,
  })
}

/** Eight tags a page, two across, to cut out and wear. */
const TAGS_PER_PAGE = 8
const TAG_PADDING_MM = 4
/** A tag's name: large, smaller only as far as the longest name needs to fit with a code. */
const TAG_NAME_PT = 20
const TAG_NAME_MIN_PT = 14
const TAG_QR_MM = 20

interface TagsLayout {
  /** Each tag's height, a quarter of the page's. */
  readonly tagMm: number
  readonly namePt: number
  /** What the tallest tag needs at `namePt`, no more than `tagMm` unless no font size fits. */
  readonly needMm: number
}

/**
 * The tags' name size: the largest up to `TAG_NAME_PT` at which every tag's lines fit its quarter
 * of the page. A tag with a code (issue 30) has a row with its QR code under the name, and its
 * division and number (or identity) and typed code beside the QR code.
 */
export function nameTagsLayout(
  tags: NameTags,
  pageSize: PageSize,
  codes?: DivisionCodes,
): TagsLayout {
  const tagMm = Math.floor((printableHeight(pageSize, false) / (TAGS_PER_PAGE / 2) - 2) * 10) / 10
  // Half the width less the gap, the padding and the dashed border; the name is bold.
  const nameWidth = (printableWidth(pageSize, false) / 2 - 1 - 2 * TAG_PADDING_MM - 0.6) / 1.06
  const need = (namePt: number): number =>
    Math.max(
      0,
      ...tags.tags.map((tag) => {
        const coded = codes?.byPlayer.has(tag.id) === true
        const middle = coded ? TAG_QR_MM + 1 : tag.identity === null ? 0 : lineMm(24)
        return (
          2 * TAG_PADDING_MM +
          0.6 +
          lineMm(9) +
          wrappedLines(tag.name, namePt, nameWidth) * lineMm(namePt) +
          middle +
          lineMm(10)
        )
      }),
    )
  let namePt = TAG_NAME_PT
  while (namePt > TAG_NAME_MIN_PT && need(namePt) > tagMm) namePt -= 1
  return { tagMm, namePt, needMm: Math.round(need(namePt) * 10) / 10 }
}

function tagCodeHtml(tag: NameTag, division: string, slip: CodeSlip): Html {
  return html`<div class="coded">
    <div class="qr">${raw(svgElement(slip.qrSvg))}</div>
    <div>
      ${
        tag.identity === null
          ? html`<div class="number">Division ${division} · No. ${tag.id}</div>`
          : html`<div class="identity">${tag.identity}</div>`
      }
      <div class="typed">${codeWords(slip.code.code)}</div>
    </div>
  </div>`
}

/**
 * The division's name tags; with `codes` (the event is shared on the venue network, issue 30)
 * each player's tag carries his own code, typed and as the QR code of his page.
 */
export function nameTagsDocument(
  tags: NameTags,
  pageSize: PageSize,
  title: string,
  codes?: DivisionCodes,
): string {
  const layout = nameTagsLayout(tags, pageSize, codes)
  return printDocument({
    title,
    pageSize,
    landscape: false,
    css: `
.tags { display: flex; flex-wrap: wrap; gap: 2mm; }
.tag { width: calc(50% - 1mm); height: ${layout.tagMm}mm; border: 0.3mm dashed #000; padding: ${TAG_PADDING_MM}mm;
  break-inside: avoid; page-break-inside: avoid; display: flex; flex-direction: column;
  justify-content: space-between; text-align: center; }
.tag .event { font-size: 9pt; }
.tag .name { font-size: ${layout.namePt}pt; line-height: ${LINE}; font-weight: bold; overflow-wrap: anywhere; }
.tag .identity { font-size: 24pt; font-weight: bold; letter-spacing: 1mm; }
.tag .club { font-size: 10pt; }
.tag .coded { display: flex; align-items: center; justify-content: center; gap: 3mm; }
.tag .coded .qr svg { display: block; width: ${TAG_QR_MM}mm; height: ${TAG_QR_MM}mm; }
.tag .coded .number { font-size: 11pt; }
.tag .coded .typed { font-family: 'Liberation Mono', monospace; font-size: 14pt; font-weight: bold; }`,
    body: html`<div class="tags">
      ${tags.tags.map((tag) => {
        const slip = codes?.byPlayer.get(tag.id)
        return html`<section class="tag" aria-label="Name tag of ${tag.name}">
          <div class="event">${tags.header.event}</div>
          <div class="name">${tag.name}</div>
          ${
            slip !== undefined
              ? tagCodeHtml(tag, tags.header.division, slip)
              : tag.identity === null
                ? null
                : html`<div class="identity">${tag.identity}</div>`
          }
          <div class="club">
            ${[tag.club, tag.memberId === '' ? '' : `Member ${tag.memberId}`]
              .filter((t) => t !== '')
              .join(' · ')}
          </div>
        </section>`
      })}
    </div>`,
  })
}
