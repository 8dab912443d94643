import { describe, expect, test } from 'vitest'
import { decodeText, encodeText } from './text-codec'

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
