import { describe, expect, test } from 'vitest'
import { exportTDivision } from '../formats/t-export'
import { divisionRatingEstimates, ratingSystemFor } from '../ratings/division-ratings'
import { estimateRatings } from '../ratings/estimate'
import { ratingPlayersFromTFile } from '../ratings/from-t-file'
import { rulesFromPreset } from '../rules/presets'
import type { RuleSet } from '../rules/rule-set'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { applyAll, ID } from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { estimatesByRound, newRatingWords, ratingsAfterRound } from './rating-estimates'
import { parseResultLine, resultCommandFor } from './result-line'
import { deskSetup, PAIR_ROUND_1 } from './test-support/desk-event'

describe('estimates read “after round k” (issue 22, “What an estimate is”)', () => {
  const estimates = [
    { id: 1, rating: 1739, estimates: [1746, 1750, 1741] },
    { id: 2, rating: 0, estimates: [1500] },
    { id: 3, rating: 1600, estimates: [] },
  ]
  test.each([
    { round: 0, lines: {} },
    { round: 1, lines: { 1: [1746, 7], 2: [1500, null] } },
    { round: 3, lines: { 1: [1741, 2], 2: [1500, null] } },
    // Round 4's results are not in yet: each player's latest estimate stands.
    { round: 4, lines: { 1: [1741, 2], 2: [1500, null] } },
  ])('after round $round', ({ round, lines }) => {
    const got = ratingsAfterRound(estimates, round)
    expect(Object.fromEntries([...got].map(([id, l]) => [id, [l.newRating, l.change]]))).toEqual(
      lines,
    )
  })

  test('a player’s history: each round’s estimate against the pre-event rating', () => {
    expect(estimatesByRound(estimates[0])).toEqual([
      { round: 1, newRating: 1746, change: 7 },
      { round: 2, newRating: 1750, change: 11 },
      { round: 3, newRating: 1741, change: 2 },
    ])
    expect(estimatesByRound(undefined)).toEqual([])
  })

  test.each([
    { line: { newRating: 1746, change: 7 }, words: '1746 (+7)' },
    { line: { newRating: 1582, change: -6 }, words: '1582 (-6)' },
    { line: { newRating: 1700, change: 0 }, words: '1700 (0)' },
    { line: { newRating: 1821, change: null }, words: '1821 (new)' },
  ])('$words', ({ line, words }) => {
    expect(newRatingWords(line)).toBe(words)
  })
})

describe('issue 28: forfeits set to rated count in the app’s estimates as the .t rates them', () => {
  /** The desk event under NSA with both forfeit settings turned to rated, round 1 typed. */
  function ratedForfeits(rated: boolean, ...lines: readonly string[]): TournamentState {
    const nsa = rulesFromPreset('nsa1995')
    const rules: RuleSet = {
      ...nsa,
      results: { ...nsa.results, forfeitRated: rated },
      lateArrival: { ...nsa.lateArrival, forfeitRated: rated },
    }
    const [create, ...rest] = deskSetup('nsa1995')
    if (create?.type !== 'createTournament') throw new Error('the desk event starts by creating')
    const commands: Command[] = [{ ...create, rules }, ...rest, PAIR_ROUND_1]
    return lines.reduce((state, line) => {
      const entry = parseResultLine(line, { state, division: 'A', round: 1 })
      if (!entry.ok) throw new Error(`${line}: ${entry.error.code}`)
      const next = apply(state, resultCommandFor(state, 'A', 1, entry.value), ID)
      if (!next.ok) throw new Error(`${line}: ${next.error.code}`)
      return next.value
    }, applyAll(commands))
  }

  /** The estimates tsh would write from our own `.t` export of the division. */
  function fromTFile(state: TournamentState) {
    const file = exportTDivision(state, 'A')
    if (!file.ok) throw new Error(file.error.code)
    return estimateRatings({
      system: ratingSystemFor(state, 'A'),
      maxRounds: state.info.rounds,
      players: ratingPlayersFromTFile(file.value),
    })
  }

  test.each([
    {
      rule: 'Settings “Forfeits are rated” on (NSA VII.J.2 says not; the director may): Bob’s no-show is rated',
      rated: true,
      lines: ['1 forfeit bob', '2 400 350', '3 380 390'],
    },
    {
      rule: 'Settings “Lateness forfeits are rated” on (NEON says not; the director may): Dan’s lateness is rated',
      rated: true,
      lines: ['1 400 350', '2 late dan', '3 380 390'],
    },
    {
      rule: 'NSA VII.J.2 as written (not rated): neither side is rated, in the app as in the .t',
      rated: false,
      lines: ['1 forfeit bob', '2 late dan', '3 380 390'],
    },
  ])('$rule', ({ rated, lines }) => {
    const state = ratedForfeits(rated, ...lines)
    const ours = divisionRatingEstimates(state, 'A').map((p) => p.estimates)
    expect(ours).toEqual(fromTFile(state).map((p) => p.estimates))
    // The forfeit's winner moves from the pre-event rating only when it is rated.
    const [ann, bob] = ours
    const moved = (e: readonly number[] | undefined, from: number) => e?.[0] !== from
    if (lines[0] === '1 forfeit bob') {
      expect([moved(ann, 2000), moved(bob, 1900)]).toEqual([rated, rated])
    }
  })
})
