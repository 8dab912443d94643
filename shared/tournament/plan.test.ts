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
    ['the last round', 'previous', 5, [], 4],
    ['round 1: nothing before', 'previous', 1, [], 0],
    ["tsh's lagged pairing: the round before the last", 'lagged', 5, [], 3],
    ['never before round 0', 'lagged', 2, [], 0],
    ["after a session break (tsh's session_breaks) the latest standings", 'lagged', 5, [4], 4],
    ['inside the next session, lagged again', 'lagged', 6, [4], 4],
  ] as const)(
    '%s: %s, round %i, breaks %j: based on round %i',
    (_why, basedOn, round, breaks, basis) => {
      expect(basisRound(basedOn, round, breaks)).toBe(basis)
    },
  )

  test.each([
    ['Initial Fontes up to the next step', PLAN, 12, 3],
    ['a longer Fontes stage', [step(1, 'fontes'), step(6, 'swiss')], 12, 5],
    ['alone: three rounds', [step(1, 'fontes')], 12, 3],
    ['alone in a two-round event: the event', [step(1, 'fontes')], 2, 2],
  ] as const)('Fontes, %s: in %#, %i rounds, spans %i', (_why, plan, rounds, span) => {
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
