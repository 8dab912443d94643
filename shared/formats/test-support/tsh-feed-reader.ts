/**
 * A reading of tsh's `tourney.js` the way the public Go parser reads it (issue 31), to test our
 * feed against what broadcasts do with it: woogles-io/liwords, pkg/broadcasts/tsh_parser.go
 * (https://github.com/woogles-io/liwords/blob/master/pkg/broadcasts/tsh_parser.go, as of commit
 * 07e80e4, "Handle numeric division/player names in TSH parser", July 2026). Read, not copied:
 *
 * - `extractNewtJSON`: what follows the first `newt=`, trailing spaces and `;` trimmed, every
 *   `undefined` replaced by `null`, then strict JSON;
 * - a division by name (the first when none is asked), players skipped when null, when a field
 *   does not decode into its Go type (`rating` and every list must be whole numbers) or id 0;
 * - `TotalRounds` = `maxr` + 1, widened to the longest `pairings`;
 * - `detectCurrentRound`: the last round any player has a non-zero opponent and score; if every
 *   paired player of it scored (a 0 counts when the opponent scored: a forfeit loss) and anyone is
 *   paired in the next, the next;
 * - `GetRoundPairings`: one game per table (`etc.board`, table 0 skipped), the player going first
 *   (`etc.p12` 1) as player 1, finalized when either score is non-zero.
 */

export interface FeedPlayer {
  readonly id: number
  readonly name: string
  readonly rating: number
  readonly scores: readonly number[]
  readonly pairings: readonly number[]
  readonly boards: readonly number[]
  readonly p12: readonly number[]
}

export interface FeedData {
  readonly players: readonly FeedPlayer[]
  readonly totalRounds: number
  readonly currentRound: number
  readonly divisionName: string
}

export interface RoundPairing {
  readonly round: number
  readonly table: number
  readonly player1: string
  readonly player2: string
  readonly score1: number
  readonly score2: number
  readonly finalized: boolean
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

function extractNewtJson(data: string): string {
  let s = data
  const at = s.indexOf('newt=')
  if (at !== -1) s = s.slice(at + 'newt='.length).replace(/[ \t\r\n;]+$/, '')
  return s.replaceAll('undefined', 'null')
}

const isObject = (v: Json | undefined): v is { [key: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/** Go's `int`: absent or null is 0; anything but a whole number fails the player. */
function goInt(v: Json | undefined): number | null {
  if (v === undefined || v === null) return 0
  return typeof v === 'number' && Number.isInteger(v) ? v : null
}

/** Go's `[]int`: absent or null is empty, a null element 0; any other non-integer fails the player. */
function goInts(v: Json | undefined): number[] | null {
  if (v === undefined || v === null) return []
  if (!Array.isArray(v)) return null
  const out: number[] = []
  for (const x of v) {
    const n = goInt(x)
    if (n === null) return null
    out.push(n)
  }
  return out
}

/** `flexString`: a string, or a number's literal text. */
function flexString(v: Json | undefined): string | null {
  if (v === undefined || v === null) return ''
  if (typeof v === 'string') return v
  return typeof v === 'number' ? String(v) : null
}

function readPlayer(raw: Json | undefined): FeedPlayer | null {
  if (!isObject(raw)) return null
  const etc = raw.etc === undefined || raw.etc === null ? {} : raw.etc
  if (!isObject(etc)) return null
  const id = goInt(raw.id)
  const name = flexString(raw.name)
  const rating = goInt(raw.rating)
  const scores = goInts(raw.scores)
  const pairings = goInts(raw.pairings)
  const boards = goInts(etc.board)
  const p12 = goInts(etc.p12)
  if (id === null || id === 0 || name === null || rating === null) return null
  if (scores === null || pairings === null || boards === null || p12 === null) return null
  return { id, name, rating, scores, pairings, boards, p12 }
}

export function detectCurrentRound(players: readonly FeedPlayer[]): number {
  let lastScored = 0
  for (const p of players) {
    for (let r = p.scores.length - 1; r >= 0; r--) {
      if (r >= p.pairings.length) continue
      if (p.pairings[r] !== 0 && p.scores[r] !== 0) {
        lastScored = Math.max(lastScored, r + 1)
        break
      }
    }
  }
  if (lastScored === 0) return 0
  const last = lastScored - 1
  const byId = new Map(players.map((p) => [p.id, p]))
  for (const p of players) {
    if (last >= p.pairings.length || p.pairings[last] === 0) continue
    if (last < p.scores.length && p.scores[last] !== 0) continue
    const opponent = byId.get(p.pairings[last] ?? 0)
    if (opponent !== undefined && last < opponent.scores.length && opponent.scores[last] !== 0)
      continue
    return lastScored
  }
  return players.some((p) => lastScored < p.pairings.length && p.pairings[lastScored] !== 0)
    ? lastScored + 1
    : lastScored
}

/** Division names in the feed, or an error as the parser gives one. */
export function listDivisions(data: string): string[] {
  return divisionsOf(data).map((d) => flexString(d.name) ?? '')
}

function divisionsOf(data: string): { [key: string]: Json }[] {
  const top = JSON.parse(extractNewtJson(data)) as Json
  const divisions = isObject(top) ? top.divisions : undefined
  if (!Array.isArray(divisions) || divisions.length === 0) {
    throw new Error('tsh parser: no divisions found')
  }
  return divisions.map((d) => {
    if (!isObject(d)) throw new Error('tsh parser: unmarshal failed')
    return d
  })
}

export function parseDivision(data: string, divisionName = ''): FeedData {
  const divisions = divisionsOf(data)
  const division =
    divisionName === '' ? divisions[0] : divisions.find((d) => flexString(d.name) === divisionName)
  if (division === undefined) throw new Error(`tsh parser: division "${divisionName}" not found`)
  const maxr = goInt(division.maxr)
  if (maxr === null) throw new Error('tsh parser: unmarshal failed: maxr')
  const raw = Array.isArray(division.players) ? division.players : []
  const players = raw.flatMap((p) => {
    const player = readPlayer(p)
    return player === null ? [] : [player]
  })
  const totalRounds = Math.max(maxr + 1, ...players.map((p) => p.pairings.length))
  return {
    players,
    totalRounds,
    currentRound: detectCurrentRound(players),
    divisionName: flexString(division.name) ?? '',
  }
}

export function roundPairings(fd: FeedData, round: number): RoundPairing[] | null {
  if (round < 1 || round > fd.totalRounds) return null
  const r = round - 1
  const seen = new Set<number>()
  const games: RoundPairing[] = []
  for (const p of fd.players) {
    if (r >= p.pairings.length) continue
    const oppId = p.pairings[r] ?? 0
    if (oppId === 0) continue
    const table = r < p.boards.length ? (p.boards[r] ?? 0) : 0
    if (table === 0 || seen.has(table)) continue
    seen.add(table)
    const opp = fd.players.find((o) => o.id === oppId)
    if (opp === undefined) continue
    const mine = r < p.scores.length ? (p.scores[r] ?? 0) : 0
    const theirs = r < opp.scores.length ? (opp.scores[r] ?? 0) : 0
    const second = r < p.p12.length && p.p12[r] === 2
    games.push({
      round,
      table,
      player1: second ? opp.name : p.name,
      player2: second ? p.name : opp.name,
      score1: second ? theirs : mine,
      score2: second ? mine : theirs,
      finalized: mine !== 0 || theirs !== 0,
    })
  }
  return games.sort((a, b) => a.table - b.table)
}
