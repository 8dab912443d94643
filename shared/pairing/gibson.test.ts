import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { pairKey, pairingContext, standingsOrder } from './context'
import {
  bandText,
  canCatch,
  contention,
  flightCap,
  ordinal,
  pairContention,
  prizeBands,
} from './gibson'
import { DEFAULT_CONTENTION, gibsonOptions } from '../tournament/pairing-rules'
import type { TournamentInfo } from '../tournament/types'
import { pairRound } from './pair-round'
import { input, past, player, ranked, unordered } from './test-support/fields'
import type { GibsonOptions, PairedRound, PairingInput, PairingPlayer, PastRound } from './types'

const paired = (i: PairingInput): PairedRound => {
  const result = pairRound(i)
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`)
  return result.value
}
const pairOf = (round: PairedRound, id: number): string =>
  round.pairings.find((p) => p.first === id || p.second === id)?.reason ?? ''

describe('who can still catch whom (design.md, "Pairing": Gibsonization)', () => {
  test.each([
    [
      'two wins behind with two games left: level on wins, spread can decide',
      3,
      100,
      5,
      300,
      2,
      true,
    ],
    ['two wins behind with one game left', 3, 100, 5, 300, 1, false],
    ['one behind, one left, spread gap 499 < 2 x 250', 4, 0, 5, 499, 1, true],
    ['one behind, one left, spread gap 501 > 2 x 250', 4, 0, 5, 501, 1, false],
  ])('%s', (_name, wins, spread, leaderWins, leaderSpread, games, expected) => {
    const chaser = player(2, wins, 0, spread)
    const leader = player(1, leaderWins, 0, leaderSpread)
    expect(canCatch(chaser, leader, games, 250)).toBe(expected)
  })

  test.each([
    [[1, 2, 3], 'first; second; third', ['1st place', '2nd place', '3rd place']],
    [[1, 3, 10], "tsh's prize_bands [1, 3, 10]", ['1st place', 'places 2–3', 'places 4–10']],
    [[10, 1, 3], 'given out of order', ['1st place', 'places 2–3', 'places 4–10']],
  ])('prize bands %j (%s)', (ends, _name, expected) => {
    expect(
      prizeBands({ totalRounds: 8, maxSpreadPerRound: 250, prizeBands: ends }).map(bandText),
    ).toEqual(expected)
  })

  test.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [21, '21st'],
    [113, '113th'],
  ])('place %d reads %s', (n, text) => expect(ordinal(n)).toBe(text))
})

describe('contention with two rounds left (8 rounds, after round 6, 250 a game)', () => {
  const field = ranked([
    player(1, 6, 0, 700),
    player(2, 5, 1, 400),
    player(3, 4, 2, 300),
    player(4, 4, 2, 100),
    player(5, 3, 3, 0),
    player(6, 2, 4, -300),
    player(7, 1, 5, -500),
    player(8, 0, 6, -700),
  ])
  const options: GibsonOptions = { totalRounds: 8, maxSpreadPerRound: 250, prizeBands: [1, 2, 3] }
  const state = contention(standingsOrder(field), 6, options)

  test.each([
    // id, best, worst, why
    [1, 1, 4, 'Ann leads; Bob, Cy and Di can still reach 6 wins and Cy and Di need spread'],
    [2, 1, 5, 'Bob can still pass Ann; Ann, Cy, Di and Ed can end level or ahead of him'],
    [3, 1, 6, 'Cy reaches 6 wins with +800 against a losing Ann’s +200'],
    [5, 2, 7, 'Ed cannot reach Ann’s 6 wins but can pass Bob; only Hal cannot reach him'],
    [6, 3, 8, 'Flo can still reach 4 wins and pass Cy and Di on spread: third place'],
    [7, 5, 8, 'Gus can reach 3 wins at most: 5th at best, out of the prizes'],
  ])('player %d finishes between %d and %d: %s', (id, best, worst) => {
    expect(state?.best.get(id)).toBe(best)
    expect(state?.worst.get(id)).toBe(worst)
  })

  test('nobody has clinched; Gus and Hal are out of contention', () => {
    expect(state?.gibsonized).toEqual([])
    expect([...(state?.contenders ?? [])].sort()).toEqual([1, 2, 3, 4, 5, 6])
    expect(state?.gamesLeft).toBe(2)
  })

  test('no game left, no contention', () => {
    expect(contention(standingsOrder(field), 8, options)).toBeNull()
  })
})

describe('two Gibsons (8 rounds, after round 7, bands [1, 2, 3])', () => {
  // Ann cannot be caught (Bob would need +1150 against her +1150 and loses the tie); Bob cannot
  // reach Ann and nobody can reach Bob's 6 wins: both have clinched their place.
  const field = [
    player(1, 7, 0, 1400),
    player(2, 6, 1, 800),
    player(3, 4, 3, 200),
    player(4, 3, 4, 0),
    player(5, 3, 4, -100),
    player(6, 2, 5, -400),
  ]
  const gibson: GibsonOptions = { totalRounds: 8, maxSpreadPerRound: 250, prizeBands: [1, 2, 3] }

  test('both are Gibsonized; Cy, Di and Ed still play for third; Flo is out', () => {
    const state = contention(standingsOrder(ranked(field)), 7, gibson)
    expect(state?.gibsonized.map((g) => [g.player.id, bandText(g.band)])).toEqual([
      [1, '1st place'],
      [2, '2nd place'],
    ])
    expect([...(state?.contenders ?? [])].sort()).toEqual([3, 4, 5])
  })

  test('the two Gibsons meet each other; the contenders are paired by the system', () => {
    const round = paired(input(field, { round: 8, basedOn: 7, gibson }))
    expect(unordered(round)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ])
    expect(pairOf(round, 1)).toMatch(
      /^Gibsonized: both have clinched their prize \(Ann has clinched 1st place with 1 game left; Bob has clinched 2nd place with 1 game left\)/,
    )
    expect(round.summary.gibsonized).toEqual([1, 2])
  })

  test('when the Gibsons may not meet again, the top one meets the highest-ranked player out of contention', () => {
    const history = [past(7, [[1, 2]])]
    const round = paired(input(field, { round: 8, basedOn: 7, gibson, history, maxRepeats: 0 }))
    expect(pairOf(round, 1)).toMatch(/vs the highest-ranked player out of contention/)
    expect(unordered(round)).toContainEqual([1, 6])
    expect(round.summary.lines).toContain(
      'Bob is Gibsonized but every possible opponent is still in contention',
    )
  })

  test('contention only (gibsonize off): nobody is Gibsonized', () => {
    const round = paired(
      input(field, { round: 8, basedOn: 7, gibson: { ...gibson, gibsonize: false } }),
    )
    expect(round.summary.gibsonized).toEqual([])
  })
})

describe('a Gibsonized player takes the bye (tsh: before the lowest-ranked)', () => {
  const field = [
    player(1, 7, 0, 1400),
    player(2, 4, 3, 200),
    player(3, 4, 3, 100),
    player(4, 3, 4, 0),
    player(5, 3, 4, -100),
  ]
  const gibson: GibsonOptions = { totalRounds: 8, maxSpreadPerRound: 250 }

  test('the clinched leader sits out, the lowest-ranked plays', () => {
    const round = paired(input(field, { round: 8, basedOn: 7, gibson }))
    expect(round.byes).toEqual([
      {
        player: 1,
        reason:
          'Gibsonized: Ann has clinched 1st place with 1 game left; a Gibsonized player takes the bye before the lowest-ranked',
      },
    ])
    expect(round.pairings).toHaveLength(2)
  })

  test('a Gibsonized player who already had more byes than the rest does not take another', () => {
    const withBye = field.map((p) => (p.id === 1 ? { ...p, byes: 1 } : p))
    const round = paired(input(withBye, { round: 8, basedOn: 7, gibson }))
    expect(round.byes.map((b) => b.player)).toEqual([5])
  })
})

describe('contenders in the last round (tsh ChewPair contenders; COP control loss)', () => {
  // 8 rounds, after round 7: Ann leads on 6 wins; Bob, Cy and Di can still reach 6.
  const field = [
    player(1, 6, 1, 500),
    player(2, 5, 2, 300),
    player(3, 5, 2, 200),
    player(4, 5, 2, 100),
    player(5, 4, 3, 0),
    player(6, 3, 4, -300),
  ]
  const gibson: GibsonOptions = { totalRounds: 8, maxSpreadPerRound: 250, contenderRounds: 1 }

  test('the leader meets the highest-ranked player who can catch them, not last round’s opponent', () => {
    const history = [
      past(7, [
        [1, 2],
        [3, 5],
        [4, 6],
      ]),
    ]
    const round = paired(input(field, { round: 8, basedOn: 7, gibson, history, maxRepeats: 1 }))
    expect(unordered(round)).toEqual([
      [1, 3],
      [2, 4],
      [5, 6],
    ])
    expect(pairOf(round, 1)).toMatch(
      /^contenders: Ann holds 1st place and Cy can still catch them in the 1 game left/,
    )
    expect(pairOf(round, 2)).toMatch(/^contenders: Bob holds 2nd place and Di can still catch them/)
  })

  test('outside the last rounds the system pairs as usual', () => {
    const round = paired(
      input(field, { round: 8, basedOn: 7, gibson: { ...gibson, contenderRounds: 0 } }),
    )
    expect(round.pairings.some((p) => p.reason.startsWith('contenders'))).toBe(false)
  })

  test('the contention pairs honour the do-not-pair list', () => {
    const ctx = pairingContext(
      input(field, { round: 8, basedOn: 7, gibson, constraints: { avoid: [[1, 2]] } }),
    )
    const order = standingsOrder(ctx.input.players)
    const planned = pairContention(ctx, order, order, false)
    const ann = planned?.pairs.find((p) => p.a.id === 1)
    expect(ann?.b.id).toBe(3)
  })
})

/** Every player Gibsonized has a best and worst finish in one band, on random fields. */
test('Gibsonized players can neither rise nor fall out of their band (random fields)', () => {
  let seed = 7
  const next = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed % n
  }
  for (let trial = 0; trial < 200; trial++) {
    const played = 3 + next(6)
    const field: PairingPlayer[] = Array.from({ length: 4 + next(12) }, (_, i) => {
      const wins = next(played + 1)
      return player(i + 1, wins, played - wins, next(1200) - 600)
    })
    const options: GibsonOptions = {
      totalRounds: played + 1 + next(3),
      maxSpreadPerRound: 200,
      prizeBands: [1, 2, 4],
    }
    const order = standingsOrder(ranked(field))
    const state = contention(order, played, options)
    for (const g of state?.gibsonized ?? []) {
      const best = state?.best.get(g.player.id) ?? 0
      const worst = state?.worst.get(g.player.id) ?? 0
      expect(best).toBeGreaterThanOrEqual(g.band.from)
      expect(worst).toBeLessThanOrEqual(g.band.to)
      // A clinched player is never also counted as playing for a prize.
      expect(state?.contenders.has(g.player.id)).toBe(false)
    }
  }
})

test('the contention step never seats a clinched player with a contender, a listed pair or an over-limit repeat (random fields)', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          wins: fc.integer({ min: 0, max: 6 }),
          spread: fc.integer({ min: -900, max: 900 }),
        }),
        { minLength: 2, maxLength: 14 },
      ),
      fc.array(fc.tuple(fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 14 })), {
        maxLength: 6,
      }),
      fc.integer({ min: 0, max: 3 }),
      (records, avoid, contenderRounds) => {
        const field = records.map((r, i) => player(i + 1, r.wins, 6 - r.wins, r.spread))
        const gibson: GibsonOptions = {
          totalRounds: 8,
          maxSpreadPerRound: 150,
          prizeBands: [1, 3],
          contenderRounds,
        }
        const history = [past(6, [[1, 2]])]
        const ctx = pairingContext(
          input(field, {
            round: 7,
            basedOn: 6,
            gibson,
            history,
            maxRepeats: 0,
            constraints: { avoid },
          }),
        )
        const order = standingsOrder(ctx.input.players)
        const planned = pairContention(ctx, order, order, false)
        const state = contention(order, 6, gibson)
        const clinched = new Set(state?.gibsonized.map((g) => g.player.id))
        for (const { a, b } of planned?.pairs ?? []) {
          expect(ctx.avoid.has(pairKey(a.id, b.id))).toBe(false)
          expect(pairKey(a.id, b.id)).not.toBe(pairKey(1, 2))
          for (const [x, y] of [
            [a, b],
            [b, a],
          ] as const) {
            if (clinched.has(x.id)) expect(state?.contenders.has(y.id)).toBe(false)
          }
        }
        // Everyone is accounted for once: paired here, the bye, or left for the system.
        const seen = [
          ...(planned?.pairs ?? []).flatMap((p) => [p.a.id, p.b.id]),
          ...(planned?.bye === null || planned === null ? [] : [planned.bye.player]),
          ...(planned?.rest ?? order).map((p) => p.id),
        ].sort((x, y) => x - y)
        expect(seen).toEqual(order.map((p) => p.id).sort((x, y) => x - y))
      },
    ),
    { numRuns: 200 },
  )
})

test('with contention on, every player is still paired once or has the bye (random fields, all matching systems)', () => {
  fc.assert(
    fc.property(
      fc.constantFrom('swiss', 'koth', 'australian') as fc.Arbitrary<
        'swiss' | 'koth' | 'australian'
      >,
      fc.array(
        fc.record({
          wins: fc.integer({ min: 0, max: 6 }),
          spread: fc.integer({ min: -900, max: 900 }),
          byes: fc.integer({ min: 0, max: 1 }),
        }),
        { minLength: 2, maxLength: 13 },
      ),
      fc.array(fc.tuple(fc.integer({ min: 1, max: 13 }), fc.integer({ min: 1, max: 13 })), {
        maxLength: 4,
      }),
      fc.integer({ min: 0, max: 2 }),
      (system, records, avoid, contenderRounds) => {
        const field = records.map((r, i) =>
          player(i + 1, r.wins, 6 - r.wins, r.spread, { byes: r.byes }),
        )
        const history = [
          past(6, [
            [1, 2],
            [3, 4],
          ]),
        ]
        const gibson: GibsonOptions = { totalRounds: 7, maxSpreadPerRound: 100, contenderRounds }
        const listed = avoid.filter(([a, b]) => a !== b)
        const result = pairRound(
          input(field, {
            system,
            round: 7,
            basedOn: 6,
            gibson,
            history,
            maxRepeats: 1,
            constraints: { avoid: listed },
          }),
        )
        if (!result.ok) {
          // Only a do-not-pair list can make a field unpairable here.
          expect(listed.length).toBeGreaterThan(0)
          return
        }
        const seated = [
          ...result.value.pairings.flatMap((p) => [p.first, p.second]),
          ...result.value.byes.map((b) => b.player),
        ].sort((x, y) => x - y)
        expect(seated).toEqual(field.map((p) => p.id))
        expect(result.value.byes.length).toBe(field.length % 2)
      },
    ),
    { numRuns: 200 },
  )
})

test('best and worst finish count exactly the players each can or cannot catch (random fields)', () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.record({
          halfWins: fc.integer({ min: 0, max: 16 }),
          spread: fc.integer({ min: -400, max: 400 }),
        }),
        { minLength: 2, maxLength: 30 },
      ),
      fc.integer({ min: 1, max: 4 }),
      fc.integer({ min: 1, max: 120 }),
      (records, games, maxSpread) => {
        const field = records.map((r, i) =>
          player(i + 1, r.halfWins / 2, 8 - r.halfWins / 2, r.spread),
        )
        const order = standingsOrder(ranked(field))
        const state = contention(order, 8, { totalRounds: 8 + games, maxSpreadPerRound: maxSpread })
        for (const p of order) {
          const others = order.filter((q) => q !== p)
          expect(state?.best.get(p.id)).toBe(
            1 + others.filter((q) => !canCatch(p, q, games, maxSpread)).length,
          )
          expect(state?.worst.get(p.id)).toBe(
            1 + others.filter((q) => canCatch(q, p, games, maxSpread)).length,
          )
        }
      },
    ),
    { numRuns: 300 },
  )
})

/** What a division that never set contention gives the engine, for an event of `rounds`. */
const byDefault = (rounds: number, extra: Partial<typeof DEFAULT_CONTENTION> = {}) => {
  const info: TournamentInfo = {
    name: 'Open',
    venue: 'Hall',
    startDate: '2024-08-01',
    endDate: '2024-08-05',
    rounds,
  }
  const options = gibsonOptions({ ...DEFAULT_CONTENTION, ...extra }, info, null)
  if (options === undefined) throw new Error('contention is off')
  return options
}

describe('the title decided on the board by default (tsh ChewPair contenders; issue 18)', () => {
  // The 2024 championship's final round (31 rounds, after 30): Ann 20–10 +980, Bob 19–11 +1485.
  // Bob wins the title with a win and an Ann loss; nobody else can reach 20 wins. They have met
  // three times, in rounds 8, 17 and 26.
  const field = [
    player(1, 20, 10, 980),
    player(2, 19, 11, 1485),
    player(3, 18, 12, 900),
    player(4, 18, 12, 400),
    player(5, 18, 12, 100),
    player(6, 17, 13, 600),
    player(7, 17, 13, 200),
    player(8, 16, 14, 0),
    player(9, 16, 14, -300),
    player(10, 15, 15, -500),
    player(11, 14, 16, -900),
    player(12, 13, 17, -1500),
  ]
  const history = [
    past(8, [[1, 2]]),
    past(17, [[1, 2]]),
    past(26, [[1, 2]]),
    past(29, [
      [1, 5],
      [2, 6],
      [3, 4],
    ]),
    past(30, [
      [1, 3],
      [2, 4],
      [5, 6],
    ]),
  ]

  test('championship final round: #1 meets #2, the only player who can catch them, for a 4th time (tsh paired them too)', () => {
    const round = paired(
      input(field, { system: 'koth', round: 31, basedOn: 30, history, gibson: byDefault(31) }),
    )
    expect(unordered(round)).toContainEqual([1, 2])
    expect(pairOf(round, 1)).toMatch(
      /^contenders: Ann holds 1st place and Bob can still catch them in the 1 game left/,
    )
  })

  test.each([
    [
      'tsh’s default, 500 a game (a 1,000-point swing, NASPA ruling 2016): 784 up is not clinched',
      784,
      500,
      false,
    ],
    ['a tie on wins and spread counts as caught: 1,000 up is not clinched', 1000, 500, false],
    ['1,001 up with one round left: clinched', 1001, 500, true],
    ['the old 250 a game called 784 up clinched', 784, 250, true],
  ])('Gibsonization, one round left, a win ahead: %s', (_name, lead, maxSpread, clinched) => {
    const leaders = [
      player(1, 10, 2, 200 + lead),
      player(2, 9, 3, 200),
      player(3, 8, 4, 300),
      player(4, 7, 5, 0),
      player(5, 4, 8, -500),
      player(6, 3, 9, -900),
    ]
    const options = byDefault(13, { gibson: true, maxSpread })
    const state = contention(standingsOrder(ranked(leaders)), 12, options)
    expect(state?.gibsonized.map((g) => g.player.id)).toEqual(clinched ? [1] : [])
    const round = paired(input(leaders, { round: 13, basedOn: 12, gibson: options }))
    // Not clinched: the leader meets the one player who can still catch them; clinched: the
    // highest-ranked player out of contention (Ed, who cannot reach a prize).
    expect(pairOf(round, 1)).toMatch(clinched ? /^Gibsonized/ : /^contenders: Ann .* Bob can/)
    expect(unordered(round)).toContainEqual(clinched ? [1, 5] : [1, 2])
  })

  test('Gibsonization off (the default): a clinched leader is neither set apart nor reviewed as Gibsonized', () => {
    const leaders = [player(1, 10, 2, 2000), player(2, 8, 4, 200), player(3, 7, 5, 0)]
    const state = contention(standingsOrder(ranked(leaders)), 12, byDefault(13))
    expect(state?.gibsonized).toEqual([])
    expect(state?.contenders.has(1)).toBe(true)
  })

  // Three rounds left (12 rounds, after 9): Ann 8–1 leads; everyone down to Jo can still catch
  // her, Kim and Lu cannot (when all can, ChewPair pairs them Swiss).
  const nine = [
    player(1, 8, 1, 900),
    player(2, 7, 2, 600),
    player(3, 7, 2, 500),
    player(4, 7, 2, 400),
    player(5, 6, 3, 300),
    player(6, 6, 3, 200),
    player(7, 6, 3, 100),
    player(8, 6, 3, 0),
    player(9, 6, 3, -100),
    player(10, 5, 4, -200),
    player(11, 4, 5, -400),
    player(12, 3, 6, -600),
  ]
  const annOpponent = (round: number, basedOn: number, history: PastRound[]) => {
    const ctx = pairingContext(
      input(nine, { system: 'koth', round, basedOn, history, gibson: byDefault(12) }),
    )
    const order = standingsOrder(ctx.input.players)
    const pair = pairContention(ctx, order, order, false)?.pairs.find((p) => p.a.id === 1)
    return pair?.b.id
  }

  test.each([
    [
      'three left (flight of 8): not last round’s opponent (Bob), then the fewest meetings: Ed, never met',
      10,
      9,
      [past(3, [[1, 3]]), past(5, [[1, 4]]), past(7, [[1, 3]]), past(9, [[1, 2]])],
      5,
    ],
    [
      'two left (flight of 4): Ida, never met, is beyond the flight; Di, met once, is the fewest within it',
      11,
      10,
      [
        past(3, [[1, 3]]),
        past(5, [[1, 4]]),
        past(7, [[1, 3]]),
        past(8, [[1, 5]]),
        past(10, [[1, 2]]),
      ],
      4,
    ],
    [
      'final round: the highest-ranked catcher not met last round (Cy, met twice), not the fewest meetings',
      12,
      11,
      [past(3, [[1, 3]]), past(7, [[1, 3]]), past(11, [[1, 2]])],
      3,
    ],
    ['final round, no earlier meetings: the highest-ranked catcher, Bob', 12, 11, [], 2],
  ])('contender rounds, no back-to-back, fewest repeats: %s', (_n, round, basedOn, hist, id) => {
    expect(annOpponent(round, basedOn, hist)).toBe(id)
  })

  test('final round: a repeat, even back-to-back, rather than leave #1 without the one player who can catch them', () => {
    const four = [
      player(1, 10, 1, 900),
      player(2, 9, 2, 600),
      player(3, 8, 3, 500),
      player(4, 8, 3, 400),
    ]
    const history = [
      past(11, [
        [1, 2],
        [3, 4],
      ]),
    ]
    const round = paired(
      input(four, { system: 'koth', round: 12, basedOn: 11, history, gibson: byDefault(12) }),
    )
    expect(unordered(round)).toEqual([
      [1, 2],
      [3, 4],
    ])
    expect(pairOf(round, 1)).toMatch(/^contenders: Ann holds 1st place and Bob can still catch/)
  })

  test('when the contention pairs leave the rest unpairable, the lower ones go first and #1 keeps a catcher', () => {
    const six = [
      player(1, 10, 1, 900),
      player(2, 9, 2, 600),
      player(3, 8, 3, 500),
      player(4, 8, 3, 400),
      player(5, 6, 5, 0),
      player(6, 5, 6, -100),
    ]
    // Ed and Flo may not meet: Cy v Di (contenders for 3rd) would leave them to each other.
    const round = paired(
      input(six, {
        system: 'koth',
        round: 12,
        basedOn: 11,
        gibson: byDefault(12),
        constraints: { avoid: [[5, 6]] },
      }),
    )
    expect(unordered(round)).toContainEqual([1, 2])
    expect(unordered(round)).not.toContainEqual([5, 6])
    expect(round.summary.lines).toContain(
      'a contention pairing dropped: the other players could not all be paired around them',
    )
  })

  test('three rounds left and everyone can still catch the leader: the system pairs them all (tsh: Swiss)', () => {
    const round = paired(input(nine.slice(0, 8), { round: 10, basedOn: 9, gibson: byDefault(12) }))
    expect(round.pairings.some((p) => p.reason.startsWith('contenders'))).toBe(false)
  })

  test.each([
    [1, 2],
    [2, 4],
    [3, 8],
    [4, 12],
    [9, 12],
  ])('tsh ChewPair’s default flight with %d game(s) left: %d players', (games, cap) => {
    expect(flightCap(games)).toBe(cap)
  })
})
