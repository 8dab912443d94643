/**
 * tsh's live feed, `tourney.js` (issue 31): `newt={…};`, which broadcasts (Woogles' "a link to your
 * TSH tourney.js", its parser `woogles-io/liwords` pkg/broadcasts/tsh_parser.go), OBS overlays
 * (letsplayscrabble) and tsh's own scoreboard read. Written the way tsh writes it:
 *
 * - `TSH::Tournament::SaveJSON` prints `"newt=" . ToJavaScript() . ";\n"` as UTF-8;
 * - `JavaScript::Serializable::ToJavaScriptAny`: no white space, every object's keys sorted,
 *   `undefined` for a value tsh does not have (player 0 of every division, `profile`), a text that
 *   looks like a number written as that number (tag values, ratings);
 * - the tournament exports `config`, `divisions` (each division's `classes`,
 *   `first_out_of_the_money`, `maxr` = the last round's index, `maxrp` = the last round with a
 *   played game, `name`, `players` 1-indexed, `rating_list`, `rating_system`, `seeds`), `esb` and
 *   `profile`; a player exports `etc` (the `.t` line's tags), `id`, `name`, `newr`, `pairings`,
 *   `photo`, `photomood`, `rating` and `scores`.
 *
 * What the public readers use, and where we take it from (read from their sources, July 2026):
 *
 * - liwords' tsh_parser.go (test-support/tsh-feed-reader.ts): a division's `name` and `maxr`;
 *   a player's `id`, `name`, `rating`, `scores`, `pairings`, `etc.board` and `etc.p12`;
 * - letsplayscrabble's overlays (its backend's file types and cross-tables sync): the same, and
 *   `etc.newr` (rating after each round), `etc.xtid` (cross-tables id: an imported tag goes out
 *   as it came; Rackside keeps no such id of its own) and `photo`;
 * - tsh's own scoreboard and standings pages: `etc.rrank` (TSH::Player::RoundRank: the rank
 *   before round 1, then after each round; worked out by our standings, `roundRanks`), the
 *   division's `classes` (TSH::Division::AddPlayer, `classCounts`) and `seeds`.
 *
 * The numbers are the division's `.t` export's (t-export.ts: byes, forfeits, late entries,
 * withdrawals and p12 as tsh writes them), so the feed and the `.t` never disagree, with two
 * differences a live feed needs: only the rounds the hall may see (`shownThrough`, as the phones'
 * pages: a round under review is not told, a published round's pairings come before its scores),
 * and `etc.board` from the pairings' tables (the `.t` keeps an imported `board` tag as imported).
 * Deliberate departures from tsh, each because a public reader would otherwise lose something:
 * names are always strings (tsh writes a division named `1` as the number 1, which liwords'
 * parser refused until July 2026), a rating is always a whole number (its parser skips a player
 * whose rating is not one), and Rackside's own `rackside` tag is left out (it is for reading our
 * `.t` back, and a feed is never read back).
 */
import { ratingSystemFor } from '../ratings/division-ratings'
import type { PlayerId } from '../results/game-result'
import { standingsAsOf } from '../tournament/views'
import type { Division, Round, TournamentState } from '../tournament/types'
import { shownThrough } from '../venue/live-pages'
import type { TPlayerLine } from './t-file-types'
import { exportTDivisionWithNotes } from './t-export'
import { RACKSIDE_TAG } from './t-rackside-tag'

/** A value as `JavaScript::Serializable` writes it. */
export type TshJsValue =
  undefined | number | string | readonly TshJsValue[] | { readonly [key: string]: TshJsValue }

/** The file name tsh writes the feed under, beside its web pages. */
export const TOURNEY_JS_NAME = 'tourney.js'

/** tsh's test for a scalar it writes as a number (`ToJavaScriptAny`). */
const NUMERIC = /^-?(?:\d+|\d*\.\d+)$/

/**
 * A tag value as tsh writes it: a number when the text looks like one, else the text. A number
 * JavaScript would not read back exactly (a 20-digit member id) stays text.
 */
export function tshScalar(text: string): number | string {
  if (!NUMERIC.test(text)) return text
  const value = Number(text)
  const digits = text.replace(/^-?0*/, '').replace('.', '').length
  return digits <= 15 ? value : text
}

/** `ToJavaScriptAny`: compact, keys sorted, `undefined` kept. */
export function tshJavaScript(value: TshJsValue): string {
  if (value === undefined) return 'undefined'
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'undefined'
  if (typeof value === 'string') return JSON.stringify(value)
  if (isArray(value)) return `[${value.map(tshJavaScript).join(',')}]`
  const keys = Object.keys(value).sort()
  return `{${keys.map((k) => `${JSON.stringify(k)}:${tshJavaScript(value[k])}`).join(',')}}`
}

function isArray(value: TshJsValue): value is readonly TshJsValue[] {
  return Array.isArray(value)
}

