import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import type { Command } from '../tournament/commands'
import { played } from '../tournament/test-support/event'
import {
  describeBlocker,
  incompleteRounds,
  oldestIncompleteRound,
  pairingBlockers,
  roundProgress,
  unsettledBeforeAsking,
  standingsAsOfWords,
  type PairingBlocker,
} from './ready'
import { deskEvent } from './test-support/desk-event'

const nsa = rulesFromPreset('nsa1995')

const result = (
  round: number,
  table: number,
  players: readonly [number, number],
  first?: number,
): Command => ({
  type: 'recordResult',
  division: 'A',
  round,
  game: { table },
  result: played(players, [400, 350], nsa),
  ...(first === undefined ? {} : { first }),
})

const ROUND_2: Command = {
  type: 'pairRound',
  division: 'A',
  round: 2,
  system: 'manual',
  pairings: [
    { kind: 'game', table: 1, players: [1, 3] },
    { kind: 'game', table: 2, players: [2, 5] },
    { kind: 'game', table: 3, players: [4, 7] },
    { kind: 'bye', player: 6 },
  ],
}

const lagged: Command = {
  type: 'setPairingPlan',
  division: 'A',
  plan: [
    { fromRound: 1, system: 'manual', basedOn: 'previous', maxRepeats: 0 },
    { fromRound: 3, system: 'swiss', basedOn: 'lagged', maxRepeats: 0 },
  ],
}

const kinds = (blockers: readonly PairingBlocker[]) =>
  blockers.map((b) => `${b.kind} r${b.round} t${b.table}`)

describe('pairingBlockers: what the next round would be paired without', () => {
  test.each([
    {
      name: 'issue 11: round 1 needs nothing before it',
      more: [],
      round: 1,
      expected: [],
    },
    {
      name: 'issue 11: a missing round-1 result blocks round 2 (its standings need it)',
      more: [result(1, 1, [1, 2], 1), result(1, 2, [3, 4], 3)],
      round: 2,
      expected: ['missing-result r1 t3'],
    },
    {
      name: 'MSA 1.3 / NSA II.F.1: an unknown start blocks too (the starts balance without it)',
      more: [result(1, 1, [1, 2], 1), result(1, 2, [3, 4]), result(1, 3, [5, 6], 5)],
      round: 2,
      expected: ['unknown-start r1 t2'],
    },
    {
      name: 'every result in, every start known: nothing blocks',
      more: [result(1, 1, [1, 2], 1), result(1, 2, [3, 4], 3), result(1, 3, [5, 6], 5)],
      round: 2,
      expected: [],
    },
    {
      name: 'missing results come before unknown starts',
      more: [result(1, 1, [1, 2])],
      round: 2,
      expected: ['missing-result r1 t2', 'missing-result r1 t3', 'unknown-start r1 t1'],
    },
  ])('$name', ({ more, round, expected }) => {
    const { state } = deskEvent('nsa1995', more)
    expect(kinds(pairingBlockers(state, 'A', round))).toEqual(expected)
  })

  test('issue 11: lagged round 3 needs round 1 complete only, not round 2', () => {
    const { state } = deskEvent('nsa1995', [
      lagged,
      result(1, 1, [1, 2], 1),
      result(1, 2, [3, 4], 3),
      result(1, 3, [5, 6], 5),
      ROUND_2,
    ])
    expect(pairingBlockers(state, 'A', 3)).toEqual([])
  })

  test('issue 11: lagged round 3 is blocked by a missing round-1 result', () => {
    const { state } = deskEvent('nsa1995', [lagged, result(1, 1, [1, 2], 1), ROUND_2])
    expect(kinds(pairingBlockers(state, 'A', 3))).toEqual([
      'missing-result r1 t2',
      'missing-result r1 t3',
    ])
  })

  test('an unknown division has nothing to block', () => {
    expect(pairingBlockers(deskEvent().state, 'Z', 2)).toEqual([])
  })

  test.each([
    {
      blocker: { kind: 'missing-result', round: 1, table: 3, players: [5, 6] } as const,
      text: 'Round 1, table 3: #5 v #6: no result yet',
    },
    {
      blocker: { kind: 'unknown-start', round: 2, table: 1, players: [1, 3] } as const,
      text: 'Round 2, table 1: #1 v #3: who started is not known',
    },
  ])('describeBlocker: $text', ({ blocker, text }) => {
    expect(describeBlocker(blocker, (id) => `#${id}`)).toBe(text)
  })
})

