import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { PlayerId } from '../results/game-result'
import { PRESETS } from '../rules/presets'
import type { StartsHistoryEntry } from '../starts/starts'
import { pairKey } from './context'
import { pairRound } from './pair-round'
import { bruteMinCostPerfect } from './test-support/brute-force'
import { input, past, player, ranked } from './test-support/fields'
import type { PairedRound, PairingInput, PairingPlayer, PastRound } from './types'

const MATCHING_SYSTEMS = ['swiss', 'koth', 'australian', 'rating', 'random', 'cop'] as const

interface Scenario {
  readonly players: PairingPlayer[]
  readonly history: PastRound[]
  readonly maxRepeats: number
  readonly seed: number
  readonly round: number
}

/** A field of up to 12 players with random records, some inactive, and up to 3 paired rounds. */
const scenario: fc.Arbitrary<Scenario> = fc
  .record({
    n: fc.integer({ min: 1, max: 12 }),
    records: fc.array(
      fc.record({
        halfWins: fc.integer({ min: 0, max: 8 }),
        spread: fc.integer({ min: -300, max: 300 }),
        byes: fc.integer({ min: 0, max: 2 }),
        firsts: fc.integer({ min: 0, max: 3 }),
        seconds: fc.integer({ min: 0, max: 3 }),
        active: fc.integer({ min: 0, max: 9 }).map((k) => k > 0),
      }),
      { minLength: 12, maxLength: 12 },
    ),
    orders: fc.array(
      fc.array(fc.integer({ min: 0, max: 1000 }), { minLength: 12, maxLength: 12 }),
      {
        minLength: 0,
        maxLength: 3,
      },
    ),
    maxRepeats: fc.integer({ min: 0, max: 1 }),
    seed: fc.integer({ min: 0, max: 2 ** 31 }),
  })
  .map(({ n, records, orders, maxRepeats, seed }) => {
    const players: PairingPlayer[] = records.slice(0, n).map((r, i) =>
      player(i + 1, r.halfWins / 2, 4 - r.halfWins / 2, r.spread, {
        byes: r.byes,
        firsts: r.firsts,
        seconds: r.seconds,
        active: r.active,
      }),
    )
    // Each past round pairs the players in a random order, neighbours together.
    const history: PastRound[] = orders.map((keys, r) => {
      const ids = players.map((p) => p.id).sort((a, b) => (keys[a - 1] ?? 0) - (keys[b - 1] ?? 0))
      const pairs: (readonly [PlayerId, PlayerId])[] = []
      for (let k = 0; k + 1 < ids.length; k += 2) pairs.push([ids[k] ?? 0, ids[k + 1] ?? 0])
      return past(r + 1, pairs)
    })
    const round = history.length + 1
    return { players: ranked(players), history, maxRepeats, seed, round }
  })

function run(s: Scenario, system: PairingInput['system']): PairedRound {
  const result = pairRound(
    input(s.players, {
      round: s.round,
      basedOn: s.round - 1,
      system,
      history: s.history,
      maxRepeats: s.maxRepeats,
      seed: s.seed,
    }),
  )
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value
}

function meetings(history: readonly PastRound[]): Map<number, number> {
  const met = new Map<number, number>()
  for (const r of history)
    for (const [a, b] of r.pairs) met.set(pairKey(a, b), (met.get(pairKey(a, b)) ?? 0) + 1)
  return met
}

/** Whether `players` can be paired with nobody over the repeat limit (brute force). */
function repeatFreeExists(
  players: readonly PairingPlayer[],
  met: Map<number, number>,
  limit: number,
): boolean {
  return (
    bruteMinCostPerfect(players.length, (u, v) =>
      (met.get(pairKey(players[u]?.id ?? 0, players[v]?.id ?? 0)) ?? 0) > limit ? null : 0,
    ) !== null
  )
}

describe('pairing properties over random fields and histories (design.md, "Pairing")', () => {
  test.each(MATCHING_SYSTEMS)(
    '%s: every active player is paired once or has the bye; the bye rule holds; no needless repeat',
    (system) => {
      fc.assert(
        fc.property(scenario, (s) => {
          const round = run(s, system)
          const active = s.players.filter((p) => p.active)
          const seen = [
            ...round.pairings.flatMap((p) => [p.first, p.second]),
            ...round.byes.map((b) => b.player),
          ].sort((a, b) => a - b)
          expect(seen).toEqual(active.map((p) => p.id).sort((a, b) => a - b))
          expect(round.byes).toHaveLength(active.length % 2)

          // The bye goes to someone with the fewest byes (forfeits counted), never a second one
          // while another player is eligible.
          const fewest = Math.min(...active.map((p) => p.byes))
          for (const bye of round.byes) {
            expect(s.players.find((p) => p.id === bye.player)?.byes).toBe(fewest)
          }

          // No repeat over the limit when the field (bye to any of the fewest-byes players)
          // can be paired without one.
          const met = meetings(s.history)
          const over = round.pairings.filter(
            (p) => (met.get(pairKey(p.first, p.second)) ?? 0) > s.maxRepeats,
          ).length
          expect(round.summary.overLimit).toBe(over)
          const candidates =
            active.length % 2 === 0 ? [null] : active.filter((p) => p.byes === fewest)
          const possible = candidates.some((c) =>
            repeatFreeExists(
              active.filter((p) => p.id !== c?.id),
              met,
              s.maxRepeats,
            ),
          )
          if (possible) expect(over).toBe(0)
        }),
        { numRuns: 120 },
      )
    },
  )

  test('the same seed gives the same pairing (random draw and Swiss)', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        expect(run(s, 'random')).toEqual(run(s, 'random'))
        expect(run(s, 'swiss')).toEqual(run(s, 'swiss'))
      }),
      { numRuns: 50 },
    )
  })
})

