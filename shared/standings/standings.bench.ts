import { bench, describe } from 'vitest'
import { computeStandings, standingsByRound } from './standings'
import { generateEvent } from './test-support/generate'

// A field far larger than any real event: the target is under 50 ms for one standings computation.
const { input } = generateEvent({ players: 2000, rounds: 30, seed: 20220219 })

describe('standings, 2000 players x 30 rounds', () => {
  bench('one standings computation (after round 30)', () => {
    computeStandings(input)
  })

  bench('standings after every round (30 tables, cumulative)', () => {
    standingsByRound(input)
  })
})
