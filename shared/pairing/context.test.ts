import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  meeting,
  meetingText,
  pairingContext,
  pairKey,
  ratingOrder,
  record,
  standingsOrder,
  timesMet,
} from './context'
import { rulesFromPreset } from '../rules/presets'
import type { PairingInput, PairingPlayer } from './types'

const player = (id: number, over: Partial<PairingPlayer> = {}): PairingPlayer => ({
  id,
  name: `P${id}`,
  rating: 1500,
  wins: 0,
  losses: 0,
  spread: 0,
  rank: 1,
  active: true,
  byes: 0,
  firsts: 0,
  seconds: 0,
  ...over,
})

/** Round 5: 1 and 2 met in rounds 1 and 3, 3 and 4 in round 2; a round 5 already listed is ignored. */
const input: PairingInput = {
  round: 5,
  system: 'swiss',
  basedOn: 4,
  players: [1, 2, 3, 4].map((id) => player(id)),
  history: [
    { round: 1, pairs: [[1, 2]], byes: [] },
    { round: 2, pairs: [[4, 3]], byes: [] },
    { round: 3, pairs: [[2, 1]], byes: [] },
    { round: 5, pairs: [[1, 3]], byes: [] },
  ],
  maxRepeats: null,
  constraints: { avoid: [[4, 1]] },
  starts: { rules: rulesFromPreset('nsa1995') },
}

describe('what every pairing system reads (design.md, "Pairing")', () => {
  const ctx = pairingContext(input)

  test.each([
    [1, 2, { times: 2, roundsSince: 2 }, 'met twice before (round 1, 3)'],
    [2, 1, { times: 2, roundsSince: 2 }, 'met twice before (round 1, 3)'],
    [3, 4, { times: 1, roundsSince: 3 }, 'met once before (round 2)'],
    // Round 5 is the round being paired: its listed pairing is not a meeting yet.
    [1, 3, { times: 0, roundsSince: null }, 'no earlier meeting'],
  ])('%i and %i: %j, "%s"', (a, b, expected, text) => {
    expect(meeting(ctx, a, b)).toEqual(expected)
    expect(timesMet(ctx, a, b)).toBe(expected.times)
    expect(meetingText(ctx, a, b)).toBe(text)
  })

  test('no limit on repeats: Infinity for the systems, null for the weights; the avoided pair either way round', () => {
    expect([ctx.maxRepeats, ctx.limit]).toEqual([Infinity, null])
    expect(pairingContext({ ...input, maxRepeats: 1 }).maxRepeats).toBe(1)
    expect(ctx.avoid.has(pairKey(1, 4))).toBe(true)
    expect(ctx.avoid.has(pairKey(1, 2))).toBe(false)
  })

  test('standings order: rank, wins, fewer losses, spread, rating, id (design.md, "Standings")', () => {
    const players = [
      player(1, { rank: 2 }),
      player(2, { rank: 1, wins: 2, losses: 1 }),
      player(3, { rank: 1, wins: 2, losses: 0, spread: -5 }),
      player(4, { rank: 1, wins: 2, losses: 0, spread: 10 }),
      player(5, { rank: 1, wins: 3 }),
      player(6, { rank: 2, rating: 1600 }),
    ]
    expect(standingsOrder(players).map((p) => p.id)).toEqual([5, 4, 3, 2, 6, 1])
    expect(ratingOrder(players).map((p) => p.id)).toEqual([6, 1, 2, 3, 4, 5])
  })

  test.each([
    [3, 1, '3–1'],
    [2.5, 1.5, '2.5–1.5'],
  ])('a record of %d wins, %d losses reads %s', (wins, losses, text) => {
    expect(record(player(1, { wins, losses }))).toBe(text)
  })

  test('property: pairKey is one number per unordered pair', () => {
    fc.assert(
      fc.property(fc.nat(5000), fc.nat(5000), fc.nat(5000), fc.nat(5000), (a, b, c, d) => {
        expect(pairKey(a, b)).toBe(pairKey(b, a))
        const same = (a === c && b === d) || (a === d && b === c)
        expect(pairKey(a, b) === pairKey(c, d)).toBe(same)
      }),
    )
  })
})
