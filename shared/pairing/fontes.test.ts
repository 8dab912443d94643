import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { seededRng } from '../random'
import type { PlayerId } from '../results/game-result'
import { pairKey, ratingOrder } from './context'
import { fontesPods, seatFontes } from './fontes'
import type { EventSoFar } from './input'
import { pairRound } from './pair-round'
import { bruteMinCostPerfect } from './test-support/brute-force'
import { input, past, player } from './test-support/fields'
import { entrants, inputFor, playRound } from './test-support/simulate'
import type { PairedRound, PairingInput, PairingPlayer } from './types'

const paired = (i: PairingInput): PairedRound => {
  const result = pairRound(i)
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value
}

const INIT_FONTES = "tsh's InitFontes as read in fontes.ts"
const seeds = (n: number): number[] => Array.from({ length: n }, (_, i) => i + 1)

describe(`${INIT_FONTES}: pairs that must not meet are seated in different pods`, () => {
  test.each<[string, number, [number, number][], number[][]]>([
    [
      'seeds 1 and 5 share pod 1 of 16: seed 5 changes places with seed 6 of the next pod',
      16,
      [[1, 5]],
      [
        [1, 6, 9, 13],
        [2, 5, 10, 14],
        [3, 7, 11, 15],
        [4, 8, 12, 16],
      ],
    ],
    [
      'seeds 4 and 16 share the last pod: seed 16 goes up to pod 3 in place of seed 15',
      16,
      [[4, 16]],
      [
        [1, 5, 9, 13],
        [2, 6, 10, 14],
        [3, 7, 11, 16],
        [4, 8, 12, 15],
      ],
    ],
    [
      'two listed pairs in one pod of 8: each swap keeps the bands',
      8,
      [
        [1, 3],
        [5, 7],
      ],
      [
        [1, 4, 5, 8],
        [2, 3, 6, 7],
      ],
    ],
  ])('%s', (_, n, listed, pods) => {
    const keys = new Set(listed.map(([a, b]) => pairKey(a, b)))
    const seating = seatFontes(seeds(n), 4, (a, b) => keys.has(pairKey(a, b)))
    expect(seating.pods).toEqual(pods)
    expect(seating.together).toEqual([])
  })

  test('a family of three in a field of two pods cannot be split: the pair left together is named', () => {
    const keys = new Set([pairKey(1, 2), pairKey(1, 3), pairKey(2, 3)])
    const seating = seatFontes(seeds(8), 4, (a, b) => keys.has(pairKey(a, b)))
    expect(seating.together).toHaveLength(1)
  })

  test('without a list the pods are the plain ones', () => {
    expect(seatFontes(seeds(16), 4, () => false).pods).toEqual(fontesPods(seeds(16), 4))
  })
})

/** Plays the Fontes rounds of a seeded event with `avoid`; every round must pair. */
function playFontes(
  n: number,
  avoid: readonly (readonly [PlayerId, PlayerId])[],
  seed: number,
): PairedRound[] {
  const rng = seededRng(seed)
  let event: EventSoFar = { entrants: entrants(n, rng), paired: [], games: [] }
  const rounds: PairedRound[] = []
  for (let round = 1; round <= 3; round++) {
    const result = paired(inputFor(event, round, 'fontes', { constraints: { avoid } }))
    rounds.push(result)
    event = playRound(event, result, rng).event
  }
  return rounds
}

/** The pods the schedule starts from: the rating order without round 1's bye (the lowest seed). */
function podsOf(n: number, seed: number): PlayerId[][] {
  const field = ratingOrder(
    entrants(n, seededRng(seed)).map((e) => player(e.id, 0, 0, 0, { rating: e.rating })),
  ).map((p) => p.id)
  return fontesPods(n % 2 === 1 ? field.slice(0, -1) : field, 4)
}

/** Every pair of players sharing a pod: all pods of the small fields, top, middle and last of 109. */
function sweep(n: number): [number, PlayerId, PlayerId][] {
  const pods = podsOf(n, n)
  const chosen = n > 100 ? [0, Math.floor(pods.length / 2), pods.length - 1] : pods.keys()
  const out: [number, PlayerId, PlayerId][] = []
  for (const k of chosen) {
    const pod = pods[k] ?? []
    for (let i = 0; i < pod.length; i++) {
      for (let j = i + 1; j < pod.length; j++) out.push([n, pod[i] ?? 0, pod[j] ?? 0])
    }
  }
  return out
}

