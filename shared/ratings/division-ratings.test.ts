import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { parseTFile } from '../formats/t-file'
import { importedTState } from '../formats/test-support/imported-t'
import { PRESET_IDS } from '../rules/rule-set'
import type { TournamentState } from '../tournament/types'
import {
  DEFAULT_RATING_SYSTEM,
  divisionRatingEstimates,
  ratingPlayers,
  ratingSystemFor,
} from './division-ratings'
import { estimateRatings } from './estimate'
import { ratingPlayersFromTFile } from './from-t-file'

const imported = importedTState

describe('a folded division as rating input (issue 22, "What an estimate is")', () => {
  // formats.md's worked example: a bye (Ed r1), Cy's no-show forfeit (r3, Bob +50), Di withdrawn
  // after round 2, Bob and Ed's tie in round 2 is not one: 390 v 390.
  const text = readFileSync(
    new URL('../formats/__fixtures__/worked-example.t', import.meta.url),
    'latin1',
  )
  const state = imported(text, 3)
  const division = state.divisions[0]!

  test('games against real opponents; byes, forfeits and unplayed rounds as opponent 0; a tie half', () => {
    const games = ratingPlayers(division).map((p) =>
      p.games.map((g) => `${g.round}:${g.opponent}:${g.score}`).join(' '),
    )
    expect(games).toEqual([
      '1:2:1 2:3:1 3:5:1',
      '1:1:0 2:5:0.5 3:0:1',
      '1:4:1 2:1:0 3:0:0',
      '1:3:0 2:0:1 3:0:0',
      '1:0:1 2:2:0.5 3:1:0',
    ])
  })

  test('the same estimates as the .t read as tsh reads it, a withdrawn player to the last round', () => {
    const file = parseTFile(text)
    if (!file.ok) throw new Error(file.error.message)
    const fromFile = estimateRatings({
      system: 'nsa',
      maxRounds: 3,
      players: ratingPlayersFromTFile(file.value),
    })
    const fromState = divisionRatingEstimates(state, 'A')
    expect(fromState.map((p) => p.estimates)).toEqual(fromFile.map((p) => p.estimates))
    expect(fromState.map((p) => p.estimates.length)).toEqual([3, 3, 3, 3, 3])
  })

  test('a game still waiting for its result ends the entries; a bye of that round counts', () => {
    const pending = importedTState('Ann 1500 2 2; 400\nBob 1500 1 1; 300\nCy 1500 0 0; 50 50\n', 2)
    const games = ratingPlayers(pending.divisions[0]!).map((p) =>
      p.games.map((g) => `${g.round}:${g.opponent}`).join(' '),
    )
    expect(games).toEqual(['1:2', '1:1', '1:0 2:0'])
  })

  test('a division that does not exist has no estimates', () => {
    expect(divisionRatingEstimates(state, 'Z')).toEqual([])
  })

  test('the stored system wins over the preset default', () => {
    expect(ratingSystemFor(state, 'A')).toBe('nsa')
    const chosen: TournamentState = {
      ...state,
      divisions: state.divisions.map((d) => ({ ...d, ratingSystem: 'wespa' as const })),
    }
    expect(ratingSystemFor(chosen, 'A')).toBe('wespa')
  })
})

describe('default rating system by preset (division-ratings.ts, DEFAULT_RATING_SYSTEM)', () => {
  test.each([
    ['msa', 'absp'],
    ['msa-guide', 'absp'],
    ['wsc2003', 'wespa'],
    ['nsa1995', 'nsa'],
    ['neon', 'wespa'],
    ['custom', 'nsa'],
    // Issue 32: WESPA rates events under its current rules; NASPA's newest formula is a guess.
    ['wespa', 'wespa'],
    ['naspa', 'naspa2024'],
  ] as const)('%s → %s', (preset, system) => {
    expect(DEFAULT_RATING_SYSTEM[preset]).toBe(system)
    expect(ratingSystemFor(imported('Ann 1500\n', 1, preset), 'A')).toBe(system)
  })

  test('every preset has one', () => {
    expect(Object.keys(DEFAULT_RATING_SYSTEM).sort()).toEqual([...PRESET_IDS].sort())
  })
})
