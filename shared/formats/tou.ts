/**
 * AUPAIR `.TOU` export for rating submissions (formats.md, "AUPAIR `.TOU`"), from a tsh division.
 * Fixed-width ASCII with CRLF: names padded to 20 characters, one block per round.
 */
import { err, ok, type Result } from '../result'
import type { RuleSet } from '../rules/rule-set'
import type { TDivisionFile, TPlayerLine } from './t-file-types'

/**
 * How a round without an opponent (bye, forfeit win or loss, unplayed) is written; programs
 * disagree (formats.md), so the director picks what the rating body expects.
 */
export const TOU_BYE_MODES = [
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
 * a game nobody rates; where byes are not rated either (NSA VII.J.2; every preset but a director's
 * own) those rounds are left blank, out of the rating, else written in tsh's opponent-0 form.
 */
export function defaultTouByeMode(rules: Pick<RuleSet, 'results'>): TouByeMode {
  return rules.results.byeRated ? 'opponent-zero' : 'blank'
}

export interface TouOptions {
  readonly title: string
  /** Event date, `YYYY-MM-DD`; written as DD.MM.YYYY. */
  readonly date: string
  /** Division name as the rating body knows it (e.g. `A`). */
  readonly division: string
  /** Written alone on the third line; 0 when not recorded. */
  readonly highWordScore: number
  /** Default `opponent-zero`. */
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

function block(
  player: TPlayerLine,
  roundIndex: number,
  byId: ReadonlyMap<number, TPlayerLine>,
  width: number,
  mode: TouByeMode,
): string {
  const blank = ' '.repeat(width)
  const opponent = player.opponents[roundIndex]
  const score = player.scores[roundIndex]
  if (opponent === undefined || score === undefined) return blank
  const scoreText = String(Math.abs(score) % 1000).padStart(3)
  const opponentWidth = width - 5
  if (opponent === 0) {
    switch (mode) {
      case 'blank':
        return blank
      case 'opponent-zero':
        return `${score > 0 ? '2' : ' '}${scoreText} ${'0'.padStart(opponentWidth)}`
      case 'own-number':
        return `${score > 0 ? '2' : ' '}${scoreText} ${String(player.id).padStart(opponentWidth)}`
    }
  }
  const theirs = byId.get(opponent)?.scores[roundIndex]
  if (theirs === undefined) return blank
  const result = score > theirs ? '2' : score === theirs ? '1' : ' '
  const first = player.tags.find((t) => t.name === 'p12')?.values[roundIndex] === '1'
  return `${result}${scoreText} ${`${first ? '+' : ''}${String(opponent)}`.padStart(opponentWidth)}`
}

/**
 * The `.TOU` text for one division. Players are numbered by their tsh id, so ids must run 1..N
 * (a file that read without errors). A round whose game has no score yet is written blank.
 */
export function writeTou(file: TDivisionFile, options: TouOptions): Result<string> {
  const date = touDate(options.date)
  if (date === null) return err('tou.date', `"${options.date}" is not a date (YYYY-MM-DD)`)
  const players = [...file.players].sort((a, b) => a.id - b.id)
  if (players.some((p, i) => p.id !== i + 1)) {
    return err('tou.players.ids', 'player ids must run from 1 without gaps')
  }
  if (!Number.isInteger(options.highWordScore) || options.highWordScore < 0) {
    return err('tou.high-word', 'the high word score must be a whole number, 0 or more')
  }
  const mode = options.byeMode ?? 'opponent-zero'
  // Three digits of opponent number plus the `+`: a wider block once numbers reach 100.
  const width = players.length > 99 ? 9 : 8
  const rounds = players.reduce((most, p) => Math.max(most, p.opponents.length), 0)
  const byId = new Map(players.map((p) => [p.id, p]))
  const lines = [
    `*M${date} ${toAscii(options.title)}`,
    `*${toAscii(options.division)}`,
    String(options.highWordScore),
    ...players.map((p) => {
      const blocks = Array.from({ length: rounds }, (_, r) => block(p, r, byId, width, mode))
      return `${toAscii(p.name).slice(0, 20).padEnd(20)}${blocks.join('')}`
    }),
    '*** END OF FILE ***',
  ]
  return ok(lines.join(CRLF) + CRLF)
}
