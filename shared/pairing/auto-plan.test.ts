import { describe, expect, test } from 'vitest'
import { afterSchedule, autoPlan, describePlan } from './auto-plan'

describe('the automatic plan (auto-plan.ts: thresholds in its header)', () => {
  test.each([
    [8, 7, 'Rounds 1–7: round robin'],
    [8, 14, 'Rounds 1–14: double round robin'],
    [7, 7, 'Rounds 1–7: round robin'],
    [8, 10, 'Rounds 1–7: round robin; rounds 8–9: Swiss; round 10: King of the Hill'],
    [24, 23, 'Rounds 1–23: round robin'],
    [26, 23, 'Rounds 1–3: Initial Fontes; rounds 4–22: Swiss; round 23: King of the Hill'],
    [60, 12, 'Rounds 1–3: Initial Fontes; rounds 4–11: Swiss; round 12: King of the Hill'],
    // No session breaks set: a big field is not lagged (tsh lags only inside a session).
    [150, 12, 'Rounds 1–3: Initial Fontes; rounds 4–11: Swiss; round 12: King of the Hill'],
    [109, 14, 'Rounds 1–5: Initial Fontes; rounds 6–13: Swiss; round 14: King of the Hill'],
    [30, 4, 'Round 1: seeded by rating; rounds 2–4: Swiss'],
    [30, 1, 'Round 1: seeded by rating'],
  ])('%i players, %i rounds: %s', (players, rounds, words) => {
    expect(describePlan(autoPlan(players, rounds), rounds)).toBe(words)
  })

  test.each([
    // tsh's session_breaks: lagged inside a session, for 100 players or more.
    [
      109,
      14,
      [7],
      'Rounds 1–5: Initial Fontes; rounds 6–13: Swiss on the round before last inside a session; round 14: King of the Hill',
    ],
    [
      150,
      12,
      [6, 12],
      'Rounds 1–3: Initial Fontes; rounds 4–11: Swiss on the round before last inside a session; round 12: King of the Hill',
    ],
    // A break only after the last round is no break inside the event.
    [150, 12, [12], 'Rounds 1–3: Initial Fontes; rounds 4–11: Swiss; round 12: King of the Hill'],
    // A smaller field is never lagged.
    [99, 12, [6], 'Rounds 1–3: Initial Fontes; rounds 4–11: Swiss; round 12: King of the Hill'],
  ])('%i players, %i rounds, session breaks %j: %s', (players, rounds, breaks, words) => {
    expect(describePlan(autoPlan(players, rounds, breaks), rounds)).toBe(words)
  })

  test.each([
    // tsh imported 24 x 23 after 10 rounds: round 11 is Swiss, the last King of the Hill.
    [24, 23, 11, [], { fromRound: 11, system: 'swiss', basedOn: 'previous' }],
    [24, 23, 23, [], { fromRound: 23, system: 'koth', basedOn: 'previous' }],
    // Initial Fontes after a round 1 it did not make: Swiss from round 2.
    [109, 14, 2, [7], { fromRound: 2, system: 'swiss', basedOn: 'lagged' }],
    // Too short for King of the Hill (fewer than 5 rounds): Swiss to the end.
    [4, 3, 3, [], { fromRound: 3, system: 'swiss', basedOn: 'previous' }],
  ])(
    'past a schedule the history did not follow: %i players, %i rounds, round %i → %j',
    (players, rounds, round, breaks, expected) => {
      expect(afterSchedule(players, rounds, round, breaks)).toEqual({
        ...expected,
        maxRepeats: null,
      })
    },
  )

  test('every step is unlimited on repeats and the steps start at round 1 in order', () => {
    for (const players of [2, 3, 9, 25, 45, 109, 400]) {
      for (const rounds of [1, 3, 5, 8, 14, 23, 31]) {
        const plan = autoPlan(players, rounds, [Math.ceil(rounds / 2)])
        expect(plan[0]?.fromRound).toBe(1)
        plan.forEach((s, i) => {
          expect(s.maxRepeats).toBeNull()
          if (i > 0) expect(s.fromRound).toBeGreaterThan(plan[i - 1]?.fromRound ?? 0)
          expect(s.fromRound).toBeLessThanOrEqual(rounds)
        })
        // Initial Fontes covers an odd number of rounds (its schedule is a round robin of pods).
        if (plan[0]?.system === 'fontes') expect(((plan[1]?.fromRound ?? 0) - 1) % 2).toBe(1)
      }
    }
  })

  test('a limit set by the director reads in words', () => {
    expect(
      describePlan(
        [
          { fromRound: 1, system: 'rating', basedOn: 'previous', maxRepeats: 0 },
          { fromRound: 2, system: 'swiss', basedOn: 'previous', maxRepeats: 1 },
        ],
        5,
      ),
    ).toBe('Round 1: seeded by rating, no repeats; rounds 2–5: Swiss, at most 1 repeat')
  })
})
