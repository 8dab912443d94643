import { bench, describe } from 'vitest'
import { apply, fold } from './apply'
import { generateLog } from './test-support/generate-log'
import type { TournamentState } from './types'

// A field far larger than any real event: the target is under 500 ms for the whole fold.
const given = generateLog({ players: 2000, rounds: 30, seed: 20260314, starts: 'given' })
const byRules = generateLog({ players: 2000, rounds: 30, seed: 20260314, starts: 'rules' })

function folded(log: typeof given): TournamentState {
  const state = fold('bench', log)
  if (!state.ok || state.value === undefined) throw new Error('the generated log does not fold')
  return state.value
}

const full = folded(given)
const last = given[given.length - 1]

describe(`fold, 2000 players x 30 rounds (${given.length} commands)`, () => {
  bench('full fold, starters given by the pairing engine', () => {
    folded(given)
  })

  bench('full fold, starters decided by the preset in apply', () => {
    folded(byRules)
  })

  bench('one more result on the full state (correcting the last one)', () => {
    if (last === undefined || last.command.type !== 'recordResult') throw new Error('no result')
    const next = apply(full, { ...last.command, type: 'correctResult' }, 'bench')
    if (!next.ok) throw new Error(next.error.code)
  })
})
