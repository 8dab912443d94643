import { describe, expect, test } from 'vitest'
import type { Command } from './commands'
import { currentRound, latestPublishedRound, playerName, starterOf } from './lookup'
import { applyAll, create, register } from './test-support/event'
import type { Division, PairingStart } from './types'

const pair = (round: number): Command => ({
  type: 'pairRound',
  division: 'A',
  round,
  pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
})
const publish = (round: number): Command => ({ type: 'publishRound', division: 'A', round })

function divisionAfter(...commands: Command[]): Division {
  const state = applyAll([
    create('nsa1995', 4),
    { type: 'addDivision', name: 'A' },
    register('Ames, Ann'),
    register('Bolt, Bob'),
    ...commands,
  ])
  const division = state.divisions[0]
  if (!division) throw new Error('no division')
  return division
}

describe('a player named on a screen', () => {
  const division = divisionAfter()
  test.each([
    ['a registered player by name', 2, 'Bolt, Bob'],
    ['an id nobody has by number', 7, '#7'],
  ])('%s', (_, id, text) => {
    expect(playerName(division, id)).toBe(text)
  })

  test('no division: by number', () => {
    expect(playerName(undefined, 1)).toBe('#1')
  })
})

describe('the round the director acts in now', () => {
  test.each([
    ['before any round is paired: round 1', [], 1],
    ['round 1 paired', [pair(1)], 1],
    ['rounds 1 and 2 paired', [pair(1), pair(2)], 2],
  ])('%s', (_, commands, round) => {
    expect(currentRound(divisionAfter(...commands))).toBe(round)
  })

  test('no division: round 1', () => {
    expect(currentRound(undefined)).toBe(1)
  })
})

describe('the round the players see (design.md: pairings are reviewed, then published)', () => {
  test.each([
    ['nothing paired', [], undefined],
    ['round 1 paired, not published', [pair(1)], undefined],
    ['round 1 published', [pair(1), publish(1)], 1],
    ['round 2 paired under review: still round 1', [pair(1), publish(1), pair(2)], 1],
    ['round 2 published', [pair(1), publish(1), pair(2), publish(2)], 2],
  ])('%s', (_, commands, round) => {
    expect(latestPublishedRound(divisionAfter(...commands))?.number).toBe(round)
  })
})

describe('who a pairing says starts', () => {
  test.each<[string, PairingStart, number | null]>([
    [
      'by the rule, fewer firsts (NSA II.F.1)',
      {
        kind: 'rule',
        starter: 2,
        reason: { kind: 'fewer-firsts', starterFirsts: 1, otherFirsts: 2 },
      },
      2,
    ],
    [
      'by the rule, equal firsts: tiles drawn at the table (MSA 1.4)',
      { kind: 'rule', starter: null, reason: { kind: 'draw-tiles', firsts: 1 } },
      null,
    ],
    ['by a schedule', { kind: 'schedule', starter: 1 }, 1],
    ['by the director', { kind: 'director', starter: 2 }, 2],
    ['undecided: a draw at the table', { kind: 'undecided' }, null],
  ])('%s', (_, start, starter) => {
    expect(starterOf(start)).toBe(starter)
  })
})
