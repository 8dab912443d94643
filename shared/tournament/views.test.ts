import { describe, expect, test } from 'vitest'
import type { Command } from './commands'
import { applyAll, create, register } from './test-support/event'
import { findDivision, unpairedPlayers, warningStatus } from './views'

const warn = (player: number, round: number): Command => ({
  type: 'issueWarning',
  division: 'A',
  player,
  round,
  reason: 'phone',
})

/** Four players; round 1 pairs Ann–Bob only; Cy withdraws from round 2; Di enters from round 2. */
const EVENT: Command[] = [
  create('nsa1995', 4),
  { type: 'addDivision', name: 'A' },
  register('Ann'),
  register('Bob'),
  register('Cy'),
  {
    type: 'pairRound',
    division: 'A',
    round: 1,
    system: 'manual',
    pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
  },
  { type: 'withdrawPlayer', division: 'A', player: 3, fromRound: 2 },
  register('Di'),
]

describe('views of a folded state: what every screen and the CLI read alike', () => {
  test.each([
    ['A', true],
    ['a', false],
    ['B', false],
  ])('division %s is found: %s (names are exact)', (name, found) => {
    const division = findDivision(applyAll(EVENT), name)
    expect(division.ok).toBe(found)
    if (!division.ok) expect(division.error.code).toBe('division.missing')
  })

  test('round 1: Cy, in the round and not yet withdrawn, is unpaired; Di entered later', () => {
    const unpaired = unpairedPlayers(applyAll(EVENT), 'A', 1)
    expect(unpaired.ok && unpaired.value.map((p) => p.name)).toEqual(['Cy'])
  })

  test.each([
    ['warnings are recorded but not counted', 'nsa1995', 3, null, false],
    ['NEON (During 2): two of three', 'neon', 2, 3, false],
    ['NEON: the third proposes disqualification', 'neon', 3, 3, true],
  ] as const)(
    '%s: %s, %i warnings: threshold %s, proposed %s',
    (_why, preset, count, threshold, proposed) => {
      const state = applyAll([
        create(preset, 4),
        { type: 'addDivision', name: 'A' },
        register('Ann'),
        ...Array.from({ length: count }, () => warn(1, 1)),
      ])
      const status = warningStatus(state, 'A', 1)
      expect(
        status.ok && [
          status.value.warnings.length,
          status.value.threshold,
          status.value.disqualificationProposed,
        ],
      ).toEqual([count, threshold, proposed])
    },
  )
})