/** The division as the hall may see it: the rounds after `shownThrough` left out. */
function shownDivision(division: Division): Division {
  const through = shownThrough(division)
  return through >= division.rounds.length
    ? division
    : { ...division, rounds: division.rounds.slice(0, through) }
}

/** Each round's table per player: 0 for a bye or no game, as tsh's `board`. */
function boardsByRound(division: Division): readonly ReadonlyMap<PlayerId, number>[] {
  return division.rounds.map((round) => {
    const tables = new Map<PlayerId, number>()
    for (const pairing of round.pairings) {
      if (pairing.kind === 'game') for (const p of pairing.players) tables.set(p, pairing.table)
    }
    return tables
  })
}

/** tsh's `maxrp`: the last round (from 0) where a paired player and the opponent both scored. */
function lastRoundPlayed(lines: readonly TPlayerLine[]): number {
  const scored = new Map(lines.map((l) => [l.id, l.scores.length]))
  let last = -1
  for (const line of lines) {
    line.scores.forEach((_, k) => {
      const opponent = line.opponents[k] ?? 0
      if (opponent !== 0 && (scored.get(opponent) ?? 0) > k && k > last) last = k
    })
  }
  return last
}

/** tsh's `seeds`: each player's place by rating, equal ratings sharing it. */
function seeds(ratings: readonly number[]): number[] {
  return ratings.map((r) => 1 + ratings.filter((other) => other > r).length)
}

const WHOLE = /^[-+]?\d+$/

/**
 * tsh's `etc.rrank` (TSH::Player::RoundRank): the rank before round 1 (`seeds`), then the rank
 * after each round through `maxrp`, by our standings (tsh's ComputeRanks ranks as they do:
 * players equal on wins, losses and spread share a place). 0 where our standings do not rank the
 * player (a late entry before their first round, a withdrawn player after): tsh's RoundRank gives
 * 0 for a rank it does not have, and its ComputeRanks leaves inactive players out.
 */
function roundRanks(
  state: TournamentState,
  division: Division,
  maxrp: number,
  seedOf: ReadonlyMap<PlayerId, number>,
): ReadonlyMap<PlayerId, readonly number[]> {
  const after = Array.from({ length: maxrp + 1 }, (_, k) => ranksAfter(state, division, k + 1))
  return new Map(
    [...seedOf].map(([id, seed]) => [id, [seed, ...after.map((ranks) => ranks.get(id) ?? 0)]]),
  )
}

/**
 * Each round's ranks, kept while what they are worked out from is the same objects: a result
 * replaces its own round only (`withRound`), so the rounds before it are not ranked again.
 */
const rankMemo = new WeakMap<
  Round,
  { readonly from: readonly unknown[]; readonly ranks: ReadonlyMap<PlayerId, number> }
>()

function ranksAfter(
  state: TournamentState,
  division: Division,
  round: number,
): ReadonlyMap<PlayerId, number> {
  const from: readonly unknown[] = [
    state.rules,
    state.info,
    division.players,
    division.penalties,
    division.ranking,
    ...division.rounds.slice(0, round),
  ]
  const key = division.rounds[round - 1]
  const kept = key === undefined ? undefined : rankMemo.get(key)
  if (kept !== undefined && kept.from.length === from.length) {
    if (kept.from.every((item, i) => item === from[i])) return kept.ranks
  }
  const rows = standingsAsOf(state, division.name, round)
  if (!rows.ok) throw new Error(`tourney.js: ${rows.error.message}`)
  const ranks = new Map(rows.value.map((row) => [row.player, row.rank]))
  if (key !== undefined) rankMemo.set(key, { from, ranks })
  return ranks
}

/**
 * tsh's division `classes` (TSH::Division::AddPlayer): each class letter with its number of
 * players when players have a `class` tag, undefined when none has (sample-tourney.js). tsh
 * writes a number instead when config.tsh sets `classes` (test22-tourney.js: 2), which Rackside
 * does not keep: the tags say the same and more.
 */
function classCounts(lines: readonly TPlayerLine[]): TshJsValue {
  const counts: Record<string, number> = {}
  for (const line of lines) {
    const name = line.tags.find((t) => t.name === 'class')?.values.join(' ')
    if (name !== undefined && name !== '') counts[name] = (counts[name] ?? 0) + 1
  }
  return Object.keys(counts).length === 0 ? undefined : counts
}

