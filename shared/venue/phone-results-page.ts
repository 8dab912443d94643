/*
 * Issue 30: the result part of a player's page. Either player types both scores and who started;
 * the page reads the entry back in words ("You 412, Bob 398, you started.") before it is sent;
 * the opponent's page shows the entry with a Confirm button, or takes his own different entry.
 * Plain forms (no script needed), posted to `/me/CODE/result`; the authority builds the
 * `phoneResult` command itself from the fields (shared/tournament/phone-results.ts decides).
 */
import { html, raw, type Html } from '../reports/html'
import { err, ok, type Result } from '../result'
import { playedResult, type PlayerId } from '../results/game-result'
import type { Command } from '../tournament/commands'
import { latestPublishedRound, starterOf } from '../tournament/lookup'
import { phoneAccess } from '../tournament/phone-access'
import { entryScores, tableEntries } from '../tournament/phone-results'
import type { Division, PhoneEntry, Player, TournamentState } from '../tournament/types'
import { VENUE_ROUTES } from './protocol'

/** The fields a result form posts: the scores as typed, who started, and whether to send. */
export interface PhoneResultForm {
  readonly mine: string
  readonly theirs: string
  /** `me` or `opponent`. */
  readonly first: string
  /** Present once the player has read the entry back and sends it. */
  readonly send: boolean
}

/** The player's game the phone may enter: this round's, at his table, with no result yet. */
export interface PhoneGame {
  readonly round: number
  readonly table: number
  readonly me: Player
  readonly opponent: Player
  /** The printed starter, if any: the form's first choice. */
  readonly starter: PlayerId | null
  /** His own entry and the opponent's, when they made one. */
  readonly mine: PhoneEntry | undefined
  readonly theirs: PhoneEntry | undefined
}

export const resultHref = (code: string): string => `${VENUE_ROUTES.player}/${code}/result`

/**
 * The game the player may enter from his phone on `day`, or undefined: results not opened to
 * phones that day, no published round, a bye, or the result is in.
 */
export function phoneGame(division: Division, player: Player, day: string): PhoneGame | undefined {
  if (!phoneAccess(division, day).results) return undefined
  if (player.status.kind === 'withdrawn' || player.deleted === true) return undefined
  const round = latestPublishedRound(division)
  if (round === undefined) return undefined
  const index = round.pairings.findIndex((p) => p.kind === 'game' && p.players.includes(player.id))
  const pairing = round.pairings[index]
  if (pairing?.kind !== 'game' || round.results[index] != null) return undefined
  const other = pairing.players[0] === player.id ? pairing.players[1] : pairing.players[0]
  const opponent = division.players[other - 1]
  if (opponent === undefined) return undefined
  const entries = tableEntries(round, pairing.table)
  const starter = starterOf(pairing.start)
  return {
    round: round.number,
    table: pairing.table,
    me: player,
    opponent,
    starter,
    mine: entries.find((e) => e.player === player.id),
    theirs: entries.find((e) => e.player === other),
  }
}

const SCORE = /^\s*\d{1,4}\s*$/

/**
 * The `phoneResult` the form asks for, or what is wrong with it (named field by field, as the
 * page says it). `at` is the authority's time (ms).
 */
export function phoneResultCommand(
  state: TournamentState,
  division: Division,
  game: PhoneGame,
  form: PhoneResultForm,
  at: number,
): Result<Command> {
  if (!SCORE.test(form.mine)) {
    return err('phone-result.score', 'Type your score as a whole number, like 412.', {
      field: 'mine',
    })
  }
  if (!SCORE.test(form.theirs)) {
    return err(
      'phone-result.score',
      `Type ${game.opponent.name}’s score as a whole number, like 398.`,
      { field: 'theirs' },
    )
  }
  if (form.first !== 'me' && form.first !== 'opponent') {
    return err('phone-result.starter', 'Say who started the game.', { field: 'first' })
  }
  const result = playedResult(
    [game.me.id, game.opponent.id],
    [Number(form.mine), Number(form.theirs)],
    [0, 0],
    state.rules,
  )
  if (!result.ok) return result
  const first = form.first === 'me' ? game.me.id : game.opponent.id
  return ok({
    type: 'phoneResult',
    division: division.name,
    round: game.round,
    table: game.table,
    player: game.me.id,
    result: result.value,
    first,
    at,
    keys: [{ player: game.me.id, key: game.me.key }],
  })
}

/** "You 412, Bob 398, you started." as the player whose page it is reads it. */
export function readBack(
  game: Pick<PhoneGame, 'me' | 'opponent'>,
  scores: readonly [number, number],
  first: PlayerId | undefined,
): string {
  const started =
    first === undefined
      ? ''
      : first === game.me.id
        ? ', you started'
        : `, ${game.opponent.name} started`
  return `You ${String(scores[0])}, ${game.opponent.name} ${String(scores[1])}${started}.`
}

function entryWords(game: PhoneGame, entry: PhoneEntry): string {
  const scores = entryScores(entry, [game.me.id, game.opponent.id]) ?? [0, 0]
  return readBack(game, scores, entry.first)
}

