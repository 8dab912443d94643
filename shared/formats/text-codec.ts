/**
 * Bytes to text and back for the files of formats.md, without TextDecoder (shared/ has no DOM or Node
 * types). tsh writes ISO-8859-1 unless an event says UTF-8, so a file that is not valid UTF-8 is Latin-1.
 */
import { err, ok, type Result } from '../result'

export const TEXT_ENCODINGS = ['latin1', 'utf8'] as const
export type TextEncodingName = (typeof TEXT_ENCODINGS)[number]

export interface DecodedText {
  readonly text: string
  readonly encoding: TextEncodingName
  /** The file began with a UTF-8 byte-order mark (dropped from `text`). */
  readonly hadBom: boolean
}

const hasUtf8Bom = (bytes: Uint8Array): boolean =>
  bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf

/** Strict UTF-8: no overlong forms, no surrogates, nothing past U+10FFFF; null when invalid. */
export function decodeUtf8(bytes: Uint8Array): string | null {
  const parts: string[] = []
  let codes: number[] = []
  let i = 0
  const at = (k: number): number => bytes[k] ?? -1
  const cont = (k: number): boolean => (at(k) & 0xc0) === 0x80 && at(k) >= 0
  while (i < bytes.length) {
    const b = at(i)
    let cp: number
    if (b < 0x80) {
      cp = b
      i += 1
    } else if (b >= 0xc2 && b <= 0xdf && cont(i + 1)) {
      cp = ((b & 0x1f) << 6) | (at(i + 1) & 0x3f)
      i += 2
    } else if (b >= 0xe0 && b <= 0xef && cont(i + 1) && cont(i + 2)) {
      cp = ((b & 0x0f) << 12) | ((at(i + 1) & 0x3f) << 6) | (at(i + 2) & 0x3f)
      if (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff)) return null
      i += 3
    } else if (b >= 0xf0 && b <= 0xf4 && cont(i + 1) && cont(i + 2) && cont(i + 3)) {
      cp =
        ((b & 0x07) << 18) |
        ((at(i + 1) & 0x3f) << 12) |
        ((at(i + 2) & 0x3f) << 6) |
        (at(i + 3) & 0x3f)
      if (cp < 0x10000 || cp > 0x10ffff) return null
      i += 4
    } else {
      return null
    }
    codes.push(cp)
    if (codes.length >= 4096) {
      parts.push(String.fromCodePoint(...codes))
      codes = []
    }
  }
  parts.push(String.fromCodePoint(...codes))
  return parts.join('')
}

export function decodeLatin1(bytes: Uint8Array): string {
  const parts: string[] = []
  for (let i = 0; i < bytes.length; i += 4096) {
    parts.push(String.fromCharCode(...bytes.subarray(i, i + 4096)))
  }
  return parts.join('')
}

/**
 * Decodes a `.t`, `config.tsh` or `.tsh` file. With no encoding given: a UTF-8 BOM or bytes that are
 * valid UTF-8 mean UTF-8 (plain ASCII is both), anything else is Latin-1, tsh's default (formats.md).
 * A BOM is dropped either way.
 */
export function decodeTFileBytes(bytes: Uint8Array, encoding?: TextEncodingName): DecodedText {
  const hadBom = hasUtf8Bom(bytes)
  const body = hadBom ? bytes.subarray(3) : bytes
  if (encoding === 'latin1') return { text: decodeLatin1(body), encoding, hadBom }
  const utf8 = decodeUtf8(body)
  if (utf8 !== null) return { text: utf8, encoding: 'utf8', hadBom }
  // Asked for UTF-8 but the bytes are not: decode as Latin-1 rather than invent replacement characters.
  return { text: decodeLatin1(body), encoding: 'latin1', hadBom }
}

