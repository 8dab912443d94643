/*
 * The phones' read-only pages (issue 21: "players follow the event"): the authority serves them at
 * `/live` from its folded state, so a phone never holds the log and needs no approval. Each page is
 * whole HTML with no script and no inline style (the server's CSP can stay `default-src 'self'`),
 * one column for a phone, and refreshes itself. Every number comes from the models the printed
 * pages use (shared/reports), so the hall's phones, its wall and its projector agree.
 */
import { standingsTable, type StandingsTableRow } from '../desk/standings-table'
import { roundProgress, standingsAsOfWords } from '../desk/ready'
import { dateRange, halves, seatName, signed, standingName, startWord } from '../reports/format'
import { html, raw, type Html } from '../reports/html'
import { pairingsByTable, type TableRow } from '../reports/pairings'
import { opponentWords, playerRounds, type RoundCell } from '../reports/player-rounds'
import { scorecardLines, type ScorecardLine } from '../reports/scorecards'
import type { PlayerId } from '../results/game-result'
import { ordinal } from '../pairing/gibson'
import { latestPublishedRound } from '../tournament/lookup'
import { searchPlayers } from '../tournament/search'
import type { Division, Player, TournamentState } from '../tournament/types'
import { VENUE_ROUTES } from './protocol'

export interface LivePage {
  readonly status: number
  readonly contentType: string
  readonly body: string
}

/**
 * What the pages read of the query string. `URLSearchParams` fits as it is; the shared tsconfig
 * has no DOM or Node types, so the type is not named here.
 */
export interface LiveQuery {
  get(name: string): string | null
}

/**
 * The pages' Content-Security-Policy (issue 28: they were sent with none). They hold no script, no
 * inline style and no image: only their own stylesheet loads, the search form goes to `/live`, and
 * no other site may frame them (a phone's page passed off inside another).
 */
export const LIVE_PAGE_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** Seconds between a page's own reloads: live enough to find the next table, light on the Wi-Fi. */
export const LIVE_REFRESH_SECONDS = 15
/** Players listed for one search; a fragment that finds more asks for more of the name. */
export const LIVE_SEARCH_LIMIT = 50
/** Longer than any name: what is typed beyond it is not searched for nor echoed. */
const QUERY_LIMIT = 100

const HTML_TYPE = 'text/html; charset=utf-8'
const CSS_TYPE = 'text/css; charset=utf-8'
const STYLESHEET = 'live.css'

/** The pages' routes, as `path` (what follows `/live`) names them. */
export type LiveRoute =
  | { readonly kind: 'index' }
  | { readonly kind: 'stylesheet' }
  | { readonly kind: 'pairings'; readonly division: string }
  | { readonly kind: 'standings'; readonly division: string }
  | { readonly kind: 'player'; readonly division: string; readonly player: PlayerId }
  | { readonly kind: 'unknown' }

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    // A malformed escape (`%E0%A4%A`) is a page that does not exist, not a server error.
    return null
  }
}

export function liveRoute(path: string): LiveRoute {
  const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '')
  if (trimmed === '') return { kind: 'index' }
  if (trimmed === STYLESHEET) return { kind: 'stylesheet' }
  const parts = trimmed.split('/').map(decoded)
  const [division, page, number, ...rest] = parts
  if (division === undefined || division === null || division === '' || rest.length > 0) {
    return { kind: 'unknown' }
  }
  if (page === 'pairings' && number === undefined) return { kind: 'pairings', division }
  if (page === 'standings' && number === undefined) return { kind: 'standings', division }
  if (page === 'player' && typeof number === 'string' && /^[1-9]\d{0,6}$/.test(number)) {
    return { kind: 'player', division, player: Number(number) }
  }
  return { kind: 'unknown' }
}

/** Links are absolute under the authority's mount, so a page reads the same at any depth. */
export function liveHref(route: Exclude<LiveRoute, { readonly kind: 'unknown' }>): string {
  const base = VENUE_ROUTES.live
  switch (route.kind) {
    case 'index':
      return base
    case 'stylesheet':
      return `${base}/${STYLESHEET}`
    case 'pairings':
      return `${base}/${encodeURIComponent(route.division)}/pairings`
    case 'standings':
      return `${base}/${encodeURIComponent(route.division)}/standings`
    case 'player':
      return `${base}/${encodeURIComponent(route.division)}/player/${route.player}`
  }
}

const playerHref = (division: string, player: PlayerId): string =>
  liveHref({ kind: 'player', division, player })

interface PageParts {
  readonly title: string
  readonly event: string | null
  readonly body: Html
  /** Live pages reload themselves; the index (a search box) and a 404 do not. */
  readonly refresh: boolean
}

