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

/**
 * A UTF-8 decoder the caller may bring: the browser's and Node's `TextDecoder` with `fatal: true`
 * is ten times faster than any loop here, and shared/ has no type for it (lib ES2022, no DOM).
 * It returns null, never throws, for bytes that are not UTF-8.
 */
export type Utf8Decoder = (bytes: Uint8Array) => string | null

/** What shared/ needs of the platform's `TextDecoder`, which it has no type for. */
export interface PlatformTextDecoder {
  decode(bytes: Uint8Array): string
}

/**
 * The platform's decoder as a `Utf8Decoder`: `make` returns `new TextDecoder('utf-8', { fatal:
 * true })`, which throws on bytes that are not UTF-8 (WHATWG Encoding), read here as null.
 */
export function fatalUtf8(make: () => PlatformTextDecoder): Utf8Decoder {
  return (bytes) => {
    try {
      return make().decode(bytes)
    } catch {
      return null
    }
  }
}

/** UTF-16 units per `String.fromCharCode` call: well under every engine's argument limit. */
const CHUNK = 8192

/**
 * Code units to text. `apply` takes the typed array as it is, where a spread would walk it through
 * an iterator (ten times slower on a 10 MB file).
 */
const fromUnits = (units: Uint8Array | Uint16Array): string =>
  String.fromCharCode.apply(null, units as unknown as number[])

/**
 * Where strict UTF-8 first breaks, or the length of the bytes when it does not: no overlong forms,
 * no surrogates, nothing past U+10FFFF. Writes the UTF-16 units into `out` when given.
 */
function scanUtf8(bytes: Uint8Array, out: Uint16Array | null): { end: number; units: number } {
  const n = bytes.length
  let i = 0
  let u = 0
  const at = (k: number): number => (k < n ? (bytes[k] as number) : -1)
  const cont = (k: number): boolean => k < n && ((bytes[k] as number) & 0xc0) === 0x80
  while (i < n) {
    const b = bytes[i] as number
    let cp: number
    if (b < 0x80) {
      cp = b
      i += 1
    } else if (b >= 0xc2 && b <= 0xdf && cont(i + 1)) {
      cp = ((b & 0x1f) << 6) | (at(i + 1) & 0x3f)
      i += 2
    } else if (b >= 0xe0 && b <= 0xef && cont(i + 1) && cont(i + 2)) {
      cp = ((b & 0x0f) << 12) | ((at(i + 1) & 0x3f) << 6) | (at(i + 2) & 0x3f)
      if (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff)) return { end: i, units: u }
      i += 3
    } else if (b >= 0xf0 && b <= 0xf4 && cont(i + 1) && cont(i + 2) && cont(i + 3)) {
      cp =
        ((b & 0x07) << 18) |
        ((at(i + 1) & 0x3f) << 12) |
        ((at(i + 2) & 0x3f) << 6) |
        (at(i + 3) & 0x3f)
      if (cp < 0x10000 || cp > 0x10ffff) return { end: i, units: u }
      i += 4
    } else {
      return { end: i, units: u }
    }
    if (cp < 0x10000) {
      if (out !== null) out[u] = cp
      u += 1
    } else {
      if (out !== null) {
        out[u] = 0xd800 + ((cp - 0x10000) >> 10)
        out[u + 1] = 0xdc00 + ((cp - 0x10000) & 0x3ff)
      }
      u += 2
    }
  }
  return { end: n, units: u }
}

/**
 * Strict UTF-8 in plain TypeScript; null when invalid. Units go into one typed array (never more
 * units than bytes) and become text in large slices: building the text a code point at a time
 * took most of the 1.7 s of opening a 1000-player file (issue 20).
 */
export function decodeUtf8(bytes: Uint8Array): string | null {
  const out = new Uint16Array(bytes.length)
  const { end, units } = scanUtf8(bytes, out)
  if (end < bytes.length) return null
  const parts: string[] = []
  for (let i = 0; i < units; i += CHUNK) {
    parts.push(fromUnits(out.subarray(i, Math.min(units, i + CHUNK))))
  }
  return parts.join('')
}

/** Where bytes stop being UTF-8: the byte's offset and its line (1-based), or null when they do not. */
export function utf8Break(
  bytes: Uint8Array,
): { readonly byte: number; readonly line: number } | null {
  const { end } = scanUtf8(bytes, null)
  if (end >= bytes.length) return null
  let line = 1
  for (let i = 0; i < end; i += 1) if (bytes[i] === 0x0a) line += 1
  return { byte: end + 1, line }
}

/**
 * The text's size in UTF-8 bytes without encoding it: what a backup list shows for a 10 MB file
 * without a second 10 MB copy (issue 20). A lone surrogate counts 3, as the encoder writes U+FFFD.
 */
export function utf8ByteLength(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i)
    if (c < 0x80) bytes += 1
    else if (c < 0x800) bytes += 2
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4
        i += 1
      } else bytes += 3
    } else bytes += 3
  }
  return bytes
}

export function decodeLatin1(bytes: Uint8Array): string {
  const parts: string[] = []
  for (let i = 0; i < bytes.length; i += CHUNK) {
    parts.push(fromUnits(bytes.subarray(i, i + CHUNK)))
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
export function decodeText(
  bytes: Uint8Array,
  encoding: TextEncodingName,
  utf8: Utf8Decoder = decodeUtf8,
): Result<string> {
  switch (encoding) {
    case 'latin1':
      return ok(decodeLatin1(bytes))
    case 'utf8': {
      const body = hasUtf8Bom(bytes) ? bytes.subarray(3) : bytes
      const text = utf8(body)
      if (text !== null) return ok(text)
      // Found again only now that the file is refused, by the one strict reading of this module.
      const at = utf8Break(body)
      const offset = hasUtf8Bom(bytes) ? 3 : 0
      const where =
        at === null
          ? ''
          : `: byte ${String(at.byte + offset)} (line ${String(at.line)}) is not UTF-8`
      return err(
        'text.decoding.not-utf8',
        `it is not UTF-8 text${where} (it may be a Latin-1 file)`,
        at === null ? {} : { line: at.line, details: { byte: at.byte + offset } },
      )
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
  // Into one typed array sized for the worst case (3 bytes a UTF-16 unit), not a byte at a time
  // into a list: a 10 MB tournament file or backup is written in milliseconds (issue 20).
  const out = new Uint8Array(text.length * 3)
  let n = 0
  for (let i = 0; i < text.length; i += 1) {
    let cp = text.charCodeAt(i)
    if (cp >= 0xd800 && cp <= 0xdfff) {
      const next = text.charCodeAt(i + 1)
      if (cp > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) {
        return err('text.encoding.unrepresentable', 'a lone surrogate cannot be written in UTF-8')
      }
      cp = 0x10000 + ((cp - 0xd800) << 10) + (next - 0xdc00)
      i += 1
    }
    if (cp < 0x80) out[n++] = cp
    else if (cp < 0x800) {
      out[n++] = 0xc0 | (cp >> 6)
      out[n++] = 0x80 | (cp & 0x3f)
    } else if (cp < 0x10000) {
      out[n++] = 0xe0 | (cp >> 12)
      out[n++] = 0x80 | ((cp >> 6) & 0x3f)
      out[n++] = 0x80 | (cp & 0x3f)
    } else {
      out[n++] = 0xf0 | (cp >> 18)
      out[n++] = 0x80 | ((cp >> 12) & 0x3f)
      out[n++] = 0x80 | ((cp >> 6) & 0x3f)
      out[n++] = 0x80 | (cp & 0x3f)
    }
  }
  return ok(out.slice(0, n))
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
