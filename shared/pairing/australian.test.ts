import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { seededRng } from '../random'
import type { PlayerId } from '../results/game-result'
import { pairKey } from './context'
import type { EventSoFar } from './input'
import { pairRound } from './pair-round'
import { bruteMinCostPerfect } from './test-support/brute-force'
import { input, past, player, unordered } from './test-support/fields'
import { entrants, inputFor, playRound } from './test-support/simulate'
import type { PairedRound, PairingInput, PastRound } from './types'

const paired = (i: PairingInput): PairedRound => {
  const result = pairRound(i)
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value
}

const AUSTRALIAN = 'Australian Draw as read in australian.ts'

describe(`${AUSTRALIAN}: the bottom tables keep the round's fewest repeats`, () => {
  const four = [1, 2, 3, 4].map((id) => player(id, 5 - id, id, 100 - id * 10))

  test.each<[string, readonly PastRound[], number | null, [PlayerId, PlayerId][]]>([
    [
      '1 takes 3, not 2, when 1 v 2 would leave 3 v 4 a rematch',
      [past(1, [[3, 4]])],
      null,
      [
        [1, 3],
        [2, 4],
      ],
    ],
    [
      'with the limit of 0 as well',
      [past(1, [[3, 4]])],
      0,
      [
        [1, 3],
        [2, 4],
      ],
    ],
    [
      'the highest-ranked fresh opponent when the rest stays repeat-free',
      [past(1, [[1, 4]])],
      null,
      [
        [1, 2],
        [3, 4],
      ],
    ],
    [
      'a repeat nothing avoids goes where it is not back to back',
      [
        past(1, [
          [1, 2],
          [3, 4],
        ]),
        past(2, [
          [1, 3],
          [2, 4],
        ]),
        past(3, [
          [1, 4],
          [2, 3],
        ]),
      ],
      null,
      [
        [1, 2],
        [3, 4],
      ],
    ],
  ])('%s', (_, history, maxRepeats, expected) => {
    const round = history.length + 1
    const result = paired(
      input(four, { round, basedOn: round - 1, system: 'australian', history, maxRepeats }),
    )
    expect(unordered(result)).toEqual(expected)
  })

  test.each([1, 2, 3, 4, 5, 6])(
    '40 players × 9 rounds (seeded event %i): no repeat at all, with or without --max-repeats 0',
    (seed) => {
      for (const maxRepeats of [null, 0]) {
        const rng = seededRng(seed)
        let event: EventSoFar = { entrants: entrants(40, rng), paired: [], games: [] }
        let repeats = 0
        for (let round = 1; round <= 9; round++) {
          const result = paired(inputFor(event, round, 'australian', { maxRepeats }))
          repeats += result.summary.repeats
          event = playRound(event, result, rng).event
        }
        expect(repeats).toBe(0)
      }
    },
  )

  test('random histories and do-not-pair lists: never a listed pair, never more repeats than the fewest possible', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5 }).map((k) => 2 * k),
        fc.array(fc.array(fc.nat(1000), { minLength: 10, maxLength: 10 }), { maxLength: 4 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 })), {
          maxLength: 4,
        }),
        (n, orders, listed) => {
          const players = Array.from({ length: n }, (_, i) => player(i + 1, n - i, i, 10 * (n - i)))
          const history = orders.map((keys, r) => {
            const ids = players
              .map((p) => p.id)
              .sort((a, b) => (keys[a - 1] ?? 0) - (keys[b - 1] ?? 0))
            const pairs: [PlayerId, PlayerId][] = []
            for (let k = 0; k + 1 < ids.length; k += 2) pairs.push([ids[k] ?? 0, ids[k + 1] ?? 0])
            return past(r + 1, pairs)
          })
          const avoid = listed.filter(([a, b]) => a !== b && a <= n && b <= n)
          const avoided = new Set(avoid.map(([a, b]) => pairKey(a, b)))
          const met = new Map<number, number>()
          for (const r of history) {
            for (const [a, b] of r.pairs) met.set(pairKey(a, b), (met.get(pairKey(a, b)) ?? 0) + 1)
          }
          const round = history.length + 2
          const fewest = bruteMinCostPerfect(n, (u, v) =>
            avoided.has(pairKey(u + 1, v + 1))
              ? null
              : (met.get(pairKey(u + 1, v + 1)) ?? 0) > 0
                ? 1
                : 0,
          )
          const result = pairRound(
            input(players, {
              round,
              basedOn: round - 1,
              system: 'australian',
              history,
              constraints: { avoid },
            }),
          )
          expect(result.ok).toBe(fewest !== null)
          if (!result.ok) return
          for (const p of result.value.pairings) {
            expect(avoided.has(pairKey(p.first, p.second))).toBe(false)
          }
          expect(result.value.summary.repeats).toBe(fewest)
        },
      ),
      { numRuns: 200 },
    )
  })
})