/**
 * The one text codec of the app, the desktop shell, the browser build and the CLI (issue 13).
 * Decodes a file the director picked: UTF-8 strictly (a BOM is dropped), so a Latin-1 file opened
 * as UTF-8 is refused with the likely reason rather than read with replacement characters.
 */
export function decodeText(bytes: Uint8Array, encoding: TextEncodingName): Result<string> {
  switch (encoding) {
    case 'latin1':
      return ok(decodeLatin1(bytes))
    case 'utf8': {
      const text = decodeUtf8(hasUtf8Bom(bytes) ? bytes.subarray(3) : bytes)
      return text === null
        ? err('text.decoding.not-utf8', 'it is not UTF-8 text (it may be a Latin-1 file)')
        : ok(text)
    }
  }
}

/**
 * Encodes text; Latin-1 refuses a character it cannot hold, naming it and its line, instead of
 * writing `?` silently.
 */
export function encodeText(text: string, encoding: TextEncodingName): Result<Uint8Array> {
  if (encoding === 'latin1') {
    const out = new Uint8Array(text.length)
    let line = 1
    let lineStart = 0
    for (let i = 0; i < text.length; i += 1) {
      const c = text.charCodeAt(i)
      if (c === 0x0a) {
        line += 1
        lineStart = i + 1
      }
      if (c > 0xff) {
        const character = String.fromCodePoint(text.codePointAt(i) ?? c)
        return err(
          'text.encoding.unrepresentable',
          `line ${line} has "${character}", which Latin-1 (ISO-8859-1) cannot store; save as UTF-8 instead`,
          { line, column: i - lineStart + 1 },
        )
      }
      out[i] = c
    }
    return ok(out)
  }
  const bytes: number[] = []
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0
    if (cp < 0x80) bytes.push(cp)
    else if (cp < 0x800) bytes.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f))
    else if (cp < 0x10000) {
      if (cp >= 0xd800 && cp <= 0xdfff) {
        return err('text.encoding.unrepresentable', 'a lone surrogate cannot be written in UTF-8')
      }
      bytes.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f))
    } else {
      bytes.push(
        0xf0 | (cp >> 18),
        0x80 | ((cp >> 12) & 0x3f),
        0x80 | ((cp >> 6) & 0x3f),
        0x80 | (cp & 0x3f),
      )
    }
  }
  return ok(Uint8Array.from(bytes))
}

/** Splits on any line ending (\r\n, \r, \n), as tsh files come from every platform. */
/**
 * The text's lines. A DOS end-of-file mark (Ctrl-Z, 0x1A) at the very end, which old DOS editors
 * and programs left after the last line of a `.t` or config.tsh, ends the file as it did there.
 */
export const splitLines = (text: string): string[] => withoutDosEof(text).split(/\r\n|\r|\n/)

function withoutDosEof(text: string): string {
  const body = text.replace(/(\r\n|\r|\n)$/, '')
  let end = body.length
  while (end > 0 && body.charCodeAt(end - 1) === 0x1a) end--
  return end === body.length ? text : body.slice(0, end)
}

/**
 * A character no director typed: a byte-order mark past the start (a file pasted into another, so a
 * name would carry an invisible U+FEFF) or a control character other than a tab. config.tsh and `.t`
 * readers refuse such a line with its column (issue 20).
 */
export function strayCharacter(
  raw: string,
): { readonly column: number; readonly problem: { code: string; message: string } } | null {
  let at = -1
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i)
    if (c === 0xfeff || c === 0x7f || (c < 0x20 && c !== 0x09)) {
      at = i
      break
    }
  }
  if (at < 0) return null
  const code = raw.charCodeAt(at)
  return code === 0xfeff
    ? {
        column: at + 1,
        problem: {
          code: 'text.bom.inside',
          message: 'a byte-order mark (U+FEFF) inside the text: two files joined together?',
        },
      }
    : {
        column: at + 1,
        problem: {
          code: 'text.control',
          message: `a control character (code ${String(code)}) inside the text`,
        },
      }
}
