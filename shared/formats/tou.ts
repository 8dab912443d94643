/**
 * AUPAIR `.TOU` export for rating submissions (formats.md, "AUPAIR `.TOU`"), from a tsh division.
 * Fixed-width ASCII with CRLF: names padded to 20 characters, one block per round.
 */
import { err, ok, type Result } from '../result'
import type { RuleSet } from '../rules/rule-set'
import type { TDivisionFile, TPlayerLine } from './t-file-types'
import { RACKSIDE_TAG, readFacts } from './t-rackside-tag'

/**
 * How a round without an opponent (bye, forfeit win or loss, unplayed) is written. tsh's `aupair`
 * command (and Woogles' export) write it as a game against oneself; rating officers who want an
 * older form can pick one (formats.md, "AUPAIR `.TOU`").
 */
export const TOU_BYE_MODES = [
  /**
   * tsh's form: a game against oneself. A bye or forfeit win is `2001` with `+` and one's own
   * number, an unscored round `1000`, a forfeit loss `0000`, each with one's own number.
   */
  'aupair',
  /**
   * Opponent number 0; result 2 for a bye or forfeit win, space for a forfeit loss or an unplayed
   * round; the score field holds the spread without its sign (50 for +50 or −50, 0 unplayed).
   */
  'opponent-zero',
  /** The player's own number as opponent, result and score as for `opponent-zero`. */
  'own-number',
  /** The whole block is spaces, so the round is not rated at all. */
  'blank',
] as const
export type TouByeMode = (typeof TOU_BYE_MODES)[number]

/**
 * The form a rating submission gets unless the director picks another. Rated forfeits are games
 * against the opponent in the exported `.t` (t-export), so a round without an opponent is a bye or
 * a game nobody rates. Where byes are not rated (NSA VII.J.2; every preset but a director's own)
 * tsh's game against oneself says so to the rating program; a director who rates byes gets the
 * older form that puts the bye's score against one's own number.
 */
export function defaultTouByeMode(rules: Pick<RuleSet, 'results'>): TouByeMode {
  return rules.results.byeRated ? 'own-number' : 'aupair'
}

/** One division of the file: its players as a tsh `.t` holds them. */
export interface TouDivision {
  /** Division name as the rating body knows it (e.g. `A`). */
  readonly name: string
  readonly file: TDivisionFile
  /** The division's high word score; 0 when not recorded. */
  readonly highWordScore: number
}

export interface TouOptions {
  readonly title: string
  /** Event date, `YYYY-MM-DD`; written as DD.MM.YYYY. */
  readonly date: string
  /** Default `aupair`. */
  readonly byeMode?: TouByeMode
}

const CRLF = '\r\n'

const LIGATURES: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
  đ: 'd',
  Đ: 'D',
  ł: 'l',
  Ł: 'L',
  þ: 'th',
  Þ: 'Th',
  ð: 'd',
  Ð: 'D',
  ı: 'i',
  '\u2018': "'",
  '\u2019': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u2013': '-',
  '\u2014': '-',
}

