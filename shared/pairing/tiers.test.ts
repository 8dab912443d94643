import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { MAX_COST } from './matching'
import { packedCost, packedRange, packTiers, type TierSpec } from './tiers'

describe('cost tiers (shared/pairing/weights.ts: tiers minimised in strict order)', () => {
  test('one unit of a tier outweighs every lower tier at its maximum in every pairing of the round', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 1, maxLength: 5 }),
        fc.integer({ min: 1, max: 1000 }),
        (maxes, pairs) => {
          const tiers: TierSpec[] = maxes.map((max, i) => ({ name: `t${String(i)}`, max }))
          const packing = packTiers(tiers, pairs)
          if (packing === null) return
          expect(packing.maxCost).toBeLessThanOrEqual(MAX_COST)
          for (let t = 0; t < tiers.length; t++) {
            let lower = 0
            for (let l = t + 1; l < tiers.length; l++) {
              lower += pairs * (tiers[l]?.max ?? 0) * (packing.scale[l] ?? 0)
            }
            expect(packing.scale[t]).toBeGreaterThan(lower)
          }
        },
      ),
    )
  })

  test('a 2000-player round: tiers that do not fit together are refused, never coarsened', () => {
    const tiers: TierSpec[] = [
      { name: 'win difference', max: 400 },
      { name: 'rank distance', max: 1999 ** 2, sumMax: (1000 * (4 * 1000 ** 2 - 1)) / 3 },
      { name: 'spread difference', max: 3000 },
    ]
    expect(packTiers(tiers, 1000)).toBeNull()
    const two = packTiers(tiers.slice(0, 2), 1000)
    expect(two).not.toBeNull()
    if (two === null) return
    // A win-difference unit costs more than the largest possible rank-distance total.
    expect(packedCost(two, [1, 0])).toBeGreaterThan((1000 * (4 * 1000 ** 2 - 1)) / 3)
  })

  test('a tier too large on its own is refused', () => {
    expect(packTiers([{ name: 'huge', max: 2 ** 52 }], 1)).toBeNull()
  })

  test('a phase of lex-matching.ts: a range of the tiers, after an optional lead tier, priced in place as packedCost of that list', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.integer({ min: 0, max: 50 }), { minLength: 0, maxLength: 8 }),
        fc.nat(8),
        fc.nat(8),
        fc.option(fc.integer({ min: 0, max: 9 })),
        (maxes, values, a, b, lead) => {
          const from = Math.min(a, b)
          const end = Math.max(a, b)
          const tiers = maxes.map((max, t) => ({ name: `tier ${String(t)}`, max }))
          const packing = packTiers(tiers, 10)
          if (packing === null) return
          const list = [...(lead === null ? [] : [lead]), ...values.slice(from, end)]
          expect(packedRange(packing, lead, values, from, end)).toBe(packedCost(packing, list))
        },
      ),
    )
  })
})
