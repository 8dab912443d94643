import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { MAX_COST } from './matching'
import { packedCost, packTiers, type TierSpec } from './tiers'

describe('cost tiers (design.md, "Pairing": win difference ≫ repeats ≫ rank distance ≫ spread)', () => {
  test('one unit of a tier outweighs every lower tier at its maximum in every pairing of the round', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ max: fc.integer({ min: 0, max: 5000 }), coarsenable: fc.boolean() }), {
          minLength: 1,
          maxLength: 5,
        }),
        fc.integer({ min: 1, max: 1000 }),
        (specs, pairs) => {
          const tiers: TierSpec[] = specs.map((s, i) => ({ name: `t${String(i)}`, ...s }))
          const packing = packTiers(tiers, pairs)
          if (packing === null) return
          expect(packing.maxCost).toBeLessThanOrEqual(MAX_COST)
          for (let t = 0; t < tiers.length; t++) {
            let lower = 0
            for (let l = t + 1; l < tiers.length; l++) {
              const max = Math.floor((tiers[l]?.max ?? 0) / (packing.divisor[l] ?? 1))
              lower += pairs * max * (packing.scale[l] ?? 0)
            }
            expect(packing.scale[t]).toBeGreaterThan(lower)
          }
        },
      ),
    )
  })

  test('a 2000-player round: the spread tier is left out to keep costs exact, the others kept whole', () => {
    const tiers: TierSpec[] = [
      { name: 'win difference', max: 400, coarsenable: false },
      {
        name: 'rank distance',
        max: 1999 ** 2,
        sumMax: (1000 * (4 * 1000 ** 2 - 1)) / 3,
        coarsenable: true,
      },
      { name: 'spread difference', max: 3000, coarsenable: true },
    ]
    const packing = packTiers(tiers, 1000)
    expect(packing?.coarsened).toEqual(['spread difference left out'])
    expect(packing?.divisor.slice(0, 2)).toEqual([1, 1])
    // A win-difference unit costs more than the largest possible rank-distance total.
    if (packing === null) return
    expect(packedCost(packing, [1, 0, 0])).toBeGreaterThan((1000 * (4 * 1000 ** 2 - 1)) / 3)
  })

  test('tiers that may not be coarsened and cannot fit are refused', () => {
    expect(packTiers([{ name: 'huge', max: 2 ** 52, coarsenable: false }], 1)).toBeNull()
  })
})