/** ASCII for a fixed-width file: accents dropped (é -> e), common ligatures spelled out, else `?`. */
export function toAscii(text: string): string {
  let out = ''
  for (const ch of text) {
    const spelled = LIGATURES[ch]
    if (spelled !== undefined) {
      out += spelled
      continue
    }
    const base = ch.normalize('NFD').replace(/\p{M}/gu, '')
    out += /^[\x20-\x7e]*$/.test(base) ? base : '?'
  }
  return out
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/

function touDate(date: string): string | null {
  const m = DATE.exec(date)
  if (m === null) return null
  const [, y, mo, d] = m
  const month = Number(mo)
  const day = Number(d)
  const year = Number(y)
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
  if (days === undefined || day < 1 || day > days) return null
  return `${d ?? ''}.${mo ?? ''}.${y ?? ''}`
}

/** The name in "Given Surname" order (tsh keeps "Surname, Given"), ASCII, in 20 columns. */
export function touName(name: string): string {
  const comma = name.indexOf(',')
  const ordered =
    comma < 0 ? name : `${name.slice(comma + 1).trim()} ${name.slice(0, comma).trim()}`.trim()
  return toAscii(ordered).slice(0, 20).padEnd(20)
}

/** Result digit, score in 3 columns, opponent in 4 columns with `+` when this player went first. */
const game = (result: string, score: string, opponent: number, first: boolean): string =>
  ` ${result}${score.padStart(3)}${`${first ? '+' : ''}${String(opponent)}`.padStart(4)}`

function unpairedBlock(score: number, own: number, mode: TouByeMode): string {
  const spread = String(Math.min(Math.abs(score), 999))
  switch (mode) {
    case 'aupair':
      if (score > 0) return game('2', '001', own, true)
      return score < 0 ? game('0', '000', own, false) : game('1', '000', own, false)
    case 'opponent-zero':
      return game(score > 0 ? '2' : ' ', spread, 0, false)
    case 'own-number':
      return game(score > 0 ? '2' : ' ', spread, own, false)
    case 'blank':
      return ' '.repeat(9)
  }
}

interface Numbered {
  readonly line: TPlayerLine
  readonly number: number
}

function divisionLines(division: TouDivision, mode: TouByeMode): Result<readonly string[]> {
  const { file } = division
  if (!Number.isInteger(division.highWordScore) || division.highWordScore < 0) {
    return err(
      'tou.high-word',
      `division ${division.name}: the high word score must be a whole number, 0 or more`,
    )
  }
  const players = [...file.players].sort((a, b) => a.id - b.id)
  if (players.some((p, i) => p.id !== i + 1)) {
    return err(
      'tou.players.ids',
      `division ${division.name}: player ids must run from 1 without gaps`,
    )
  }
  const byId = new Map(players.map((p) => [p.id, p]))
  const rounds = players.reduce((most, p) => Math.max(most, p.opponents.length), 0)
  // tsh refuses to write the file while a round is incomplete: a rating file is final. A game
  // still without its result while later rounds have scores is written unplayed in the `.t`, with
  // the pairing in the `rackside` tag (t-export): that round is incomplete too.
  for (const line of players) {
    const values = line.tags.find((t) => t.name === RACKSIDE_TAG)?.values
    const facts = values === undefined ? null : readFacts(values)
    for (const [round, entry] of facts?.rounds ?? []) {
      if (entry.kind === 'pending') {
        return err(
          'tou.round.incomplete',
          `division ${division.name}, round ${String(round)}: ${line.name}'s game has no result yet; a rating file is written once every round is complete`,
          { details: { round } },
        )
      }
    }
  }
  for (let r = 0; r < rounds; r += 1) {
    const waiting = players.find((p) => (p.opponents[r] ?? 0) > 0 && p.scores[r] === undefined)
    if (waiting !== undefined) {
      return err(
        'tou.round.incomplete',
        `division ${division.name}, round ${String(r + 1)}: ${waiting.name}'s game has no result yet; a rating file is written once every round is complete`,
        { details: { round: r + 1 } },
      )
    }
  }
  // Players with no game are left out and the others numbered in order (tsh's aupair).
  const kept: Numbered[] = []
  const numbers = new Map<number, number>()
  for (const line of players) {
    if (!line.opponents.some((o) => o > 0)) continue
    numbers.set(line.id, kept.length + 1)
    kept.push({ line, number: kept.length + 1 })
  }
  if (kept.length > 999) {
    return err(
      'tou.players.many',
      `division ${division.name}: over 999 players do not fit the layout`,
    )
  }
  const out: string[] = [`*${toAscii(division.name)}`, String(division.highWordScore).padStart(39)]
  for (const { line, number } of kept) {
    let text = touName(line.name)
    for (let r = 0; r < rounds; r += 1) {
      const opponent = line.opponents[r] ?? 0
      const score = line.scores[r] ?? 0
      if (opponent === 0) {
        text += unpairedBlock(score, number, mode)
        continue
      }
      const theirs = byId.get(opponent)?.scores[r] ?? 0
      const them = numbers.get(opponent)
      if (them === undefined || score < 0 || score > 999) {
        return err(
          'tou.score.width',
          `division ${division.name}, round ${String(r + 1)}: ${line.name}'s score ${String(score)} does not fit AUPAIR's three columns`,
        )
      }
      const result = score > theirs ? '2' : score === theirs ? '1' : ' '
      const first = line.tags.find((t) => t.name === 'p12')?.values[r] === '1'
      text += game(result, String(score), them, first)
    }
    out.push(text)
  }
  return ok(out)
}

/**
 * The `.TOU` text of one division or a whole event, as tsh's `aupair` writes it (formats.md): the
 * `*M` line once, then per division its name, high word line and players; CRLF line endings.
 */
export function writeTou(divisions: readonly TouDivision[], options: TouOptions): Result<string> {
  const date = touDate(options.date)
  if (date === null) return err('tou.date', `"${options.date}" is not a date (YYYY-MM-DD)`)
  if (divisions.length === 0) return err('tou.divisions', 'there is no division to write')
  const mode = options.byeMode ?? 'aupair'
  const lines = [`*M${date} ${toAscii(options.title)}`]
  for (const division of divisions) {
    const written = divisionLines(division, mode)
    if (!written.ok) return written
    lines.push(...written.value)
  }
  lines.push('*** END OF FILE ***')
  return ok(lines.join(CRLF) + CRLF)
}
