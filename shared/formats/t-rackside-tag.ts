/**
 * The `rackside` tag of a `.t` player line: what tsh has no form for, so Rackside reads its own
 * export back exactly (formats.md, "tsh `.t`": tsh keeps every tag it does not understand). The
 * opponent and score columns always hold what tsh ranks the same way; the tag only says which
 * result they stand for. Values, each one word:
 * - `from=R`: a late entry's first round; `wd=R`: withdrawn from round R on; `table=T`: the
 *   hall's table T kept for the player every round (issue 32: tsh has no per-player table);
 * - `rN=bye:S`: round N was a bye at spread S (any spread, 0 and below too);
 * - `rN=fw:O:S:REASON:RATED` / `rN=fl:…`: a forfeit won / lost against O by S (RATED 1 or 0),
 *   with `:W/L` after it when the game stopped at the winner's W and the loser's L (a walk-out,
 *   NSA VII.J.3: the record keeps the scores when the player left);
 * - `rN=df:O:S`: a double forfeit with O at S each; `rN=un:O`: paired with O (0: alone), unplayed;
 * - `rN=pend:O`: paired with O, the result not in yet although later rounds have scores.
 */
import { FORFEIT_REASONS, type ForfeitReason, type PlayerId } from '../results/game-result'
import type { TPlayerLine } from './t-file-types'

export const RACKSIDE_TAG = 'rackside'

export type RoundEntry =
  | { readonly kind: 'bye'; readonly spread: number }
  | {
      readonly kind: 'forfeit'
      readonly won: boolean
      readonly opponent: PlayerId
      readonly spread: number
      readonly reason: ForfeitReason
      readonly rated: boolean
      /** A walk-out's scores when the loser left, the winner's first. */
      readonly at?: { readonly winner: number; readonly loser: number }
    }
  | { readonly kind: 'doubleForfeit'; readonly opponent: PlayerId; readonly spread: number }
  | { readonly kind: 'unplayed'; readonly opponent: PlayerId }
  | { readonly kind: 'pending'; readonly opponent: PlayerId }

export interface RacksideFacts {
  readonly firstRound?: number
  readonly withdrawnFrom?: number
  /** The table kept for the player every round (issue 32, `reserveTable`). */
  readonly reservedTable?: number
  /** By round number. */
  readonly rounds: ReadonlyMap<number, RoundEntry>
}

export function entryText(entry: RoundEntry): string {
  switch (entry.kind) {
    case 'bye':
      return `bye:${String(entry.spread)}`
    case 'forfeit':
      return (
        `${entry.won ? 'fw' : 'fl'}:${String(entry.opponent)}:${String(entry.spread)}:` +
        `${entry.reason}:${entry.rated ? '1' : '0'}` +
        (entry.at === undefined ? '' : `:${String(entry.at.winner)}/${String(entry.at.loser)}`)
      )
    case 'doubleForfeit':
      return `df:${String(entry.opponent)}:${String(entry.spread)}`
    case 'unplayed':
      return `un:${String(entry.opponent)}`
    case 'pending':
      return `pend:${String(entry.opponent)}`
  }
}

export function factsText(facts: RacksideFacts): readonly string[] {
  const out: string[] = []
  if (facts.firstRound !== undefined) out.push(`from=${String(facts.firstRound)}`)
  if (facts.withdrawnFrom !== undefined) out.push(`wd=${String(facts.withdrawnFrom)}`)
  if (facts.reservedTable !== undefined) out.push(`table=${String(facts.reservedTable)}`)
  for (const [round, entry] of [...facts.rounds].sort((a, b) => a[0] - b[0])) {
    out.push(`r${String(round)}=${entryText(entry)}`)
  }
  return out
}

const NUMBER = /^-?\d{1,6}$/
const COUNT = /^\d{1,6}$/

/** The entry kinds as written, each with the number of `:`-separated fields after it. */
const WORDS = { bye: 1, fw: 4, fl: 4, df: 2, un: 1, pend: 1 } as const
type Word = keyof typeof WORDS
/** Kinds that may carry one more field: a forfeit's scores when the game stopped. */
const OPTIONAL_FIELD: ReadonlySet<Word> = new Set(['fw', 'fl'])

const isWord = (text: string | undefined): text is Word =>
  text !== undefined && Object.hasOwn(WORDS, text)

function readEntry(text: string): RoundEntry | null {
  const [kind, ...rest] = text.split(':')
  if (!isWord(kind)) return null
  const extra = rest.length - WORDS[kind]
  if (!(extra === 0 || (extra === 1 && OPTIONAL_FIELD.has(kind)))) return null
  const [a = '', b = '', c, d, e] = rest
  switch (kind) {
    case 'bye':
      return NUMBER.test(a) ? { kind: 'bye', spread: Number(a) } : null
    case 'fw':
    case 'fl': {
      const reason = FORFEIT_REASONS.find((r) => r === c)
      if (reason === undefined || (d !== '0' && d !== '1')) return null
      if (!COUNT.test(a) || !COUNT.test(b)) return null
      const at = e === undefined ? undefined : /^(-?\d{1,6})\/(-?\d{1,6})$/.exec(e)
      if (at === null) return null
      return {
        kind: 'forfeit',
        won: kind === 'fw',
        opponent: Number(a),
        spread: Number(b),
        reason,
        rated: d === '1',
        ...(at === undefined ? {} : { at: { winner: Number(at[1]), loser: Number(at[2]) } }),
      }
    }
    case 'df':
      return COUNT.test(a) && COUNT.test(b)
        ? { kind: 'doubleForfeit', opponent: Number(a), spread: Number(b) }
        : null
    case 'un':
    case 'pend':
      return COUNT.test(a)
        ? { kind: kind === 'un' ? 'unplayed' : 'pending', opponent: Number(a) }
        : null
  }
}

