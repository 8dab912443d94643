import { bench, describe } from 'vitest'
import { divisionRatingEstimates } from '../ratings/division-ratings'
import { apply, fold } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { generateLog } from '../tournament/test-support/generate-log'
import type { TournamentState } from '../tournament/types'
import { newRatingWords, ratingsAfterRound } from './rating-estimates'
import { standingsTable } from './standings-table'

/*
 * Issue 22: the Standings screen stays under 100 ms per result at 1000 players. One result is
 * entered (the last one corrected, so the state is a new one, as at the desk); the screen then
 * folds it in, works out the division's estimates once (the ratings store keeps them until the
 * next change) and builds its rows with the "New rating" column.
 */
const ROUNDS = 20
const log = generateLog({ players: 1000, rounds: ROUNDS, seed: 20260314, starts: 'given' })
const folded = fold('bench', log)
if (!folded.ok || folded.value === undefined) throw new Error('the generated log does not fold')
const full: TournamentState = folded.value
const division = full.divisions[0]?.name ?? 'A'
const last = log[log.length - 1]?.command
if (last === undefined || last.type !== 'recordResult') throw new Error('no result to correct')
const correction: Command = { ...last, type: 'correctResult' }

function oneResult(state: TournamentState): void {
  const next = apply(state, correction, 'bench')
  if (!next.ok) throw new Error(next.error.code)
  const lines = ratingsAfterRound(divisionRatingEstimates(next.value, division), ROUNDS)
  for (const row of standingsTable(next.value, division, ROUNDS)) {
    const line = lines.get(row.player)
    if (line !== undefined) newRatingWords(line)
  }
}

const withSystem = (system: 'nsa' | 'nsa2008' | 'wespa'): TournamentState => {
  const next = apply(full, { type: 'setRatingSystem', division, system }, 'bench')
  if (!next.ok) throw new Error(next.error.code)
  return next.value
}

describe(`Standings with new ratings, 1000 players x ${ROUNDS} rounds: one result entered`, () => {
  // The same screen without the column, to see what the estimates add.
  bench('baseline: apply + standings rows, no estimates', () => {
    const next = apply(full, correction, 'bench')
    if (!next.ok) throw new Error(next.error.code)
    standingsTable(next.value, division, ROUNDS)
  })
  for (const system of ['nsa', 'nsa2008', 'wespa'] as const) {
    const state = withSystem(system)
    bench(`${system}: apply + estimates + standings rows`, () => oneResult(state))
  }
})
