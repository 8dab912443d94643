import { describe, expect, test } from 'vitest'
import type { GameRef } from './commands'
import { findGame } from './record-result'
import type { Round } from './types'

/** Tables 1 and 3 (table 2 is not in use), and #5's bye. */
const start = { kind: 'director', starter: 1 } as const
const round: Round = {
  number: 2,
  pairings: [
    { kind: 'game', table: 1, players: [1, 2], start, locked: false, reason: null },
    { kind: 'game', table: 3, players: [4, 3], start, locked: false, reason: null },
    { kind: 'bye', player: 5, locked: false, reason: null },
  ],
  results: [null, null, null],
  system: null,
  seed: null,
  startedAt: null,
  arrivals: [],
  published: false,
}

/*
 * One owner for finding the game a result is for (issue 20): the desk's result line, its
 * correction check and the log's fold all ask findGame. A result names its game by table or by
 * exactly its players: a bye by its one player, a game by both in any order.
 */
describe('the game a result is for', () => {
  test.each<[string, GameRef, number | string]>([
    ['a table', { table: 3 }, 1],
    ['a table not in use', { table: 2 }, 'table.missing'],
    ['both players in the pairing’s order', { players: [1, 2] }, 0],
    ['both players the other way round', { players: [3, 4] }, 1],
    ['a bye by its player', { players: [5] }, 2],
    // The desk's old copy took any pairing holding the players named: #3 alone found table 3.
    ['one player of a game is not the game', { players: [3] }, 'pairing.missing'],
    ['two players who do not meet', { players: [1, 3] }, 'pairing.missing'],
    ['the bye’s player with someone else', { players: [5, 1] }, 'pairing.missing'],
  ])('%s', (_, game, expected) => {
    const found = findGame(round, game)
    expect(found.ok ? found.value : found.error.code).toBe(expected)
  })
})
