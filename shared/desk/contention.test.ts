/**
 * Prize contention at the desk (issue 10): the settings the Rounds screen offers, through
 * `proposePairing`, `apply` and the printed pairings.
 */
import { describe, expect, test } from 'vitest'
import { buildReport } from '../reports/report'
import { rulesFromPreset } from '../rules/presets'
import { apply } from '../tournament/apply'
import type { Command, PairingSpec } from '../tournament/commands'
import type { ContentionSettings } from '../tournament/pairing-rules'
import { applyAll, ID, played } from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { describeWarning, pairingWarnings, proposePairing } from './pair-next'
import { contentionSummary, describeGibsonOffer, gibsonOffer } from './pairing-review'
import { deskSetup, PAIR_ROUND_1 } from './test-support/desk-event'

const nsa = rulesFromPreset('nsa1995')

const game = (table: number, a: number, b: number): PairingSpec => ({
  kind: 'game',
  table,
  players: [a, b],
})
const win = (round: number, table: number, players: [number, number], margin: number): Command => ({
  type: 'recordResult',
  division: 'A',
  round,
  game: { table },
  result: played(players, [400 + margin, 400], nsa),
})
const pair = (round: number, pairings: PairingSpec[]): Command => ({
  type: 'pairRound',
  division: 'A',
  round,
  system: 'manual',
  pairings,
})

/**
 * Four rounds, three played. Ann (#1) wins all three by 300: 3–0 +900. Dan 2–1 +50, Fay 2–1
 * −240 (a bye), Joanne 2–1 −280; Cy, Ed and Bob 1–2. With one game left and at most 250 spread a
 * game, the 2–1 players can reach Ann's 3 wins but not her spread: Ann has clinched first.
 */
const threeRounds: Command[] = [
  ...deskSetup('nsa1995', 4),
  PAIR_ROUND_1,
  win(1, 1, [1, 2], 300),
  win(1, 2, [3, 4], 10),
  win(1, 3, [5, 6], 10),
  pair(2, [game(1, 1, 3), game(2, 7, 5), game(3, 2, 6), { kind: 'bye', player: 4 }]),
  win(2, 1, [1, 3], 300),
  win(2, 2, [7, 5], 10),
  win(2, 3, [2, 6], 10),
  pair(3, [game(1, 1, 7), game(2, 3, 5), game(3, 4, 2), { kind: 'bye', player: 6 }]),
  win(3, 1, [1, 7], 300),
  win(3, 2, [3, 5], 10),
  win(3, 3, [4, 2], 10),
]

const settings = (extra: Partial<ContentionSettings> = {}): Command => ({
  type: 'setContention',
  division: 'A',
  contention: { gibson: true, prizeBands: [1, 2, 3], maxSpread: 250, contenderRounds: 0, ...extra },
})

function proposeRound4(state: TournamentState) {
  const proposal = proposePairing(state, 'A', 4, { seed: 5 })
  if (!proposal.ok) throw new Error(`${proposal.error.code}: ${proposal.error.message}`)
  return proposal.value
}

