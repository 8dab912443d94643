import { describe, expect, test } from 'vitest'
import { seededRng, shuffled } from '../random'
import { PRESETS } from '../rules/presets'
import { standingsOrder } from './context'
import { pairingInputFromEvent } from './input'
import { pairRound } from './pair-round'
import { input, past, player, shape, unordered } from './test-support/fields'
import { STARTS } from './test-support/simulate'
import type { PairedRound, PairingInput } from './types'

const paired = (i: PairingInput): PairedRound => {
  const result = pairRound(i)
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value
}

/** Ann and Bob 1–0, Cy and Di 0–1 after round 1 (Ann beat Cy, Bob beat Di). */
const afterOne = [
  player(1, 1, 0, 100, { firsts: 1 }),
  player(2, 1, 0, 50, { seconds: 1 }),
  player(3, 0, 1, -50, { seconds: 1 }),
  player(4, 0, 1, -100, { firsts: 1 }),
]
const roundOne = past(1, [
  [1, 3],
  [4, 2],
])

describe('Swiss (design.md, "Pairing")', () => {
  test('winners meet winners; each pairing says why and who starts', () => {
    const round = paired(input(afterOne, { history: [roundOne] }))
    expect(round.pairings.map((p) => [p.table, p.first, p.second, p.reason])).toEqual([
      [1, 2, 1, '1–0 vs 1–0, no earlier meeting; Bob starts: fewer firsts (0 vs 1)'],
      [2, 3, 4, '0–1 vs 0–1, no earlier meeting; Cy starts: fewer firsts (0 vs 1)'],
    ])
    expect(round.byes).toEqual([])
    expect(round.summary.text).toBe(
      'Swiss on the standings after round 1; 2 pairings, no repeats; widest win gap 0; score groups: 2 on 1 win, 2 on 0 wins',
    )
  })

  test('an earlier meeting is avoided: 1 v 3 and 2 v 4 when 1 and 2 have met', () => {
    const field = [
      player(1, 2, 0, 300),
      player(2, 2, 0, 200),
      player(3, 1, 1, 50),
      player(4, 1, 1, 20),
      player(5, 0, 2, -100),
      player(6, 0, 2, -200),
    ]
    const round = paired(
      input(field, { round: 3, basedOn: 2, history: [past(1, [[1, 2]]), past(2, [])] }),
    )
    expect(unordered(round)).toEqual([
      [1, 3],
      [2, 4],
      [5, 6],
    ])
    expect(round.summary.scoreGroups).toEqual([
      { wins: 2, players: 2, pairedOutside: 2 },
      { wins: 1, players: 2, pairedOutside: 2 },
      { wins: 0, players: 2, pairedOutside: 0 },
    ])
  })

  test('with a limit of 0, a repeat is used only when nothing else exists, and the summary names it', () => {
    const round = paired(
      input([player(1, 1, 0, 10), player(2, 0, 1, -10)], {
        history: [past(1, [[1, 2]])],
        maxRepeats: 0,
      }),
    )
    expect(unordered(round)).toEqual([[1, 2]])
    expect(round.pairings[0]?.reason).toContain('met once before (round 1)')
    expect(round.summary.overLimit).toBe(1)
    expect(round.summary.overLimitPairs).toEqual([[1, 2]])
    expect(round.summary.text).toContain('1 repeat (1 back to back)')
    expect(round.summary.text).toContain(
      'over the repeat limit of 0: Ann v Bob (no pairing of the round keeps it)',
    )
  })

  test('weights.ts tier 1: a limit is not a licence; a rematch two rounds back (12) still costs more than two 1-win gaps (8)', () => {
    const field = [
      player(1, 1, 0, 10),
      player(2, 1, 0, 5),
      player(3, 0, 1, -5),
      player(4, 0, 1, -10),
    ]
    const history = [
      past(1, [
        [1, 2],
        [3, 4],
      ]),
    ]
    for (const maxRepeats of [null, 0, 1]) {
      const round = paired(input(field, { round: 3, basedOn: 2, maxRepeats, history }))
      expect(round.summary.repeats).toBe(0)
      expect(round.summary.overLimit).toBe(0)
      expect(round.summary.widestWinGap).toBe(1)
    }
  })

  test('odd field: the bye goes to the lowest ranked among those with the fewest byes', () => {
    const field = [
      player(1, 1, 0, 100),
      player(2, 1, 0, 50),
      player(3, 0, 1, -50),
      player(4, 0, 1, -80),
      player(5, 1, 0, 50, { byes: 1 }),
    ]
    const round = paired(
      input(field, {
        history: [
          past(
            1,
            [
              [1, 3],
              [2, 4],
            ],
            [5],
          ),
        ],
      }),
    )
    expect(shape(round).byes).toEqual([4])
    expect(round.byes[0]?.reason).toBe(
      'fewest byes and forfeits (0); lowest ranked of them (rank 5)',
    )
    expect(round.summary.text).toContain('bye: Di, fewest byes and forfeits (0)')
  })
})

