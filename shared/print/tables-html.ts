import type { PaperSize as PageSize } from '../tournament/paper'
import type {
  AlphabeticalRow,
  PairingsAlphabetical,
  PairingsByTable,
  TableRow,
} from '../reports/pairings'
import { opponentNumber, roundCellLetter, type RoundCell } from '../reports/player-rounds'
import { newRatingText, type StandingsReport } from '../reports/standings-report'
import type { WallChart } from '../reports/wall-chart'
import { html, type Html } from './escape'
import { halves, seatName, signed, startWord } from './format'
import { pageHeading, printDocument, rulesBlock, type DocumentParts } from './document'

const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1)

const TABLE_CSS = `
tbody tr:nth-child(even) td { background: #f4f4f4; }
td.name { font-weight: bold; }
`

/** What `*` and “Draw” mean; where a table draws, how (MSA 1.4, NSA II.F.1). */
function starterLegend(tileDraw: string | null): Html {
  return html`<p class="legend">
    * plays
    first.${tileDraw === null ? '' : ` “Draw”: the players draw tiles for first. ${tileDraw}.`}
  </p>`
}

function tableRow(row: TableRow): Html {
  switch (row.kind) {
    case 'game': {
      const [a, b] = row.seats
      // Issue 32: the player's kept table is named, so nobody else sits down at it.
      const kept = row.keptFor === null ? '' : ` kept for #${row.keptFor}`
      return html`<tr>
        <td class="num">${row.table}${kept}</td>
        <td class="name">${seatName(a)}</td>
        <td class="num">${a.id}</td>
        <td class="name">${seatName(b)}</td>
        <td class="num">${b.id}</td>
        <td>${row.start.kind === 'draw' ? 'Draw' : ''}</td>
      </tr>`
    }
    case 'bye':
      return html`<tr>
        <td class="num"></td>
        <td class="name">${row.player.name}</td>
        <td class="num">${row.player.id}</td>
        <td>Bye (${signed(row.spread)})</td>
        <td></td>
        <td></td>
      </tr>`
  }
}

export function pairingsByTableParts(
  report: PairingsByTable,
  pageSize: PageSize,
  title: string,
): DocumentParts {
  return {
    title,
    pageSize,
    landscape: false,
    css: TABLE_CSS,
    body: html`${pageHeading('Pairings by table', report.header)} ${rulesBlock(report.rules)}
      ${starterLegend(report.tileDraw)}
      <table aria-label="Pairings by table">
        <thead>
          <tr>
            <th class="num">Table</th>
            <th>Player</th>
            <th class="num">No.</th>
            <th>Opponent</th>
            <th class="num">No.</th>
            <th>First</th>
          </tr>
        </thead>
        <tbody>
          ${report.rows.map(tableRow)}
        </tbody>
      </table>`,
  }
}

export function pairingsByTableDocument(
  report: PairingsByTable,
  pageSize: PageSize,
  title: string,
): string {
  return printDocument(pairingsByTableParts(report, pageSize, title))
}

function alphabeticalRow(row: AlphabeticalRow): Html {
  switch (row.kind) {
    case 'game':
      return html`<tr>
        <td class="name">${row.player.name}</td>
        <td class="num">${row.player.id}</td>
        <td class="num">${row.table}</td>
        <td>${row.opponent.name}</td>
        <td class="num">${row.opponent.id}</td>
        <td>${startWord(row.start)}</td>
      </tr>`
    case 'bye':
      return html`<tr>
        <td class="name">${row.player.name}</td>
        <td class="num">${row.player.id}</td>
        <td class="num"></td>
        <td>Bye (${signed(row.spread)})</td>
        <td></td>
        <td></td>
      </tr>`
    case 'unpaired':
      return html`<tr>
        <td class="name">${row.player.name}</td>
        <td class="num">${row.player.id}</td>
        <td class="num"></td>
        <td>Not paired: see the desk</td>
        <td></td>
        <td></td>
      </tr>`
  }
}

export function pairingsAlphabeticalParts(
  report: PairingsAlphabetical,
  pageSize: PageSize,
  title: string,
): DocumentParts {
  return {
    title,
    pageSize,
    landscape: false,
    css: TABLE_CSS,
    body: html`${pageHeading('Find your name', report.header)} ${starterLegend(report.tileDraw)}
      <table aria-label="Pairings by name">
        <thead>
          <tr>
            <th>Player</th>
            <th class="num">No.</th>
            <th class="num">Table</th>
            <th>Opponent</th>
            <th class="num">No.</th>
            <th>Plays</th>
          </tr>
        </thead>
        <tbody>
          ${report.rows.map(alphabeticalRow)}
        </tbody>
      </table>`,
  }
}