/** The tag's facts, or null when a value is not one Rackside writes (then the tag is ignored). */
export function readFacts(values: readonly string[]): RacksideFacts | null {
  let firstRound: number | undefined
  let withdrawnFrom: number | undefined
  let reservedTable: number | undefined
  const rounds = new Map<number, RoundEntry>()
  for (const value of values) {
    const table = /^table=([1-9]\d{0,3})$/.exec(value)
    if (table !== null) {
      reservedTable = Number(table[1])
      continue
    }
    // Round numbers count from 1 (issue 28: `wd=0` and `r0=…` were taken, and the player then
    // played no round at all).
    const fact = /^(from|wd)=([1-9]\d{0,5})$/.exec(value)
    if (fact !== null) {
      if (fact[1] === 'from') firstRound = Number(fact[2])
      else withdrawnFrom = Number(fact[2])
      continue
    }
    const round = /^r([1-9]\d{0,5})=(.+)$/.exec(value)
    const entry = round?.[2] === undefined ? null : readEntry(round[2])
    if (round === null || entry === null || rounds.has(Number(round[1]))) return null
    rounds.set(Number(round[1]), entry)
  }
  return {
    ...(firstRound === undefined ? {} : { firstRound }),
    ...(withdrawnFrom === undefined ? {} : { withdrawnFrom }),
    ...(reservedTable === undefined ? {} : { reservedTable }),
    rounds,
  }
}

/**
 * The opponent, score and `penalty` adjustment t-export writes for an entry, so t-import can tell
 * whether the tag still matches the columns (tsh may have changed them since), and which part of
 * the `penalty` tag is the entry's rather than a director's penalty.
 */
export function writtenForm(entry: RoundEntry): {
  readonly opponent: PlayerId
  readonly score: number | null
  readonly adjust: number
} {
  switch (entry.kind) {
    case 'bye':
      // tsh has no bye at 0 or below (opponent 0 with such a score is unplayed or a loss): a
      // win of 1 and the rest of the spread as a penalty ranks the same.
      return entry.spread > 0
        ? { opponent: 0, score: entry.spread, adjust: 0 }
        : { opponent: 0, score: 1, adjust: entry.spread - 1 }
    case 'forfeit': {
      if (entry.spread === 0) {
        const point = entry.won ? 1 : -1
        return { opponent: 0, score: point, adjust: -point }
      }
      if (entry.rated) {
        return { opponent: entry.opponent, score: entry.won ? entry.spread : 0, adjust: 0 }
      }
      return { opponent: 0, score: entry.won ? entry.spread : -entry.spread, adjust: 0 }
    }
    case 'doubleForfeit':
      return entry.spread === 0
        ? { opponent: 0, score: -1, adjust: 1 }
        : { opponent: 0, score: -entry.spread, adjust: 0 }
    case 'unplayed':
      return { opponent: 0, score: 0, adjust: 0 }
    case 'pending':
      return { opponent: 0, score: 0, adjust: 0 }
  }
}

/**
 * The `rackside` tags of the file (t-rackside-tag.ts), when every one still matches the columns
 * and its opponent's line: tsh keeps the tag but may have changed the results since, and then the
 * file is read as tsh would read it. Null when there is none or it no longer fits. The one reading
 * of the tag for every reader (t-import, and the CLI's pairing input), so they agree on what a
 * round was, and so on who went first in it.
 */
export function checkedFacts(
  lines: readonly TPlayerLine[],
): ReadonlyMap<PlayerId, RacksideFacts> | null {
  const facts = new Map<PlayerId, RacksideFacts>()
  for (const line of lines) {
    const values = line.tags.find((t) => t.name === RACKSIDE_TAG)?.values
    if (values === undefined) continue
    const read = readFacts(values)
    if (read === null) return null
    facts.set(line.id, read)
  }
  if (facts.size === 0) return null
  const entryOf = (id: PlayerId, round: number): RoundEntry | undefined =>
    facts.get(id)?.rounds.get(round)
  for (const line of lines) {
    for (const [round, entry] of facts.get(line.id)?.rounds ?? []) {
      const form = writtenForm(entry)
      if (line.opponents[round - 1] !== form.opponent) return null
      if ((line.scores[round - 1] ?? null) !== form.score) return null
      if (entry.kind === 'bye' || entry.opponent === 0) continue
      const other = entryOf(entry.opponent, round)
      const mirrored =
        other !== undefined &&
        other.kind === entry.kind &&
        other.opponent === line.id &&
        (entry.kind !== 'forfeit' ||
          (other.kind === 'forfeit' &&
            other.won !== entry.won &&
            other.spread === entry.spread &&
            other.reason === entry.reason &&
            other.rated === entry.rated)) &&
        (entry.kind !== 'doubleForfeit' ||
          (other.kind === 'doubleForfeit' && other.spread === entry.spread))
      if (!mirrored) return null
    }
  }
  return facts
}