describe('Gibsonization from the Rounds settings (issue 10)', () => {
  test('off by default: the bye goes to the lowest-ranked player without one', () => {
    const proposal = proposeRound4(applyAll(threeRounds))
    const bye = proposal.command.pairings.find((p) => p.kind === 'bye')
    expect(bye).toMatchObject({ player: 2 })
  })

  test('on: Ann has clinched first and takes the bye; the pairings print it', () => {
    const state = applyAll([...threeRounds, settings()])
    const proposal = proposeRound4(state)
    const bye = proposal.command.pairings.find((p) => p.kind === 'bye')
    expect(bye).toEqual({
      kind: 'bye',
      player: 1,
      reason:
        'Gibsonized: Ann Smith has clinched 1st place with 1 game left; a Gibsonized player takes the bye before the lowest-ranked',
    })
    expect(proposal.summary).toContain('Ann Smith is Gibsonized')
    const applied = apply(state, proposal.command, ID)
    expect(applied.ok).toBe(true)
    if (!applied.ok) return
    // The review does not flag the Gibsonized bye as a bye to someone not lowest.
    expect(pairingWarnings(applied.value, 'A', 4).map((w) => w.kind)).not.toContain(
      'bye-not-lowest',
    )
    const printed = buildReport(applied.value, {
      kind: 'pairings-by-table',
      division: 'A',
      round: 4,
    })
    expect(
      printed.ok && printed.value.kind === 'pairings-by-table' ? printed.value.rows : [],
    ).toContainEqual(
      expect.objectContaining({ kind: 'bye', player: expect.objectContaining({ id: 1 }) }),
    )
  })

  test('a spread of 450 a game lets Dan still catch Ann: nobody is Gibsonized', () => {
    const proposal = proposeRound4(applyAll([...threeRounds, settings({ maxSpread: 450 })]))
    expect(proposal.summary.some((line) => line.includes('Gibsonized'))).toBe(false)
  })

  test('a hand-made pairing of the Gibsonized leader against a contender is flagged', () => {
    const state = applyAll([
      ...threeRounds,
      settings(),
      pair(4, [game(1, 1, 4), game(2, 7, 3), game(3, 5, 6), { kind: 'bye', player: 2 }]),
    ])
    const words = pairingWarnings(state, 'A', 4).map((w) => describeWarning(state, 'A', w))
    expect(words).toContain(
      'Table 1: Ann Smith (#1) has clinched their prize but meets Dan Lee (#4), who still plays for one',
    )
    // Bob, last with no bye yet, has the bye: nothing to say about it.
    expect(words.some((w) => w.startsWith('The bye goes to'))).toBe(false)
  })

  test('the review flags an avoidable second bye (naming who should have it), a 2-win gap and a back-to-back rematch', () => {
    const state = applyAll([
      ...threeRounds,
      pair(4, [game(1, 1, 2), game(2, 3, 5), game(3, 7, 6), { kind: 'bye', player: 4 }]),
    ])
    const words = pairingWarnings(state, 'A', 4).map((w) => describeWarning(state, 'A', w))
    expect(words).toEqual(
      expect.arrayContaining([
        'Dan Lee (#4) gets a bye after one earlier round without an opponent, but Bob Jones (#2) has had fewer',
        'Table 1: Ann Smith (#1) and Bob Jones (#2) are 2 wins apart',
        'Table 2: Joanne Tan (#3) and Ed Ng (#5) also met last round',
      ]),
    )
  })

  test('the Rounds screen says where the prizes stand', () => {
    const state = applyAll([...threeRounds, settings()])
    expect(contentionSummary(state, state.divisions[0]!)).toEqual([
      'After round 3, 1 game left:',
      'Ann Smith (#1) has clinched 1st place',
      // Every 1–2 player can still reach 2 wins and, on spread, any 2–1 player who loses.
      'still playing for a prize: Dan Lee (#4) (2nd–7th), Fay Wong (#7) (2nd–7th), Joanne Tan (#3) (2nd–7th), Cy Bobson (#6) (2nd–7th), Ed Ng (#5) (2nd–7th), Bob Jones (#2) (2nd–7th)',
    ])
    // By default (no Gibsonization, tsh's 500 a game): Dan can still pass Ann, nobody has clinched.
    const plain = applyAll(threeRounds)
    expect(contentionSummary(plain, plain.divisions[0]!)).toEqual([
      'After round 3, 1 game left:',
      'still playing for a prize: Ann Smith (#1) (1st–2nd), Dan Lee (#4) (1st–7th), Fay Wong (#7) (2nd–7th), Joanne Tan (#3) (2nd–7th), Cy Bobson (#6) (2nd–7th), Ed Ng (#5) (2nd–7th), Bob Jones (#2) (2nd–7th)',
    ])
  })

  test('settings are validated with a message naming the field', () => {
    const base = applyAll(threeRounds)
    const bad = apply(base, settings({ prizeBands: [1, 3, 2] }), ID)
    expect(bad.ok ? '' : bad.error.message).toBe(
      "Prize band 3 ends at place 2, not after band 2's place 3: list the bands' last places in increasing order.",
    )
    const rounds = apply(base, settings({ contenderRounds: 5 }), ID)
    expect(rounds.ok ? '' : rounds.error.code).toBe('contention.rounds.invalid')
  })
})