export function pairingsAlphabeticalDocument(
  report: PairingsAlphabetical,
  pageSize: PageSize,
  title: string,
): string {
  return printDocument(pairingsAlphabeticalParts(report, pageSize, title))
}

export function standingsDocument(
  report: StandingsReport,
  pageSize: PageSize,
  title: string,
): string {
  // Penalties show where there are any: a player reading the spread sees what came off it.
  const penalised = report.rows.some((row) => row.penalty > 0)
  return printDocument({
    title,
    pageSize,
    landscape: false,
    css: TABLE_CSS,
    body: html`${pageHeading('Standings', report.header)}
      <p class="sub as-of"><b>${capitalised(report.asOf)}</b></p>
      <p class="sub ranking">${report.ranking}</p>
      <table aria-label="Standings">
        <thead>
          <tr>
            <th class="num">Rank</th>
            <th>Player</th>
            <th class="num">No.</th>
            <th class="num">Won</th>
            <th class="num">Lost</th>
            <th class="num">Spread</th>
            <th class="num">Firsts</th>
            <th class="num">Seconds</th>
            <th class="num">Rating</th>
            ${report.ratings ? html`<th class="num">New rating</th>` : null}
            ${penalised ? html`<th class="num">Penalty</th>` : null}
          </tr>
        </thead>
        <tbody>
          ${report.rows.map(
            (row) =>
              html`<tr>
                <td class="num">${row.rank}</td>
                <td class="name">
                  ${row.name}${
                    row.withdrawnFrom === null
                      ? null
                      : html` <i
                          >(${row.disqualified ? 'disqualified' : 'withdrawn'} from round
                          ${row.withdrawnFrom})</i
                        >`
                  }
                </td>
                <td class="num">${row.id}</td>
                <td class="num">${halves(row.wins)}</td>
                <td class="num">${halves(row.losses)}</td>
                <td class="num">${signed(row.spread)}</td>
                <td class="num">${row.firsts}</td>
                <td class="num">${row.seconds}</td>
                <td class="num">${row.rating === 0 ? '' : row.rating}</td>
                ${report.ratings ? html`<td class="num">${newRatingText(row)}</td>` : null}
                ${
                  penalised
                    ? html`<td class="num">${row.penalty === 0 ? '' : `−${row.penalty}`}</td>`
                    : null
                }
              </tr>`,
          )}
        </tbody>
      </table>`,
  })
}

function wallCell(cell: RoundCell | null): Html {
  if (cell === null) return html`<td class="cell"></td>`
  const opponent = opponentNumber(cell)
  const spread = cell.result === null ? '' : signed(cell.result.spread)
  return html`<td class="cell">
    <b>${roundCellLetter(cell)}</b> ${opponent}${cell.start === 'first' ? '*' : ''}<br />${spread}
  </td>`
}

export function wallChartDocument(report: WallChart, pageSize: PageSize, title: string): string {
  const rounds = Array.from({ length: report.rounds }, (_, i) => i + 1)
  return printDocument({
    title,
    pageSize,
    landscape: true,
    css: `${TABLE_CSS}
body { font-size: 8pt; }
td.cell { text-align: center; white-space: nowrap; font-size: 7.5pt; }`,
    body: html`${pageHeading(
        report.kind === 'ranked-wall-chart' ? 'Ranked wall chart' : 'Wall chart',
        report.header,
      )}
      <p class="legend">
        Each round: W won, L lost, T tie, B bye, F forfeit, ? not entered; the opponent's number (*
        played first); the game's spread.
      </p>
      <table aria-label="Wall chart">
        <thead>
          <tr>
            <th class="num">No.</th>
            <th>Player</th>
            ${rounds.map((r) => html`<th class="num">R${r}</th>`)}
            <th class="num">W-L</th>
            <th class="num">Spread</th>
            <th class="num">Rank</th>
          </tr>
        </thead>
        <tbody>
          ${report.rows.map(
            (row) =>
              html`<tr>
                <td class="num">${row.id}</td>
                <td class="name">${row.name}</td>
                ${rounds.map((r) => wallCell(row.cells[r - 1] ?? null))}
                <td class="num">
                  ${
                    row.standing === null
                      ? ''
                      : `${halves(row.standing.wins)}-${halves(row.standing.losses)}`
                  }
                </td>
                <td class="num">${row.standing === null ? '' : signed(row.standing.spread)}</td>
                <td class="num">${row.standing?.rank ?? 'withdrawn'}</td>
              </tr>`,
          )}
        </tbody>
      </table>`,
  })
}
