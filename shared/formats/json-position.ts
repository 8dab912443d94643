/**
 * Where a JSON text goes wrong, found by our own scan rather than read from the engine's message:
 * V8 says "Unexpected end of JSON input" with no position, Chromium and Node word positions
 * differently, and a director needs the line and column of every damaged file (issue 20).
 */

/** Line and column (both from 1) of a code-unit offset; a `\r\n` counts as one line break. */
export function lineAndColumn(
  text: string,
  offset: number,
): { readonly line: number; readonly column: number } {
  const end = Math.max(0, Math.min(offset, text.length))
  let line = 1
  let lineStart = 0
  for (let i = 0; i < end; i++) {
    const c = text.charCodeAt(i)
    // A lone \r ends a line too (old Mac files); \r\n is counted once, at its \n.
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++
      lineStart = i + 1
    }
  }
  return { line, column: end - lineStart + 1 }
}

export interface JsonSyntaxProblem {
  readonly offset: number
  readonly line: number
  readonly column: number
  /** Plain English: what was expected and what was found. */
  readonly message: string
}

/**
 * The first place `text` breaks RFC 8259 JSON, or undefined when it is valid. Never throws; nesting
 * is tracked with an explicit stack so a file of a million `[` cannot overflow the call stack.
 */
export function findJsonSyntaxError(text: string): JsonSyntaxProblem | undefined {
  const failure = scan(text)
  if (failure === undefined) return undefined
  return { offset: failure.at, ...lineAndColumn(text, failure.at), message: failure.message }
}

interface Failure {
  readonly at: number
  readonly message: string
}

const WHITESPACE = new Set([0x20, 0x09, 0x0a, 0x0d])
const HEX = /^[0-9a-fA-F]$/
// NaN past the end compares false, so the end of the text is never a digit.
const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39

function found(text: string, at: number): string {
  if (at >= text.length) return 'the end of the file'
  const ch = text.slice(at, at + 1)
  return ch.charCodeAt(0) < 0x20
    ? `a control character (code ${String(ch.charCodeAt(0))})`
    : `"${ch}"`
}

function scan(text: string): Failure | undefined {
  let i = 0
  // What each open bracket waits for next, innermost last.
  const open: ('[' | '{')[] = []
  let justOpened = false
  const skip = (): void => {
    while (i < text.length && WHITESPACE.has(text.charCodeAt(i))) i++
  }
  const fail = (expected: string): Failure => ({
    at: i,
    message: `expected ${expected}, found ${found(text, i)}`,
  })

  // Reads one scalar at i, or opens a bracket; returns a failure or undefined.
  const value = (): Failure | undefined => {
    skip()
    const c = text[i]
    if (c === '{' || c === '[') {
      open.push(c)
      justOpened = true
      i++
      return undefined
    }
    if (c === '"') return string()
    if (c === 't') return word('true')
    if (c === 'f') return word('false')
    if (c === 'n') return word('null')
    if (c === '-' || isDigit(text.charCodeAt(i))) return number()
    return fail('a value')
  }
  const word = (w: string): Failure | undefined => {
    for (const ch of w) {
      if (text[i] !== ch) return fail(`"${w}"`)
      i++
    }
    return undefined
  }
  const digits = (): number => {
    const start = i
    while (isDigit(text.charCodeAt(i))) i++
    return i - start
  }
  const number = (): Failure | undefined => {
    if (text[i] === '-') i++
    if (text[i] === '0') i++
    else if (digits() === 0) return fail('a digit')
    if (text[i] === '.') {
      i++
      if (digits() === 0) return fail('a digit after the decimal point')
    }
    if (text[i] === 'e' || text[i] === 'E') {
      i++
      if (text[i] === '+' || text[i] === '-') i++
      if (digits() === 0) return fail('a digit in the exponent')
    }
    return undefined
  }
  const string = (): Failure | undefined => {
    i++
    for (;;) {
      if (i >= text.length) return fail('the closing quote of a string')
      const c = text.charCodeAt(i)
      if (c === 0x22) {
        i++
        return undefined
      }
      if (c < 0x20) return fail('the closing quote of a string')
      if (c === 0x5c) {
        i++
        const e = text[i]
        if (e === 'u') {
          i++
          for (let k = 0; k < 4; k++) {
            if (!HEX.test(text[i] ?? '')) return fail('four hex digits after \\u')
            i++
          }
          continue
        }
        if (e === undefined || !'"\\/bfnrt'.includes(e)) return fail('an escape such as \\n or \\"')
      }
      i++
    }
  }

  // After a value: a comma and the next item, a closing bracket, or the end. Right after an
  // opening bracket the container may close at once or holds its first item.
  let failure = value()
  if (failure !== undefined) return failure
  for (;;) {
    const top = open[open.length - 1]
    skip()
    if (top === undefined) {
      return i < text.length ? fail('the end of the file after the value') : undefined
    }
    const close = top === '[' ? ']' : '}'
    if (text[i] === close) {
      i++
      open.pop()
      justOpened = false
      continue
    }
    if (!justOpened) {
      if (text[i] !== ',') return fail(`"," or "${close}"`)
      i++
    }
    justOpened = false
    failure = top === '{' ? member() : value()
    if (failure !== undefined) return failure
  }

  function member(): Failure | undefined {
    skip()
    if (text[i] !== '"') return fail('a property name in double quotes')
    const key = string()
    if (key !== undefined) return key
    skip()
    if (text[i] !== ':') return fail('":" after the property name')
    i++
    return value()
  }
}

type Frame = { kind: 'object'; key: string | null } | { kind: 'array'; index: number }

/**
 * Where the value at `path` (`['log', 17]`) starts in a text JSON.parse accepted, so a refusal of
 * well-formed but wrong content names its line too; undefined when the path is not there. Only
 * walked when a file is refused, never on a normal open.
 */
export function locateJsonPath(
  text: string,
  path: readonly (string | number)[],
): { readonly line: number; readonly column: number } | undefined {
  const stack: Frame[] = []
  const matches = (): boolean =>
    stack.length === path.length &&
    stack.every((f, d) => (f.kind === 'object' ? f.key : f.index) === path[d])
  let expectKey = false
  let i = 0
  while (i < text.length) {
    const c = text[i]
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === ':') {
      i++
      continue
    }
    const top = stack[stack.length - 1]
    if (c === ',') {
      if (top?.kind === 'array') top.index++
      else expectKey = true
      i++
      continue
    }
    if (c === '}' || c === ']') {
      stack.pop()
      i++
      continue
    }
    if (expectKey && c === '"') {
      const end = stringEnd(text, i)
      if (top?.kind === 'object') top.key = JSON.parse(text.slice(i, end)) as string
      expectKey = false
      i = end
      continue
    }
    // A value starts here.
    if (matches()) return lineAndColumn(text, i)
    if (c === '{') {
      stack.push({ kind: 'object', key: null })
      expectKey = true
      i++
    } else if (c === '[') {
      stack.push({ kind: 'array', index: 0 })
      i++
    } else if (c === '"') i = stringEnd(text, i)
    else {
      while (i < text.length && !',}] \t\n\r'.includes(text[i] ?? ',')) i++
    }
  }
  return undefined
}

/** The offset just past the string that opens at `start`. */
function stringEnd(text: string, start: number): number {
  let i = start + 1
  while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1
  return i + 1
}
