import { bench, describe } from 'vitest'
import { fold } from '../tournament/apply'
import { generateLog } from '../tournament/test-support/generate-log'
import type { TournamentState } from '../tournament/types'
import { tourneyJs } from './tourney-js'

// Issue 31: the venue server writes /tourney.js once per state of the event, so every result
// costs one feed however many overlays poll it; broadcasts ran a 440-player event this way.
// "After a result": the division and its last round are new objects, as `apply` leaves them
// (`withRound`), so that division's feed and its last round's ranks are worked out again.
function event(players: number) {
  const folded = fold(
    'bench',
    generateLog({ players, rounds: 12, seed: 20260314, starts: 'given', publish: true }),
  )
  if (!folded.ok || folded.value === undefined) throw new Error('the generated log folds')
  return folded.value
}
/** The state as a result in the last round leaves it: the division and that round replaced. */
function changed(state: TournamentState): TournamentState {
  return {
    ...state,
    divisions: state.divisions.map((division) => ({
      ...division,
      rounds: division.rounds.map((round, k) =>
        k === division.rounds.length - 1 ? { ...round } : round,
      ),
    })),
  }
}
const hall = event(440)
const large = event(2000)

describe('tsh’s tourney.js after 12 rounds (issue 31)', () => {
  bench('440 players, after a result', () => {
    tourneyJs(changed(hall))
  })
  bench('2000 players, after a result', () => {
    tourneyJs(changed(large))
  })
  bench('440 players, nothing changed since the last poll', () => {
    tourneyJs(hall)
  })
})
