import { describe, expect, test } from 'vitest'
import { seededRng } from '../random'
import type { EventSoFar } from './input'
import { pairRound } from './pair-round'
import { solveDense, solveSparse } from './test-support/reference'
import { entrants, inputFor, playRound, simulateEvent } from './test-support/simulate'
import type { PairedRound } from './types'

function checkValid(round: PairedRound, active: readonly number[]): void {
  const seen = [
    ...round.pairings.flatMap((p) => [p.first, p.second]),
    ...round.byes.map((b) => b.player),
  ].sort((a, b) => a - b)
  expect(seen).toEqual([...active].sort((a, b) => a - b))
  expect(round.pairings.map((p) => p.table)).toEqual(round.pairings.map((_, i) => i + 1))
  for (const p of round.pairings) expect(p.reason).not.toBe('')
}

describe('a seeded synthetic 109-player division, paired round by round (design.md, "Pairing")', () => {
  test('every round is valid: all active players paired once, one bye, no repeats under a limit of 0', () => {
    const rng = seededRng(109)
    let event: EventSoFar = { entrants: entrants(109, rng), paired: [], games: [] }
    for (let round = 1; round <= 12; round++) {
      // Two players drop out after round 6 and a late entry comes in at round 4.
      if (round === 4) {
        event = {
          ...event,
          entrants: [...event.entrants, { id: 110, name: 'Late', rating: 1500, firstRound: 4 }],
        }
      }
      if (round === 7) {
        event = {
          ...event,
          entrants: event.entrants.map((e) =>
            e.id === 3 || e.id === 50 ? { ...e, active: false } : e,
          ),
        }
      }
      const system = round <= 3 ? 'fontes' : 'swiss'
      const input = inputFor(event, round, system, { fontesRounds: 3, seed: round, maxRepeats: 0 })
      const result = pairRound(input)
      if (!result.ok) throw new Error(`round ${String(round)}: ${result.error.message}`)
      const active = input.players
        .filter((p) => p.active && (p.firstRound ?? 1) <= round)
        .map((p) => p.id)
      checkValid(result.value, active)
      expect(result.value.byes).toHaveLength(active.length % 2)
      expect(result.value.summary.repeats).toBe(0)
      event = playRound(event, result.value, rng).event
    }
  })

  test('lagged: every round from 3 on paired on the standings of the round before last', () => {
    const rng = seededRng(7)
    let event: EventSoFar = { entrants: entrants(109, rng), paired: [], games: [] }
    const pending: PairedRound[] = []
    for (let round = 1; round <= 8; round++) {
      const basedOn = Math.max(0, round - 2)
      const input = { ...inputFor(event, round, round === 1 ? 'rating' : 'swiss'), basedOn }
      const result = pairRound(input)
      if (!result.ok) throw new Error(`round ${String(round)}: ${result.error.message}`)
      checkValid(
        result.value,
        input.players.map((p) => p.id),
      )
      expect(result.value.summary.repeats).toBe(0)
      // Round r's results arrive only after round r + 1 is paired; its pairings count at once.
      event = {
        ...event,
        paired: [
          ...event.paired,
          {
            round,
            pairs: result.value.pairings.map((p) => [p.first, p.second] as const),
            byes: result.value.byes.map((b) => b.player),
          },
        ],
      }
      pending.push(result.value)
      const ready = pending.length > 1 ? pending.shift() : undefined
      if (ready !== undefined) {
        const played = playRound({ ...event, paired: [] }, ready, rng).event
        event = { ...event, games: played.games }
      }
    }
  })
})

describe('the sparse matching with its dual check equals the dense blossom (design.md, "Pairing")', () => {
  test('Swiss rounds 2-8 of a 120-player event: same total cost', () => {
    const { event } = simulateEvent({ players: 120, rounds: 7, seed: 99 })
    for (let round = 2; round <= 8; round++) {
      const earlier = {
        ...event,
        paired: event.paired.filter((r) => r.round < round),
        games: event.games.filter((g) => g.round < round),
      }
      const input = inputFor(earlier, round, 'swiss')
      const sparse = solveSparse(input)
      const dense = solveDense(input)
      expect(sparse?.totals).toEqual(dense?.totals)
    }
  })
})
