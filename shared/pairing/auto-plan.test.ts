import { describe, expect, test } from 'vitest'
import { autoPlan, describePlan } from './auto-plan'

describe('the automatic plan (auto-plan.ts: thresholds in its header)', () => {
  test.each([
    [8, 7, 'Rounds 1–7: round robin'],
    [8, 14, 'Rounds 1–14: double round robin'],
    [7, 7, 'Rounds 1–7: round robin'],
    [8, 10, 'Rounds 1–7: round robin; rounds 8–9: Swiss; round 10: King of the Hill'],
    [24, 23, 'Rounds 1–23: round robin'],
    [26, 23, 'Rounds 1–3: Initial Fontes; rounds 4–22: Swiss; round 23: King of the Hill'],
    [60, 12, 'Rounds 1–3: Initial Fontes; rounds 4–11: Swiss; round 12: King of the Hill'],
    [
      150,
      12,
      'Rounds 1–3: Initial Fontes; rounds 4–11: Swiss on the round before last; round 12: King of the Hill',
    ],
    [
      109,
      14,
      'Rounds 1–5: Initial Fontes; rounds 6–13: Swiss on the round before last; round 14: King of the Hill',
    ],
    [30, 4, 'Round 1: seeded by rating; rounds 2–4: Swiss'],
    [30, 1, 'Round 1: seeded by rating'],
  ])('%i players, %i rounds: %s', (players, rounds, words) => {
    expect(describePlan(autoPlan(players, rounds), rounds)).toBe(words)
  })

  test('every step is unlimited on repeats and the steps start at round 1 in order', () => {
    for (const players of [2, 3, 9, 25, 45, 109, 400]) {
      for (const rounds of [1, 3, 5, 8, 14, 23, 31]) {
        const plan = autoPlan(players, rounds)
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