describe('the other systems (design.md, "Pairing")', () => {
  const six = [1, 2, 3, 4, 5, 6].map((id) => player(id, 6 - id, id, 100 - id * 10))

  test('King of the Hill pairs 1 v 2, 3 v 4, 5 v 6', () => {
    expect(unordered(paired(input(six, { system: 'koth' })))).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ])
  })

  test('King of the Hill moves as little as it can round a back-to-back repeat: 1 v 3, 2 v 4', () => {
    // Each is one win from the next: the rematch (30) costs more than two 1-win gaps (4 + 4).
    expect(unordered(paired(input(six, { system: 'koth', history: [past(1, [[1, 2]])] })))).toEqual(
      [
        [1, 3],
        [2, 4],
        [5, 6],
      ],
    )
  })

  test('seeded by rating: the top half meets the bottom half, 1 v 4, 2 v 5, 3 v 6', () => {
    const fresh = six.map((p) => player(p.id, 0, 0, 0))
    const round = paired(input(fresh, { round: 1, basedOn: 0, system: 'rating' }))
    expect(unordered(round)).toEqual([
      [1, 4],
      [2, 5],
      [3, 6],
    ])
    expect(round.pairings[0]?.reason).toMatch(/^top half vs bottom half by rating; 0–0 vs 0–0/)
  })

  test('random: neighbours in the seeded shuffle, and the same seed gives the same round', () => {
    const fresh = six.map((p) => player(p.id, 0, 0, 0))
    const base = input(fresh, { round: 1, basedOn: 0, system: 'random', seed: 42 })
    const drawn = shuffled(standingsOrder(base.players), seededRng(42)).map((p) => p.id)
    const expected = [0, 2, 4]
      .map((i) => [drawn[i] ?? 0, drawn[i + 1] ?? 0].sort((x, y) => x - y))
      .sort((x, y) => (x[0] ?? 0) - (y[0] ?? 0))
    expect(unordered(paired(base))).toEqual(expected)
    expect(paired(base)).toEqual(paired(base))
  })

  test.each([
    [
      1,
      [
        [1, 7],
        [2, 8],
        [3, 5],
        [4, 6],
      ],
    ],
    [
      2,
      [
        [1, 5],
        [2, 6],
        [3, 7],
        [4, 8],
      ],
    ],
    [
      3,
      [
        [1, 3],
        [2, 4],
        [5, 7],
        [6, 8],
      ],
    ],
  ])(
    'Initial Fontes, 3 rounds, 8 players: groups {1,2} {3,4} {5,6} {7,8}; round %i',
    (round, expected) => {
      const fresh = [1, 2, 3, 4, 5, 6, 7, 8].map((id) => player(id, 0, 0, 0))
      const result = paired(
        input(fresh, { round, basedOn: round - 1, system: 'fontes', fontesRounds: 3 }),
      )
      expect(unordered(result)).toEqual(expected)
    },
  )

  test('Initial Fontes refuses an even number of rounds and rounds past its last', () => {
    const fresh = [1, 2, 3, 4].map((id) => player(id, 0, 0, 0))
    const even = pairRound(
      input(fresh, { round: 1, basedOn: 0, system: 'fontes', fontesRounds: 2 }),
    )
    expect(even.ok ? '' : even.error.code).toBe('pairing.fontes.rounds')
    const late = pairRound(
      input(fresh, { round: 4, basedOn: 3, system: 'fontes', fontesRounds: 3 }),
    )
    expect(late.ok ? '' : late.error.code).toBe('pairing.fontes.over')
  })

  test('Australian Draw: from the top down, each meets the highest-ranked one not yet met', () => {
    const history = [past(1, [[1, 2]]), past(2, [[1, 3]])]
    const round = paired(input(six, { round: 3, basedOn: 2, system: 'australian', history }))
    expect(unordered(round)).toEqual([
      [1, 4],
      [2, 3],
      [5, 6],
    ])
  })

  test('round robin, 4 players, round 1: the schedule sets pairings; NSA II.F.1 has them draw for first', () => {
    const fresh = [1, 2, 3, 4].map((id) => player(id, 0, 0, 0))
    const round = paired(input(fresh, { round: 1, basedOn: 0, system: 'round-robin' }))
    expect(unordered(round)).toEqual([
      [1, 4],
      [2, 3],
    ])
    expect(round.pairings[0]?.reason).toBe(
      'round robin, round 1 of 3; 0–0 vs 0–0, no earlier meeting; Draw for first (equal firsts: 0)',
    )
    expect(round.pairings[0]?.start).toEqual({
      starter: null,
      reason: { kind: 'draw-tiles', firsts: 0 },
    })
  })

  test("round robin, MSA 1.2-1.3: fewer firsts starts; a tie is the program's choice, looking ahead", () => {
    const msa = { rules: PRESETS.msa, options: { seed: 5 } }
    const fresh = [1, 2, 3, 4].map((id) => player(id, 0, 0, 0))
    const one = paired(input(fresh, { round: 1, basedOn: 0, system: 'round-robin', starts: msa }))
    expect(one.pairings.map((p) => p.start.reason.kind)).toEqual(['program-plan', 'program-plan'])
    expect(one.pairings[0]?.reason).toMatch(
      /starts: chosen by the program to keep starts balanced to round 3$/,
    )
    // Ann and Di started round 1; round 2 seats Bob v Di and Ann v Cy: the one without starts.
    const after = [
      player(1, 1, 0, 0, { firsts: 1 }),
      player(2, 0, 1, 0, { seconds: 1 }),
      player(3, 0, 1, 0, { seconds: 1 }),
      player(4, 1, 0, 0, { firsts: 1 }),
    ]
    const two = paired(input(after, { round: 2, basedOn: 1, system: 'round-robin', starts: msa }))
    expect(two.pairings.map((p) => [p.first, p.start.reason.kind]).sort()).toEqual([
      [2, 'fewer-firsts'],
      [3, 'fewer-firsts'],
    ])
  })

  test('round robin, 3 players: the empty seat is the bye', () => {
    const fresh = [1, 2, 3].map((id) => player(id, 0, 0, 0))
    const round = paired(input(fresh, { round: 1, basedOn: 0, system: 'round-robin' }))
    expect(unordered(round)).toEqual([[2, 3]])
    expect(round.byes.map((b) => b.player)).toEqual([1])
    const over = pairRound(input(fresh, { round: 4, basedOn: 3, system: 'round-robin' }))
    expect(over.ok ? '' : over.error.code).toBe('pairing.round-robin.over')
  })

  test('manual: the director pairs everyone; a player left out is an error naming them', () => {
    const four = afterOne
    const round = paired(
      input(four, {
        system: 'manual',
        constraints: {
          locked: [
            [1, 4],
            [2, 3],
          ],
        },
      }),
    )
    expect(unordered(round)).toEqual([
      [1, 4],
      [2, 3],
    ])
    expect(round.pairings[0]?.reason).toMatch(/^locked by the director; /)
    const missing = pairRound(input(four, { system: 'manual', constraints: { locked: [[1, 4]] } }))
    expect(missing.ok ? null : missing.error).toMatchObject({
      code: 'pairing.manual.unpaired',
      message: 'Bob (#2) is neither paired nor given the bye',
    })
  })
})

