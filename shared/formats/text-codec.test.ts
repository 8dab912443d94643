import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { ok } from '../result'
import {
  decodeText,
  decodeUtf8,
  encodeText,
  fatalUtf8,
  utf8Break,
  utf8ByteLength,
} from './text-codec'

/** Issue 13: one codec for the app, the browser build and the CLI (formats.md: tsh is Latin-1). */
describe('the one text codec', () => {
  test.each([
    ['latin1', 'Ñandú', [0xd1, 0x61, 0x6e, 0x64, 0xfa]],
    ['utf8', 'Ñandú', [0xc3, 0x91, 0x61, 0x6e, 0x64, 0xc3, 0xba]],
    ['utf8', 'Łukasz 😀', [...new TextEncoder().encode('Łukasz 😀')]],
  ] as const)('%s: "%s" round trips with exactly its bytes', (encoding, text, bytes) => {
    const encoded = encodeText(text, encoding)
    expect(encoded.ok && [...encoded.value]).toEqual(bytes)
    expect(decodeText(Uint8Array.from(bytes), encoding)).toEqual({ ok: true, value: text })
  })

  test('Latin-1 refuses a character it cannot hold, naming it, its line and column', () => {
    expect(encodeText('Ana 1500\nBo Łukasz 1600\n', 'latin1')).toMatchObject({
      ok: false,
      error: {
        code: 'text.encoding.unrepresentable',
        message: expect.stringContaining('line 2 has "Ł"'),
        line: 2,
        column: 4,
      },
    })
  })

  test('UTF-8 drops a byte order mark and refuses bytes that are not UTF-8, naming Latin-1', () => {
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf, 0x41])
    expect(decodeText(bom, 'utf8')).toEqual({ ok: true, value: 'A' })
    expect(decodeText(Uint8Array.from([0xd1, 0x61]), 'utf8')).toMatchObject({
      ok: false,
      error: { code: 'text.decoding.not-utf8', message: expect.stringContaining('Latin-1') },
    })
  })
})

/**
 * Issue 20: the plain decoder builds the text in large slices, and a caller may bring the
 * platform's TextDecoder; both must read exactly what the WHATWG strict (fatal) UTF-8 decoder reads.
 */
describe('strict UTF-8, fast', () => {
  const platform = (bytes: Uint8Array): string | null => {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    } catch {
      return null
    }
  }

  test.each([
    ['a lone continuation byte', [0x41, 0x80], 2, 1],
    ['an overlong "/" (C0 AF)', [0x41, 0x0a, 0xc0, 0xaf], 3, 2],
    ['a surrogate (ED A0 80)', [0x0a, 0x0a, 0xed, 0xa0, 0x80], 3, 3],
    ['past U+10FFFF (F4 90 80 80)', [0xf4, 0x90, 0x80, 0x80], 1, 1],
    ['a sequence cut short at the end', [0x41, 0x42, 0xe2, 0x82], 3, 1],
    ['Latin-1 "Ñ" (D1) before ASCII', [0xd1, 0x61], 1, 1],
  ] as const)(
    'WHATWG Encoding, UTF-8 decoder: %s is refused naming its byte and line',
    (_what, bytes, byte, line) => {
      const input = Uint8Array.from(bytes)
      expect(decodeUtf8(input)).toBeNull()
      expect(utf8Break(input)).toEqual({ byte, line })
      expect(decodeText(input, 'utf8')).toMatchObject({
        ok: false,
        error: {
          code: 'text.decoding.not-utf8',
          message: `it is not UTF-8 text: byte ${byte} (line ${line}) is not UTF-8 (it may be a Latin-1 file)`,
          line,
        },
      })
    },
  )

  test('a byte-order mark counts in the byte named, as a hex editor shows the file', () => {
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41, 0xff]), 'utf8')).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('byte 5 (line 1)'), details: { byte: 5 } },
    })
  })

  test('a decoder the caller brings is used, and its refusal is explained by the plain scan', () => {
    const seen: number[] = []
    const counting = (bytes: Uint8Array): string | null => {
      seen.push(bytes.length)
      return platform(bytes)
    }
    expect(decodeText(Uint8Array.from([0xef, 0xbb, 0xbf, 0x41]), 'utf8', counting)).toEqual(ok('A'))
    expect(decodeText(Uint8Array.from([0x41, 0xfe]), 'utf8', counting)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('byte 2 (line 1)') },
    })
    expect(seen).toEqual([1, 2])
  })

  test('text longer than one slice (8192 units) with characters across the seams', () => {
    const text = 'Łukasz 😀 Ñandú\n'.repeat(3000)
    expect(decodeUtf8(new TextEncoder().encode(text))).toBe(text)
  })

  test('any bytes: the plain decoder reads what TextDecoder (fatal) reads, or refuses as it does', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(decodeUtf8(bytes)).toBe(platform(bytes))
        expect(utf8Break(bytes) === null).toBe(platform(bytes) !== null)
      }),
      { numRuns: 2000 },
    )
  })

  test('any text round trips through UTF-8', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        expect(decodeUtf8(new TextEncoder().encode(text))).toBe(text)
      }),
    )
  })
})

describe('fatalUtf8: the platform decoder as a Utf8Decoder', () => {
  const utf8 = fatalUtf8(() => new TextDecoder('utf-8', { fatal: true }))
  test.each([
    ['valid UTF-8', [0x4c, 0xc3, 0xa9, 0x61], 'Léa'],
    ['Latin-1 "é" alone (WHATWG: fatal decoder throws)', [0x4c, 0xe9, 0x61], null],
  ] as const)('%s', (_what, bytes, expected) => {
    expect(utf8(Uint8Array.from(bytes))).toBe(expected)
  })
})

describe('utf8ByteLength: a size without a copy', () => {
  test.each([
    ['ASCII', 'Ana 1500', 8],
    ['two-byte letters', 'Ñandú', 7],
    ['three-byte (€)', '€5', 4],
    ['a surrogate pair (😀)', 'a😀', 5],
    ['a lone high surrogate (WHATWG: written as U+FFFD, 3 bytes)', 'a\ud83d', 4],
    ['a lone low surrogate', '\ude00b', 4],
  ] as const)('WHATWG Encoding, UTF-8 encoder: %s', (_what, text, bytes) => {
    expect(utf8ByteLength(text)).toBe(bytes)
  })

  test('any text: the length TextEncoder writes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 100 }), (text) => {
        expect(utf8ByteLength(text)).toBe(new TextEncoder().encode(text).length)
      }),
    )
  })
})

describe('UTF-8 encoding into one buffer (issue 20)', () => {
  test.each([
    ['a lone high surrogate', 'a\ud83d'],
    ['a lone low surrogate', '\ude00b'],
    ['a low before a high', '\ude00\ud83d'],
  ] as const)('WHATWG Encoding: %s cannot be written in UTF-8 and is refused', (_what, text) => {
    expect(encodeText(text, 'utf8')).toMatchObject({
      ok: false,
      error: { code: 'text.encoding.unrepresentable' },
    })
  })

  test('any well-formed text: exactly the bytes TextEncoder writes', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (text) => {
        const encoded = encodeText(text, 'utf8')
        expect(encoded.ok && [...encoded.value]).toEqual([...new TextEncoder().encode(text)])
      }),
    )
  })
})