function clock(now: Date): string {
  // The authority's own clock, in the hall's time zone: the phones read the time on the wall.
  const two = (n: number): string => String(n).padStart(2, '0')
  return `${two(now.getHours())}:${two(now.getMinutes())}:${two(now.getSeconds())}`
}

function pageHtml(parts: PageParts, now: Date): string {
  const title = parts.event === null ? parts.title : `${parts.title} · ${parts.event}`
  const refresh = parts.refresh
    ? html`<meta http-equiv="refresh" content="${LIVE_REFRESH_SECONDS}" />`
    : raw('')
  const updated = parts.refresh
    ? `Updated ${clock(now)}; this page reloads every ${LIVE_REFRESH_SECONDS} seconds.`
    : `Page made at ${clock(now)}.`
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        ${refresh}
        <title>${title}</title>
        <link rel="stylesheet" href="${liveHref({ kind: 'stylesheet' })}" />
      </head>
      <body>
        <header><a href="${liveHref({ kind: 'index' })}">${parts.event ?? 'Rackside'}</a></header>
        <main>${parts.body}</main>
        <footer><p>${updated}</p></footer>
      </body>
    </html> `.html
}

function htmlPage(status: number, parts: PageParts, now: Date): LivePage {
  return { status, contentType: HTML_TYPE, body: pageHtml(parts, now) }
}

function notFound(state: TournamentState | undefined, why: string, now: Date): LivePage {
  return htmlPage(
    404,
    {
      title: 'Page not found',
      event: state?.info.name ?? null,
      refresh: false,
      body: html`<h1>Page not found</h1>
        <p>${why}</p>
        <p><a href="${liveHref({ kind: 'index' })}">Back to the event's page</a></p>`,
    },
    now,
  )
}

function notStarted(now: Date): LivePage {
  return htmlPage(
    200,
    {
      title: 'The event has not started',
      event: null,
      refresh: true,
      body: html`<h1>The event has not started</h1>
        <p>Pairings and standings appear here as soon as the director opens the event.</p>`,
    },
    now,
  )
}

const divisionWords = (state: TournamentState, name: string): string =>
  state.divisions.length === 1 ? '' : `Division ${name}: `

function searchSection(state: TournamentState, typed: string): Html {
  const found: { readonly division: string; readonly player: Player }[] = []
  for (const division of state.divisions) {
    // The desk's own search (shared/tournament/search.ts): a fragment finds the same players here.
    for (const player of searchPlayers(division.players, typed)) {
      found.push({ division: division.name, player })
    }
  }
  const shown = found.slice(0, LIVE_SEARCH_LIMIT)
  const more = found.length - shown.length
  const items = shown.map(
    ({ division, player }) =>
      html`<li>
        <a href="${playerHref(division, player.id)}">${player.name}</a>${
          state.divisions.length === 1 ? '' : ` (division ${division})`
        }
      </li>`,
  )
  const list =
    found.length === 0
      ? html`<p>No player's name matches “${typed}”.</p>`
      : html`<ul class="found">
          ${items}
        </ul>`
  const rest = more > 0 ? html`<p>${more} more match: type more of the name.</p>` : raw('')
  return html`<section aria-labelledby="found">
    <h2 id="found">Players matching “${typed}”</h2>
    ${list}${rest}
  </section>`
}

function indexPage(state: TournamentState, query: LiveQuery, now: Date): LivePage {
  const typed = (query.get('q') ?? '').trim().slice(0, QUERY_LIMIT)
  const { info } = state
  const divisions = state.divisions.map(
    (division) =>
      html`<li>
        <span class="division">${division.name}</span>
        <a href="${liveHref({ kind: 'pairings', division: division.name })}">Pairings</a>
        <a href="${liveHref({ kind: 'standings', division: division.name })}">Standings</a>
      </li>`,
  )
  const place = [info.venue, dateRange(info.startDate, info.endDate)].filter(Boolean).join(' · ')
  return htmlPage(
    200,
    {
      title: typed === '' ? 'Pairings and standings' : `Players matching “${typed}”`,
      event: info.name,
      // Nothing on it changes with a result, and a reload would wipe a name half typed.
      refresh: false,
      body: html`<h1>${info.name}</h1>
        <p>${place}</p>
        <form method="get" action="${liveHref({ kind: 'index' })}" role="search">
          <label for="q">Find a player</label>
          <input id="q" name="q" type="search" value="${typed}" autocomplete="off" />
          <button type="submit">Find</button>
        </form>
        ${typed === '' ? raw('') : searchSection(state, typed)}
        <p>
          <a href="${VENUE_ROUTES.player}">Your own page: type the code on your scorecard</a>
        </p>
        <h2>Divisions</h2>
        ${
          state.divisions.length === 0
            ? html`<p>No division yet.</p>`
            : html`<ul class="divisions">
                ${divisions}
              </ul>`
        }`,
    },
    now,
  )
}