function playerFeed(
  line: TPlayerLine,
  rating: number,
  boards: readonly ReadonlyMap<PlayerId, number>[],
  rrank: readonly number[],
): TshJsValue {
  const etc: Record<string, TshJsValue> = {}
  for (const tag of line.tags) {
    if (tag.name === RACKSIDE_TAG) continue
    etc[tag.name] = tag.values.map(tshScalar)
  }
  // Worked out afresh, so an imported tag does not outlive a corrected result.
  etc.rrank = [...rrank]
  // A game's table; 0 where the player has no opponent (a bye, a forfeit tsh writes without one).
  etc.board = line.opponents.map((o, k) => (o === 0 ? 0 : (boards[k]?.get(line.id) ?? 0)))
  // tsh tracks firsts from the first pairing on; a line without p12 knows none: 4 for a game.
  if (etc.p12 === undefined) etc.p12 = line.opponents.map((o) => (o === 0 ? 0 : 4))
  return {
    etc,
    id: line.id,
    name: line.name,
    newr: undefined,
    pairings: [...line.opponents],
    photo: undefined,
    photomood: undefined,
    rating,
    scores: [...line.scores],
  }
}

function divisionFeed(state: TournamentState, division: Division): TshJsValue {
  const shown = shownDivision(division)
  const view: TournamentState =
    shown === division
      ? state
      : { ...state, divisions: state.divisions.map((d) => (d === division ? shown : d)) }
  // A rating file's purpose: the feed is never read as `.t` text, so no name is refused.
  const exported = exportTDivisionWithNotes(view, division.name, { purpose: 'rating-file' })
  if (!exported.ok) throw new Error(`tourney.js: ${exported.error.message}`)
  const lines = exported.value.file.players
  const boards = boardsByRound(shown)
  // The `.t`'s rating text as tsh writes it when it is a whole number (`01500`, Woogles' unrated
  // `1111111`); any other text (`1500.5`) as Rackside's whole number, which every parser reads.
  const ratings = lines.map((line) =>
    WHOLE.test(line.ratingText.trim())
      ? Number(line.ratingText.trim())
      : (shown.players[line.id - 1]?.rating ?? 0),
  )
  const maxrp = lastRoundPlayed(lines)
  const seedList = seeds(ratings)
  const ranks = roundRanks(
    view,
    shown,
    maxrp,
    new Map(lines.map((line, i) => [line.id, seedList[i] ?? 0])),
  )
  return {
    classes: classCounts(lines),
    first_out_of_the_money: [],
    maxr: state.info.rounds - 1,
    maxrp,
    name: division.name,
    players: [
      undefined,
      ...lines.map((line, i) =>
        playerFeed(line, ratings[i] ?? 0, boards, ranks.get(line.id) ?? []),
      ),
    ],
    rating_list: undefined,
    rating_system: ratingSystemFor(view, division.name),
    seeds: seedList,
  }
}

/** The event's settings tsh's config exports and Rackside knows; the others as tsh leaves them. */
function configFeed(state: TournamentState): TshJsValue {
  const cap = state.rules.results.spreadCapPerGame
  return {
    assign_firsts: 1,
    division_label: {},
    division_rating_list: {},
    division_rating_system: {},
    event_date: state.info.startDate,
    event_name: state.info.name,
    max_rounds: state.info.rounds,
    prize_bands: {},
    rating_system:
      state.divisions[0] === undefined
        ? undefined
        : ratingSystemFor(state, state.divisions[0].name),
    spread_cap: cap === null ? undefined : cap,
    tables: {},
    track_firsts: 1,
  }
}

/** The whole feed as tsh's objects, every division worked out afresh. */
export function tourneyFeed(state: TournamentState): TshJsValue {
  return {
    config: configFeed(state),
    divisions: state.divisions.map((d) => divisionFeed(state, d)),
    esb: ESB,
    profile: undefined,
  }
}

/** tsh's scoreboard message, which Rackside does not set: as tsh starts it. */
const ESB: TshJsValue = { message: { mode: 'reveal', text: '' } }

/**
 * Each division's part of the feed, kept until `apply` replaces the division (it keeps those it
 * does not change), so a result costs the feed of its own division only. The rules and the event
 * are checked too, as the `.t` export reads them.
 */
const divisionMemo = new WeakMap<
  Division,
  {
    readonly rules: TournamentState['rules']
    readonly info: TournamentState['info']
    readonly js: string
  }
>()

function divisionJs(state: TournamentState, division: Division): string {
  const kept = divisionMemo.get(division)
  if (kept !== undefined && kept.rules === state.rules && kept.info === state.info) return kept.js
  const js = tshJavaScript(divisionFeed(state, division))
  divisionMemo.set(division, { rules: state.rules, info: state.info, js })
  return js
}

/** `tourney.js` as tsh writes it: `newt={…};` and a line ending, to be saved as UTF-8. */
export function tourneyJs(state: TournamentState): string {
  // `tourneyFeed` written in tsh's sorted order, each division written (or kept) on its own.
  const divisions = state.divisions.map((d) => divisionJs(state, d)).join(',')
  const esb = tshJavaScript(ESB)
  return `newt={"config":${tshJavaScript(configFeed(state))},"divisions":[${divisions}],"esb":${esb},"profile":undefined};\n`
}
