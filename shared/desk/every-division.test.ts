import { describe, expect, test } from 'vitest'
import type { Command } from '../tournament/commands'
import { applyAll, create, played, register } from '../tournament/test-support/event'
import { describeSkip, pairEveryDivision, publishEveryDivision } from './every-division'

/** Three divisions of four players, as a hall would have them (issue 19). */
function hall(more: readonly Command[] = []) {
  return applyAll([...hallCommands(), ...more])
}

const options = () => ({ seed: 7 })

describe('pairEveryDivision: the next round of every division in one step (issue 19)', () => {
  test('round 1 of three fresh divisions: three proposals, tables across the hall', () => {
    const { proposals, skipped } = pairEveryDivision(hall(), options)
    expect(skipped).toEqual([])
    expect(proposals.map((p) => `${p.division}${p.round}`)).toEqual(['A1', 'B1', 'C1'])
    // Tables numbered across the hall: A 1–2, B 3–4, C 5–6 (shared/tournament/tables.ts).
    const tables = proposals.flatMap((p) =>
      p.proposal.command.pairings.flatMap((s) => (s.kind === 'game' ? [s.table] : [])),
    )
    expect(tables.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6])
  })

  test('applied one after the other, the proposals pair every division', () => {
    const state = hall()
    const commands = pairEveryDivision(state, options).proposals.map((p) => p.proposal.command)
    const after = applyAll([...hallCommands(), ...commands])
    expect(after.divisions.map((d) => d.rounds.length)).toEqual([1, 1, 1])
  })

  test.each([
    {
      name: 'issue 11 (ready.ts): a division with missing results waits for "pair anyway" on its own screen',
      division: 'B',
      expected: 'B: round 2 waits for 2 things to settle',
    },
  ])('$name', ({ division, expected }) => {
    // Round 1 paired everywhere; A and C complete (starts known), B has no results.
    const round1 = pairEveryDivision(hall(), options).proposals.map((p) => p.proposal.command)
    const done = (d: string): Command[] =>
      applyAll([...hallCommands(), ...round1])
        .divisions.find((x) => x.name === d)!
        .rounds[0]!.pairings.flatMap((p): Command[] =>
          p.kind === 'game'
            ? [
                {
                  type: 'recordResult',
                  division: d,
                  round: 1,
                  game: { table: p.table },
                  result: played(p.players, [400, 350]),
                  first: p.players[0],
                },
              ]
            : [],
        )
    const state = hall([...round1, ...done('A'), ...done('C')])
    const { proposals, skipped } = pairEveryDivision(state, options)
    expect(proposals.map((p) => p.division)).toEqual(['A', 'C'])
    expect(skipped.map((s) => describeSkip(s.division, s.why))).toEqual([expected])
    expect(division).toBe(skipped[0]?.division)
  })

  test('a division whose plan pairs the round by hand is left to the director', () => {
    const state = hall([
      {
        type: 'setPairingPlan',
        division: 'C',
        plan: [{ fromRound: 1, system: 'manual', basedOn: 'previous', maxRepeats: 0 }],
      },
    ])
    const { proposals, skipped } = pairEveryDivision(state, options)
    expect(proposals.map((p) => p.division)).toEqual(['A', 'B'])
    expect(skipped.map((s) => describeSkip(s.division, s.why))).toEqual([
      'C: round 1 is paired by hand',
    ])
  })
})

describe('publishEveryDivision', () => {
  test('publishes the latest unpublished round of each division, and only those', () => {
    const round1 = pairEveryDivision(hall(), options).proposals.map((p) => p.proposal.command)
    const state = hall([...round1, { type: 'publishRound', division: 'B', round: 1 }])
    expect(publishEveryDivision(state)).toEqual([
      { type: 'publishRound', division: 'A', round: 1 },
      { type: 'publishRound', division: 'C', round: 1 },
    ])
    expect(publishEveryDivision(hall())).toEqual([])
  })
})

function hallCommands(): Command[] {
  return [
    create('nsa1995', 3),
    ...['A', 'B', 'C'].flatMap((d): Command[] => [
      { type: 'addDivision', name: d },
      ...[1, 2, 3, 4].map((i) => register(`${d} Player ${i}`, 2000 - i * 10, d)),
    ]),
  ]
}
