import { bench, describe } from 'vitest'
import { estimateRatings } from './estimate'
import { generateRatingEvent } from './test-support/generate'

// Issue 22's target: estimates after every round for 2000 players × 20 rounds in under 200 ms.
// 10% newcomers paired at random is harsh: newcomers meet newcomers, and tsh's iteration of their
// ratings then often runs its full 50 + 50 passes. A usual field has a few.
const players = generateRatingEvent({ players: 2000, rounds: 20, seed: 20220219 })
const usual = generateRatingEvent({ players: 2000, rounds: 20, seed: 20220219, unratedShare: 0.02 })

describe('rating estimates, 2000 players x 20 rounds (10% newcomers)', () => {
  bench('nsa2008: estimates after every round', () => {
    estimateRatings({ system: 'nsa2008', maxRounds: 20, players })
  })
  bench('nsa: estimates after every round', () => {
    estimateRatings({ system: 'nsa', maxRounds: 20, players })
  })
  bench('wespa: estimates after every round', () => {
    estimateRatings({ system: 'wespa', maxRounds: 20, players })
  })
})

describe('rating estimates, 2000 players x 20 rounds (2% newcomers)', () => {
  bench('nsa2008: estimates after every round', () => {
    estimateRatings({ system: 'nsa2008', maxRounds: 20, players: usual })
  })
  bench('wespa: estimates after every round', () => {
    estimateRatings({ system: 'wespa', maxRounds: 20, players: usual })
  })
})
