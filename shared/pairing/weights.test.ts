import { describe, expect, test } from 'vitest'
import { seededRng } from '../random'
import type { PlayerId } from '../results/game-result'
import { standingsOrder } from './context'
import { type EventSoFar } from './input'
import { pairRound } from './pair-round'
import { input, past, player } from './test-support/fields'
import { entrants, inputFor, playRound } from './test-support/simulate'
import type { PairedRound, PairingInput } from './types'
import { repeatCost, repeatPrice, startClashCost, winGapCost } from './weights'

function paired(i: PairingInput): PairedRound {
  const result = pairRound(i)
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

const unordered = (round: PairedRound): number[][] =>
  round.pairings
    .map((p) => [Math.min(p.first, p.second), Math.max(p.first, p.second)])
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))

describe('the weight model (shared/pairing/weights.ts), worked examples', () => {
  test.each([
    ['same record', 3, 3, 0],
    ['half a win', 2.5, 2, 1],
    ['one win', 3, 2, 4],
    ['two wins', 3, 1, 16],
    ['three wins', 3, 0, 36],
  ])('tier 1, win difference: %s costs (2·Δwins)²', (_, a, b, cost) => {
    expect(winGapCost(player(1, a, 0, 0), player(2, b, 0, 0))).toBe(cost)
  })

  test('tier 1 is nonlinear: one 2-win gap costs more than two 1-win gaps', () => {
    const two = winGapCost(player(1, 3, 0, 0), player(2, 1, 0, 0))
    const one = winGapCost(player(1, 3, 0, 0), player(2, 2, 0, 0))
    expect(two).toBeGreaterThan(2 * one)
  })

  test.each([
    ['59 players, 12 rounds (MGI 2022 A): 16R', 59, 5, 12, 192],
    ['35 players, 27 rounds: 16R', 35, 10, 27, 432],
    ['a longer event, same field: dearer', 35, 10, 31, 496],
    ['10 players, 30 rounds (must repeat): 16R·(N/R)²', 10, 12, 30, 53],
    ['a larger field, same length: dearer', 20, 12, 30, 213],
    ['4 players, 12 rounds', 4, 3, 12, 21],
    ['two players, best of 7: the floor', 2, 2, 7, 9],
    ['length unknown: the round being paired', 40, 5, 5, 80],
  ])('tier 1, the price P of a first rematch: %s', (_, field, round, rounds, price) => {
    expect(repeatPrice(field, round, rounds)).toBe(price)
  })

  test('tier 1: any first rematch, in any field and event, costs more than two 1-win gaps (issue 18)', () => {
    const oneWin = winGapCost(player(1, 3, 0, 0), player(2, 2, 0, 0))
    for (let field = 2; field <= 120; field++) {
      for (let rounds = 1; rounds <= 40; rounds++) {
        expect(repeatCost({ times: 1, roundsSince: 9 }, repeatPrice(field, 1, rounds))).toBe(
          repeatPrice(field, 1, rounds),
        )
        expect(repeatPrice(field, 1, rounds)).toBeGreaterThan(2 * oneWin)
      }
    }
  })

  test.each([
    ['never met', 0, null, 0],
    ['first rematch, long ago: P', 1, 6, 192],
    ['first rematch, three rounds ago: P + ⌈P/3⌉', 1, 3, 256],
    ['first rematch, two rounds ago: 2P', 1, 2, 384],
    ['first rematch, back to back: 5P', 1, 1, 960],
    ['third meeting, long ago: 4P', 2, 9, 768],
    ['fourth meeting, third in a row: 9P + 4P', 3, 1, 2496],
  ])('tier 1, repeats at P = 192 (59 players, 12 rounds): %s', (_, times, roundsSince, cost) => {
    expect(repeatCost({ times, roundsSince }, 192)).toBe(cost)
  })

  test('a back-to-back rematch costs more than a 3-win gap even at the floor price', () => {
    const b2b = repeatCost({ times: 1, roundsSince: 1 }, repeatPrice(2, 2, 7))
    expect(b2b).toBeGreaterThan(winGapCost(player(1, 3, 0, 0), player(2, 0, 0, 0)))
  })

  test('issue 18: a rematch long ago is no longer taken to save two 1-win gaps (12 rounds, 4 players: P = 21 > 8)', () => {
    const field = [
      player(1, 3, 3, 90),
      player(2, 3, 3, 80),
      player(3, 2, 4, 70),
      player(4, 2, 4, 60),
    ]
    const history = [past(1, [[1, 2]]), ...[2, 3, 4, 5, 6].map((r) => past(r, []))]
    const round = paired(input(field, { round: 7, basedOn: 6, rounds: 12, history }))
    expect(round.summary.repeats).toBe(0)
    expect(round.summary.widestWinGap).toBe(1)
  })

  test('a small field in a long event repeats the pairs met longest ago, never back to back', () => {
    // Round 7 of 12, 4 players (P = 21), every pair met twice. 1 v 2, 3 v 4 met last round
    // (2·(4P + 4P) = 336, no win gap); 1 v 4, 2 v 3 two rounds ago (2·(4P + P) + 8 = 218);
    // 1 v 3, 2 v 4 three rounds ago (2·(4P + 7) + 8 = 190).
    const field = [
      player(1, 4, 2, 90),
      player(2, 4, 2, 80),
      player(3, 3, 3, 70),
      player(4, 3, 3, 60),
    ]
    const rounds: [number, number][][] = [
      [
        [1, 2],
        [3, 4],
      ],
      [
        [1, 3],
        [2, 4],
      ],
      [
        [1, 4],
        [2, 3],
      ],
      [
        [1, 3],
        [2, 4],
      ],
      [
        [1, 4],
        [2, 3],
      ],
      [
        [1, 2],
        [3, 4],
      ],
    ]
    const history = rounds.map((pairs, k) => past(k + 1, pairs))
    const round = paired(input(field, { round: 7, basedOn: 6, rounds: 12, history }))
    expect(unordered(round)).toEqual([
      [1, 3],
      [2, 4],
    ])
    expect(round.summary.backToBack).toBe(0)
  })

  test('NSA II.F: two players due to start (or both due to reply) clash; due to start v due to reply does not', () => {
    const dueStart = player(1, 0, 0, 0, { firsts: 1, seconds: 2 })
    const dueReply = player(2, 0, 0, 0, { firsts: 2, seconds: 1 })
    const level = player(3, 0, 0, 0, { firsts: 1, seconds: 1 })
    expect(startClashCost(dueStart, { ...dueStart, id: 4 })).toBe(1)
    expect(startClashCost(dueReply, { ...dueReply, id: 4 })).toBe(1)
    expect(startClashCost(dueStart, dueReply)).toBe(0)
    expect(startClashCost(level, { ...level, id: 4 })).toBe(0)
  })

  test('back-to-back avoided: round 3 pairs 1 v 4, 2 v 3 (8) rather than repeat round 2 (30 + 30)', () => {
    const field = [
      player(1, 2, 0, 100),
      player(2, 2, 0, 50),
      player(3, 1, 1, 10),
      player(4, 1, 1, -10),
    ]
    const history = [
      past(1, [
        [1, 3],
        [2, 4],
      ]),
      past(2, [
        [1, 2],
        [3, 4],
      ]),
    ]
    const round = paired(input(field, { round: 3, basedOn: 2, history }))
    expect(unordered(round)).toEqual([
      [1, 4],
      [2, 3],
    ])
    expect(round.summary.repeats).toBe(0)
    expect(round.summary.backToBack).toBe(0)
  })

  test('round 2 never repeats round 1 to save half a win (1 against 30)', () => {
    // Ann and Bob drew; Cy beat Di. Ann v Cy costs a half-win gap; Ann v Bob again costs 30.
    const field = [
      player(1, 0.5, 0.5, 0),
      player(2, 0.5, 0.5, 0),
      player(3, 1, 0, 40),
      player(4, 0, 1, -40),
    ]
    const round = paired(
      input(field, {
        history: [
          past(1, [
            [1, 2],
            [3, 4],
          ]),
        ],
      }),
    )
    expect(round.summary.repeats).toBe(0)
  })

  test('tier 2: when no pairing keeps the limit, going over it never buys a wider win gap', () => {
    // Everyone has met, long ago; Ann v Bob and Cy v Di twice. Under a limit of 0 Ann v Bob,
    // Cy v Di goes 4 meetings over with no win gap (tier 1: 2·4P = 256 at P = 32) and beats Ann v
    // Cy, Bob v Di, 2 over with two 6-win gaps (2P + 2·144 = 352).
    const field = [
      player(1, 6, 0, 60),
      player(2, 6, 0, 40),
      player(3, 0, 6, -40),
      player(4, 0, 6, -60),
    ]
    const history = [
      past(1, [
        [1, 2],
        [3, 4],
      ]),
      past(2, [
        [1, 2],
        [3, 4],
      ]),
      past(3, [
        [1, 3],
        [2, 4],
      ]),
      past(4, [
        [1, 4],
        [2, 3],
      ]),
      past(5, []),
      past(6, []),
    ]
    const round = paired(input(field, { round: 7, basedOn: 6, rounds: 8, maxRepeats: 0, history }))
    expect(repeatPrice(4, 7, 8)).toBe(32)
    expect(unordered(round)).toEqual([
      [1, 2],
      [3, 4],
    ])
    expect(round.summary.overLimit).toBe(2)
    expect(round.summary.widestWinGap).toBe(0)
  })

  test('due to start meets due to reply inside a score group (tier 3 before rank distance)', () => {
    const dueStart = { firsts: 0, seconds: 1 }
    const dueReply = { firsts: 1, seconds: 0 }
    const field = [
      player(1, 1, 0, 90, dueStart),
      player(2, 1, 0, 80, dueReply),
      player(3, 1, 0, 70, dueStart),
      player(4, 1, 0, 60, dueReply),
    ]
    const round = paired(input(field))
    for (const p of round.pairings) {
      const ids = [p.first, p.second].sort((a, b) => a - b)
      expect((ids[0] ?? 0) % 2).not.toBe((ids[1] ?? 0) % 2)
    }
  })

  test("Swiss in tsh's sense: a score group of 8 pairs top half against bottom half, 1 v 5 … 4 v 8", () => {
    const field = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => player(id, 1, 0, 100 - id))
    expect(unordered(paired(input(field)))).toEqual([
      [1, 5],
      [2, 6],
      [3, 7],
      [4, 8],
    ])
  })

  test('Swiss with the neighbours setting pairs 1 v 2, 3 v 4 inside a score group', () => {
    const field = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => player(id, 1, 0, 100 - id))
    expect(unordered(paired(input(field, { rankMode: 'neighbours' })))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
    ])
  })

  test('King of the Hill with 3 repeats allowed: #1 does not meet #2 a fourth time, third in a row', () => {
    const field = [1, 2, 3, 4, 5, 6].map((id) => player(id, 6 - id, id - 1, 100 - id * 10))
    const history = [past(1, [[1, 2]]), past(2, [[1, 3]]), past(3, [[1, 2]]), past(4, [[1, 2]])]
    const round = paired(
      input(field, { round: 5, basedOn: 4, system: 'koth', maxRepeats: 3, history }),
    )
    expect(unordered(round)).not.toContainEqual([1, 2])
    expect(round.summary.backToBack).toBe(0)
    expect(round.summary.overLimit).toBe(0)
  })
})