describe('round robin (design.md, "Pairing"; MSA 1.2-1.3: starts by the rules, ties by the program)', () => {
  test('every pair meets once a cycle; never two rounds running; no back-to-back byes; fewer firsts always starts; without forfeits starts end within one and no pair has the same starter at every meeting; forfeits (rules.md: neither a first nor a second) are planned around', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 1, max: 3 }),
        fc.nat(),
        fc.array(fc.nat(), { maxLength: 3 }),
        (n, cycles, seed, forfeitPicks) => {
          const players = Array.from({ length: n }, (_, i) => player(i + 1, 0, 0, 0))
          const cycle = n % 2 === 0 ? n - 1 : n
          const rounds = cycle * cycles
          const games = rounds * Math.floor(n / 2)
          // As the automatic plan: one cycle is a round robin, two a double, more repeat the one.
          const step = (r: number): Partial<PairingInput> =>
            cycles === 2
              ? { system: 'double-round-robin' }
              : { system: 'round-robin', roundRobinStart: r - ((r - 1) % cycle) }
          const forfeited = new Set(forfeitPicks.map((k) => k % games))
          const met = new Map<number, number>()
          const starters = new Map<number, PlayerId[]>()
          const surplus = new Map<PlayerId, number>()
          const firsts = new Map<PlayerId, number>()
          const history: StartsHistoryEntry[] = []
          let lastPairs = new Set<number>()
          let lastByes = new Set<PlayerId>()
          let game = 0
          for (let r = 1; r <= rounds; r++) {
            const result = pairRound(
              input(players, {
                round: r,
                basedOn: r - 1,
                ...step(r),
                starts: { rules: PRESETS.msa, options: { seed: seed + r }, history },
              }),
            )
            if (!result.ok) throw new Error(result.error.message)
            expect(result.value.byes).toHaveLength(n % 2)
            const pairs = new Set<number>()
            for (const p of result.value.pairings) {
              const key = pairKey(p.first, p.second)
              // Two players can only meet again and again.
              if (cycle > 1) expect(lastPairs.has(key)).toBe(false)
              pairs.add(key)
              met.set(key, (met.get(key) ?? 0) + 1)
              // MSA 1.3: with unequal firsts, the player with fewer starts.
              expect(firsts.get(p.first) ?? 0).toBeLessThanOrEqual(firsts.get(p.second) ?? 0)
              if (forfeited.has(game++)) {
                history.push({
                  round: r,
                  first: null,
                  result: {
                    kind: 'forfeit',
                    winner: p.second,
                    loser: p.first,
                    reason: 'no-show',
                    spread: 100,
                    rated: false,
                  },
                })
                continue
              }
              starters.set(key, [...(starters.get(key) ?? []), p.first])
              firsts.set(p.first, (firsts.get(p.first) ?? 0) + 1)
              surplus.set(p.first, (surplus.get(p.first) ?? 0) + 1)
              surplus.set(p.second, (surplus.get(p.second) ?? 0) - 1)
              history.push({
                round: r,
                first: p.first,
                result: {
                  kind: 'played',
                  players: [p.first, p.second],
                  rawScores: [400, 300],
                  overtimeSeconds: [0, 0],
                  scores: [400, 300],
                },
              })
            }
            for (const b of result.value.byes) expect(lastByes.has(b.player)).toBe(false)
            lastPairs = pairs
            lastByes = new Set(result.value.byes.map((b) => b.player))
          }
          expect(met.size).toBe((n * (n - 1)) / 2)
          for (const times of met.values()) expect(times).toBe(cycles)
          // A forfeit takes a start away that a later round may not be able to give back.
          for (const s of surplus.values()) {
            expect(Math.abs(s)).toBeLessThanOrEqual(1 + forfeited.size)
          }
          if (forfeited.size === 0) {
            for (const [a, ...rest] of starters.values()) {
              if (rest.length > 0) expect(rest.every((b) => b === a)).toBe(false)
            }
          }
        },
      ),
      { numRuns: 40 },
    )
  }, 60_000)
})
