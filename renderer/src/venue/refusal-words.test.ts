import { expect, test } from 'vitest'
import type { Command } from '../../../shared/tournament/commands'
import { rulesFromPreset } from '../../../shared/rules/presets'
import { apply } from '../../../shared/tournament/apply'
import type { TournamentState } from '../../../shared/tournament/types'
import { refusalText } from './refusal-words'

// Built here: the renderer's tsconfig leaves out shared/'s test support.
const register = (name: string): Command => ({
  type: 'registerPlayer',
  division: 'A',
  player: { name, rating: 0, memberId: '', club: '' },
})

function applyAll(commands: readonly Command[]): TournamentState | undefined {
  let state: TournamentState | undefined
  for (const command of commands) {
    const next = apply(state, command, 't-1')
    if (!next.ok) throw new Error(next.error.message)
    state = next.value
  }
  return state
}

const create: () => Command = () => ({
  type: 'createTournament',
  info: {
    name: 'Spring Open',
    venue: 'Civic Hall',
    startDate: '2026-03-14',
    endDate: '2026-03-14',
    rounds: 3,
  },
  rules: rulesFromPreset('nsa1995'),
})

const state = applyAll([
  create(),
  { type: 'addDivision', name: 'A' },
  register('Okafor, Ada'),
  register('Bello, Tunde'),
  register('Musa, Ife'),
])
const error = { code: 'authority.read-only', message: 'read only' }

test.each<[string, Command, string]>([
  [
    'a check-in',
    { type: 'checkIn', division: 'A', player: 3, day: '2026-12-05' },
    'Musa, Ife (#3) checked in for 2026-12-05',
  ],
  [
    'an arrival',
    { type: 'recordArrival', division: 'A', round: 1, player: 2, at: 0 },
    'Bello, Tunde (#2)',
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
