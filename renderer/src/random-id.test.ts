import { afterEach, describe, expect, test, vi } from 'vitest'
import { randomUuid } from './random-id'

const V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('random ids without a secure context (issue 21: a desk at a plain-http address)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  test.each<[string, number, string]>([
    [
      'every byte zero: only the version and variant bits set',
      0x00,
      '00000000-0000-4000-8000-000000000000',
    ],
    [
      'every byte 0xff: the version and variant bits cleared to fit',
      0xff,
      'ffffffff-ffff-4fff-bfff-ffffffffffff',
    ],
  ])('RFC 4122 version 4 layout, %s', (_, byte, id) => {
    expect(randomUuid((bytes) => bytes.fill(byte))).toBe(id)
  })

  test('works where crypto.randomUUID does not exist, from crypto.getRandomValues', () => {
    vi.stubGlobal('crypto', {
      getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto),
    })
    expect('randomUUID' in crypto).toBe(false)
    const ids = Array.from({ length: 200 }, () => randomUuid())
    for (const id of ids) expect(id).toMatch(V4)
    expect(new Set(ids).size).toBe(ids.length)
  })
})
