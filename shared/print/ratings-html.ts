import type { PaperSize as PageSize } from '../tournament/paper'
import type { RatingsReport } from '../reports/ratings-report'
import { pageHeading, printDocument } from './document'
import { html } from './escape'
import { halves, signed } from './format'

const CSS = `
tbody tr:nth-child(even) td { background: #f4f4f4; }
td.name { font-weight: bold; }
`

/**
 * tsh's `RATings` on paper (issue 22): old, new, change, the record and the performance, in standings
 * order, with what the performance is and, where the system is a guessed default, that it is one.
 */
export function ratingsDocument(report: RatingsReport, pageSize: PageSize, title: string): string {
  return printDocument({
    title,
    pageSize,
    landscape: false,
    css: CSS,
    body: html`${pageHeading('Rating estimates', report.header)}
      <p class="sub as-of">
        <b>${report.asOf.charAt(0).toUpperCase()}${report.asOf.slice(1)}</b>, rated as if the event
        ended there: ${report.systemWords}
      </p>
      <table aria-label="Rating estimates">
        <thead>
          <tr>
            <th class="num">Rank</th>
            <th>Player</th>
            <th class="num">No.</th>
            <th class="num">Old rating</th>
            <th class="num">New rating</th>
            <th class="num">Change</th>
            <th class="num">Won</th>
            <th class="num">Lost</th>
            <th class="num">Performance</th>
          </tr>
        </thead>
        <tbody>
          ${report.rows.map(
            (row) =>
              html`<tr>
                <td class="num">${row.rank}</td>
                <td class="name">${row.name}</td>
                <td class="num">${row.id}</td>
                <td class="num">${row.rating === 0 ? 'unrated' : row.rating}</td>
                <td class="num">${row.newRating ?? ''}</td>
                <td class="num">
                  ${row.change === null ? (row.newRating === null ? '' : 'new') : signed(row.change)}
                </td>
                <td class="num">${halves(row.wins)}</td>
                <td class="num">${halves(row.losses)}</td>
                <td class="num">${row.performance ?? '—'}</td>
              </tr>`,
          )}
        </tbody>
      </table>
      <p class="sub note">${report.performanceNote}</p>
      ${report.guessNote === null ? '' : html`<p class="sub note">${report.guessNote}</p>`}`,
  })
}
