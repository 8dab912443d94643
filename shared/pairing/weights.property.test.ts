import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { PlayerId } from '../results/game-result'
import { pairingContext, pairKey, standingsOrder } from './context'
import { lexMinCostPerfectMatching } from './lex-matching'
import { poolProblem, type CostModel } from './match-pool'
import { kothModel, randomModel, ratingModel, swissModel } from './models'
import { bruteLexMin } from './test-support/brute-force'
import { repeatPrice } from './weights'
import { input, past, player } from './test-support/fields'
import type { PairingPlayer, PastRound } from './types'

const MODELS = ['swiss halves', 'swiss neighbours', 'koth', 'rating', 'random'] as const

/** Up to 14 players (an even number), random records and starts, up to 5 paired rounds. */
const scenario = fc
  .record({
    half: fc.integer({ min: 1, max: 7 }),
    records: fc.array(
      fc.record({
        halfWins: fc.integer({ min: 0, max: 10 }),
        spread: fc.integer({ min: -400, max: 400 }),
        firsts: fc.integer({ min: 0, max: 3 }),
        seconds: fc.integer({ min: 0, max: 3 }),
      }),
      { minLength: 14, maxLength: 14 },
    ),
    orders: fc.array(
      fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 14, maxLength: 14 }),
      {
        maxLength: 5,
      },
    ),
    avoid: fc.array(fc.tuple(fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 14 })), {
      maxLength: 3,
    }),
    maxRepeats: fc.constantFrom(null, 0, 1, 2),
    // The event's length sets the price of a repeat (weights.ts, repeatPrice): cheap to dear.
    rounds: fc.integer({ min: 1, max: 40 }),
    model: fc.constantFrom(...MODELS),
    // 2^20 and 2^24 are too small for every tier at once: the phases of lex-matching.ts run.
    maxCost: fc.constantFrom(undefined, 2 ** 20, 2 ** 24),
  })
  .map(({ half, records, orders, avoid, maxRepeats, rounds, model, maxCost }) => {
    const n = 2 * half
    const players: PairingPlayer[] = records.slice(0, n).map((r, i) =>
      player(i + 1, r.halfWins / 2, 5 - r.halfWins / 2, r.spread, {
        firsts: r.firsts,
        seconds: r.seconds,
      }),
    )
    const history: PastRound[] = orders.map((keys, r) => {
      const ids = players.map((p) => p.id).sort((a, b) => (keys[a - 1] ?? 0) - (keys[b - 1] ?? 0))
      const pairs: (readonly [PlayerId, PlayerId])[] = []
      for (let k = 0; k + 1 < ids.length; k += 2) pairs.push([ids[k] ?? 0, ids[k + 1] ?? 0])
      return past(r + 1, pairs)
    })
    const pairsToAvoid = avoid.filter(([a, b]) => a !== b && a <= n && b <= n)
    return { players, history, avoid: pairsToAvoid, maxRepeats, rounds, model, maxCost }
  })

function modelFor(
  name: (typeof MODELS)[number],
  ctx: ReturnType<typeof pairingContext>,
  pool: readonly PairingPlayer[],
): CostModel {
  switch (name) {
    case 'swiss halves':
      return swissModel(ctx, pool, 'halves')
    case 'swiss neighbours':
      return swissModel(ctx, pool, 'neighbours')
    case 'koth':
      return kothModel(ctx, pool)
    case 'rating':
      return ratingModel(ctx, pool)
    case 'random':
      return randomModel(ctx, pool)
  }
}

describe('the matching is exact with the full weights (weights.ts, lex-matching.ts)', () => {
  test('the lexicographic optimum of every tier equals brute force over all matchings, in one phase or many', () => {
    // Fields with no perfect matching agree trivially (both null): count the ones that pair.
    let matched = 0
    fc.assert(
      fc.property(scenario, (s) => {
        const round = s.history.length + 1
        const i = input(s.players, {
          round,
          basedOn: round - 1,
          history: s.history,
          maxRepeats: s.maxRepeats,
          rounds: s.rounds,
          constraints: { avoid: s.avoid },
        })
        const ctx = pairingContext(i)
        const pool = standingsOrder(i.players)
        for (const mode of ['strict', 'as-needed'] as const) {
          const problem = poolProblem(ctx, pool, modelFor(s.model, ctx, pool), mode)
          const options = s.maxCost === undefined ? {} : { maxCost: s.maxCost }
          const ours = lexMinCostPerfectMatching(problem, options)
          const best = bruteLexMin(pool.length, problem.tiers.length, problem.values)
          expect(ours?.totals ?? null).toEqual(best)
          if (ours !== null) {
            matched++
            // The matching is a perfect matching of allowed pairs.
            ours.mate.forEach((v, u) => {
              expect(ours.mate[v]).toBe(u)
              expect(problem.values(u, v)).not.toBeNull()
              const a = pool[u]?.id ?? 0
              const b = pool[v]?.id ?? 0
              expect(ctx.avoid.has(pairKey(a, b))).toBe(false)
            })
          }
        }
      }),
      { numRuns: 300 },
    )
    expect(matched).toBeGreaterThan(100)
  })
})

describe('the price of a repeat (weights.ts, repeatPrice)', () => {
  const event = fc.record({
    field: fc.integer({ min: 2, max: 500 }),
    rounds: fc.integer({ min: 1, max: 60 }),
    round: fc.integer({ min: 1, max: 60 }),
  })

  test('dearer than two 1-win gaps; grows with the field; grows with the length while the field is at least as long', () => {
    fc.assert(
      fc.property(event, ({ field, rounds, round }) => {
        const price = repeatPrice(field, round, rounds)
        expect(price).toBeGreaterThan(8)
        expect(repeatPrice(field + 1, round, rounds)).toBeGreaterThanOrEqual(price)
        const length = Math.max(round, rounds)
        if (field >= length + 1) {
          expect(repeatPrice(field, round, length + 1)).toBeGreaterThan(price)
        } else {
          // A field smaller than the event must repeat: a longer event makes repeats no dearer.
          expect(repeatPrice(field, round, length + 1)).toBeLessThanOrEqual(price)
        }
      }),
    )
  })
})
