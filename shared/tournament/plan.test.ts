import { describe, expect, test } from 'vitest'
import { basisRound, fontesSpan, isScheduleSystem, stepIndexFor } from './plan'
import type { PlanStep } from './types'

const step = (fromRound: number, system: PlanStep['system']): PlanStep => ({
  fromRound,
  system,
  basedOn: 'previous',
  maxRepeats: 0,
})
const PLAN = [step(1, 'fontes'), step(4, 'swiss'), step(9, 'koth')]

describe('the pairing plan: which step pairs a round, on which standings (design.md, "Pairing")', () => {
  test.each([
    [1, 0],
    [3, 0],
    [4, 1],
    [8, 1],
    [9, 2],
    [30, 2],
  ])('round %i is paired by step %i', (round, index) => {
    expect(stepIndexFor(PLAN, round)).toBe(index)
  })

  test.each([
    ['previous', 5, [], 4, 'the last round'],
    ['previous', 1, [], 0, 'round 1: nothing before'],
    ['lagged', 5, [], 3, "tsh's lagged pairing: the round before the last"],
    ['lagged', 2, [], 0, 'never before round 0'],
    ['lagged', 5, [4], 4, "after a session break (tsh's session_breaks) the latest standings"],
    ['lagged', 6, [4], 4, 'inside the next session, lagged again'],
  ] as const)(
    '%s, round %i, breaks %j: based on round %i (%s)',
    (basedOn, round, breaks, basis) => {
      expect(basisRound(basedOn, round, breaks)).toBe(basis)
    },
  )

  test.each([
    [PLAN, 12, 3, 'Initial Fontes up to the next step'],
    [[step(1, 'fontes'), step(6, 'swiss')], 12, 5, 'a longer Fontes stage'],
    [[step(1, 'fontes')], 12, 3, 'alone: three rounds'],
    [[step(1, 'fontes')], 2, 2, 'alone in a two-round event: the event'],
  ] as const)('Fontes spans %#: %i rounds of %i (%s)', (plan, rounds, span) => {
    expect(fontesSpan(plan, { rounds })).toBe(span)
  })

  test.each([
    ['round-robin', true],
    ['double-round-robin', true],
    ['fontes', true],
    ['swiss', false],
    ['koth', false],
  ] as const)('%s is a fixed schedule: %s', (system, schedule) => {
    expect(isScheduleSystem(system)).toBe(schedule)
  })
})
