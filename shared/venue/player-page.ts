/*
 * A player's own page on the venue network (issue 30), opened by the code printed on his scorecard
 * (`/me/CODE`): a phone held in one hand, one column, big type. First what he needs on his way to
 * the board (this round's table, opponent and who starts), then his standing and his games. It
 * follows the event without a reload: a small same-origin script asks for the page's live part
 * again whenever the log changes (a long poll), so a screen reader is not sent back to the top
 * and only a short sentence of what changed is announced. Every number comes from the models the
 * hall's other pages use (`playerView` in live-pages.ts, shared/reports), so phone, wall and
 * projector agree. Pure: the server finds the player by his code and says the log's length.
 */
import { html, raw, type Html } from '../reports/html'
import type { RoundCell } from '../reports/player-rounds'
import type { ScorecardLine } from '../reports/scorecards'
import { halves, signed } from '../reports/format'
import { latestPublishedRound } from '../tournament/lookup'
import type { Division, Player, TournamentState } from '../tournament/types'
import {
  liveHref,
  playerView,
  resultWords,
  scoreWords,
  type LivePage,
  type PlayerView,
} from './live-pages'
import { checkedInWords, type SelfCheckIn } from './player-page-check-in'
import { PHONE_RESULT_CSS, resultSection, type PhoneGame } from './phone-results-page'
import { VENUE_ROUTES } from './protocol'

/** The entry a phone just typed, read back before it is sent. */
export interface PhoneResultReview {
  readonly scores: readonly [number, number]
  readonly first: 'me' | 'opponent'
}

/** The page's CSP: the live pages' own, with its one script and that script's requests. */
export const PLAYER_PAGE_CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ')

/** How long a long poll is held before it is answered "nothing new" (a proxy's idle limit). */
export const PLAYER_POLL_MS = 25_000

const HTML_TYPE = 'text/html; charset=utf-8'
const SCRIPT_NAME = 'page.js'
const STYLE_NAME = 'page.css'