describe('lagged pairing (design.md, "Pairing")', () => {
  test('round 3 on the standings after round 1: round 2, paired but not played, is a meeting', () => {
    const entrants = ['Ann', 'Bob', 'Cy', 'Di'].map((name, i) => ({
      id: i + 1,
      name,
      rating: 2000 - i * 10,
    }))
    const game = (a: number, b: number, sa: number, sb: number) => ({
      round: 1,
      first: a,
      result: {
        kind: 'played' as const,
        players: [a, b] as const,
        rawScores: [sa, sb] as const,
        overtimeSeconds: [0, 0] as const,
        scores: [sa, sb] as const,
      },
    })
    const event = {
      entrants,
      paired: [
        past(1, [
          [1, 3],
          [2, 4],
        ]),
        past(2, [
          [1, 2],
          [3, 4],
        ]),
      ],
      games: [game(1, 3, 400, 350), game(2, 4, 420, 380)],
    }
    const built = pairingInputFromEvent(event, {
      round: 3,
      basedOn: 1,
      system: 'swiss',
      starts: STARTS,
    })
    if (!built.ok) throw new Error(built.error.message)
    // Ann won by 50 and Bob by 40, so Ann leads; Di lost by less than Cy.
    expect(built.value.players.map((p) => [p.id, p.wins, p.rank])).toEqual([
      [1, 1, 1],
      [2, 1, 2],
      [3, 0, 4],
      [4, 0, 3],
    ])
    const round = paired(built.value)
    // 1 v 2 and 3 v 4 were paired in round 2; 1 v 3 and 2 v 4 played in round 1.
    expect(unordered(round)).toEqual([
      [1, 4],
      [2, 3],
    ])
    expect(round.summary.repeats).toBe(0)
    expect(round.summary.text).toMatch(/^Swiss on the standings after round 1;/)
  })

  test('a round can be based on the round before or the one before that, nothing else', () => {
    const result = pairRound(input(afterOne, { round: 4, basedOn: 1 }))
    expect(result.ok ? '' : result.error.code).toBe('pairing.based-on.invalid')
  })
})