/** A table of the pages: column headings a screen reader announces, then the rows. */
function dataTable(headings: readonly string[], rows: Html | readonly Html[]): Html {
  return html`<table>
    <thead>
      <tr>
        ${headings.map((heading) => html`<th scope="col">${heading}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${rows}
    </tbody>
  </table>`
}

function pairingRow(division: string, row: TableRow): Html {
  switch (row.kind) {
    case 'game': {
      const [a, b] = row.seats
      return html`<tr>
        <th scope="row">${row.table}</th>
        <td><a href="${playerHref(division, a.id)}">${seatName(a)}</a></td>
        <td><a href="${playerHref(division, b.id)}">${seatName(b)}</a></td>
        <td>${row.start.kind === 'draw' ? 'Draw' : ''}</td>
      </tr>`
    }
    case 'bye':
      return html`<tr>
        <th scope="row">Bye</th>
        <td><a href="${playerHref(division, row.player.id)}">${row.player.name}</a></td>
        <td>Bye (${signed(row.spread)})</td>
        <td></td>
      </tr>`
  }
}

function pairingsPage(state: TournamentState, division: Division, now: Date): LivePage {
  const published = latestPublishedRound(division)
  const latest = division.rounds.at(-1)
  // The hall sees a round only once the director publishes it (types.ts, `Round.published`).
  const waiting =
    latest !== undefined && !latest.published
      ? html`<p class="notice">Round ${latest.number} pairings are not published yet.</p>`
      : raw('')
  const heading = `${divisionWords(state, division.name)}Pairings`
  if (published === undefined) {
    return htmlPage(
      200,
      {
        title: heading,
        event: state.info.name,
        refresh: true,
        body: html`<h1>${heading}</h1>
          ${waiting}${latest === undefined || latest.published ? html`<p>No pairings are published yet.</p>` : raw('')}`,
      },
      now,
    )
  }
  const report = pairingsByTable(state, division.name, published.number)
  if (!report.ok) throw new Error(`A published round does not print: ${report.error.message}`)
  const { tileDraw, rows } = report.value
  const title = `${divisionWords(state, division.name)}Round ${published.number} pairings`
  const legend = `* plays first.${tileDraw === null ? '' : ` “Draw”: the players draw tiles for first. ${tileDraw}.`}`
  return htmlPage(
    200,
    {
      title,
      event: state.info.name,
      refresh: true,
      body: html`<h1>${title}</h1>
        ${waiting}
        <p>Round ${published.number} of ${state.info.rounds}. ${legend}</p>
        ${dataTable(
          ['Table', 'Player', 'Opponent', 'First'],
          rows.map((row) => pairingRow(division.name, row)),
        )}`,
    },
    now,
  )
}

/**
 * A division's standings, kept until the division changes: every phone reloads every
 * ${LIVE_REFRESH_SECONDS} s, and at 2000 players ranking is most of a page's cost (issue 21).
 * `apply` replaces a division it changes and keeps the others, so the Division object is the key;
 * the rules and the event's rounds are checked too, as `standingsTable` reads them.
 */
const standingsMemo = new WeakMap<
  Division,
  {
    readonly rules: TournamentState['rules']
    readonly rounds: number
    readonly round: number
    readonly rows: readonly StandingsTableRow[]
  }
>()

export function standingsOf(
  state: TournamentState,
  division: Division,
  round: number,
): readonly StandingsTableRow[] {
  const kept = standingsMemo.get(division)
  if (
    kept !== undefined &&
    kept.rules === state.rules &&
    kept.rounds === state.info.rounds &&
    kept.round === round
  ) {
    return kept.rows
  }
  const rows = standingsTable(state, division.name, round)
  standingsMemo.set(division, { rules: state.rules, rounds: state.info.rounds, round, rows })
  return rows
}

function standingsPage(state: TournamentState, division: Division, now: Date): LivePage {
  // As of the last round the hall may see: a bye in a round still under review would tell it.
  const round = shownThrough(division)
  const rows = standingsOf(state, division, round)
  const asOf = standingsAsOfWords(roundProgress(state, division.name, round))
  const title = `${divisionWords(state, division.name)}Standings`
  const body = rows.map((row) => {
    const player = division.players[row.player - 1]
    const status = player?.status
    const name =
      status?.kind === 'withdrawn'
        ? standingName(row.name, status.fromRound, status.disqualified === true)
        : row.name
    return html`<tr>
      <td>${row.rank}</td>
      <th scope="row"><a href="${playerHref(division.name, row.player)}">${name}</a></th>
      <td>${halves(row.wins)}–${halves(row.losses)}</td>
      <td>${signed(row.spread)}</td>
    </tr>`
  })
  return htmlPage(
    200,
    {
      title,
      event: state.info.name,
      refresh: true,
      body: html`<h1>${title}</h1>
        <p>Standings ${asOf}.</p>
        ${dataTable(['Rank', 'Player', 'Won–lost', 'Spread'], body)}`,
    },
    now,
  )
}

/**
 * The last round a player's page shows: the latest published, or a later one whose games already
 * have results (played, so no secret), never a round the director is still reviewing.
 */
export function shownThrough(division: Division): number {
  let through = latestPublishedRound(division)?.number ?? 0
  for (const round of division.rounds) {
    if (round.number <= through) continue
    const played = round.results.some(
      (result, i) => result !== null && round.pairings[i]?.kind === 'game',
    )
    if (played) through = round.number
  }
  return through
}

export function resultWords(cell: RoundCell): string {
  const result = cell.result
  if (result === null) return 'Not in yet'
  if (cell.kind === 'bye') return 'Bye'
  const forfeit = result.forfeit ? ' by forfeit' : ''
  switch (result.outcome) {
    case 'win':
      return `Won${forfeit}`
    case 'loss':
      return `Lost${forfeit}`
    case 'tie':
      return 'Tied'
    case 'none':
      return 'Not counted'
  }
}

export function scoreWords(cell: RoundCell): string {
  const result = cell.result
  if (result === null || result.score === null || result.opponentScore === null) {
    return result === null ? '' : signed(result.spread)
  }
  return `${result.score}–${result.opponentScore}`
}

function gameLine(division: string, line: ScorecardLine): Html {
  const { cell, record } = line
  const recordText =
    record === null
      ? ''
      : `${halves(record.wins)}–${halves(record.losses)} ${signed(record.spread)}`
  if (cell === null) {
    return html`<tr>
      <th scope="row">${line.round}</th>
      <td colspan="4">Not paired</td>
      <td>${recordText}</td>
    </tr>`
  }
  // Issue 32: an opponent in the division he was moved from has no page in this one.
  const opponent =
    cell.opponent === null
      ? html`Bye`
      : cell.from !== undefined
        ? html`${opponentWords(cell) ?? ''}`
        : html`<a href="${playerHref(division, cell.opponent.id)}">${cell.opponent.name}</a>`
  const penalty = line.penalty > 0 ? ` (penalty ${signed(-line.penalty)})` : ''
  // One column for the outcome and its scores: seven columns do not fit a phone held upright.
  const outcome = `${resultWords(cell)} ${scoreWords(cell)}`.trim()
  return html`<tr>
    <th scope="row">${line.round}</th>
    <td>${cell.table ?? ''}</td>
    <td>${opponent}</td>
    <td>${cell.start === null ? '' : startWord(cell.start)}</td>
    <td>${outcome}${penalty}</td>
    <td>${recordText}</td>
  </tr>`
}

/**
 * A player's page as the hall sees it (issue 30: the player's own page shows the same): the rounds
 * through `shownThrough`, the scorecard's lines, the standing and the name as the standings say it.
 */
export interface PlayerView {
  readonly through: number
  readonly cells: readonly (RoundCell | null)[]
  readonly lines: readonly ScorecardLine[]
  readonly name: string
  /** "Ranked 2nd, 3–1, spread +120 (after round 4)", or null before the player is ranked. */
  readonly standing: string | null
}

export function playerView(state: TournamentState, division: Division, player: Player): PlayerView {
  const through = shownThrough(division)
  const cells = playerRounds(division, through, player.id).get(player.id) ?? []
  // The record column is the scorecard's (shared/reports/scorecards.ts): what the player writes.
  const lines = scorecardLines(division, player.id, cells, through, through).filter(
    (line) => line.round >= player.firstRound || line.cell !== null,
  )
  const row = standingsOf(state, division, through).find((r) => r.player === player.id)
  const asOf = standingsAsOfWords(roundProgress(state, division.name, through))
  const status = player.status
  const name =
    status.kind === 'withdrawn'
      ? standingName(player.name, status.fromRound, status.disqualified === true)
      : player.name
  const standing =
    row === undefined
      ? null
      : `Ranked ${ordinal(row.rank)}, ${halves(row.wins)}–${halves(row.losses)}, spread ${signed(row.spread)} (${asOf}).`
  return { through, cells, lines, name, standing }
}

function playerPage(
  state: TournamentState,
  division: Division,
  player: Player,
  now: Date,
): LivePage {
  const { lines, name, standing: words } = playerView(state, division, player)
  const standing = words === null ? raw('') : html`<p>${words}</p>`
  const games =
    lines.length === 0
      ? html`<p>No games yet.</p>`
      : html`<div class="wide">
          ${dataTable(
            ['Round', 'Table', 'Opponent', 'Plays', 'Result', 'Record'],
            lines.map((line) => gameLine(division.name, line)),
          )}
        </div>`
  return htmlPage(
    200,
    {
      title: player.name,
      event: state.info.name,
      refresh: true,
      body: html`<h1>${name}</h1>
        <p>
          ${state.divisions.length === 1 ? '' : `Division ${division.name}, `}player #${player.id}
        </p>
        ${standing}
        <h2>Games</h2>
        ${games}
        <p>
          <a href="${liveHref({ kind: 'pairings', division: division.name })}">Pairings</a>
          <a href="${liveHref({ kind: 'standings', division: division.name })}">Standings</a>
        </p>`,
    },
    now,
  )
}

/** One column, big type; links large enough for a thumb. No inline style: the CSP forbids it. */
export const LIVE_CSS = `*{box-sizing:border-box}
html{font-size:112.5%;-webkit-text-size-adjust:100%}
body{margin:0 auto;max-width:44rem;padding:0.5rem;font-family:system-ui,sans-serif;line-height:1.4;color:#111;background:#fff}
header a{font-weight:bold;text-decoration:none}
h1{font-size:1.5rem;margin:0.75rem 0 0.5rem}
h2{font-size:1.2rem;margin:1.25rem 0 0.5rem}
a{color:#0645ad}
a,button,input{min-height:2.75rem}
form{display:flex;flex-wrap:wrap;gap:0.5rem;align-items:center}
label{width:100%;font-weight:bold}
input{flex:1;font-size:1rem;padding:0.5rem}
button{font-size:1rem;padding:0.5rem 1rem}
ul{padding:0;list-style:none}
li{padding:0.5rem 0;border-bottom:1px solid #ddd}
.divisions a{display:inline-block;margin-left:1rem;padding:0.5rem 0}
.division{font-weight:bold}
.notice{padding:0.5rem;background:#fff4cc;border-left:4px solid #c90}
table{width:100%;border-collapse:collapse}
.wide{overflow-x:auto}
.wide table{font-size:0.8rem}
.wide th,.wide td{padding:0.35rem 0.2rem}
th,td{padding:0.4rem 0.3rem;text-align:left;vertical-align:top;border-bottom:1px solid #ddd}
thead th{position:sticky;top:0;background:#eee}
tbody tr:nth-child(even){background:#f6f6f6}
footer{margin-top:1.5rem;color:#555;font-size:0.85rem}
@media (prefers-color-scheme:dark){body{color:#eee;background:#111}a{color:#8ab4f8}thead th{background:#333}tbody tr:nth-child(even){background:#1c1c1c}.notice{background:#3a3000}}
`

/**
 * The page `path` (what follows `/live`) asks for, from the authority's folded state; `undefined`
 * before an event is open. Pure: `now` only dates the page.
 */
export function renderLivePage(
  state: TournamentState | undefined,
  path: string,
  query: LiveQuery,
  now: Date,
): LivePage {
  const route = liveRoute(path)
  switch (route.kind) {
    case 'stylesheet':
      return { status: 200, contentType: CSS_TYPE, body: LIVE_CSS }
    case 'unknown':
      return notFound(state, `There is no page “${path}” here.`, now)
    case 'index':
    case 'pairings':
    case 'standings':
    case 'player':
      break
  }
  if (state === undefined) return notStarted(now)
  if (route.kind === 'index') return indexPage(state, query, now)
  const division = state.divisions.find((d) => d.name === route.division)
  if (division === undefined) {
    return notFound(state, `There is no division “${route.division}” in this event.`, now)
  }
  switch (route.kind) {
    case 'pairings':
      return pairingsPage(state, division, now)
    case 'standings':
      return standingsPage(state, division, now)
    case 'player': {
      const player = division.players[route.player - 1]
      if (player === undefined) {
        return notFound(state, `Division ${division.name} has no player #${route.player}.`, now)
      }
      return playerPage(state, division, player, now)
    }
  }
}
