import { describe, expect, test } from 'vitest'
import type { GameResult } from './game-result'
import { gameOutcome } from './game-result'
import { outcomeKind, outcomeLetter } from './outcome-letter'

const played = (a: number, b: number): GameResult => ({
  kind: 'played',
  players: [1, 2],
  rawScores: [a, b],
  scores: [a, b],
  overtimeSeconds: [0, 0],
})

describe('the letter of a result for one player (issue 20: screen and paper alike)', () => {
  test.each<[string, GameResult, 1 | 2, string, string]>([
    ['a win over the board', played(410, 380), 1, 'win', 'W'],
    ['a loss over the board', played(410, 380), 2, 'loss', 'L'],
    ['a tie is half a win (NSA VII.E)', played(400, 400), 2, 'tie', 'T'],
    ['a bye is a win (NSA VII.J.1)', { kind: 'bye', player: 1, spread: 50 }, 1, 'win', 'W'],
    [
      'the present player wins a forfeit (NSA VII.J.2)',
      { kind: 'forfeit', winner: 2, loser: 1, reason: 'no-show', spread: 50, rated: false },
      2,
      'win',
      'W',
    ],
    [
      'a double forfeit is a loss for both (NSA VII.J.2)',
      { kind: 'doubleForfeit', players: [1, 2], spread: 50 },
      1,
      'loss',
      'L',
    ],
    ['an unplayed game counts for nothing', { kind: 'unplayed', players: [1, 2] }, 1, 'none', '–'],
  ])('%s: %s', (_, result, player, kind, letter) => {
    const outcome = gameOutcome(result, player)
    expect(outcomeKind(outcome)).toBe(kind)
    expect(outcomeLetter(outcome)).toBe(letter)
    expect(outcomeLetter(outcomeKind(outcome))).toBe(letter)
  })
})
