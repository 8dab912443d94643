import { bench, describe } from 'vitest'
import { fold } from '../tournament/apply'
import { generateLog } from '../tournament/test-support/generate-log'
import type { TournamentState } from '../tournament/types'
import { renderLivePage } from './live-pages'

// Issue 21: the authority renders a phone's page on every request (each phone reloads every 15 s),
// so a page of a 2000-player division must render in well under 100 ms. "After a result": the
// division is a new object, as `apply` leaves it, so nothing kept from the last page is reused.
const folded = fold(
  'bench',
  generateLog({ players: 2000, rounds: 12, seed: 20260314, starts: 'given', publish: true }),
)
if (!folded.ok || folded.value === undefined) throw new Error('the generated log folds')
const state = folded.value
const none = new URLSearchParams()
const NOW = new Date(2026, 2, 14, 12, 0, 0)

function render(from: TournamentState, path: string, query = none): void {
  const page = renderLivePage(from, path, query, NOW)
  if (page.status !== 200) throw new Error(`${path}: ${page.status}`)
}

/** The state as a result leaves it: the division replaced, the rest kept. */
function changed(): TournamentState {
  return { ...state, divisions: state.divisions.map((division) => ({ ...division })) }
}

describe('the phones\u2019 live pages, one division of 2000 players after 12 rounds (issue 21)', () => {
  bench('pairings: 1000 tables', () => {
    render(state, '/A/pairings')
  })
  bench('standings: 2000 rows, after a result', () => {
    render(changed(), '/A/standings')
  })
  bench('standings: 2000 rows, another phone', () => {
    render(state, '/A/standings')
  })
  bench('a player: 12 rounds, after a result', () => {
    render(changed(), '/A/player/1234')
  })
  bench('a player: 12 rounds, another phone', () => {
    render(state, '/A/player/1234')
  })
  bench('search: a fragment matching everyone ("player")', () => {
    render(state, '', new URLSearchParams({ q: 'player' }))
  })
})
