import type { PageSize } from '../../../electron/ipc-contract'
import type { NameTags } from '../../../shared/reports/name-tags'
import { roundCellLetter } from '../../../shared/reports/player-rounds'
import type { Scorecard, Scorecards } from '../../../shared/reports/scorecards'
import { html, type Html } from './escape'
import { halves, signed } from './format'
import { headerLine, printableHeight, printDocument } from './document'

const SCORECARD_CSS = `
.card { break-inside: avoid; page-break-inside: avoid; margin-bottom: 5mm; }
.card h2 { font-size: 12pt; margin: 0 0 1mm; }
.card .sub { margin-bottom: 1.5mm; }
.card td { height: 6.5mm; }
.card td.signature { min-width: 30mm; }
`

function scorecardHtml(cards: Scorecards, card: Scorecard): Html {
  // NSA VII.F: each player keeps their own card, and the opponent signs the line of their game.
  return html`<section class="card" aria-label="Scorecard of ${card.name}">
    <h2>${card.name} (No. ${card.id})</h2>
    <p class="sub">
      ${headerLine({ ...cards.header, round: null })}${card.club === '' ? '' : ` · ${card.club}`}
    </p>
    <table>
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
            <td>${cell.kind === 'bye' ? 'Bye' : (cell.opponent?.name ?? '')}</td>
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
  return printDocument({
    title,
    pageSize,
    // Twelve columns, the opponent's signature among them (NSA VII.F): landscape keeps names whole.
    landscape: true,
    css: SCORECARD_CSS,
    body: html`${
      cards.tileDraw === null
        ? null
        : html`<p class="legend">“Draw”: the players draw tiles for first. ${cards.tileDraw}.</p>`
    }
    ${cards.cards.map((card) => scorecardHtml(cards, card))}`,
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
