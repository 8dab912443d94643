import { describe, expect, test } from 'vitest'
import type { Command } from '../tournament/commands'
import { applyAll, create, played, register } from '../tournament/test-support/event'
import {
  describeSkip,
  everyDivisionSummaries,
  pairEveryDivision,
  publishEveryDivision,
} from './every-division'

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

describe('everyDivisionSummaries: each division named from its own players (issue 28)', () => {
  const day = '2026-11-28'
  const checkIn = (division: string, player: number, on = day): Command => ({
    type: 'checkIn',
    division,
    player,
    day: on,
  })
  // Everybody checked in but B's #4 (A's #4 is "A Player 4", B's "B Player 4").
  const checkIns = ['A', 'B', 'C'].flatMap((d) =>
    [1, 2, 3, 4].filter((i) => d !== 'B' || i !== 4).map((i) => checkIn(d, i)),
  )

  test.each([
    {
      name: 'left out, not checked in: B names its own #4, not A’s',
      options: { seed: 7, onlyCheckedInOn: day },
      more: [
        ...checkIns,
        // A Swiss round drops whoever is not checked in (a round robin seats everybody).
        {
          type: 'setPairingPlan',
          division: 'B',
          plan: [{ fromRound: 1, system: 'swiss', basedOn: 'previous', maxRepeats: 0 }],
        } satisfies Command,
      ],
      expected: [
        'A: round 1 paired',
        'B: round 1 paired. Left out, not checked in for Sat 28: B Player 4 (#4)',
        'C: round 1 paired',
      ],
    },
    {
      name: 'day 2, paired but not seen: B and C name their own players',
      options: { seed: 7, rollCallDay: '2026-11-29' },
      more: [...checkIns, checkIn('A', 1, '2026-11-29'), checkIn('A', 2, '2026-11-29')],
      expected: [
        'A: round 1 paired. Paired but not seen on Sun 29: A Player 3 (#3), A Player 4 (#4)',
        'B: round 1 paired. Paired but not seen on Sun 29: B Player 1 (#1), B Player 2 (#2), B Player 3 (#3), B Player 4 (#4)',
        'C: round 1 paired. Paired but not seen on Sun 29: C Player 1 (#1), C Player 2 (#2), C Player 3 (#3), C Player 4 (#4)',
      ],
    },
  ])('$name', ({ options: asked, more, expected }) => {
    const state = hall(more)
    const { proposals } = pairEveryDivision(state, () => asked)
    const words = (iso: string) => (iso === day ? 'Sat 28' : 'Sun 29')
    const summaries = everyDivisionSummaries(
      state,
      proposals,
      words(asked.onlyCheckedInOn ?? asked.rollCallDay ?? ''),
    )
    expect(summaries.map((s) => s.line)).toEqual(expected)
    // The division's own summary ends with the same names, for its own screen.
    for (const s of summaries) {
      const named = s.line.split('. ').slice(1)
      expect(s.summary.slice(s.summary.length - named.length)).toEqual(named)
    }
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