describe(`${INIT_FONTES}: a listed pair in every pod position pairs rounds 1–3`, () => {
  test.each([...sweep(8), ...sweep(16), ...sweep(25), ...sweep(109)])(
    '%i players, #%i and #%i must not meet: no listed pair, no repeat, the schedule kept',
    (n, a, b) => {
      const rounds = playFontes(n, [[a, b]], n)
      const met = new Set<number>()
      for (const round of rounds) {
        expect(round.pairings.length).toBe(Math.floor(n / 2))
        for (const p of round.pairings) {
          const key = pairKey(p.first, p.second)
          expect(key).not.toBe(pairKey(a, b))
          expect(met.has(key)).toBe(false)
          met.add(key)
          // The move keeps the pods: only an odd field's bye leaves games to the weights.
          if (n % 2 === 0) expect(p.reason).toMatch(/^Initial Fontes: pod of 4, seeds/)
        }
        expect(round.summary.lines.join('\n')).toMatch(
          /Initial Fontes: .+ plays in pod \d+ instead of pod \d+ \(in place of .+, of the same rating band\) to keep away from/,
        )
      }
    },
  )
})

/** Whether the active players can be paired (one bye when odd) without a listed pair. */
function pairable(ids: readonly PlayerId[], avoided: ReadonlySet<number>): boolean {
  const cost = (list: readonly PlayerId[]) => (u: number, v: number) =>
    avoided.has(pairKey(list[u] ?? 0, list[v] ?? 0)) ? null : 0
  if (ids.length % 2 === 0) return bruteMinCostPerfect(ids.length, cost(ids)) !== null
  return ids.some((bye) => {
    const rest = ids.filter((id) => id !== bye)
    return bruteMinCostPerfect(rest.length, cost(rest)) !== null
  })
}

describe(`${INIT_FONTES}: random do-not-pair lists`, () => {
  test('pairable ⇒ paired, never a listed pair, everyone once (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: 13 }),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 13 }), fc.integer({ min: 1, max: 13 })), {
          maxLength: 12,
        }),
        fc.integer({ min: 0, max: 2 ** 31 }),
        (n, pairs, seed) => {
          const avoid = pairs.filter(([a, b]) => a !== b && a <= n && b <= n)
          const avoided = new Set(avoid.map(([a, b]) => pairKey(a, b)))
          const rng = seededRng(seed)
          let event: EventSoFar = { entrants: entrants(n, rng), paired: [], games: [] }
          const ids = event.entrants.map((e) => e.id)
          const canPair = pairable(ids, avoided)
          for (let round = 1; round <= 3; round++) {
            const result = pairRound(inputFor(event, round, 'fontes', { constraints: { avoid } }))
            expect(result.ok).toBe(canPair)
            if (!result.ok) return
            const seen = [
              ...result.value.pairings.flatMap((p) => [p.first, p.second]),
              ...result.value.byes.map((b) => b.player),
            ].sort((x, y) => x - y)
            expect(seen).toEqual(ids)
            for (const p of result.value.pairings) {
              expect(avoided.has(pairKey(p.first, p.second))).toBe(false)
            }
            event = playRound(event, result.value, rng).event
          }
        },
      ),
      { numRuns: 150 },
    )
  })
})

describe(`${INIT_FONTES}: the bye goes by the standings the round is based on, as in every system`, () => {
  const nine = [1, 2, 3, 4, 5, 6, 7, 8, 9].map((id) => player(id, 0, 0, 0))

  test('round 1: fewest byes, then the lowest seed by rating', () => {
    const round = paired(input(nine, { round: 1, basedOn: 0, system: 'fontes' }))
    expect(round.byes).toEqual([
      {
        player: 9,
        reason:
          'fewest byes and forfeits (0); lowest ranked of them by rating, before any game (seed 9)',
      },
    ])
  })

  test('round 2: the lowest ranked after round 1 among those without a bye, not the lowest seed', () => {
    const first = paired(input(nine, { round: 1, basedOn: 0, system: 'fontes' }))
    const winners = new Set([1, 2, 3, 4])
    const spreads: Record<number, number> = { 5: -300, 6: -50, 7: -60, 8: -70 }
    const afterOne: PairingPlayer[] = nine.map((p) =>
      p.id === 9
        ? { ...p, wins: 1, spread: 50, byes: 1 }
        : winners.has(p.id)
          ? { ...p, wins: 1, spread: 100 - p.id }
          : { ...p, losses: 1, spread: spreads[p.id] ?? 0 },
    )
    const history = [
      past(
        1,
        first.pairings.map((p) => [p.first, p.second] as const),
        [9],
      ),
    ]
    const round = paired(input(afterOne, { round: 2, basedOn: 1, system: 'fontes', history }))
    expect(round.byes).toEqual([
      {
        player: 5,
        reason:
          'fewest byes and forfeits (0); lowest ranked of them on the standings after round 1 (rank 9)',
      },
    ])
    expect(round.summary.text).toContain('bye: Ed, fewest byes and forfeits (0)')
    // The round-1 bye holder takes the new bye holder's scheduled game; the pods play on.
    const scheduled = round.pairings.filter((p) => p.reason.startsWith('Initial Fontes: pod of'))
    expect(scheduled).toHaveLength(3)
    expect(round.pairings.some((p) => p.first === 9 || p.second === 9)).toBe(true)
  })
})
