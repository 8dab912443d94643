import { describe, expect, test } from 'vitest'
import { exportTDivision } from '../formats/t-export'
import type { Command } from '../tournament/commands'
import { applyAll, create, played } from '../tournament/test-support/event'
import { divisionRatingEstimates } from './division-ratings'

/**
 * Lifetime games typed at the desk (issue 22, "Multiplier": lifeg < 50 gives 30 / 24 / 15 instead
 * of 20 / 16 / 10): carried by registerPlayer and editPlayer, used by the estimates, written to the
 * `.t` as `lifeg`.
 */
function event(lifetimeGames: string | undefined): Command[] {
  return [
    create('nsa1995', 3),
    { type: 'addDivision', name: 'A' },
    {
      type: 'registerPlayer',
      division: 'A',
      player: {
        name: 'Ann',
        rating: 1500,
        memberId: '',
        club: '',
        ...(lifetimeGames === undefined ? {} : { lifetimeGames: Number(lifetimeGames) }),
      },
    },
    {
      type: 'registerPlayer',
      division: 'A',
      player: { name: 'Bob', rating: 1500, memberId: '', club: '' },
    },
    { type: 'setRatingSystem', division: 'A', system: 'nsa2008' },
    {
      type: 'pairRound',
      division: 'A',
      round: 1,
      pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
    },
    {
      type: 'recordResult',
      division: 'A',
      round: 1,
      game: { table: 1 },
      result: played([1, 2], [400, 350]),
    },
  ]
}

describe('lifetime games typed at the desk (issue 22)', () => {
  test.each([
    // 1500 beats 1500: excess ½. Multiplier 20 → +10, acceleration over 5 a game: +5 → 1515.
    { why: 'absent: tsh’s 100, multiplier 20', lifeg: undefined, ann: 1515 },
    { why: '50 or more: multiplier 20', lifeg: '50', ann: 1515 },
    // Multiplier 30 → +15, acceleration +10 → 1525.
    { why: 'under 50: multiplier 30', lifeg: '49', ann: 1525 },
  ])('issue 22 "Multiplier", $why → $ann', ({ lifeg, ann }) => {
    const state = applyAll(event(lifeg))
    expect(divisionRatingEstimates(state, 'A')[0]?.estimates).toEqual([ann])
  })

  test('an edit sets it, and leaving it out of an edit keeps it', () => {
    const edit = (lifetimeGames?: number): Command => ({
      type: 'editPlayer',
      division: 'A',
      playerId: 1,
      player: {
        name: 'Ann',
        rating: 1500,
        memberId: '',
        club: '',
        ...(lifetimeGames === undefined ? {} : { lifetimeGames }),
      },
    })
    const set = applyAll([...event(undefined), edit(10)])
    expect(set.divisions[0]?.players[0]?.lifetimeGames).toBe(10)
    expect(divisionRatingEstimates(set, 'A')[0]?.estimates).toEqual([1525])
    const kept = applyAll([...event(undefined), edit(10), edit()])
    expect(kept.divisions[0]?.players[0]?.lifetimeGames).toBe(10)
  })

  test('a player registered by hand with lifetime games exports lifeg; one without, none', () => {
    const file = exportTDivision(applyAll(event('12')), 'A')
    if (!file.ok) throw new Error(file.error.message)
    expect(file.value.players.map((p) => p.tags.find((t) => t.name === 'lifeg')?.values)).toEqual([
      ['12'],
      undefined,
    ])
  })

  test('a refused value is refused by the command too, naming the field', () => {
    expect(() =>
      applyAll([
        ...event(undefined),
        {
          type: 'editPlayer',
          division: 'A',
          playerId: 1,
          player: { name: 'Ann', rating: 1500, memberId: '', club: '', lifetimeGames: -1 },
        },
      ]),
    ).toThrow(/player\.lifetime-games\.invalid/)
  })
})