function hidden(mine: number, theirs: number, first: 'me' | 'opponent'): Html {
  return html`<input type="hidden" name="mine" value="${mine}" />
    <input type="hidden" name="theirs" value="${theirs}" />
    <input type="hidden" name="first" value="${first}" />
    <input type="hidden" name="send" value="1" />`
}

function entryForm(code: string, game: PhoneGame, legend: string): Html {
  const checked = (who: 'me' | 'opponent'): Html => {
    const id = who === 'me' ? game.me.id : game.opponent.id
    return game.starter === id ? raw(' checked') : raw('')
  }
  return html`<form class="result-form" method="post" action="${resultHref(code)}">
    <h3>${legend}</h3>
    <label for="mine">Your score</label>
    <input id="mine" name="mine" inputmode="numeric" pattern="[0-9]*" autocomplete="off" required />
    <label for="theirs">${game.opponent.name}’s score</label>
    <input
      id="theirs"
      name="theirs"
      inputmode="numeric"
      pattern="[0-9]*"
      autocomplete="off"
      required
    />
    <fieldset>
      <legend>Who started?</legend>
      <label
        ><input type="radio" name="first" value="me" ${checked('me')} required /> I started</label
      >
      <label
        ><input type="radio" name="first" value="opponent" ${checked('opponent')} />
        ${game.opponent.name} started</label
      >
    </fieldset>
    <button type="submit">Check the result</button>
  </form>`
}

/**
 * The result part of the page: the entry form; the read-back with Send once typed (`review`);
 * the opponent's entry with Confirm; his own entry waiting; or the two entries differing.
 */
export function resultSection(
  code: string,
  game: PhoneGame | undefined,
  review?: { readonly scores: readonly [number, number]; readonly first: 'me' | 'opponent' },
): Html {
  if (game === undefined) return raw('')
  const heading = html`<h2 id="result-heading">Your result, table ${game.table}</h2>`
  if (review !== undefined) {
    const first = review.first === 'me' ? game.me.id : game.opponent.id
    return html`<section class="result" aria-labelledby="result-heading">
      ${heading}
      <p class="read-back" role="alert">${readBack(game, review.scores, first)}</p>
      <form class="result-send" method="post" action="${resultHref(code)}">
        ${hidden(review.scores[0], review.scores[1], review.first)}
        <button type="submit">Send</button>
      </form>
      <p><a href="${VENUE_ROUTES.player}/${code}">Change it</a></p>
    </section>`
  }
  const { mine, theirs } = game
  if (mine !== undefined && theirs !== undefined) {
    return html`<section class="result" aria-labelledby="result-heading">
      ${heading}
      <p class="dispute">
        Your entries differ. You entered: ${entryWords(game, mine)} ${game.opponent.name} entered:
        ${entryWords(game, theirs)} Take your scoresheets to the results desk.
      </p>
      ${entryForm(code, game, 'Enter it again')}
    </section>`
  }
  if (mine !== undefined) {
    return html`<section class="result" aria-labelledby="result-heading">
      ${heading}
      <p class="waiting">
        You entered: ${entryWords(game, mine)} Waiting for ${game.opponent.name} to confirm.
      </p>
      ${entryForm(code, game, 'Change your entry')}
    </section>`
  }
  if (theirs !== undefined) {
    const scores = entryScores(theirs, [game.me.id, game.opponent.id]) ?? [0, 0]
    return html`<section class="result" aria-labelledby="result-heading">
      ${heading}
      <p class="to-confirm">${game.opponent.name} entered: ${entryWords(game, theirs)}</p>
      <form class="result-send" method="post" action="${resultHref(code)}">
        ${hidden(scores[0], scores[1], theirs.first === game.me.id ? 'me' : 'opponent')}
        <button type="submit">Confirm</button>
      </form>
      ${entryForm(code, game, 'Or enter what your scoresheet says')}
    </section>`
  }
  return html`<section class="result" aria-labelledby="result-heading">
    ${heading} ${entryForm(code, game, 'Enter the result')}
  </section>`
}

/** The styles the result part adds: big targets for a thumb, at 360 px wide. */
export const PHONE_RESULT_CSS = `.result{margin:0.5rem 0;padding:0.75rem;border:2px solid #0b6b2f;border-radius:0.5rem}
.result h2{margin-top:0}
.result-form label{display:block;font-size:1.2rem;margin-top:0.5rem}
.result-form input[inputmode]{display:block;width:100%;box-sizing:border-box;min-height:3rem;font-size:1.75rem;text-transform:none;letter-spacing:0}
.result-form fieldset{border:0;padding:0;margin:0.75rem 0}
.result-form fieldset label{display:flex;align-items:center;gap:0.5rem;min-height:3rem}
.result-form input[type=radio]{width:1.75rem;height:1.75rem}
.result button{display:block;width:100%;min-height:3.5rem;margin-top:0.5rem;font-size:1.5rem;font-weight:bold;color:#fff;background:#0b6b2f;border:0;border-radius:0.5rem}
.read-back,.to-confirm,.waiting{font-size:1.4rem;font-weight:bold}
.dispute{font-size:1.2rem;font-weight:bold;color:#a50e0e}
@media (prefers-color-scheme:dark){.result{border-color:#81c995}.dispute{color:#f28b82}}
`
