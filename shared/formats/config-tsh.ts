/**
 * Reading tsh's `config.tsh` (formats.md, "tsh event"). tsh evaluates these lines as Perl; Rackside
 * only reads the plain forms directors write (`division A a.t`, `config key = value` with quoted,
 * numeric or `[list]` values, per-division `key{'A'}`) and keeps anything else as raw text, so an
 * import can say exactly what it used and what it ignored.
 */
import { isRatingSystem, RATING_SYSTEMS, type RatingSystem } from '../ratings/rating-systems'
import {
  checkRanking,
  MAX_SPREAD_CAP,
  TIE_BREAKS,
  type Ranking,
  type TieBreak,
} from '../rules/ranking'
import { MAX_ROUNDS, validateDivisionName } from '../tournament/validation'
import type { FormatProblem } from './problem'
import { splitLines, strayCharacter } from './text-codec'

/**
 * Limits on what a config.tsh may hold, so a hostile or damaged file is refused with its line
 * instead of stalling or overflowing the reader. Real configs are far inside them.
 */
export const CONFIG_LIMITS = {
  /** Characters on one line. */
  lineLength: 4_000,
  /** `[ [ … ] ]` nesting. */
  listDepth: 16,
  /** Lines in the whole file. */
  lines: 20_000,
} as const

export type ConfigValue =
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'number'; readonly value: number }
  | { readonly kind: 'list'; readonly items: readonly ConfigValue[] }
  /** A Perl expression Rackside does not evaluate (hashes, code, barewords). */
  | { readonly kind: 'raw'; readonly text: string }

export interface ConfigEntry {
  readonly line: number
  readonly key: string
  /** `max_div_rounds{'B'}` applies to division B only; null = every division. */
  readonly division: string | null
  readonly value: ConfigValue
}

export interface ConfigDivision {
  readonly line: number
  readonly name: string
  readonly file: string
}

export interface RawLine {
  readonly line: number
  readonly text: string
}

/**
 * `autopair DIV SR ROUND COMMAND ARGS…`: tsh pairs round ROUND of division DIV by typing
 * `COMMAND ARGS…` for the director once the standings after round SR are in (tsh's
 * TSH/Config.pm and TSH/Division.pm, CheckAutoPair). The command stays as typed: which Rackside
 * step it names is decided by the import (tsh-autopair.ts), which reports what it cannot map.
 */
export interface AutopairLine {
  readonly line: number
  /** As written, for the import report. */
  readonly text: string
  readonly division: string
  /** The round whose standings the pairing waits for; 0 = before any game. */
  readonly sourceRound: number
  /** The round paired, from 1. */
  readonly round: number
  /** The tsh command, lower case (`ns`, `koth`, `if`, …). */
  readonly command: string
  /** The command's arguments as typed, usually ending with the division's name. */
  readonly args: readonly string[]
}

export interface TshConfig {
  readonly divisions: readonly ConfigDivision[]
  readonly entries: readonly ConfigEntry[]
  /** `prize …` lines, kept as written: Rackside's prizes are set up in the app. */
  readonly prizes: readonly RawLine[]
  /** `autopair …` lines in file order; a later line for the same round replaces an earlier one. */
  readonly autopair: readonly AutopairLine[]
  /** Other commands (`begin esb A`), kept as written and reported as ignored. */
  readonly other: readonly RawLine[]
  /**
   * Rackside's own settings that tsh has no key for, written as comments tsh skips (issue 28):
   * `# rackside late_entry_missed_rounds = forfeit-loss`. By key, as written.
   */
  readonly rackside?: Readonly<Record<string, string>>
}

/** A Rackside setting in a config.tsh comment: `# rackside KEY = VALUE`. */
export const RACKSIDE_CONFIG_LINE = /^#\s*rackside\s+([a-z0-9_]+)\s*=\s*(\S+)\s*$/

/** The comment line that carries a Rackside setting (read back by parseConfigTsh). */
export const racksideConfigLine = (key: string, value: string): string =>
  `# rackside ${key} = ${value}`

