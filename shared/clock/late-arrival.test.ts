import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { PRESETS } from '../rules/presets'
import type { RuleSet } from '../rules/rule-set'
import { lateArrivalClocks, type LateArrivalInput, type LateForfeitDecision } from './late-arrival'

const MIN = 60_000
const START = 1_700_000_000_000
const at = (minutes: number): number => START + minutes * MIN

const present = (player: number) => ({ player, absent: false, arrivedAt: null })
const late = (player: number, minutes: number | null) => ({
  player,
  absent: true,
  arrivedAt: minutes === null ? null : at(minutes),
})

const NONE: LateForfeitDecision = { kind: 'none' }
const MAY: LateForfeitDecision = { kind: 'may-choose-forfeit' }

describe('lateArrivalClocks', () => {
  test.each<{
    name: string
    rules: RuleSet
    seats: LateArrivalInput['seats']
    now: number
    lost: readonly [number, number]
    decisions: readonly [LateForfeitDecision, LateForfeitDecision]
  }>([
    {
      name: 'MSA 2.2: one absent: their clock runs from the start until they arrive',
      rules: PRESETS.msa,
      seats: [present(1), late(2, 6)],
      now: at(8),
      lost: [0, 6],
      decisions: [NONE, NONE],
    },
    {
      name: 'MSA 2.2: both absent: half the time to the first arrival each, then the second runs',
      rules: PRESETS.msa,
      seats: [late(1, 4), late(2, 10)],
      now: at(12),
      lost: [2, 8],
      decisions: [NONE, NONE],
    },
    {
      name: 'WSC 2.2: both absent, the second not here yet: their clock is still running',
      rules: PRESETS.wsc2003,
      seats: [late(1, 4), late(2, null)],
      now: at(7),
      lost: [2, 5],
      decisions: [NONE, NONE],
    },
    {
      name: 'MSA 2.2: both absent, neither here yet: each stands to lose half so far',
      rules: PRESETS.msa,
      seats: [late(1, null), late(2, null)],
      now: at(10),
      lost: [5, 5],
      decisions: [NONE, NONE],
    },
    {
      name: 'MSA 2.2: both absent 52 minutes: both clocks have run out',
      rules: PRESETS.msa,
      seats: [late(1, null), late(2, null)],
      now: at(52),
      lost: [26, 26],
      decisions: [
        { kind: 'must-forfeit', spread: 50, rated: false },
        { kind: 'must-forfeit', spread: 50, rated: false },
      ],
    },
    {
      name: 'NEON: both absent: each loses exactly the time they were absent',
      rules: PRESETS.neon,
      seats: [late(1, 4), late(2, 10)],
      now: at(12),
      lost: [4, 10],
      decisions: [NONE, NONE],
    },
    {
      name: 'NEON 1.3: not arrived when their time has run out: forfeit, opponent by 100, not rated',
      rules: PRESETS.neon,
      seats: [present(1), late(2, null)],
      now: at(26),
      lost: [0, 26],
      decisions: [NONE, { kind: 'must-forfeit', spread: 100, rated: false }],
    },
    {
      name: 'NEON: one second before time runs out the game is still on',
      rules: PRESETS.neon,
      seats: [present(1), late(2, null)],
      now: at(25) - 1000,
      lost: [0, 1_499_000 / MIN],
      decisions: [NONE, NONE],
    },
    {
      name: 'MSA guide: arriving with under 15 minutes left, the player may choose to forfeit',
      rules: PRESETS['msa-guide'],
      seats: [late(1, 11), present(2)],
      now: at(11),
      lost: [11, 0],
      decisions: [MAY, NONE],
    },
    {
      name: 'MSA guide: arriving with exactly 15 minutes left, no choice to forfeit',
      rules: PRESETS['msa-guide'],
      seats: [late(1, 10), present(2)],
      now: at(30),
      lost: [10, 0],
      decisions: [NONE, NONE],
    },
    {
      name: 'MSA guide: the choice is made on arrival, not while the player is still away',
      rules: PRESETS['msa-guide'],
      seats: [late(1, null), present(2)],
      now: at(12),
      lost: [12, 0],
      decisions: [NONE, NONE],
    },
    {
      name: 'MSA guide: arriving after the 25 minutes expired: must forfeit, opponent by 50, not rated',
      rules: PRESETS['msa-guide'],
      seats: [late(1, 26), present(2)],
      now: at(26),
      lost: [26, 0],
      decisions: [{ kind: 'must-forfeit', spread: 50, rated: false }, NONE],
    },
    {
      name: 'NSA (clock runs): no-show after 25 minutes: forfeit at 50, not rated (VII.J.2)',
      rules: PRESETS.nsa1995,
      seats: [present(1), late(2, null)],
      now: at(40),
      lost: [0, 40],
      decisions: [NONE, { kind: 'must-forfeit', spread: 50, rated: false }],
    },
  ])('$name', ({ rules, seats, now, lost, decisions }) => {
    const result = lateArrivalClocks({ roundStart: START, seats, now }, rules)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    const [a, b] = result.value
    expect([a.lostMs / MIN, b.lostMs / MIN]).toEqual(lost)
    expect([a.remainingMs, b.remainingMs]).toEqual(
      lost.map((minutes) => Math.max(0, 25 * MIN - Math.round(minutes * MIN))),
    )
    expect([a.decision, b.decision]).toEqual(decisions)
  })

  test.each([
    {
      name: 'now before the round started',
      seats: [present(1), late(2, null)],
      now: at(-1),
      code: 'late.now-before-start',
    },
    {
      name: 'an arrival before the round started',
      seats: [present(1), late(2, -2)],
      now: at(5),
      code: 'late.arrival-out-of-range',
    },
    {
      name: 'an arrival after now',
      seats: [present(1), late(2, 9)],
      now: at(5),
      code: 'late.arrival-out-of-range',
    },
  ] as const)('refuses $name', ({ seats, now, code }) => {
    const result = lateArrivalClocks({ roundStart: START, seats, now }, PRESETS.msa)
    expect(result.ok ? null : result.error.code).toBe(code)
  })

  const methods = ['split-elapsed', 'own-absence', 'clock-runs'] as const
  const scenario = fc.record({
    method: fc.constantFrom(...methods),
    aAbsent: fc.boolean(),
    bAbsent: fc.boolean(),
    aArrives: fc.option(fc.integer({ min: 0, max: 60 * MIN })),
    bArrives: fc.option(fc.integer({ min: 0, max: 60 * MIN })),
    extra: fc.integer({ min: 0, max: 30 * MIN }),
  })

  test('every method: a player present at the start loses nothing, and lost + left = 25 minutes', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const rules = {
          ...PRESETS.msa,
          lateArrival: { ...PRESETS.msa.lateArrival, method: s.method },
        }
        const now = START + Math.max(s.aArrives ?? 0, s.bArrives ?? 0) + s.extra
        const seats = [
          {
            player: 1,
            absent: s.aAbsent,
            arrivedAt: s.aArrives === null ? null : START + s.aArrives,
          },
          {
            player: 2,
            absent: s.bAbsent,
            arrivedAt: s.bArrives === null ? null : START + s.bArrives,
          },
        ] as const
        const result = lateArrivalClocks({ roundStart: START, seats, now }, rules)
        expect(result.ok).toBe(true)
        if (!result.ok) return
        result.value.forEach((clock, i) => {
          expect(clock.lostMs).toBeGreaterThanOrEqual(0)
          if (!seats[i]!.absent) expect(clock.lostMs).toBe(0)
          expect(clock.remainingMs).toBe(Math.max(0, 25 * MIN - clock.lostMs))
        })
      }),
    )
  })

  test('every method: arriving later never leaves a player more time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...methods),
        fc.integer({ min: 0, max: 40 * MIN }),
        fc.integer({ min: 0, max: 10 * MIN }),
        fc.integer({ min: 0, max: 40 * MIN }),
        (method, arrives, delay, other) => {
          const rules = { ...PRESETS.msa, lateArrival: { ...PRESETS.msa.lateArrival, method } }
          const left = (mine: number) => {
            const now = START + Math.max(mine, other)
            const seats = [
              { player: 1, absent: true, arrivedAt: START + mine },
              { player: 2, absent: true, arrivedAt: START + other },
            ] as const
            const result = lateArrivalClocks({ roundStart: START, seats, now }, rules)
            return result.ok ? result.value[0].remainingMs : Number.NaN
          }
          expect(left(arrives + delay)).toBeLessThanOrEqual(left(arrives))
        },
      ),
    )
  })
})