describe('Initial Fontes for any field size (tsh InitFontes as read in pair-round.ts)', () => {
  test.each([9, 25, 109])(
    '%i players: the bye to the lowest seed, seeds in a pod at least a band apart, no repeat in 3 rounds',
    (n) => {
      let field = Array.from({ length: n }, (_, i) => player(i + 1, 0, 0, 0))
      const history: { round: number; pairs: [PlayerId, PlayerId][]; byes: PlayerId[] }[] = []
      const band = Math.floor((n - (n % 2)) / 4)
      const seen = new Set<string>()
      const byes = new Set<PlayerId>()
      for (let round = 1; round <= 3; round++) {
        const result = paired(
          input(field, { round, basedOn: round - 1, system: 'fontes', history: [...history] }),
        )
        expect(result.byes).toHaveLength(1)
        const bye = result.byes[0]?.player ?? 0
        if (round === 1) expect(bye).toBe(n)
        expect(byes.has(bye)).toBe(false)
        byes.add(bye)
        field = field.map((p) => (p.id === bye ? { ...p, byes: p.byes + 1 } : p))
        for (const p of result.pairings) {
          const key = unordered({ ...result, pairings: [p] })[0]?.join('-') ?? ''
          expect(seen.has(key)).toBe(false)
          seen.add(key)
          if (round === 1) expect(Math.abs(p.first - p.second)).toBeGreaterThanOrEqual(band)
        }
        history.push({
          round,
          pairs: result.pairings.map((p) => [p.first, p.second]),
          byes: [bye],
        })
      }
    },
  )

  test('9 players, round 1: never 1 v 2 with the bye to #3; 109 players: never 26 v 27 with the bye to 28', () => {
    for (const n of [9, 109]) {
      const field = Array.from({ length: n }, (_, i) => player(i + 1, 0, 0, 0))
      const round = paired(input(field, { round: 1, basedOn: 0, system: 'fontes' }))
      expect(unordered(round)).not.toContainEqual([1, 2])
      expect(unordered(round)).not.toContainEqual([26, 27])
      expect(round.byes.map((b) => b.player)).toEqual([n])
    }
  })

  test('10 players (a remainder of 2): the last pod plays 6, still no repeat in 3 rounds', () => {
    const field = Array.from({ length: 10 }, (_, i) => player(i + 1, 0, 0, 0))
    const history: { round: number; pairs: [PlayerId, PlayerId][]; byes: PlayerId[] }[] = []
    const seen = new Set<string>()
    for (let round = 1; round <= 3; round++) {
      const result = paired(
        input(field, { round, basedOn: round - 1, system: 'fontes', history: [...history] }),
      )
      for (const [a, b] of unordered(result)) {
        expect(seen.has(`${String(a)}-${String(b)}`)).toBe(false)
        seen.add(`${String(a)}-${String(b)}`)
      }
      history.push({ round, pairs: result.pairings.map((p) => [p.first, p.second]), byes: [] })
    }
  })
})

