import { bench, describe } from 'vitest'
import { estimateRatings } from './estimate'
import { generateRatingEvent } from './test-support/generate'

// Issue 22's target: estimates after every round for 2000 players × 20 rounds in under 200 ms.
const players = generateRatingEvent({ players: 2000, rounds: 20, seed: 20220219 })

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
