/**
 * tsh's `prize` lines and `class` tags (issue 14), read into a division's prize table and written
 * back. Our reading of tsh's conventions (its PRiZes command's documentation; no code copied):
 *
 *   prize TYPE PLACE DIVISION VALUE [key=value …]
 *
 * e.g. `prize rank 1 A "$500" exclusive=A`, `prize rank 1 A $100 class=B exclusive=A`,
 * `prize highwin 1 A "$50"`, `prize roundrecord 1 A $40 first=1 last=4`. TYPE is the kind of
 * prize, PLACE (tsh's subtype) which one of its kind (1 = the best; negative counts from the
 * bottom), VALUE what is given; `class=` limits the prize to players whose `class` tag matches,
 * `exclusive=` names a group in which a player wins at most one prize, `first=`/`last=` (or the
 * older `round=3` / `round=1-4`) the rounds counted. tsh awards the lines in the order listed.
 *
 * Rackside reads the types it can award (rank, highwin, highloss, lowwin, upset, spread,
 * roundrecord; `highroundwin` and the like are tsh's older names) and reports every other line
 * (notes, separators, signup prizes, prizes counted from the bottom) as ignored, with its line.
 */
import type { PlayerId } from '../results/game-result'
import {
  classOf,
  EMPTY_PRIZE_TABLE,
  type ClassSetting,
  type Prize,
  type PrizeKind,
  type PrizeTable,
} from '../tournament/prizes'
import type { Division, KeptTag } from '../tournament/types'
import type { RawLine } from './config-tsh'
import type { FormatProblem } from './problem'

/** tsh's prize type for each kind Rackside awards; null: tsh has none. */
const TSH_TYPES: Readonly<Record<PrizeKind, string | null>> = {
  place: 'rank',
  'high-game': null,
  'high-win': 'highwin',
  'high-loss': 'highloss',
  'low-win': 'lowwin',
  upset: 'upset',
  spread: 'spread',
  session: 'roundrecord',
}

function kindOfType(type: string): PrizeKind | null {
  // tsh's older long names: highroundwin -> highwin, lowroundloss -> lowloss.
  const t = type.toLowerCase().replace(/^(high|low)round(win|loss)$/, '$1$2')
  const found = (Object.keys(TSH_TYPES) as PrizeKind[]).find((k) => TSH_TYPES[k] === t)
  return found ?? null
}

