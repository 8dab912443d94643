/**
 * Reading and writing tsh `.t` division files (formats.md, "tsh `.t`"). Reading keeps every field,
 * tag and comment so that an unchanged file is written back byte for byte when it follows tsh's own
 * layout, and a director's notes and unknown tags survive a trip through Rackside.
 */
import { err, ok, type Result, type RuleError } from '../result'
import { hasErrors, type FormatProblem } from './problem'
import type { TDivisionFile, TFileLayout, TPlayerLine, TTag } from './t-file-types'
import { splitLines, strayCharacter } from './text-codec'

export interface TFileRead {
  /** Every player line that could be read; ids still count the unreadable ones (id = position). */
  readonly file: TDivisionFile
  readonly problems: readonly FormatProblem[]
}

interface Token {
  readonly text: string
  /** Column from 1 in the line. */
  readonly column: number
}

const tokensOf = (text: string, offset: number): Token[] =>
  Array.from(text.matchAll(/\S+/g), (m) => ({ text: m[0], column: offset + (m.index ?? 0) + 1 }))

/**
 * Limits on a `.t` file, so a hostile or damaged file is refused with its line instead of stalling
 * the reader. A real line is a few hundred characters; a real division a few hundred players.
 */
export const T_FILE_LIMITS = {
  lineLength: 20_000,
  players: 10_000,
  /** Digits in one number: beyond, no rating, opponent or score is meant. */
  digits: 9,
} as const

const INTEGER = /^\d+$/
const SIGNED_INTEGER = /^[-+]?\d+$/
/** A rating that is not a plain integer but still reads as a number (kept as text: formats.md). */
const NUMBER_LIKE_RATING = /^[-+]?\d+(\.\d+)?$/
const TAG_NAME = /^[A-Za-z_][\w-]*$/

const problem = (
  line: number,
  column: number | undefined,
  code: string,
  message: string,
  severity: FormatProblem['severity'] = 'error',
): FormatProblem =>
  column === undefined
    ? { line, code, message, severity }
    : { line, column, code, message, severity }

const tooLong = (lineNo: number, t: Token): FormatProblem =>
  problem(
    lineNo,
    t.column,
    'tfile.number.too-long',
    `"${t.text}" has more than ${String(T_FILE_LIMITS.digits)} digits: no opponent or score is that large`,
  )

function detectLayout(text: string): TFileLayout {
  const ending = /\r\n|\r|\n/.exec(text)?.[0]
  const lineEnding = ending === '\r\n' || ending === '\r' ? ending : '\n'
  return { lineEnding, finalNewline: /(\r\n|\r|\n)$/.test(text) }
}

/**
 * The first `;` field holds NAME RATING OPP1 OPP2 …. Like tsh, the rating is the first number of the
 * trailing run of numbers, so the name is as long as it can be; that is why a name that would end in
 * a digit is written with a trailing comma (formats.md). A rating that is a signed or decimal number
 * just before the run is taken as the rating text instead.
 */
function readHead(
  head: string,
  lineNo: number,
  problems: FormatProblem[],
): { name: string; ratingText: string; opponents: number[]; numberInName?: Token } | null {
  const tokens = tokensOf(head, 0)
  let run = tokens.length
  while (run > 0 && INTEGER.test(tokens[run - 1]?.text ?? '')) run -= 1
  let ratingIndex: number
  const before = tokens[run - 1]
  if (before !== undefined && run >= 2 && NUMBER_LIKE_RATING.test(before.text)) {
    ratingIndex = run - 1
  } else if (run < tokens.length) {
    ratingIndex = run
  } else {
    const last = tokens[tokens.length - 1]
    problems.push(
      problem(
        lineNo,
        last === undefined ? 1 : last.column + last.text.length,
        'tfile.rating.missing',
        last === undefined
          ? 'player line has no name and no rating'
          : `no rating after the name "${head.trim()}"`,
      ),
    )
    return null
  }
  const ratingToken = tokens[ratingIndex]
  const firstToken = tokens[0]
  if (ratingIndex === 0 || ratingToken === undefined || firstToken === undefined) {
    problems.push(
      problem(lineNo, 1, 'tfile.name.missing', 'player line has no name before the rating'),
    )
    return null
  }
  const nameTokens = tokens.slice(0, ratingIndex)
  // tsh's rule: the rating is the number after the name, and the name ends in a non-digit, so
  // "Team 2 Bob 1500" is "Team 2 Bob". A number inside the name is kept; readPlayerLine refuses it
  // only when the line then has more scores than opponents (`Ann 1850 2 x 5; 400 410`: a typo in
  // the opponents, not a name).
  const firstNumber = nameTokens.findIndex((t, i) => i > 0 && INTEGER.test(t.text))
  const numberInName =
    firstNumber < 0
      ? undefined
      : (nameTokens.slice(firstNumber).find((t) => !INTEGER.test(t.text)) ?? ratingToken)
  const nameEnd =
    (nameTokens[nameTokens.length - 1]?.column ?? 1) -
    1 +
    (nameTokens[nameTokens.length - 1]?.text.length ?? 0)
  let name = head.slice(firstToken.column - 1, nameEnd)
  // The trailing comma only protects a final digit (formats.md); it is not part of the name.
  if (/\d,$/.test(name)) name = name.slice(0, -1)
  return {
    name,
    ratingText: ratingToken.text,
    opponents: tokens.slice(ratingIndex + 1).map((t) => Number(t.text)),
    ...(numberInName === undefined ? {} : { numberInName }),
  }
}