describe('where the results screen opens, and how complete a round is', () => {
  test.each([
    { name: 'nothing entered: round 1', more: [], oldest: 1, incomplete: [1] },
    {
      name: 'round 1 complete, round 2 paired: the newest round',
      more: [result(1, 1, [1, 2]), result(1, 2, [3, 4]), result(1, 3, [5, 6]), ROUND_2],
      oldest: 2,
      incomplete: [2],
    },
    {
      name: 'issue 11: a slip missing from round 1 while round 2 is paired: round 1',
      more: [result(1, 1, [1, 2]), result(1, 2, [3, 4]), ROUND_2],
      oldest: 1,
      incomplete: [1, 2],
    },
  ])('$name', ({ more, oldest, incomplete }) => {
    const { state } = deskEvent('nsa1995', more)
    expect(oldestIncompleteRound(state, 'A')).toBe(oldest)
    expect(incompleteRounds(state, 'A')).toEqual(incomplete)
  })

  test('a division with no round paired opens on none', () => {
    expect(oldestIncompleteRound(deskEvent().state, 'Z')).toBe(0)
  })

  test('roundProgress counts games, not the bye', () => {
    const { state } = deskEvent('nsa1995', [result(1, 1, [1, 2])])
    expect(roundProgress(state, 'A', 1)).toEqual({ round: 1, entered: 1, games: 3 })
  })

  test.each([
    { progress: { round: 0, entered: 0, games: 0 }, words: 'before round 1' },
    { progress: { round: 3, entered: 15, games: 15 }, words: 'after round 3' },
    { progress: { round: 3, entered: 12, games: 15 }, words: 'round 3: 12 of 15 results in' },
  ])('issue 11: standings say "$words"', ({ progress, words }) => {
    expect(standingsAsOfWords(progress)).toBe(words)
  })
})

describe('unsettledBeforeAsking: the settle list never lists a game just paired (issue 19)', () => {
  test.each([
    {
      name: 'issue 19: right after round 1 is paired, no game of it is "to settle"',
      more: [],
      latest: 1,
      expected: [],
    },
    {
      name: 'issue 11: once a result of the round is in, the slips still missing are listed',
      more: [result(1, 1, [1, 2])],
      latest: 1,
      expected: ['missing-result r1 t2', 'missing-result r1 t3', 'unknown-start r1 t1'],
    },
    {
      name: 'issue 11: a round-1 result still missing once round 2 is paired is unsettled',
      more: [lagged, result(1, 1, [1, 2], 1), ROUND_2],
      latest: 2,
      expected: ['missing-result r1 t2', 'missing-result r1 t3'],
    },
  ])('$name', ({ more, latest, expected }) => {
    const { state } = deskEvent('nsa1995', more)
    const blockers = pairingBlockers(state, 'A', latest + 1)
    const resultsIn = roundProgress(state, 'A', latest).entered
    expect(kinds(unsettledBeforeAsking(blockers, latest, resultsIn))).toEqual(expected)
  })

  test('what it keeps is always a blocker, and it drops only the latest round’s missing results', () => {
    const { state } = deskEvent('nsa1995', [result(1, 1, [1, 2])])
    const blockers = pairingBlockers(state, 'A', 2)
    const kept = unsettledBeforeAsking(blockers, 1, 0)
    const dropped = blockers.filter((b) => !kept.includes(b))
    expect(dropped.length).toBeGreaterThan(0)
    expect(dropped.every((b) => b.kind === 'missing-result' && b.round === 1)).toBe(true)
  })
})