/**
 * A division's ranking as a Rackside line (issue 32): tsh has no tie-break setting, so the order
 * and the caps by round ride in a comment tsh skips, `# rackside ranking_1 = A:opponents-wins,spread:300,250`,
 * one numbered key a division (the name as config.tsh's division line writes it, URI-encoded).
 */
export function racksideRankingLine(index: number, division: string, ranking: Ranking): string {
  const value = [
    encodeURIComponent(division),
    ranking.tieBreaks.join(','),
    ranking.spreadCapByRound.join(','),
  ].join(':')
  return racksideConfigLine(`ranking_${String(index)}`, value)
}

/** The ranking a Rackside line gives `division`; null when none names it or it does not check. */
export function racksideRanking(config: TshConfig, division: string): Ranking | null {
  for (const [key, value] of Object.entries(config.rackside ?? {})) {
    if (!/^ranking_\d+$/.test(key)) continue
    const [name = '', keys = '', caps = ''] = value.split(':')
    let decoded: string
    try {
      decoded = decodeURIComponent(name)
    } catch {
      continue
    }
    if (decoded !== division) continue
    const tieBreaks = keys.split(',').filter((k) => k !== '')
    if (!tieBreaks.every((k): k is TieBreak => (TIE_BREAKS as readonly string[]).includes(k))) {
      return null
    }
    const checked = checkRanking({
      tieBreaks,
      spreadCapByRound: caps === '' ? [] : caps.split(',').map(Number),
    })
    return checked.ok && tieBreaks.length > 0 ? checked.value : null
  }
  return null
}

export interface ConfigRead {
  readonly config: TshConfig
  readonly problems: readonly FormatProblem[]
}

interface Cursor {
  readonly text: string
  pos: number
}

type ValueRead =
  | { readonly ok: true; readonly value: ConfigValue }
  | { readonly ok: false; readonly message: string; readonly pos: number }

const skipSpace = (c: Cursor): void => {
  while (c.pos < c.text.length && /\s/.test(c.text.charAt(c.pos))) c.pos += 1
}

/** Perl single quotes: only `\\` and `\'` are escapes. */
function readSingleQuoted(c: Cursor): ValueRead {
  const start = c.pos
  c.pos += 1
  let out = ''
  while (c.pos < c.text.length) {
    const ch = c.text.charAt(c.pos)
    if (ch === '\\' && (c.text.charAt(c.pos + 1) === "'" || c.text.charAt(c.pos + 1) === '\\')) {
      out += c.text.charAt(c.pos + 1)
      c.pos += 2
    } else if (ch === "'") {
      c.pos += 1
      return { ok: true, value: { kind: 'string', value: out } }
    } else {
      out += ch
      c.pos += 1
    }
  }
  return { ok: false, message: 'the quoted value is not closed', pos: start }
}

const DOUBLE_ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  '"': '"',
  '\\': '\\',
  $: '$',
  '@': '@',
}

/** Perl double quotes, without interpolation (a `$` stays as written). */
function readDoubleQuoted(c: Cursor): ValueRead {
  const start = c.pos
  c.pos += 1
  let out = ''
  while (c.pos < c.text.length) {
    const ch = c.text.charAt(c.pos)
    const escaped = DOUBLE_ESCAPES[c.text.charAt(c.pos + 1)]
    if (ch === '\\' && escaped !== undefined) {
      out += escaped
      c.pos += 2
    } else if (ch === '"') {
      c.pos += 1
      return { ok: true, value: { kind: 'string', value: out } }
    } else {
      out += ch
      c.pos += 1
    }
  }
  return { ok: false, message: 'the quoted value is not closed', pos: start }
}

const NUMBER = /-?\d{1,15}(\.\d{1,15})?(?![\w.])/y