/** Words of a line; "…" and '…' group words, `key="a b"` stays one word. */
export function prizeWords(text: string): string[] {
  const words: string[] = []
  const re = /(?:[^\s"']+|"[^"]*"|'[^']*')+/g
  for (const m of text.matchAll(re)) words.push(m[0])
  return words
}

const unquote = (word: string): string => word.replace(/"([^"]*)"|'([^']*)'/g, '$1$2')

export interface TshPrizeRead {
  /** Each division's prizes, in the order of the lines. */
  readonly prizes: ReadonlyMap<string, readonly Prize[]>
  /** The config.tsh line of each prize, in the same order. */
  readonly lines: ReadonlyMap<string, readonly number[]>
  /** Lines Rackside does not award, for the import report. */
  readonly ignored: readonly FormatProblem[]
}

const ignoredLine = (line: RawLine, why: string): FormatProblem => ({
  line: line.line,
  code: 'timport.prize.ignored',
  message: `prize line ignored (${why}): ${line.text}`,
  severity: 'warning',
})

/** The prize lines of config.tsh, by division (names matched as tsh does, ignoring case). */
export function readTshPrizes(
  lines: readonly RawLine[],
  divisions: readonly string[],
): TshPrizeRead {
  const prizes = new Map<string, Prize[]>()
  const at = new Map<string, number[]>()
  const ignored: FormatProblem[] = []
  for (const line of lines) {
    const [, type = '', placeText = '', divisionText = '', valueWord, ...rest] = prizeWords(
      line.text,
    )
    const kind = kindOfType(type)
    if (kind === null) {
      ignored.push(ignoredLine(line, `Rackside does not award "${type}" prizes`))
      continue
    }
    const place = Number(placeText)
    if (!Number.isInteger(place) || place < 1) {
      ignored.push(ignoredLine(line, `place "${placeText}" is not counted from the top`))
      continue
    }
    const division = divisions.find((d) => d.toLowerCase() === unquote(divisionText).toLowerCase())
    if (division === undefined) {
      ignored.push(ignoredLine(line, `no division "${unquote(divisionText)}"`))
      continue
    }
    const options = new Map<string, string>()
    for (const word of rest) {
      const eq = word.indexOf('=')
      if (eq > 0) options.set(word.slice(0, eq).toLowerCase(), unquote(word.slice(eq + 1)))
    }
    let from = Number(options.get('first') ?? NaN)
    let to = Number(options.get('last') ?? NaN)
    const round = /^(\d+)(?:-(\d+))?$/.exec(options.get('round') ?? '')
    if (round?.[1] !== undefined) {
      from = Number(round[1])
      to = Number(round[2] ?? round[1])
    }
    const hasRounds = Number.isInteger(from) || Number.isInteger(to)
    const klass = options.get('class')
    const prize: Prize = {
      kind,
      place,
      group: klass === undefined ? { kind: 'all' } : { kind: 'class', name: klass },
      value: valueWord === undefined ? '?' : unquote(valueWord),
      exclusive: options.has('exclusive'),
      ...(hasRounds
        ? {
            rounds: {
              from: Number.isInteger(from) ? from : 1,
              to: Number.isInteger(to) ? to : Number.isInteger(from) ? from : 1,
            },
          }
        : {}),
    }
    if (kind === 'session' && !hasRounds) {
      ignored.push(ignoredLine(line, 'a round record prize without its rounds'))
      continue
    }
    prizes.set(division, [...(prizes.get(division) ?? []), prize])
    at.set(division, [...(at.get(division) ?? []), line.line])
  }
  return { prizes, lines: at, ignored }
}

/** Each player's `class` tag as a class by hand; none when no player has one. */
export function classesFromTags(
  players: readonly { readonly id: PlayerId; readonly tags: readonly KeptTag[] }[],
): ClassSetting {
  const members = players.flatMap((p) => {
    const name =
      p.tags
        .find((t) => t.name === 'class')
        ?.values.join(' ')
        .trim() ?? ''
    return name === '' ? [] : [{ player: p.id, name }]
  })
  return members.length === 0 ? { kind: 'none' } : { kind: 'manual', members }
}

/**
 * A division's prize table from its prize lines (with their config.tsh lines) and its players'
 * class tags, or null when there is neither. A class prize for a class no player has is left out
 * and reported with its line (tsh warns about such a class too).
 */
export function prizeTableFromTsh(
  prizes: readonly Prize[],
  lines: readonly number[],
  classes: ClassSetting,
  division: string,
): { readonly table: PrizeTable | null; readonly dropped: readonly FormatProblem[] } {
  if (prizes.length === 0 && classes.kind === 'none') return { table: null, dropped: [] }
  const names = new Set(classes.kind === 'manual' ? classes.members.map((m) => m.name) : [])
  const dropped: FormatProblem[] = []
  const kept = prizes.filter((p, i) => {
    if (p.group.kind !== 'class' || names.has(p.group.name)) return true
    dropped.push({
      line: lines[i] ?? 1,
      code: 'timport.prize.class',
      message: `division ${division}: no player has class ${p.group.name}; its prize is left out`,
      severity: 'warning',
    })
    return false
  })
  return { table: { ...EMPTY_PRIZE_TABLE, prizes: kept, classes }, dropped }
}

/** tsh quotes a value with spaces; a plain one is written as it is. */
const quoteWord = (text: string): string =>
  /^[^\s"'=]+$/.test(text) ? text : `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

/**
 * The division's prize table as tsh `prize` lines. Prizes open to a flag group (junior, newcomer)
 * and high game of any result have no tsh form and are written as comments, so the director sees
 * them in the file.
 */
export function tshPrizeLines(division: Division, tshName: string): readonly string[] {
  const table = division.prizes
  if (table === undefined) return []
  return table.prizes.map((p) => {
    const type = TSH_TYPES[p.kind]
    const words = ['prize', type ?? p.kind, String(p.place), tshName, quoteWord(p.value)]
    if (p.group.kind === 'class') words.push(`class=${quoteWord(p.group.name)}`)
    if (p.rounds !== undefined) words.push(`first=${p.rounds.from}`, `last=${p.rounds.to}`)
    if (p.exclusive) words.push(`exclusive=${tshName}`)
    const line = words.join(' ')
    if (p.group.kind === 'flag') return `# ${p.group.flag} only (Rackside): ${line}`
    return type === null ? `# no tsh prize type (Rackside): ${line}` : line
  })
}

/** The `class` tag the player's line gets: the table's class, or the tag as imported. */
export function classTagValues(division: Division, player: Division['players'][number]) {
  const classes = (division.prizes ?? EMPTY_PRIZE_TABLE).classes
  if (classes.kind === 'none') {
    return player.tsh?.tags.find((t) => t.name === 'class')?.values ?? null
  }
  const name = classOf(classes, player)
  return name === null ? null : name.split(/\s+/)
}
