import { describe, expect, test } from 'vitest'
import { describePlan } from '../pairing/auto-plan'
import type { Command } from '../tournament/commands'
import { describePlanStep } from '../tournament/describe'
import { applyAll, create, played, register } from '../tournament/test-support/event'
import type { PlanStep } from '../tournament/types'
import { proposePairing } from './pair-next'
import { apply } from '../tournament/apply'

/*
 * Issue 10: the Swiss rank tier pairs a score group's top half against its bottom half (tsh), or,
 * where the director ticks it in the pairing plan, neighbours (1 v 2, 3 v 4). The desk path is the
 * one the Rounds screen takes: the plan's step → proposePairing → apply.
 */

const NAMES = ['Ann', 'Bob', 'Cy', 'Di', 'Ed', 'Flo', 'Gus', 'Hal']

function eventAfterRound1(neighbours: boolean): Command[] {
  const swiss: PlanStep = {
    fromRound: 2,
    system: 'swiss',
    basedOn: 'previous',
    maxRepeats: null,
    ...(neighbours ? { neighbours: true } : {}),
  }
  const plan: PlanStep[] = [
    { fromRound: 1, system: 'rating', basedOn: 'previous', maxRepeats: 0 },
    swiss,
  ]
  // By rating, round 1 is 1 v 5, 2 v 6, 3 v 7, 4 v 8; the top four win by 200, 150, 100, 50, so
  // after round 1 the winners rank 1–4 in that order and the losers 8, 7, 6, 5.
  const margins = [200, 150, 100, 50]
  return [
    create('nsa1995', 4),
    { type: 'addDivision', name: 'A' },
    ...NAMES.map((name, i) => register(name, 2000 - 100 * i)),
    { type: 'setPairingPlan', division: 'A', plan },
    {
      type: 'pairRound',
      division: 'A',
      round: 1,
      pairings: margins.map((_, i) => ({
        kind: 'game' as const,
        table: i + 1,
        players: [i + 1, i + 5] as const,
      })),
    },
    ...margins.map((margin, i): Command => ({
      type: 'recordResult',
      division: 'A',
      round: 1,
      game: { table: i + 1 },
      result: played([i + 1, i + 5], [400 + margin, 400]),
    })),
  ]
}

function round2Pairs(neighbours: boolean): number[][] {
  const state = applyAll(eventAfterRound1(neighbours))
  const proposal = proposePairing(state, 'A', 2, { seed: 7 })
  if (!proposal.ok) throw new Error(proposal.error.message)
  const stored = apply(state, proposal.value.command, state.id)
  if (!stored.ok) throw new Error(stored.error.message)
  const round = stored.value.divisions[0]?.rounds[1]
  return (round?.pairings ?? [])
    .flatMap((p) => (p.kind === 'game' ? [[...p.players].sort((a, b) => a - b)] : []))
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0))
}

describe('Swiss in a score group: top half v bottom half, or neighbours (issue 10)', () => {
  test.each([
    {
      name: 'tsh Swiss (default): 1 v 3 and 2 v 4 among the winners, 8 v 6 and 7 v 5 among the losers',
      neighbours: false,
      pairs: [
        [1, 3],
        [2, 4],
        [5, 7],
        [6, 8],
      ],
    },
    {
      name: 'neighbours ticked in the plan: 1 v 2, 3 v 4, 8 v 7, 6 v 5',
      neighbours: true,
      pairs: [
        [1, 2],
        [3, 4],
        [5, 6],
        [7, 8],
      ],
    },
  ])('$name', ({ neighbours, pairs }) => {
    expect(round2Pairs(neighbours)).toEqual(pairs)
  })

  test('the plan says so in words, on the Rounds screen and in History', () => {
    const step: PlanStep = {
      fromRound: 2,
      system: 'swiss',
      basedOn: 'previous',
      maxRepeats: null,
      neighbours: true,
    }
    expect(describePlan([step], 4)).toBe('Rounds 2–4: Swiss pairing neighbours in each score group')
    expect(describePlanStep(step)).toContain('neighbours in each score group')
  })

  test('neighbours is a Swiss choice: another system with it is refused, naming the step', () => {
    const state = applyAll(eventAfterRound1(false).slice(0, 2 + NAMES.length))
    const refused = apply(
      state,
      {
        type: 'setPairingPlan',
        division: 'A',
        plan: [
          { fromRound: 1, system: 'koth', basedOn: 'previous', maxRepeats: 0, neighbours: true },
        ],
      },
      state.id,
    )
    expect(refused.ok ? null : refused.error.code).toBe('plan.neighbours.not-swiss')
  })
})