function readPlayerLine(
  raw: string,
  lineNo: number,
  id: number,
  problems: FormatProblem[],
): TPlayerLine | null {
  const fields: { text: string; offset: number }[] = []
  let offset = 0
  for (const text of raw.split(';')) {
    fields.push({ text, offset })
    offset += text.length + 1
  }
  const headField = fields[0] ?? { text: raw, offset: 0 }
  const before = problems.length
  const head = readHead(headField.text, lineNo, problems)
  const scores: number[] = []
  const scoreField = fields[1]
  if (scoreField !== undefined) {
    for (const t of tokensOf(scoreField.text, scoreField.offset)) {
      if (
        SIGNED_INTEGER.test(t.text) &&
        t.text.replace(/^[-+]/, '').length > T_FILE_LIMITS.digits
      ) {
        problems.push(tooLong(lineNo, t))
      } else if (SIGNED_INTEGER.test(t.text)) scores.push(Number(t.text))
      else {
        problems.push(
          problem(
            lineNo,
            t.column,
            'tfile.score.not-a-number',
            `score "${t.text}" is not a whole number`,
          ),
        )
      }
    }
  }
  const tags: TTag[] = []
  for (const field of fields.slice(2)) {
    const tokens = tokensOf(field.text, field.offset)
    const first = tokens[0]
    if (first === undefined) continue // `;;` or a trailing `;`: nothing to keep
    if (!TAG_NAME.test(first.text)) {
      problems.push(
        problem(
          lineNo,
          first.column,
          'tfile.tag.name',
          `"${first.text}" is not a tag name: after the scores each \`;\` field starts with a name`,
        ),
      )
      continue
    }
    const earlier = tags.find((t) => t.name === first.text)
    if (earlier !== undefined) {
      // tsh keeps one value list per tag and would silently drop one of the two (issue 20).
      problems.push(
        problem(
          lineNo,
          first.column,
          'tfile.tag.repeated',
          `the tag "${first.text}" is given twice on this line: which one holds?`,
        ),
      )
      continue
    }
    tags.push({ name: first.text, values: tokens.slice(1).map((t) => t.text) })
  }
  const headTokens = tokensOf(headField.text, 0)
  const opponentTokens =
    head === null ? [] : headTokens.slice(headTokens.length - head.opponents.length)
  const longOpponent = opponentTokens.find((t) => t.text.length > T_FILE_LIMITS.digits)
  if (longOpponent !== undefined) problems.push(tooLong(lineNo, longOpponent))
  const culprit = head?.numberInName
  if (head !== null && culprit !== undefined) {
    if (scores.length > head.opponents.length) {
      problems.push(
        problem(
          lineNo,
          culprit.column,
          'tfile.opponent.not-a-number',
          `"${culprit.text}" is not a number where the rating and opponents were expected`,
        ),
      )
    } else {
      problems.push(
        problem(
          lineNo,
          1,
          'tfile.name.number',
          `the name "${head.name}" holds a number; read as tsh reads it: the rating is the number after the name`,
          'warning',
        ),
      )
    }
  }
  if (head === null || hasErrors(problems.slice(before))) return null
  const rating =
    INTEGER.test(head.ratingText) || SIGNED_INTEGER.test(head.ratingText)
      ? Number(head.ratingText)
      : null
  return {
    id,
    line: lineNo,
    name: head.name,
    ratingText: head.ratingText,
    rating,
    opponents: head.opponents,
    scores,
    tags,
  }
}