/**
 * Four rounds, three played (the automatic plan: Swiss after round 1). Ann wins all three by 10
 * (3–0 +30); Bob, who lost to Ann in round 1, wins his next two by 400 (2–1 +790). Joanne 2–1
 * +10 and Ed 2–1 (a bye) also trail Ann by a win; Dan, Cy and Fay are 1–2. Swiss alone would give
 * Ann a player she has not met; Bob wins the title with a win and an Ann loss.
 */
const bobCanCatchAnn: Command[] = [
  ...deskSetup('nsa1995', 4),
  PAIR_ROUND_1,
  win(1, 1, [1, 2], 10),
  win(1, 2, [3, 4], 10),
  win(1, 3, [5, 6], 10),
  pair(2, [game(1, 1, 3), game(2, 2, 5), game(3, 4, 7), { kind: 'bye', player: 6 }]),
  win(2, 1, [1, 3], 10),
  win(2, 2, [2, 5], 400),
  win(2, 3, [4, 7], 10),
  pair(3, [game(1, 1, 4), game(2, 2, 6), game(3, 3, 7), { kind: 'bye', player: 5 }]),
  win(3, 1, [1, 4], 10),
  win(3, 2, [2, 6], 400),
  win(3, 3, [3, 7], 10),
]

describe('the title decided on the board by default (tsh ChewPair contenders; issue 18)', () => {
  const opponentOf = (proposal: ReturnType<typeof proposeRound4>, id: number) => {
    const table = proposal.command.pairings.find(
      (p) => p.kind === 'game' && (p.players[0] === id || p.players[1] === id),
    )
    return table?.kind === 'game' ? table : undefined
  }

  test('a division that never set contention: the final round pairs #1 v #2, who can still catch #1, though they met before', () => {
    const state = applyAll(bobCanCatchAnn)
    expect(state.divisions[0]?.contention).toBeUndefined()
    const ann = opponentOf(proposeRound4(state), 1)
    expect(ann?.players).toContain(2)
    expect(ann?.reason).toMatch(
      /^contenders: Ann Smith holds 1st place and Bob Jones can still catch them in the 1 game left; 3–0 vs 2–1, met once before \(round 1\)/,
    )
  })

  test('a director who turns contender pairing off gets the plan’s system alone', () => {
    const state = applyAll([...bobCanCatchAnn, settings({ gibson: false, contenderRounds: 0 })])
    const ann = opponentOf(proposeRound4(state), 1)
    expect(ann?.players).not.toContain(2)
    expect(ann?.reason?.startsWith('contenders')).toBe(false)
  })
})

describe('issue 28: a clinched leader is offered Gibsonization when it is off', () => {
  const name = (state: TournamentState) => (id: number) =>
    `${state.divisions[0]?.players[id - 1]?.name ?? '?'} (#${id})`
  test.each([
    {
      name: 'off, 250 a game: Ann has clinched 1st, the desk offers to Gibsonize',
      more: [settings({ gibson: false })],
      expected:
        'After round 3, 1 game left: Ann Smith (#1) has clinched 1st place. Gibsonize (pair clinched players away from those still playing for a prize)?',
    },
    {
      name: 'tsh’s 500 a game: Dan can still catch Ann, nothing to offer',
      more: [settings({ gibson: false, maxSpread: 500 })],
      expected: null,
    },
    { name: 'already on: nothing to offer', more: [settings()], expected: null },
    {
      name: 'round 4 paired: too late for this round, nothing to offer',
      more: [
        settings({ gibson: false }),
        pair(4, [game(1, 1, 2), game(2, 3, 5), game(3, 7, 6), { kind: 'bye', player: 4 }]),
      ],
      expected: null,
    },
    {
      name: 'a round robin keeps its schedule: nothing to offer',
      more: [settings({ gibson: false })],
      system: 'round-robin' as const,
      expected: null,
    },
  ])('$name', ({ more, expected, system }) => {
    const state = applyAll([...threeRounds, ...more])
    const offer = gibsonOffer(state, state.divisions[0]!, system ?? 'swiss')
    expect(offer === null ? null : describeGibsonOffer(offer, name(state))).toBe(expected)
  })
})
