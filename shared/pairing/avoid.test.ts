import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { pairKey } from './context'
import { pairRound } from './pair-round'
import { input, player, unordered } from './test-support/fields'
import type { PairedRound, PairingInput, PairingSystem } from './types'

const paired = (i: PairingInput): PairedRound => {
  const result = pairRound(i)
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value
}

/** Eight players after round 1 whose natural partners (1 v 2, 3 v 4 …) must not meet. */
const field = [
  player(1, 1, 0, 200),
  player(2, 1, 0, 150),
  player(3, 1, 0, 100),
  player(4, 1, 0, 50),
  player(5, 0, 1, -50),
  player(6, 0, 1, -100),
  player(7, 0, 1, -150),
  player(8, 0, 1, -200),
]
const avoid = [
  [1, 2],
  [3, 4],
  [5, 6],
  [7, 8],
  [1, 5],
] as const

describe('the do-not-pair list (issue 10; design.md, "Pairing": pairs that must not meet)', () => {
  test.each<[PairingSystem, Partial<PairingInput>]>([
    ['swiss', {}],
    ['koth', {}],
    ['random', { seed: 11 }],
    ['rating', { round: 1, basedOn: 0 }],
    ['australian', {}],
    ['fontes', { round: 1, basedOn: 0, fontesRounds: 3 }],
  ])('%s keeps every listed pair apart', (system, extra) => {
    const round = paired(input(field, { system, constraints: { avoid }, ...extra }))
    const keys = new Set(avoid.map(([a, b]) => pairKey(a, b)))
    expect(round.pairings).toHaveLength(4)
    for (const [a, b] of unordered(round)) expect(keys.has(pairKey(a, b))).toBe(false)
  })

  test('a round robin cannot move a player: the summary names the listed pair it seats', () => {
    const rr = input(field, { system: 'round-robin', round: 1, basedOn: 0 })
    const [a, b] = unordered(paired(rr))[0] ?? [0, 0]
    const round = paired({ ...rr, constraints: { avoid: [[a, b]] } })
    expect(unordered(round)).toContainEqual([a, b])
    expect(round.summary.lines).toContainEqual(
      expect.stringMatching(/^Round robin seats \w+ and \w+ together although they must not meet/),
    )
  })

  test('the matching systems never pair a listed pair (random fields and lists)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<PairingSystem>('swiss', 'koth', 'random', 'rating', 'australian'),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 1, max: 8 })), {
          maxLength: 8,
        }),
        fc.array(fc.integer({ min: -300, max: 300 }), { minLength: 8, maxLength: 8 }),
        (system, pairs, spreads) => {
          const listed = pairs.filter(([a, b]) => a !== b)
          const players = field.map((p, i) => ({ ...p, spread: spreads[i] ?? 0 }))
          const result = pairRound(input(players, { system, constraints: { avoid: listed } }))
          // A list can leave no way to pair everyone; then the engine says so instead.
          if (!result.ok) {
            expect(['pairing.impossible', 'pairing.player.no-opponent']).toContain(
              result.error.code,
            )
            return
          }
          const keys = new Set(listed.map(([a, b]) => pairKey(a, b)))
          for (const p of result.value.pairings) {
            expect(keys.has(pairKey(p.first, p.second))).toBe(false)
          }
        },
      ),
      { numRuns: 150 },
    )
  })
})
