import { bench, describe } from 'vitest'
import { apply, fold } from '../tournament/apply'
import { searchPlayers } from '../tournament/search'
import { generateLog } from '../tournament/test-support/generate-log'
import type { GamePairing, TournamentState } from '../tournament/types'
import { checkInSummary } from './check-in'
import { reviewWarnings } from './pairing-review'
import { parseResultLine, resultCommandFor } from './result-line'
import { standingsTable } from './standings-table'

// Issue 5: with 1000 players and 20 rounds, searching, checking in and entering a result must each
// take well under 100 ms.
const log = generateLog({ players: 1000, rounds: 20, seed: 20260314, starts: 'given' })
const folded = fold('bench', log)
if (!folded.ok || folded.value === undefined) throw new Error('the generated log does not fold')
const state: TournamentState = folded.value
const division = state.divisions[0]
const round = division?.rounds[19]
const game = round?.pairings[250] as GamePairing | undefined
if (division === undefined || game === undefined) throw new Error('no round 20')
const players = division.players

// The generated names are "Player 17": two players get names a fragment can find.
let named = state
for (const [id, name] of [
  [game.players[0], 'Alpha, Zed'],
  [game.players[1], 'Beta, Quinn'],
] as const) {
  const next = apply(
    named,
    {
      type: 'editPlayer',
      division: 'A',
      playerId: id,
      player: { name, rating: 1500, memberId: `X${id}`, club: '' },
    },
    'bench',
  )
  if (!next.ok) throw new Error(next.error.code)
  named = next.value
}

function enter(line: string, on: TournamentState = state): void {
  const entry = parseResultLine(line, { state: on, division: 'A', round: 20 })
  if (!entry.ok) throw new Error(entry.error.code)
  const next = apply(on, resultCommandFor(on, 'A', 20, entry.value), 'bench')
  if (!next.ok) throw new Error(next.error.code)
}

describe('the desk, 1000 players x 20 rounds', () => {
  bench('searchPlayers, a 3-letter fragment matching everyone ("yer")', () => {
    searchPlayers(players, 'yer')
  })

  bench('searchPlayers, a member id', () => {
    searchPlayers(players, 'm777')
  })

  bench('apply a checkIn', () => {
    const next = apply(
      state,
      { type: 'checkIn', division: 'A', player: 500, day: '2026-03-15' },
      'bench',
    )
    if (!next.ok) throw new Error(next.error.code)
  })

  bench('parseResultLine by table + apply (a correction: every game has a result)', () => {
    enter(`${game.table} 412 398 ot 0:00 1:05`)
  })

  bench('parseResultLine by two player numbers + apply', () => {
    enter(`#${game.players[1]} #${game.players[0]} 398 412`)
  })

  bench('parseResultLine by two name fragments + apply', () => {
    enter('quinn zed 398 412', named)
  })

  bench('checkInSummary', () => {
    checkInSummary(state, 'A', '2026-03-14')
  })

  bench('standingsTable after round 20', () => {
    standingsTable(state, 'A', 20)
  })
})

// Issue 18: the review of a paired round builds the engine's own input again (standings of the
// basis round, byes, starts); at 2000 players on a late round it must add under 50 ms.
const big = fold(
  'bench',
  generateLog({ players: 2000, rounds: 15, seed: 20260318, starts: 'given' }),
)
if (!big.ok || big.value === undefined) throw new Error('the 2000-player log does not fold')
const bigState: TournamentState = big.value
const bigDivision = bigState.divisions[0]
if (bigDivision === undefined || bigDivision.rounds.length < 15) throw new Error('no round 15')

describe('the review, 2000 players, round 15 of 15', () => {
  bench('reviewWarnings (bye, win gaps, back-to-back, Gibson, do-not-pair)', () => {
    reviewWarnings(bigState, bigDivision, 15)
  })
})
