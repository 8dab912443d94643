import type { PaperSize as PageSize } from '../tournament/paper'
import type { GameLists } from '../reports/game-lists'
import type { PrizesReport } from '../reports/prizes'
import type { TeamStandings } from '../reports/team-standings'
import {
  CONTENDERS_NOTE,
  contendersText,
  prizesStatus,
  valueText,
  tiedBehindText,
  winnersText,
} from '../reports/prize-words'
import { html, type Html } from './escape'
import { halves, signed } from './format'
import { pageHeading, printDocument } from './document'

/*
 * The end-of-event pages (issue 14): prizes, game lists and team standings, each drawn from its
 * shared/reports model so the hall, the paper and the web pages read the same.
 */

const CSS = `
tbody tr:nth-child(even) td { background: #f4f4f4; }
td.name { font-weight: bold; }
h2 { font-size: 11pt; margin: 4mm 0 1mm; }
.provisional { font-weight: bold; border: 0.4mm solid #000; padding: 1.5mm 2mm; margin: 2mm 0; }
.keep { break-inside: avoid; page-break-inside: avoid; }
td.prize { white-space: nowrap; }
`

function prizesBody(report: PrizesReport): Html {
  return html`${pageHeading('Prizes', report.header)}
    <p class="${report.provisional ? 'provisional' : 'sub'}">${prizesStatus(report)}</p>
    ${
      report.awards.length === 0
        ? html`<p>This division has no prize table yet (Prizes screen).</p>`
        : html`<table aria-label="Prizes">
            <thead>
              <tr>
                <th class="num">#</th>
                <th>Prize</th>
                <th>Value</th>
                <th>Winner</th>
              </tr>
            </thead>
            <tbody>
              ${report.awards.map(
                (a) =>
                  html`<tr>
                    <td class="num">${a.number}</td>
                    <td>${a.title}</td>
                    <td>${valueText(a)}</td>
                    <td class="name">
                      ${winnersText(a)}${
                        a.passedOver.length === 0
                          ? ''
                          : html`<br /><small>passed over: ${a.passedOver.join(', ')}</small>`
                      }${
                        a.tiedBehind.length === 0
                          ? ''
                          : html`<br /><small>${tiedBehindText(a)}</small>`
                      }
                    </td>
                  </tr>`,
              )}
            </tbody>
          </table>`
    }
    ${
      report.contenders.length === 0
        ? ''
        : html`<h2>Who can still reach each place</h2>
            <p class="legend">${CONTENDERS_NOTE}</p>
            <table aria-label="Contenders" class="keep">
              <thead>
                <tr>
                  <th>Prize</th>
                  <th>Can still finish there (best–worst possible finish)</th>
                </tr>
              </thead>
              <tbody>
                ${report.contenders.map(
                  (c) =>
                    html`<tr>
                      <td>${c.title}</td>
                      <td>${contendersText(c)}</td>
                    </tr>`,
                )}
              </tbody>
            </table>`
    }
    ${
      report.classes.length === 0
        ? ''
        : html`<h2>Classes</h2>
            ${report.classes.map(
              (c) => html`<p><b>Class ${c.name}:</b> ${c.players.join('; ') || 'nobody'}</p>`,
            )}`
    }
    <div class="legend">${report.notes.map((n) => html`<p>${n}</p>`)}</div>`
}

export function prizesDocument(report: PrizesReport, pageSize: PageSize, title: string): string {
  return printDocument({ title, pageSize, landscape: false, css: CSS, body: prizesBody(report) })
}

export function gameListsDocument(report: GameLists, pageSize: PageSize, title: string): string {
  return printDocument({
    title,
    pageSize,
    landscape: false,
    css: CSS,
    body: html`${pageHeading('Game lists', report.header)}
      <p class="sub">Games played over the board in rounds 1–${report.throughRound}.</p>
      ${report.lists.map(
        (list) =>
          html`<div class="keep">
            <h2>${list.title}</h2>
            ${
              list.entries.length === 0
                ? html`<p>None yet.</p>`
                : html`<table aria-label="${list.title}">
                    <thead>
                      <tr>
                        <th class="num">#</th>
                        <th class="num">${list.kind === 'upsets' ? 'Gap' : 'Points'}</th>
                        <th>Player</th>
                        <th class="num">Score</th>
                        <th>Opponent</th>
                        <th class="num">Round</th>
                        <th class="num">Table</th>
                      </tr>
                    </thead>
                    <tbody>
                      ${list.entries.map(
                        (e) =>
                          html`<tr>
                            <td class="num">${e.rank}</td>
                            <td class="num">${e.value}</td>
                            <td class="name">${e.player.name}</td>
                            <td class="num">${e.score}-${e.opponentScore}</td>
                            <td>${e.opponent.name}</td>
                            <td class="num">${e.round}</td>
                            <td class="num">${e.table}</td>
                          </tr>`,
                      )}
                    </tbody>
                  </table>`
            }
          </div>`,
      )}`,
  })
}

export function teamSourceText(report: TeamStandings): string {
  if (report.sources.length === 0) return 'No player has a team or a club.'
  const from = report.sources.includes('team')
    ? report.sources.includes('club')
      ? "the players' teams (their club where no team is given)"
      : "the players' teams"
    : "the players' clubs (no player has a team)"
  return `Teams are ${from}; ranked by average wins, then average losses, then average spread.`
}

export function teamStandingsDocument(
  report: TeamStandings,
  pageSize: PageSize,
  title: string,
): string {
  return printDocument({
    title,
    pageSize,
    landscape: false,
    css: CSS,
    body: html`${pageHeading('Team standings', report.header)}
      <p class="sub">${teamSourceText(report)}</p>
      <table aria-label="Team standings">
        <thead>
          <tr>
            <th class="num">Rank</th>
            <th>Team</th>
            <th class="num">Players</th>
            <th class="num">Won</th>
            <th class="num">Lost</th>
            <th class="num">Spread</th>
            <th class="num">Avg won</th>
            <th>Members</th>
          </tr>
        </thead>
        <tbody>
          ${report.rows.map(
            (row) =>
              html`<tr>
                <td class="num">${row.rank}</td>
                <td class="name">${row.team}</td>
                <td class="num">${row.members.length}</td>
                <td class="num">${halves(row.wins)}</td>
                <td class="num">${halves(row.losses)}</td>
                <td class="num">${signed(row.spread)}</td>
                <td class="num">${row.averageWins.toFixed(2)}</td>
                <td>
                  ${row.members
                    .map(
                      (m) => `${m.name} ${halves(m.wins)}-${halves(m.losses)} ${signed(m.spread)}`,
                    )
                    .join('; ')}
                </td>
              </tr>`,
          )}
        </tbody>
      </table>`,
  })
}
