import { describe, expect, test } from 'vitest'
import { roundCellLetter, type CellResult, type RoundCell } from './player-rounds'

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
