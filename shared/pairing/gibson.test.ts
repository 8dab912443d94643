import { describe, expect, test } from 'vitest'
import { canCatch, gibsonState } from './gibson'
import { player } from './test-support/fields'

describe('Gibsonization (design.md, "Pairing")', () => {
  test.each([
    [
      'two wins behind with two games left: level on wins, spread can decide',
      3,
      100,
      5,
      300,
      2,
      true,
    ],
    ['two wins behind with one game left', 3, 100, 5, 300, 1, false],
    ['one behind, one left, spread gap 499 < 2 x 250', 4, 0, 5, 499, 1, true],
    ['one behind, one left, spread gap 501 > 2 x 250', 4, 0, 5, 501, 1, false],
  ])('%s', (_name, wins, spread, leaderWins, leaderSpread, games, expected) => {
    const chaser = player(2, wins, 0, spread)
    const leader = player(1, leaderWins, 0, leaderSpread)
    expect(canCatch(chaser, leader, games, 250)).toBe(expected)
  })

  test('contenders are those who can still reach the last prize place', () => {
    const field = [
      player(1, 7, 0, 900),
      player(2, 5, 2, 300),
      player(3, 5, 2, 100),
      player(4, 4, 3, 50),
      player(5, 3, 4, -100),
      player(6, 2, 5, -400),
    ]
    const state = gibsonState(field, 7, { totalRounds: 8, maxSpreadPerRound: 250, prizePlaces: 3 })
    expect(state?.leader.id).toBe(1)
    expect([...(state?.contenders ?? [])].sort()).toEqual([2, 3, 4])
    expect(gibsonState(field, 6, { totalRounds: 8, maxSpreadPerRound: 250 })).toBeNull()
  })
})
