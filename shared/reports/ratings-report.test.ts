import { describe, expect, test } from 'vitest'
import type { Command } from '../tournament/commands'
import { applyAll, create, played, register } from '../tournament/test-support/event'
import { ratingsReport } from './ratings-report'
import { newRatingText, standingsReport } from './standings-report'

/**
 * Issue 22's newcomer: an unrated player who beats 1500 and 1600 and loses to 1700 gets 1821
 * under nsa2008, 1726 under wespa, 1800 under aus.
 */
function newcomerEvent(system: 'nsa2008' | 'wespa' | 'aus' | 'none'): Command[] {
  // The first player named at each table wins 400–350: Nia beats Ade and Bisi, loses to Chidi.
  const rounds: [number, [number, number], [number, number]][] = [
    [1, [1, 2], [3, 4]],
    [2, [1, 3], [2, 4]],
    [3, [4, 1], [2, 3]],
  ]
  return [
    create('nsa1995', 3),
    { type: 'addDivision', name: 'A' },
    register('Newcomer, Nia', 0),
    register('Ade', 1500),
    register('Bisi', 1600),
    register('Chidi', 1700),
    { type: 'setRatingSystem', division: 'A', system },
    ...rounds.flatMap(([round, first, second]): Command[] => [
      {
        type: 'pairRound',
        division: 'A',
        round,
        pairings: [
          { kind: 'game', table: 1, players: first },
          { kind: 'game', table: 2, players: second },
        ],
      },
      ...[first, second].map((players, i): Command => ({
        type: 'recordResult',
        division: 'A',
        round,
        game: { table: i + 1 },
        result: played(players, [400, 350]),
      })),
    ]),
  ]
}

describe('standings and the ratings report show the estimates (issue 22)', () => {
  test.each([
    { system: 'nsa2008', expected: 1821 },
    { system: 'wespa', expected: 1726 },
    { system: 'aus', expected: 1800 },
  ] as const)('issue 22: the newcomer gets $expected under $system', ({ system, expected }) => {
    const state = applyAll(newcomerEvent(system))
    const standings = standingsReport(state, 'A', 3)
    if (!standings.ok) throw new Error(standings.error.message)
    expect(standings.value.ratings).toBe(true)
    const nia = standings.value.rows.find((r) => r.name === 'Newcomer, Nia')
    expect(nia && newRatingText(nia)).toBe(`${expected} (new)`)
    const report = ratingsReport(state, 'A', 3)
    if (!report.ok) throw new Error(report.error.message)
    expect(report.value.rows.find((r) => r.id === 1)).toMatchObject({
      rating: 0,
      newRating: expected,
      change: null,
      wins: 2,
      losses: 1,
    })
  })

  test('rows follow the standings, each with old, new and change, as of the round asked', () => {
    const state = applyAll(newcomerEvent('nsa2008'))
    const report = ratingsReport(state, 'A', 3)
    if (!report.ok) throw new Error(report.error.message)
    expect(report.value.systemWords).toBe('NASPA (2008 formula)')
    // Nia and Chidi 2–1 +50, Ade and Bisi 1–2 −50: equal records share a rank (design.md).
    expect(report.value.rows.map((r) => r.rank)).toEqual([1, 1, 3, 3])
    for (const row of report.value.rows.filter((r) => r.rating > 0)) {
      expect(row.change).toBe((row.newRating ?? 0) - row.rating)
    }
    // After round 1 each player is rated on one game, as if the event ended there.
    const first = ratingsReport(state, 'A', 1)
    if (!first.ok) throw new Error(first.error.message)
    const nia = first.value.rows.find((r) => r.id === 1)
    expect(nia?.newRating).not.toBe(report.value.rows.find((r) => r.id === 1)?.newRating)
  })

  test('“none”: no column in the standings, and the ratings report says why it has nothing', () => {
    const state = applyAll(newcomerEvent('none'))
    const standings = standingsReport(state, 'A', 3)
    expect(standings.ok && standings.value.ratings).toBe(false)
    expect(standings.ok && standings.value.rows.every((r) => r.newRating === null)).toBe(true)
    const report = ratingsReport(state, 'A', 3)
    expect(report.ok ? null : report.error.code).toBe('report.ratings.not-rated')
  })
})

describe('the ratings report’s performance column (tsh RATings: old, new, change, performance)', () => {
  test.each([
    // A newcomer against rated opponents only is rated at their performance: the two agree.
    { system: 'nsa2008', nia: 1821 },
    { system: 'wespa', nia: 1726 },
    { system: 'aus', nia: 1800 },
  ] as const)(
    'issue 22 "Newcomers": Nia’s performance under $system is her new rating, $nia',
    ({ system, nia }) => {
      const report = ratingsReport(applyAll(newcomerEvent(system)), 'A', 3)
      if (!report.ok) throw new Error(report.error.message)
      expect(report.value.rows.find((r) => r.id === 1)?.performance).toBe(nia)
      expect(report.value.performanceNote).toContain('byes and forfeits are not games')
    },
  )

  test('rated players get one too, over the rounds up to the one asked (Chidi 1700, 0–1 after round 1)', () => {
    const state = applyAll(newcomerEvent('nsa2008'))
    const after1 = ratingsReport(state, 'A', 1)
    const after3 = ratingsReport(state, 'A', 3)
    if (!after1.ok || !after3.ok) throw new Error('no report')
    const chidi1 = after1.value.rows.find((r) => r.id === 4)?.performance
    const chidi3 = after3.value.rows.find((r) => r.id === 4)?.performance
    // Round 1: Chidi lost to Bisi 1600, a lost record counting as 5%: 1600 − 923.
    expect(chidi1).toBe(677)
    expect(chidi3).not.toBe(chidi1)
  })

  test('the default system is said to be a guess where it is one (nsa1995 → nsa), not once chosen', () => {
    const following = applyAll(newcomerEvent('nsa2008').filter((c) => c.type !== 'setRatingSystem'))
    const report = ratingsReport(following, 'A', 3)
    if (!report.ok) throw new Error(report.error.message)
    expect(report.value.system).toBe('nsa')
    expect(report.value.guessNote).toContain('a guess')
    expect(report.value.performanceNote).toContain('pseudo-performance')
    const chosen = ratingsReport(applyAll(newcomerEvent('nsa2008')), 'A', 3)
    expect(chosen.ok && chosen.value.guessNote).toBeNull()
  })
})