/** A code as printed and typed, `ACDE-FGHJ`: the terminal, the screen and paper alike. */
export function codeWords(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`
}

/** The addresses under `/me`. */
export const playerHrefs = {
  form: VENUE_ROUTES.player,
  page: (code: string): string => `${VENUE_ROUTES.player}/${code}`,
  /** Issue 30: the "Check in" button's form posts here. */
  checkIn: (code: string): string => `${VENUE_ROUTES.player}/${code}/check-in`,
  /** Issue 30: a command proposed by the phone, as JSON (the guard's `guardPlayerProposal`). */
  propose: (code: string): string => `${VENUE_ROUTES.player}/${code}/propose`,
  /** The live part as JSON, once the log is longer than `after` entries. */
  part: (code: string, after: number): string =>
    `${VENUE_ROUTES.player}/${code}/part?after=${String(after)}`,
  script: `${VENUE_ROUTES.player}/${SCRIPT_NAME}`,
  style: `${VENUE_ROUTES.player}/${STYLE_NAME}`,
} as const

/** What a player opens a page with: the code and what the server found for it. */
export interface PlayerPageInput {
  readonly state: TournamentState
  readonly division: Division
  readonly player: Player
  readonly code: string
  /** The log's length: the script asks for the part again once it grows. */
  readonly version: number
  readonly now: Date
  /** Today's check-in from the phone (issue 30); absent: the page offers none. */
  readonly checkIn?: SelfCheckIn
  /** Why the phone's last request was refused (issue 30), said above the live part. */
  readonly notice?: string
  /** The game he may enter the result of from his phone today (issue 30); absent: none. */
  readonly game?: PhoneGame
  /** The entry just typed, read back before it is sent (issue 30). */
  readonly review?: PhoneResultReview
}

/** This round as the player's phone says it: where to go, whom to play, who starts. */
export interface PlayerRoundNow {
  readonly round: number
  /** "Table 5", "Bye" or "Not paired". */
  readonly place: string
  readonly opponent: string | null
  /** "You start." / "Bob Baker starts." / "Draw for first." or null (a bye, not paired). */
  readonly starts: string | null
  /** "Won 412–398", or empty before the result is in. */
  readonly result: string
}

export function startsWords(cell: RoundCell): string | null {
  if (cell.kind === 'bye' || cell.opponent === null) return null
  switch (cell.start) {
    case 'first':
      return 'You start.'
    case 'second':
      return `${cell.opponent.name} starts.`
    case 'draw':
      return 'Draw for first.'
    case null:
      return null
  }
}

/** The latest published round for this player, or null before any is published. */
export function roundNow(division: Division, view: PlayerView): PlayerRoundNow | null {
  const published = latestPublishedRound(division)
  if (published === undefined) return null
  const cell = view.cells[published.number - 1] ?? null
  if (cell === null) {
    return {
      round: published.number,
      place: 'Not paired',
      opponent: null,
      starts: null,
      result: '',
    }
  }
  return {
    round: published.number,
    place: cell.kind === 'bye' ? 'Bye' : `Table ${String(cell.table ?? '')}`,
    opponent: cell.opponent?.name ?? null,
    starts: startsWords(cell),
    // Nothing to say before the result is in: the sentence stays "where and whom".
    result: cell.result === null ? '' : `${resultWords(cell)} ${scoreWords(cell)}`.trim(),
  }
}

/** The one sentence a screen reader hears when the part changes. */
export function roundSentence(now: PlayerRoundNow | null): string {
  if (now === null) return 'No pairings are published yet.'
  const against = now.opponent === null ? '' : `, against ${now.opponent}`
  const starts = now.starts === null ? '' : ` ${now.starts}`
  const result = now.result === '' ? '' : ` Result: ${now.result}.`
  return `Round ${String(now.round)}: ${now.place}${against}.${starts}${result}`
}

/** Who went first in a game of the list: words, since the phone has no legend for a star. */
function playedWords(start: 'first' | 'second' | 'draw'): string {
  switch (start) {
    case 'first':
      return 'first'
    case 'second':
      return 'second'
    case 'draw':
      return 'draw for first'
  }
}

function gameItem(line: ScorecardLine): Html {
  const { cell, record } = line
  const recordText =
    record === null
      ? ''
      : `${halves(record.wins)}–${halves(record.losses)} ${signed(record.spread)}`
  if (cell === null) {
    return html`<li><strong>Round ${line.round}</strong>: not paired</li>`
  }
  // Issue 32: a round he brought from another division was played there, at no table of ours.
  const where =
    cell.kind === 'bye'
      ? 'bye'
      : cell.from !== undefined
        ? `in division ${cell.from}`
        : `table ${String(cell.table ?? '')}`
  const against = cell.opponent === null ? '' : `, against ${cell.opponent.name}`
  const start = cell.start === null || cell.kind === 'bye' ? '' : ` (${playedWords(cell.start)})`
  const penalty = line.penalty > 0 ? ` (penalty ${signed(-line.penalty)})` : ''
  const outcome = `${resultWords(cell)} ${scoreWords(cell)}`.trim()
  const recordTail = recordText === '' ? '' : `. Record ${recordText}`
  return html`<li>
    <strong>Round ${line.round}</strong>: ${where}${against}${start}.
    <span class="outcome">${outcome}${penalty}</span>${recordTail}
  </li>`
}

function roundSection(division: Division, now: PlayerRoundNow | null): Html {
  const latest = division.rounds.at(-1)
  const waiting =
    latest !== undefined && !latest.published
      ? html`<p class="notice">Round ${latest.number} pairings are not published yet.</p>`
      : raw('')
  if (now === null) {
    return html`<section class="now" aria-labelledby="now-heading">
      <h2 id="now-heading">This round</h2>
      <p>No pairings are published yet.</p>
      ${waiting}
    </section>`
  }
  return html`<section class="now" aria-labelledby="now-heading">
    <h2 id="now-heading">Round ${now.round}</h2>
    <p class="place">${now.place}</p>
    ${now.opponent === null ? raw('') : html`<p class="opponent">Against <strong>${now.opponent}</strong></p>`}
    ${now.starts === null ? raw('') : html`<p class="starts">${now.starts}</p>`}
    ${now.result === '' ? raw('') : html`<p>Result: ${now.result}</p>`} ${waiting}
  </section>`
}

function clock(now: Date): string {
  const two = (n: number): string => String(n).padStart(2, '0')
  return `${two(now.getHours())}:${two(now.getMinutes())}:${two(now.getSeconds())}`
}

/**
 * Issue 30: a big "Check in" button when the director lets the division check in from phones
 * today and he has not; "Checked in at 10:02." once he has (at any desk). A plain form, so it
 * works with the script blocked too; the authority answers with the page again.
 */
function checkInSection(code: string, checkIn: SelfCheckIn | undefined): Html {
  if (checkIn === undefined) return raw('')
  if (checkIn.checkedIn) {
    return html`<p class="checked-in">${checkedInWords(checkIn.at)}</p>`
  }
  if (!checkIn.offered) return raw('')
  return html`<form class="check-in" method="post" action="${playerHrefs.checkIn(code)}">
    <button type="submit">Check in</button>
  </form>`
}

/** The part of the page that changes with the log, and the sentence that tells it. */
export function playerPart(input: Omit<PlayerPageInput, 'version'>): {
  readonly html: string
  readonly said: string
} {
  const { state, division, player, now, code, checkIn, game, review } = input
  const view = playerView(state, division, player)
  const current = roundNow(division, view)
  const games =
    view.lines.length === 0
      ? html`<p>No games yet.</p>`
      : html`<ol class="games">
          ${view.lines.map(gameItem)}
        </ol>`
  const part = html`${checkInSection(code, checkIn)} ${roundSection(division, current)}
    ${resultSection(code, game, review)}
    <section aria-labelledby="standing-heading">
      <h2 id="standing-heading">Standing</h2>
      <p>${view.standing ?? 'Not ranked yet.'}</p>
    </section>
    <section aria-labelledby="games-heading">
      <h2 id="games-heading">Games</h2>
      ${games}
    </section>
    <p class="updated">Updated ${clock(now)}.</p>`
  const checkedIn = checkIn?.checkedIn === true ? `${checkedInWords(checkIn.at)} ` : ''
  return { html: part.html, said: `${checkedIn}${roundSentence(current)}` }
}

/** What the script receives: the part, the sentence, and the length it is as of. */
export interface PlayerPartAnswer {
  readonly version: number
  readonly html: string
  readonly said: string
}

export function playerPartAnswer(input: PlayerPageInput): PlayerPartAnswer {
  return { version: input.version, ...playerPart(input) }
}

function shell(title: string, event: string | null, body: Html, script: boolean): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${event === null ? title : `${title} · ${event}`}</title>
        <link rel="stylesheet" href="${liveHref({ kind: 'stylesheet' })}" />
        <link rel="stylesheet" href="${playerHrefs.style}" />
        ${script ? html`<script src="${playerHrefs.script}" defer></script>` : raw('')}
      </head>
      <body>
        <header><a href="${liveHref({ kind: 'index' })}">${event ?? 'Rackside'}</a></header>
        ${body}
      </body>
    </html> `.html
}

