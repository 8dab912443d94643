import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { seededRng, shuffled } from './random'

const draw = (seed: number, count: number): number[] => {
  const rng = seededRng(seed)
  return Array.from({ length: count }, () => rng.next())
}

describe('seeded randomness: the same log always folds to the same tournament (design.md)', () => {
  test('the same seed gives the same sequence', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        expect(draw(seed, 20)).toEqual(draw(seed, 20))
      }),
    )
  })

  test('different seeds give different sequences', () => {
    expect(draw(1, 10)).not.toEqual(draw(2, 10))
    expect(draw(0, 10)).not.toEqual(draw(0xffffffff, 10))
  })

  test('a seed is read as an unsigned 32-bit number, so -1 and 2^32 - 1 are the same draw', () => {
    expect(draw(-1, 5)).toEqual(draw(0xffffffff, 5))
  })

  test('next() stays in [0, 1)', () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        for (const x of draw(seed, 200)) {
          expect(x).toBeGreaterThanOrEqual(0)
          expect(x).toBeLessThan(1)
        }
      }),
    )
  })

  test('int(n) is a whole number in [0, n)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.integer({ min: 1, max: 1_000_000 }), (seed, n) => {
        const rng = seededRng(seed)
        for (let i = 0; i < 50; i++) {
          const k = rng.int(n)
          expect(Number.isInteger(k)).toBe(true)
          expect(k).toBeGreaterThanOrEqual(0)
          expect(k).toBeLessThan(n)
        }
      }),
    )
  })

  test.each([0, -1, 2.5, Number.NaN])('int(%s) is a programming error', (n) => {
    expect(() => seededRng(1).int(n)).toThrow(/whole number above 0/)
  })

  test('int(6) reaches every face of a die within 600 throws', () => {
    const rng = seededRng(2026)
    const faces = new Set(Array.from({ length: 600 }, () => rng.int(6)))
    expect([...faces].sort()).toEqual([0, 1, 2, 3, 4, 5])
  })
})

describe('shuffled: random pairings and draws', () => {
  test('is a permutation of its input, which it leaves untouched', () => {
    fc.assert(
      fc.property(fc.array(fc.integer()), fc.integer(), (items, seed) => {
        const before = [...items]
        const out = shuffled(items, seededRng(seed))
        expect(items).toEqual(before)
        expect(out).not.toBe(items)
        expect([...out].sort((a, b) => a - b)).toEqual([...items].sort((a, b) => a - b))
      }),
    )
  })

  test('is the same for the same seed', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), fc.integer(), (items, seed) => {
        expect(shuffled(items, seededRng(seed))).toEqual(shuffled(items, seededRng(seed)))
      }),
    )
  })

  test('puts every item first for some seed (no position is out of reach)', () => {
    const items = ['a', 'b', 'c', 'd', 'e']
    const firsts = new Set(
      Array.from({ length: 200 }, (_, seed) => shuffled(items, seededRng(seed))[0]),
    )
    expect([...firsts].sort()).toEqual(items)
  })

  test.each([{ items: [] }, { items: ['only'] }])('$items comes back as it was', ({ items }) => {
    expect(shuffled(items, seededRng(7))).toEqual(items)
  })
})
