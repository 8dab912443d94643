import { expect, test } from 'vitest'
import type { Command } from '../../../shared/tournament/commands'
import { fold } from '../../../shared/tournament/apply'
import { tournamentFixture } from '../db/repository-contract'
import { refusalText } from './refusal-words'

const fixture = tournamentFixture('open-2026', 'Open', { players: 3 })
const folded = fold(fixture.id, fixture.log)
const state = folded.ok ? folded.value : undefined
const error = { code: 'authority.read-only', message: 'read only' }

test.each<[string, Command, string]>([
  [
    'a check-in',
    { type: 'checkIn', division: 'A', player: 3, day: '2026-12-05' },
    'Player 3 (#3) checked in for 2026-12-05',
  ],
  [
    'an arrival',
    { type: 'recordArrival', division: 'A', round: 1, player: 2, at: 0 },
    'Player 2 (#2)',
  ],
])('issue 27: a refused %s names the player by name and number', (_, command, named) => {
  const text = refusalText("The director's laptop", command, error, state)
  expect(text).toContain(named)
  expect(text).toMatch(/^The director's laptop refused /)
  // Without the desk's state (nothing open yet) the number is all there is.
  expect(refusalText("The director's laptop", command, error, undefined)).not.toContain(named)
})

test('a refusal whose proposal is not known here says "a command"', () => {
  expect(refusalText('The venue network', undefined, error, state)).toMatch(
    /^The venue network refused a command: /,
  )
})
