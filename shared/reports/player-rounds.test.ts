import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fold } from '../tournament/apply'
import { generateLog } from '../tournament/test-support/generate-log'
import { playerRounds, roundCellLetter, type CellResult, type RoundCell } from './player-rounds'

const cell = (kind: RoundCell['kind'], result: Partial<CellResult> | null): RoundCell => ({
  round: 1,
  kind,
  table: kind === 'game' ? 1 : null,
  opponent: kind === 'game' ? { id: 2, name: 'Bob' } : null,
  start: null,
  result:
    result === null
      ? null
      : { outcome: 'win', score: null, opponentScore: null, spread: 0, forfeit: false, ...result },
})

describe('the letter of a round on the wall chart and the scorecard (issue 20)', () => {
  test.each<[string, RoundCell, string]>([
    ['a win', cell('game', { outcome: 'win' }), 'W'],
    ['a loss', cell('game', { outcome: 'loss' }), 'L'],
    ['a tie (NSA VII.E)', cell('game', { outcome: 'tie' }), 'T'],
    ['a forfeit won (NSA VII.J.2)', cell('game', { outcome: 'win', forfeit: true }), 'WF'],
    ['a forfeit lost', cell('game', { outcome: 'loss', forfeit: true }), 'LF'],
    ['a bye (NSA VII.J.1)', cell('bye', { outcome: 'win' }), 'B'],
    ['an unplayed game', cell('game', { outcome: 'none' }), '–'],
    ['a result not entered', cell('game', null), '?'],
  ])('%s: %s', (_, round, letter) => {
    expect(roundCellLetter(round)).toBe(letter)
  })
})

describe('one player alone (issue 21: a phone asks for one player)', () => {
  test('any event: one player’s cells are the ones the whole division gives them (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 15 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer(),
        fc.nat(),
        (players, rounds, seed, pick) => {
          const log = generateLog({ players, rounds, seed, starts: 'given' })
          const folded = fold('t', log)
          const division = folded.ok ? folded.value?.divisions[0] : undefined
          if (division === undefined) throw new Error('the generated log folds')
          const id = (pick % players) + 1
          const through = (pick % rounds) + 1
          const alone = playerRounds(division, through, id)
          expect([...alone.keys()]).toEqual([id])
          expect(alone.get(id)).toEqual(playerRounds(division, through).get(id))
        },
      ),
      { numRuns: 30 },
    )
  })
})