test('109 players: seeds 3 and 5 do not meet in round 2 (Swiss pairs top half v bottom half)', () => {
  const rng = seededRng(109)
  let event: EventSoFar = { entrants: entrants(109, rng), paired: [], games: [] }
  const first = paired(inputFor(event, 1, 'fontes'))
  event = playRound(event, first, rng).event
  // Seeds are rating order; make 3 and 5 the same score group whatever the draw gave.
  const seeds = [...event.entrants].sort((a, b) => b.rating - a.rating || a.id - b.id)
  const three = seeds[2]?.id ?? 0
  const five = seeds[4]?.id ?? 0
  const request = inputFor(event, 2, 'swiss')
  const second = paired(request)
  expect(unordered(second)).not.toContainEqual([Math.min(three, five), Math.max(three, five)])
  // Inside a score group the median distance in the standings is about a quarter of the field
  // (tsh's Swiss), not 1 (neighbours).
  const order = standingsOrder(request.players)
  const position = new Map(order.map((p, i) => [p.id, i]))
  const wins = new Map(order.map((p) => [p.id, p.wins]))
  const distances = second.pairings
    .filter((p) => wins.get(p.first) === wins.get(p.second))
    .map((p) => Math.abs((position.get(p.first) ?? 0) - (position.get(p.second) ?? 0)))
    .sort((x, y) => x - y)
  expect(distances[Math.floor(distances.length / 2)]).toBeGreaterThanOrEqual(20)
})