/**
 * Reads a whole `.t` file and every problem in it. Never throws; a file with an `error` problem is
 * incomplete (the unreadable lines are missing) and must not be used as is.
 */
export function readTFile(text: string): TFileRead {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  const layout = detectLayout(body)
  const lines = splitLines(body)
  if (layout.finalNewline) lines.pop()
  if (body === '') lines.pop()
  const players: TPlayerLine[] = []
  const comments: { line: number; text: string }[] = []
  const problems: FormatProblem[] = []
  let id = 0
  lines.forEach((raw, index) => {
    const lineNo = index + 1
    if (raw.length > T_FILE_LIMITS.lineLength) {
      id += 1
      problems.push(
        problem(
          lineNo,
          undefined,
          'tfile.line.too-long',
          `line ${String(lineNo)} has ${String(raw.length)} characters; at most ${String(T_FILE_LIMITS.lineLength)} are read`,
        ),
      )
      return
    }
    const trimmed = raw.trim()
    if (trimmed === '' || trimmed.startsWith('#')) {
      comments.push({ line: lineNo, text: raw })
      return
    }
    id += 1
    // A second byte-order mark would sit invisibly in a name, and no tournament has two players
    // who differ only by it (issue 20).
    const stray = strayCharacter(raw)
    if (stray !== null) {
      problems.push(problem(lineNo, stray.column, stray.problem.code, stray.problem.message))
      return
    }
    if (id > T_FILE_LIMITS.players) {
      if (id === T_FILE_LIMITS.players + 1) {
        problems.push(
          problem(
            lineNo,
            undefined,
            'tfile.players.too-many',
            `more than ${String(T_FILE_LIMITS.players)} players: the rest of the file is not read`,
          ),
        )
      }
      return
    }
    const player = readPlayerLine(raw, lineNo, id, problems)
    if (player !== null) players.push(player)
  })
  return { file: { players, comments, layout }, problems }
}

/** The file, or its first error (with line and column, and how many errors there were in all). */
export function parseTFile(text: string): Result<TDivisionFile, RuleError> {
  const { file, problems } = readTFile(text)
  if (!hasErrors(problems)) return ok(file)
  const errors = problems.filter((p) => p.severity === 'error')
  const first = errors[0]
  if (first === undefined) return ok(file)
  return err(first.code, first.message, {
    line: first.line,
    ...(first.column === undefined ? {} : { column: first.column }),
    details: { errors: errors.length },
  })
}

/** A name that would end in a digit gets a trailing comma so it is not read as the rating. */
export const nameForTFile = (name: string): string => (/\d$/.test(name) ? `${name},` : name)

function ratingForTFile(player: TPlayerLine): string {
  if (player.rating === null) return player.ratingText
  // Keep the text as written (e.g. `01500`) unless the number was changed since reading.
  return Number(player.ratingText) === player.rating && player.ratingText !== ''
    ? player.ratingText
    : String(player.rating)
}

/** One player line in tsh's layout: `%-22s %5s` name and rating, opponents, `; ` scores, `; ` tags. */
export function serializePlayerLine(player: TPlayerLine): string {
  const head = `${nameForTFile(player.name).padEnd(22)} ${ratingForTFile(player).padStart(5)}`
  const opponents = player.opponents.map((o) => ` ${String(o)}`).join('')
  const tags = player.tags.map((t) => `; ${[t.name, ...t.values].join(' ')}`).join('')
  return `${head}${opponents}; ${player.scores.join(' ')}${tags}`
}

/**
 * Writes a `.t` file. Players go in id order (the id is the position); each comment goes back before
 * the first player whose line number is after the comment's, so notes stay where the director put them.
 */
export function serializeTFile(file: TDivisionFile): string {
  const layout = file.layout ?? { lineEnding: '\n', finalNewline: true }
  const comments = [...file.comments].sort((a, b) => a.line - b.line)
  const players = [...file.players].sort((a, b) => a.id - b.id)
  const out: string[] = []
  let c = 0
  for (const player of players) {
    while (c < comments.length && (comments[c]?.line ?? Infinity) < player.line) {
      out.push(comments[c]?.text ?? '')
      c += 1
    }
    out.push(serializePlayerLine(player))
  }
  for (; c < comments.length; c += 1) out.push(comments[c]?.text ?? '')
  const text = out.join(layout.lineEnding)
  return layout.finalNewline && out.length > 0 ? text + layout.lineEnding : text
}