describe('Gibsonization (design.md, "Pairing")', () => {
  // 6 rounds; after round 5 Ann is 5–0 and nobody can reach 5 wins with one game left.
  const field = [
    player(1, 5, 0, 600),
    player(2, 3, 2, 100),
    player(3, 3, 2, 50),
    player(4, 2, 3, -50),
    player(5, 1, 4, -200),
    player(6, 1, 4, -300),
  ]
  const gibson = { totalRounds: 6, maxSpreadPerRound: 250, prizePlaces: 3 }

  test('the Gibsonized leader meets the highest non-contender', () => {
    const round = paired(input(field, { round: 6, basedOn: 5, gibson }))
    expect(unordered(round)).toEqual([
      [1, 5],
      [2, 3],
      [4, 6],
    ])
    const leader = round.pairings.find((p) => p.first === 1 || p.second === 1)
    expect(leader?.reason).toMatch(
      /^Gibsonized: Ann has clinched 1st place with 1 game left; vs the highest-ranked player out of contention; 5–0 vs 1–4/,
    )
    expect(round.summary.gibsonized).toEqual([1])
    expect(round.summary.text).toContain('Ann is Gibsonized')
  })

  test('with an odd field the Gibsonized leader takes the bye', () => {
    const round = paired(input(field.slice(0, 5), { round: 6, basedOn: 5, gibson }))
    expect(round.byes).toEqual([
      {
        player: 1,
        reason:
          'Gibsonized: Ann has clinched 1st place with 1 game left; a Gibsonized player takes the bye before the lowest-ranked',
      },
    ])
  })

  test('a leader who can still be caught is paired as usual', () => {
    const round = paired(
      input(field, { round: 5, basedOn: 4, gibson: { ...gibson, totalRounds: 7 } }),
    )
    expect(round.summary.gibsonized).toEqual([])
  })
})

describe('constraints (design.md, "Pairing")', () => {
  test('pairs that must not meet are kept apart', () => {
    const round = paired(input(afterOne, { constraints: { avoid: [[1, 2]] } }))
    expect(unordered(round)).toEqual([
      [1, 3],
      [2, 4],
    ])
  })

  test('a locked pairing is kept and the rest paired round it', () => {
    const round = paired(input(afterOne, { constraints: { locked: [[1, 4]] } }))
    expect(unordered(round)).toEqual([
      [1, 4],
      [2, 3],
    ])
  })

  test('withdrawn, not-arrived and not-yet-entered players are left out', () => {
    const field = [
      ...afterOne.slice(0, 2),
      { ...afterOne[2], active: false } as (typeof afterOne)[number],
      afterOne[3] as (typeof afterOne)[number],
      player(5, 0, 0, 0, { firstRound: 3 }),
    ]
    const round = paired(input(field))
    expect(shape(round).byes).toEqual([4])
    expect(unordered(round)).toEqual([[1, 2]])
  })

  test('a late entry is paired from their first round', () => {
    const field = [...afterOne, player(5, 0, 1, -50, { firstRound: 2 }), player(6, 0, 0, 0)]
    const round = paired(input(field, { history: [roundOne] }))
    expect(round.pairings.flatMap((p) => [p.first, p.second]).sort()).toEqual([1, 2, 3, 4, 5, 6])
  })

  test('a reserved table is kept; the others fill the rest from the top', () => {
    const field = afterOne.map((p) => (p.id === 4 ? { ...p, reservedTable: 1 } : p))
    const round = paired(input(field, { history: [roundOne] }))
    expect(round.pairings.map((p) => [p.table, [p.first, p.second].sort()])).toEqual([
      [1, [3, 4]],
      [2, [1, 2]],
    ])
  })

  test('a player nobody may meet is named in a "cannot pair" error', () => {
    const result = pairRound(
      input(afterOne, {
        constraints: {
          avoid: [
            [1, 2],
            [1, 3],
            [1, 4],
          ],
        },
      }),
    )
    expect(result.ok ? null : result.error).toEqual({
      code: 'pairing.player.no-opponent',
      message: 'Ann (#1) has no allowed opponent',
      details: { player: 1 },
    })
  })

  test('a field the constraints make impossible is refused, not half paired', () => {
    const result = pairRound(
      input(afterOne, {
        constraints: {
          avoid: [
            [2, 3],
            [2, 4],
            [3, 4],
          ],
        },
      }),
    )
    expect(result.ok ? '' : result.error.code).toBe('pairing.impossible')
  })

  test.each([
    ['unknown player', [[1, 9]], 'pairing.locked.unknown-player'],
    [
      'a player twice',
      [
        [1, 2],
        [2, 3],
      ],
      'pairing.locked.twice',
    ],
  ] as const)('a locked pairing with %s is refused', (_name, locked, code) => {
    const result = pairRound(input(afterOne, { constraints: { locked } }))
    expect(result.ok ? '' : result.error.code).toBe(code)
  })
})