function readValue(c: Cursor, depth = 0): ValueRead | null {
  skipSpace(c)
  const ch = c.text.charAt(c.pos)
  if (ch === '[' && depth >= CONFIG_LIMITS.listDepth) {
    return {
      ok: false,
      message: `lists are nested deeper than ${String(CONFIG_LIMITS.listDepth)} levels`,
      pos: c.pos,
    }
  }
  if (ch === "'") return readSingleQuoted(c)
  if (ch === '"') return readDoubleQuoted(c)
  if (ch === '[') {
    const start = c.pos
    c.pos += 1
    const items: ConfigValue[] = []
    skipSpace(c)
    if (c.text.charAt(c.pos) === ']') {
      c.pos += 1
      return { ok: true, value: { kind: 'list', items } }
    }
    for (;;) {
      const item = readValue(c, depth + 1)
      if (item === null) return null
      if (!item.ok) return item
      items.push(item.value)
      skipSpace(c)
      const sep = c.text.charAt(c.pos)
      c.pos += 1
      if (sep === ']') return { ok: true, value: { kind: 'list', items } }
      if (sep !== ',') return { ok: false, message: 'the [list] is not closed', pos: start }
    }
  }
  NUMBER.lastIndex = c.pos
  const number = NUMBER.exec(c.text)
  if (number !== null) {
    c.pos += number[0].length
    return { ok: true, value: { kind: 'number', value: Number(number[0]) } }
  }
  return null
}