export function renderPlayerPage(input: PlayerPageInput): LivePage {
  const { state, division, player, code, version } = input
  const view = playerView(state, division, player)
  const part = playerPart(input)
  const where = `${state.divisions.length === 1 ? '' : `Division ${division.name}, `}player #${String(player.id)}`
  const body = html`<main
    id="player"
    data-code="${code}"
    data-version="${version}"
    data-said="${part.said}"
  >
    <h1>${view.name}</h1>
    <p>${where}</p>
    ${input.notice === undefined ? raw('') : html`<p class="notice" role="alert">${input.notice}</p>`}
    <div id="live-part">${raw(part.html)}</div>
    <p id="live-status" class="status" role="status" aria-live="polite"></p>
    <nav aria-label="The event">
      <a href="${liveHref({ kind: 'pairings', division: division.name })}">All pairings</a>
      <a href="${liveHref({ kind: 'standings', division: division.name })}">Standings</a>
    </nav>
  </main>`
  return {
    status: 200,
    contentType: HTML_TYPE,
    body: shell(player.name, state.info.name, body, true),
  }
}

/**
 * The form that asks for a code (`/me`), with why the last one did not open a page: `problem` is
 * said above the form, and the status is 404 for an unknown code, 429 for a device locked out.
 */
export function renderCodeForm(
  state: TournamentState | undefined,
  problem: { readonly status: number; readonly message: string } | undefined,
  typed = '',
): LivePage {
  const body = html`<main>
    <h1>Your page</h1>
    ${problem === undefined ? raw('') : html`<p class="notice" role="alert">${problem.message}</p>`}
    <form method="get" action="${playerHrefs.form}">
      <label for="code">Your code (on your scorecard)</label>
      <input
        id="code"
        name="code"
        value="${typed.slice(0, 20)}"
        autocomplete="off"
        autocapitalize="characters"
        spellcheck="false"
      />
      <button type="submit">Open my page</button>
    </form>
    <p><a href="${liveHref({ kind: 'index' })}">Pairings and standings</a></p>
  </main>`
  return {
    status: problem?.status ?? 200,
    contentType: HTML_TYPE,
    body: shell('Your page', state?.info.name ?? null, body, false),
  }
}

