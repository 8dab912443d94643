import { describe, expect, test } from 'vitest'
import type { GameResult, PlayerId } from '../results/game-result'
import type { StartsHistoryEntry } from '../starts/starts'
import { pairingInputFromEvent, roundsWithoutOpponent, type EventSoFar } from './input'
import { STARTS } from './test-support/simulate'

const played = (round: number, a: PlayerId, b: PlayerId, first: PlayerId | null = a) =>
  ({
    round,
    first,
    result: {
      kind: 'played',
      players: [a, b],
      rawScores: [400, 350],
      overtimeSeconds: [0, 0],
      scores: [400, 350],
    },
  }) satisfies StartsHistoryEntry

const other = (round: number, result: GameResult): StartsHistoryEntry => ({
  round,
  first: null,
  result,
})

/**
 * Six players, three rounds. Round 1: 1 beat 2, 3 beat 4, 5 the bye; 6 registered late (from
 * round 2). Round 2: 1 v 3 played; 2 v 5 a forfeit (5 did not show); 4 v 6 unplayed. Round 3:
 * 1 v 5 paired, no result yet; 2 v 3 a double forfeit; 4 v 6 played.
 */
const EVENT: EventSoFar = {
  entrants: [1, 2, 3, 4, 5, 6].map((id) => ({
    id,
    name: `P${id}`,
    rating: 2000 - id * 100,
    ...(id === 6 ? { firstRound: 2 } : {}),
  })),
  paired: [
    {
      round: 1,
      pairs: [
        [1, 2],
        [3, 4],
      ],
      byes: [5],
    },
    {
      round: 2,
      pairs: [
        [1, 3],
        [2, 5],
        [4, 6],
      ],
      byes: [],
    },
    {
      round: 3,
      pairs: [
        [1, 5],
        [2, 3],
        [4, 6],
      ],
      byes: [],
    },
  ],
  games: [
    played(1, 1, 2),
    played(1, 3, 4),
    other(1, { kind: 'bye', player: 5, spread: 50 }),
    played(2, 1, 3),
    other(2, { kind: 'forfeit', winner: 2, loser: 5, reason: 'no-show', spread: 50, rated: false }),
    other(2, { kind: 'unplayed', players: [4, 6] }),
    other(3, { kind: 'doubleForfeit', players: [2, 3], spread: 50 }),
    played(3, 4, 6),
  ],
}

describe("rounds without an opponent, as tsh's CountByes counts them (opponent 0)", () => {
  const before4 = roundsWithoutOpponent(EVENT, 4)
  test.each([
    ['tsh CountByes: two games, one not scored yet (a pairing is a game)', 1, 0],
    ['tsh CountByes, design.md "Pairing": a forfeit won and a double forfeit', 2, 2],
    ['tsh CountByes: a double forfeit', 3, 1],
    ['tsh CountByes: an unplayed pairing (opponent 0, score 0)', 4, 1],
    ['tsh CountByes, design.md "Pairing": a bye and a forfeit lost', 5, 2],
    ["tsh CountByes: a late entry's missed round and an unplayed pairing", 6, 2],
  ])('%s: player %i has %i', (_rule, player, count) => {
    expect(before4.get(player)).toBe(count)
  })

  test.each([
    [1, [0, 0, 0, 0, 1, 1]],
    [2, [0, 1, 0, 1, 2, 2]],
    [3, [0, 2, 1, 1, 2, 2]],
  ])('tsh CountByes over the rounds paired so far: rounds 1 to %i', (last, counts) => {
    const before = roundsWithoutOpponent(EVENT, last + 1)
    expect([1, 2, 3, 4, 5, 6].map((id) => before.get(id))).toEqual(counts)
  })
})

describe('pairingInputFromEvent: one input for the desk, the review and the CLI (issue 18)', () => {
  const request = { round: 4, system: 'swiss', basedOn: 3, starts: STARTS } as const

  test('standings of the basis round from the games; byes by the rule above; starts as recorded', () => {
    const built = pairingInputFromEvent(EVENT, request)
    if (!built.ok) throw new Error(built.error.message)
    expect(
      built.value.players.map((p) => [p.id, p.wins, p.losses, p.byes, p.firsts, p.seconds]),
    ).toEqual([
      [1, 2, 0, 0, 2, 0],
      [2, 1, 2, 2, 0, 1],
      [3, 1, 2, 1, 1, 1],
      [4, 1, 1, 1, 1, 1],
      [5, 1, 1, 2, 0, 0],
      [6, 0, 1, 2, 0, 1],
    ])
  })

  test("the event's own standings win over the games (a division's penalties, spread cap)", () => {
    const own = [{ player: 4, wins: 1, losses: 1, spread: -999, rank: 6 }]
    const built = pairingInputFromEvent({ ...EVENT, standings: own }, request)
    if (!built.ok) throw new Error(built.error.message)
    expect(built.value.players.find((p) => p.id === 4)).toMatchObject({ spread: -999, rank: 6 })
  })

  test('design.md "Pairing": before any result the rank is the rating order, own standings or not', () => {
    const own = [{ player: 6, wins: 0, losses: 0, spread: 0, rank: 1 }]
    const built = pairingInputFromEvent(
      { ...EVENT, standings: own },
      { ...request, round: 1, basedOn: 0 },
    )
    if (!built.ok) throw new Error(built.error.message)
    expect(built.value.players.map((p) => p.rank)).toEqual([1, 2, 3, 4, 5, 6])
    expect(built.value.history).toEqual([])
  })

  test('a game naming a player who is not an entrant is refused', () => {
    const built = pairingInputFromEvent(
      { ...EVENT, games: [...EVENT.games, played(1, 1, 9)] },
      request,
    )
    expect(built.ok ? null : built.error.code).toBe('pairing.input.unknown-player')
  })
})
