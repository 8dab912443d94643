import { bench, describe } from 'vitest'
import {
  divisionRatingEstimates,
  divisionRatingEstimatesReusing,
} from '../ratings/division-ratings'
import { apply, fold } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { generateLog } from '../tournament/test-support/generate-log'
import type { TournamentState } from '../tournament/types'
import type { EstimateMemo } from '../ratings/estimate'
import { newRatingWords, ratingsAfterRound } from './rating-estimates'
import { standingsTable } from './standings-table'

/*
 * Issue 22: the Standings screen stays under 100 ms per result at 1000 players. One result is
 * entered (the last one corrected, so the state is a new one, as at the desk); the screen then
 * folds it in, works out the division's estimates once (the ratings store keeps them until the
 * next change) and builds its rows with the "New rating" column. The store reuses the division's
 * last estimate for the rounds before the result's ("reusing"); "afresh" rates every round.
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

function oneResult(state: TournamentState, reusing: boolean): void {
  const next = apply(state, correction, 'bench')
  if (!next.ok) throw new Error(next.error.code)
  const estimates = reusing
    ? divisionRatingEstimatesReusing(next.value, division, memoBefore.get(state))?.estimates
    : divisionRatingEstimates(next.value, division)
  const lines = ratingsAfterRound(estimates ?? [], ROUNDS)
  for (const row of standingsTable(next.value, division, ROUNDS)) {
    const line = lines.get(row.player)
    if (line !== undefined) newRatingWords(line)
  }
}

// The store's memo as it stands before the result: the division's estimate of the state before.
const memoBefore = new Map<TournamentState, EstimateMemo>()

const withSystem = (system: 'nsa' | 'nsa2008' | 'wespa'): TournamentState => {
  const next = apply(full, { type: 'setRatingSystem', division, system }, 'bench')
  if (!next.ok) throw new Error(next.error.code)
  const worked = divisionRatingEstimatesReusing(next.value, division, undefined)
  if (worked !== undefined) memoBefore.set(next.value, worked.memo)
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
    bench(`${system}: apply + estimates afresh + standings rows`, () => oneResult(state, false))
    bench(`${system}: apply + estimates reusing the last + standings rows`, () =>
      oneResult(state, true),
    )
  }
})