/** The sentence for a code that opens nothing (unknown, revoked, or the player is gone). */
export const UNKNOWN_CODE =
  'No player has this code. Check it against your scorecard, or ask the director: a reprinted scorecard has a new code.'

/** The page's own styles: the live pages' stylesheet first, then what a phone in one hand needs. */
export const PLAYER_PAGE_CSS = `.now{margin:0.5rem 0;padding:0.75rem;border:2px solid #0645ad;border-radius:0.5rem}
.now h2{margin-top:0}
.place{font-size:2rem;font-weight:bold;margin:0.25rem 0}
.opponent{font-size:1.25rem;margin:0.25rem 0}
.starts{font-size:1.25rem;font-weight:bold;margin:0.25rem 0}
.games li{padding:0.6rem 0}
.outcome{font-weight:bold}
.updated{color:#555;font-size:0.85rem}
nav{display:flex;gap:1rem;flex-wrap:wrap;margin-top:1rem}
nav a{display:inline-flex;align-items:center;padding:0.5rem 0.75rem;border:1px solid #0645ad;border-radius:0.4rem;text-decoration:none}
form input{text-transform:uppercase;letter-spacing:0.1em;font-size:1.25rem}
.check-in button{display:block;width:100%;min-height:4rem;font-size:1.75rem;font-weight:bold;color:#fff;background:#0b6b2f;border:0;border-radius:0.5rem}
.checked-in{font-size:1.4rem;font-weight:bold;color:#0b6b2f;margin:0.5rem 0}
@media (prefers-color-scheme:dark){.now{border-color:#8ab4f8}.updated{color:#aaa}nav a{border-color:#8ab4f8}.checked-in{color:#81c995}}
${PHONE_RESULT_CSS}`

/**
 * The page's script, served at `/me/page.js` (no inline script: the CSP forbids it). It asks for
 * the part after the length it holds; the server answers when the log grows (or 204 after
 * ${PLAYER_POLL_MS} ms), so a phone asks about twice a minute when nothing happens and sees a
 * result the moment it is accepted. A lost connection is retried, up to every 10 s; a code that
 * stops working (reissued, revoked) is said on the page and nothing more is asked.
 */
export const PLAYER_PAGE_SCRIPT = `'use strict'
;(function () {
  var main = document.getElementById('player')
  var part = document.getElementById('live-part')
  var status = document.getElementById('live-status')
  if (!main || !part || !status) return
  var code = main.getAttribute('data-code')
  var version = Number(main.getAttribute('data-version'))
  var said = main.getAttribute('data-said') || ''
  var wait = 1000
  function later() {
    setTimeout(ask, wait)
    wait = Math.min(wait * 2, 10000)
  }
  function ask() {
    fetch('${VENUE_ROUTES.player}/' + code + '/part?after=' + version, { cache: 'no-store' })
      .then(function (response) {
        if (response.status === 204) return ask()
        if (response.status === 404 || response.status === 429) {
          status.textContent = 'This code no longer opens your page: ask the director for your new code.'
          return
        }
        if (!response.ok) return later()
        return response.json().then(function (answer) {
          wait = 1000
          version = answer.version
          var typed = {}
          var focused = document.activeElement && document.activeElement.id
          part.querySelectorAll('input[inputmode]').forEach(function (input) {
            typed[input.id] = input.value
          })
          part.innerHTML = answer.html
          // Issue 30: a score half typed survives the opponent's entry arriving.
          Object.keys(typed).forEach(function (id) {
            var input = document.getElementById(id)
            if (input && typed[id] !== '') input.value = typed[id]
          })
          if (focused) {
            var again = document.getElementById(focused)
            if (again) again.focus()
          }
          if (answer.said !== said) status.textContent = answer.said
          said = answer.said
          ask()
        })
      })
      .catch(later)
  }
  ask()
})()
`