/** The value after `=`: a plain value followed by nothing but `;` or a `#` comment, else raw. */
function readWholeValue(text: string): ValueRead {
  const c: Cursor = { text, pos: 0 }
  const value = readValue(c)
  if (value === null) return { ok: true, value: { kind: 'raw', text: text.trim() } }
  if (!value.ok) return value
  const rest = text.slice(c.pos).trim()
  if (rest === '' || rest === ';' || rest.startsWith('#') || /^;\s*#/.test(rest)) return value
  return { ok: true, value: { kind: 'raw', text: text.trim() } }
}

// One `\s*` between the key and `=` (the optional division part carries its own), so a long run
// of spaces cannot be split two ways and the match stays linear.
const CONFIG_LINE =
  /^(\s*config\s+)([A-Za-z_]\w*)(?:\s*\{\s*(?:'([^']*)'|"([^"]*)"|(\w+))\s*\})?\s*=(.*)$/i
const DIVISION_LINE = /^\s*division\s+(\S+)\s+(\S+)\s*$/i
const AUTOPAIR_LINE = /^autopair\s+(\S+)\s+(\d{1,6})\s+(\d{1,6})\s+(\S+)((?:\s+\S+)*)\s*$/i

/**
 * One `autopair` line, or why tsh would refuse the file over it: a division, two round numbers
 * and a command are needed, and the source round must come before the round paired (tsh's
 * `eapbr`), so a round is never paired on standings it has not reached.
 */
function readAutopair(line: number, text: string): AutopairLine | string {
  const m = AUTOPAIR_LINE.exec(text)
  if (m?.[1] === undefined || m[2] === undefined || m[3] === undefined || m[4] === undefined) {
    return `an autopair line is "autopair DIVISION SOURCE-ROUND ROUND COMMAND ARGUMENTS": ${text}`
  }
  const sourceRound = Number(m[2])
  const round = Number(m[3])
  if (round < 1 || round > MAX_ROUNDS) {
    return `autopair round ${String(round)} is not a round from 1 to ${String(MAX_ROUNDS)}: ${text}`
  }
  if (sourceRound >= round) {
    return `autopair pairs round ${String(round)} on the standings after round ${String(sourceRound)}, which is not before it: ${text}`
  }
  return {
    line,
    text,
    division: m[1],
    sourceRound,
    round,
    command: m[4].toLowerCase(),
    args: (m[5] ?? '')
      .trim()
      .split(/\s+/)
      .filter((w) => w !== ''),
  }
}

const COMMAND_WORD = /^[a-z_]\w*$/

export function parseConfigTsh(text: string): ConfigRead {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  const divisions: ConfigDivision[] = []
  const entries: ConfigEntry[] = []
  const prizes: RawLine[] = []
  const autopair: AutopairLine[] = []
  const other: RawLine[] = []
  const rackside: Record<string, string> = {}
  const problems: FormatProblem[] = []
  const lines = splitLines(body)
  if (lines.length > CONFIG_LIMITS.lines) {
    problems.push({
      line: CONFIG_LIMITS.lines + 1,
      code: 'tsh.config.too-long',
      message: `config.tsh has ${String(lines.length)} lines; at most ${String(CONFIG_LIMITS.lines)} are read`,
      severity: 'error',
    })
    return { config: { divisions, entries, prizes, autopair, other }, problems }
  }
  lines.forEach((raw, index) => {
    const line = index + 1
    if (raw.length > CONFIG_LIMITS.lineLength) {
      problems.push({
        line,
        code: 'tsh.config.line-length',
        message: `line ${String(line)} has ${String(raw.length)} characters; at most ${String(CONFIG_LIMITS.lineLength)} are allowed`,
        severity: 'error',
      })
      return
    }
    const stray = strayCharacter(raw)
    if (stray !== null) {
      problems.push({ line, column: stray.column, ...stray.problem, severity: 'error' })
      return
    }
    const trimmed = raw.trim()
    const own = RACKSIDE_CONFIG_LINE.exec(trimmed)
    if (own !== null) rackside[own[1] ?? ''] = own[2] ?? ''
    if (trimmed === '' || trimmed.startsWith('#')) return
    const word = (/^\S+/.exec(trimmed)?.[0] ?? '').toLowerCase()
    // Every config.tsh line tsh runs starts with a command word (config, division, prize, …); a
    // line that does not is not a config.tsh at all (`--config /etc/passwd`: issue 20).
    if (!COMMAND_WORD.test(word)) {
      problems.push({
        line,
        column: raw.indexOf(trimmed) + 1,
        code: 'tsh.config.syntax',
        message: `not a config.tsh line (a command word such as config, division or prize comes first): ${trimmed.slice(0, 60)}`,
        severity: 'error',
      })
      return
    }
    if (word === 'config') {
      const m = CONFIG_LINE.exec(raw)
      const key = m?.[2]
      if (m === null || key === undefined) {
        problems.push({
          line,
          column: raw.indexOf(trimmed) + 1,
          code: 'tsh.config.syntax',
          message: `not a "config key = value" line: ${trimmed}`,
          severity: 'error',
        })
        return
      }
      const valueText = m[6] ?? ''
      const value = readWholeValue(valueText)
      if (!value.ok) {
        problems.push({
          line,
          column: raw.length - valueText.length + value.pos + 1,
          code: 'tsh.config.value',
          message: `config ${key}: ${value.message}`,
          severity: 'error',
        })
        return
      }
      const scope = m[3] ?? m[4] ?? m[5] ?? null
      const earlier = entries.find(
        (e) =>
          e.key.toLowerCase() === key.toLowerCase() &&
          e.division?.toLowerCase() === scope?.toLowerCase(),
      )
      if (earlier !== undefined) {
        // tsh (Perl) keeps the last value without a word, and real config files do set a key
        // again further down; the file is read as tsh reads it, and the director is told.
        problems.push({
          line,
          column: raw.indexOf(key) + 1,
          code: 'tsh.config.repeated',
          message: `config ${key} is given again; this value replaces line ${String(earlier.line)}'s, as in tsh`,
          severity: 'warning',
        })
        entries.splice(entries.indexOf(earlier), 1)
      }
      entries.push({ line, key, division: scope, value: value.value })
    } else if (word === 'division') {
      const m = DIVISION_LINE.exec(raw)
      if (m?.[1] === undefined || m[2] === undefined) {
        problems.push({
          line,
          code: 'tsh.config.division',
          message: `a division line needs a name and a file: ${trimmed}`,
          severity: 'error',
        })
        return
      }
      const name = m[1]
      const earlier = divisions.find((d) => d.name.toUpperCase() === name.toUpperCase())
      if (earlier !== undefined) {
        // tsh would read two divisions of one name as one and lose a file's players.
        problems.push({
          line,
          column: raw.indexOf(name) + 1,
          code: 'tsh.config.division.repeated',
          message: `division ${name} is named twice (first on line ${String(earlier.line)})`,
          severity: 'error',
        })
        return
      }
      // The division is added by this name: a name the app refuses is said here, at its line
      // (issue 28: the import refused it later as "command 1", naming no file and no line).
      const fit = validateDivisionName([], name)
      if (!fit.ok) {
        problems.push({
          line,
          column: raw.indexOf(name) + 1,
          code: fit.error.code,
          message: `division ${name}: ${fit.error.message}`,
          severity: 'error',
        })
        return
      }
      divisions.push({ line, name, file: m[2] })
    } else if (word === 'prize') {
      prizes.push({ line, text: trimmed })
    } else if (word === 'autopair') {
      const read = readAutopair(line, trimmed)
      if (typeof read === 'string') {
        problems.push({ line, code: 'tsh.config.autopair', message: read, severity: 'error' })
        return
      }
      // tsh refuses an autopair line for a division not named above it (`ebadapaa`).
      const named = divisions.some((d) => d.name.toUpperCase() === read.division.toUpperCase())
      if (!named) {
        problems.push({
          line,
          code: 'tsh.config.autopair',
          message: `autopair for division ${read.division}, which no division line above names: ${trimmed}`,
          severity: 'error',
        })
        return
      }
      autopair.push(read)
    } else {
      other.push({ line, text: trimmed })
    }
  })
  return { config: { divisions, entries, prizes, autopair, other, rackside }, problems }
}

/** What a `config.tsh` says that Rackside's own settings can hold. */
export interface MappedTshSettings {
  /** `max_rounds`, or `max_div_rounds{'X'}` for the division asked about. */
  readonly rounds?: number
  /** `bye_spread`: spread of a bye (NSA VII.J.1 uses 50; tsh's default is 50 too). */
  readonly byeSpread?: number
  /** `track_firsts`: who went first is recorded (`p12`) and used to decide starts. */
  readonly tracksFirsts?: boolean
  /** `assign_firsts`: the program says who starts (MSA 1.3 fewer-firsts rule) instead of a draw. */
  readonly assignsFirsts?: boolean
  readonly eventName?: string
  /** As written (tsh does not fix a date format), e.g. `February 19, 2021`. */
  readonly eventDate?: string
  /** Rating realm, e.g. `nsa`, `nga`, `wespa`. */
  readonly realm?: string
  /** `gibson`: Gibsonize players who have clinched their prize (issue 10). */
  readonly gibson?: boolean
  /**
   * `gibson_spread`: the most spread one game can move. tsh accepts a list (one value per round
   * still to play); Rackside reads its first value, the one-game figure.
   */
  readonly gibsonSpread?: number
  /** `prize_bands`: the last place of each paying band, e.g. [1, 2, 3]. */
  readonly prizeBands?: readonly number[]
  /**
   * `spread_cap` (and `standings_spread_cap`): most spread one game counts for (0: no cap), or a
   * list of one cap per round (issue 32: a school championship's cap rising by round).
   */
  readonly spreadCap?: number | readonly number[]
  /** `pairing_system`: tsh's automatic pairing family (`auto`, `basic`, `guelph`, `manual`, …). */
  readonly pairingSystem?: string
  /** `avoid_sr_runs`: avoid long runs of starting or replying (tsh balances starts). */
  readonly avoidStartRuns?: boolean
  /** `bye_firsts`: how tsh counts a bye among firsts (`ignore`, `alternate`). */
  readonly byeFirsts?: string
  /**
   * `session_breaks`: the rounds after which play stops (a meal, the end of a day), increasing,
   * e.g. [7,12]; an empty list is none (issue 18: lag only inside a session).
   */
  readonly sessionBreaks?: readonly number[]
}

export interface ConfigMapping {
  readonly settings: MappedTshSettings
  /** Keys that were used, in file order (`key` or `key{'A'}`). */
  readonly used: readonly string[]
  /** Keys Rackside does not map, plus other commands by their first word, for the import report. */
  readonly ignored: readonly string[]
  /** Mapped keys whose value has the wrong type, with their line. */
  readonly problems: readonly FormatProblem[]
}

type Target =
  | 'rounds'
  | 'byeSpread'
  | 'tracksFirsts'
  | 'assignsFirsts'
  | 'eventName'
  | 'eventDate'
  | 'realm'
  | 'gibson'
  | 'gibsonSpread'
  | 'prizeBands'
  | 'spreadCap'
  | 'pairingSystem'
  | 'avoidStartRuns'
  | 'byeFirsts'
  | 'sessionBreaks'

const MAPPED_KEYS: Readonly<Record<string, Target>> = {
  max_rounds: 'rounds',
  max_div_rounds: 'rounds',
  bye_spread: 'byeSpread',
  track_firsts: 'tracksFirsts',
  assign_firsts: 'assignsFirsts',
  event_name: 'eventName',
  event_date: 'eventDate',
  realm: 'realm',
  gibson: 'gibson',
  gibson_spread: 'gibsonSpread',
  prize_bands: 'prizeBands',
  spread_cap: 'spreadCap',
  standings_spread_cap: 'spreadCap',
  pairing_system: 'pairingSystem',
  avoid_sr_runs: 'avoidStartRuns',
  bye_firsts: 'byeFirsts',
  session_breaks: 'sessionBreaks',
}

/**
 * The cap of each round config.tsh gives as a list (`spread_cap = [100,150]`, issue 32), for the
 * division's ranking; null where it gives one cap per game or none.
 */
export function spreadCapsByRound(config: TshConfig, division: string): readonly number[] | null {
  const cap = mapConfigToRules(config, division).settings.spreadCap
  return Array.isArray(cap) ? cap : null
}

/** Read by `ratingSystemFromConfig`, which warns about them itself: never "ignored". */
const RATING_KEYS: ReadonlySet<string> = new Set(['rating_system', 'division_rating_system'])

/** Largest value each number may have: beyond it the file is refused, never looped over. */
const NUMBER_LIMITS: Readonly<Partial<Record<Target, number>>> = {
  rounds: MAX_ROUNDS,
  byeSpread: 1_000,
  spreadCap: 10_000,
}

const keyLabel = (e: ConfigEntry): string =>
  e.division === null ? e.key : `${e.key}{'${e.division}'}`

/**
 * Maps the config to Rackside settings for one division (or the whole event when `division` is
 * left out). A per-division value for that division wins over the event-wide one; per-division
 * values for other divisions are neither used nor reported as ignored.
 */
export function mapConfigToRules(config: TshConfig, division?: string): ConfigMapping {
  const settings: Record<string, string | number | boolean | readonly number[]> = {}
  const fromDivision = new Set<Target>()
  const used: string[] = []
  const ignored: string[] = []
  const problems: FormatProblem[] = []
  for (const entry of config.entries) {
    if (RATING_KEYS.has(entry.key.toLowerCase())) continue
    const target = MAPPED_KEYS[entry.key.toLowerCase()]
    if (target === undefined) {
      ignored.push(keyLabel(entry))
      continue
    }
    const forThis =
      entry.division === null || entry.division.toLowerCase() === division?.toLowerCase()
    if (!forThis) continue
    if (entry.division === null && fromDivision.has(target)) continue
    const value = mappedValue(target, entry.value)
    const limit = NUMBER_LIMITS[target]
    if (typeof value === 'number' && limit !== undefined && value > limit) {
      problems.push({
        line: entry.line,
        code: 'tsh.config.limit',
        message: `config ${keyLabel(entry)} = ${String(value)} is over the limit of ${String(limit)}`,
        severity: 'error',
      })
      continue
    }
    if (value === null) {
      problems.push({
        line: entry.line,
        code: 'tsh.config.type',
        message: `config ${keyLabel(entry)}: ${expectedType(target)} expected`,
        severity: 'error',
      })
      continue
    }
    settings[target] = value
    if (entry.division !== null) fromDivision.add(target)
    used.push(keyLabel(entry))
  }
  for (const line of config.other)
    ignored.push((/^\S+/.exec(line.text)?.[0] ?? line.text).toLowerCase())
  if (config.prizes.length > 0) ignored.push('prize')
  return { settings: settings as MappedTshSettings, used, ignored: [...new Set(ignored)], problems }
}

function expectedType(target: Target): string {
  switch (target) {
    case 'rounds':
      return 'a whole number of rounds from 1'
    case 'byeSpread':
      return 'a whole number from 0'
    case 'spreadCap':
      return 'a whole number from 0, or a list of caps from 1, one a round'
    case 'gibsonSpread':
      return 'a whole number from 1 (or a list of them)'
    case 'prizeBands':
      return 'a list of increasing places from 1, like [1,2,3]'
    case 'sessionBreaks':
      return 'a list of increasing round numbers from 1, like [7,12]'
    case 'tracksFirsts':
    case 'assignsFirsts':
    case 'gibson':
    case 'avoidStartRuns':
      return '0 or 1'
    case 'eventName':
    case 'eventDate':
    case 'realm':
    case 'pairingSystem':
    case 'byeFirsts':
      return 'text'
  }
}

function mappedValue(
  target: Target,
  value: ConfigValue,
): string | number | boolean | readonly number[] | null {
  const place = (v: ConfigValue | undefined): number | null =>
    v?.kind === 'number' && Number.isInteger(v.value) && v.value >= 1 ? v.value : null
  switch (target) {
    case 'gibsonSpread':
      return place(value.kind === 'list' ? value.items[0] : value)
    case 'sessionBreaks':
    case 'prizeBands': {
      // tsh writes an empty session_breaks for an event without breaks; a prize band needs one.
      if (value.kind !== 'list') return null
      if (value.items.length === 0) return target === 'sessionBreaks' ? [] : null
      const ends = value.items.map(place)
      const increasing = ends.every((e, i) => e !== null && (i === 0 || e > (ends[i - 1] ?? 0)))
      return increasing ? (ends as number[]) : null
    }
    case 'rounds':
      // An event of 0 rounds was once silently made 1 (or the file's rounds); tsh would not pair it.
      return value.kind === 'number' && Number.isInteger(value.value) && value.value >= 1
        ? value.value
        : null
    case 'spreadCap':
      if (value.kind === 'list') {
        const caps = value.items.map(place)
        const fit = caps.length > 0 && caps.every((c) => c !== null && c <= MAX_SPREAD_CAP)
        return fit ? (caps as number[]) : null
      }
      return value.kind === 'number' && Number.isInteger(value.value) && value.value >= 0
        ? value.value
        : null
    case 'byeSpread':
      return value.kind === 'number' && Number.isInteger(value.value) && value.value >= 0
        ? value.value
        : null
    case 'tracksFirsts':
    case 'assignsFirsts':
    case 'gibson':
    case 'avoidStartRuns':
      // Perl truth: 0 and '' are false; tsh configs write 0 or 1.
      if (value.kind === 'number') return value.value !== 0
      if (value.kind === 'string') return value.value !== '' && value.value !== '0'
      return null
    case 'eventName':
    case 'eventDate':
    case 'realm':
    case 'pairingSystem':
    case 'byeFirsts':
      if (value.kind === 'string') return value.value
      if (value.kind === 'number') return String(value.value)
      return null
  }
}

/** tsh's own default when neither config.tsh nor its realm names a system (TSH/Config.pm). */
export const TSH_DEFAULT_RATING_SYSTEM = 'nsa'

/**
 * The rating system each tsh realm sets when config.tsh names none (tsh's TSH/Config.pm,
 * `RealmDefaults`): a realm that names none (`nga`) leaves tsh's built-in default, `nsa`; a realm
 * tsh does not know takes the `nsa` realm's settings. Realms whose system Rackside has not
 * (`deu`, `ken`, `nor`, `pak`, `thai`, the `-lct` variants) are listed by that system's tsh name
 * so the warning can say it.
 */
const REALM_RATING_SYSTEMS: Readonly<Record<string, string>> = {
  absp: 'absp',
  deu: 'deu',
  go: 'nsa',
  ken: 'ken',
  naspa: 'nsa2008',
  'naspa-lct': 'nsa2008 lct',
  'naspa-csw': 'naspa-csw',
  'naspa-csw-lct': 'naspa-csw lct',
  naspa2024: 'naspa2024',
  'naspa2024-lct': 'naspa2024 lct',
  'naspa2024-csw': 'naspa2024',
  'naspa2024-csw-lct': 'naspa2024 lct',
  nga: TSH_DEFAULT_RATING_SYSTEM,
  nor: 'nor',
  nsa: 'nsa2008',
  pak: 'pak',
  // tsh's realm table gives pol two systems; Perl keeps the later, nsa2008.
  pol: 'nsa2008',
  sgp: 'nsa',
  snic: 'snic',
  sudoku: 'sudoku',
  take5: 'take5',
  thai: 'thai',
  wespa: 'wespa',
}

/** Realms whose settings name no rating system: tsh keeps its built-in default. */
const REALMS_NAMING_NONE: ReadonlySet<string> = new Set(['nga'])

/** What config.tsh says about one division's rating system (issue 22). */
export interface ConfigRatingSystem {
  /** Absent: the config names none Rackside has, and the preset's default stays. */
  readonly system?: RatingSystem
  /**
   * The key that names it (`division_rating_system{'A'}`, `rating_system`, `realm`). Absent when
   * config.tsh names none and `system` is only tsh's own default (no realm, or a realm such as
   * `nga` that names none): an import then leaves the division to the preset's default.
   */
  readonly from?: string
  /** A name tsh or Rackside does not know, with its line: the default is kept. */
  readonly warnings: readonly FormatProblem[]
}

/**
 * The division's rating system as tsh would pick it: `division_rating_system{'A'}`, else
 * `rating_system`, else the realm's (tsh's `realm` defaults to `nsa`, whose system is nsa2008). A
 * name Rackside cannot rate by is a warning naming its line, never a refusal: the event imports
 * and the director can choose in Settings.
 */
export function ratingSystemFromConfig(config: TshConfig, division: string): ConfigRatingSystem {
  const find = (key: string, scope: string | null): ConfigEntry | undefined =>
    config.entries.find(
      (e) =>
        e.key.toLowerCase() === key &&
        (scope === null ? e.division === null : e.division?.toLowerCase() === scope.toLowerCase()),
    )
  const named = find('division_rating_system', division) ?? find('rating_system', null)
  if (named !== undefined) {
    const text = configText(named.value)
    const system = text?.toLowerCase()
    if (system !== undefined && isRatingSystem(system))
      return { system, from: keyLabel(named), warnings: [] }
    return {
      warnings: [
        ratingWarning(
          named.line,
          `config ${keyLabel(named)}: "${text ?? rawText(named.value)}" is not a rating system Rackside knows (${RATING_SYSTEMS.join(', ')}); the preset's default is kept`,
        ),
      ],
    }
  }
  const realmEntry = find('realm', null)
  const realm = realmEntry === undefined ? 'nsa' : configText(realmEntry.value)?.toLowerCase()
  const fromRealm = realm === undefined ? undefined : REALM_RATING_SYSTEMS[realm]
  if (realmEntry !== undefined && fromRealm === undefined) {
    return {
      system: 'nsa2008',
      from: 'realm',
      warnings: [
        ratingWarning(
          realmEntry.line,
          `config realm "${realm ?? rawText(realmEntry.value)}" is not a realm tsh knows; tsh then uses the nsa realm's rating system, nsa2008, and so does Rackside`,
        ),
      ],
    }
  }
  if (fromRealm !== undefined && isRatingSystem(fromRealm)) {
    const named = realm !== undefined && REALMS_NAMING_NONE.has(realm) ? undefined : 'realm'
    return { system: fromRealm, from: realmEntry === undefined ? undefined : named, warnings: [] }
  }
  return {
    warnings: [
      ratingWarning(
        realmEntry?.line ?? 1,
        `config realm "${realm ?? ''}" rates by tsh's "${fromRealm ?? ''}", which Rackside does not have; the preset's default is kept`,
      ),
    ],
  }
}

function configText(value: ConfigValue): string | undefined {
  if (value.kind === 'string') return value.value
  return undefined
}

function rawText(value: ConfigValue): string {
  switch (value.kind) {
    case 'string':
      return value.value
    case 'number':
      return String(value.value)
    case 'list':
      return '[…]'
    case 'raw':
      return value.text
  }
}

const ratingWarning = (line: number, message: string): FormatProblem => ({
  line,
  code: 'tsh.config.rating-system',
  message,
  severity: 'warning',
})
