import { describe, expect, test } from 'vitest'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { played } from '../tournament/test-support/event'
import type { GamePairing, TournamentState } from '../tournament/types'
import { deskPairingInput } from './pairing-input'
import { playEvent } from './test-support/played-event'

const { state: event } = playEvent({ players: 12, rounds: 6, play: 4, seed: 20260521 })
const division = (state: TournamentState) => {
  const found = state.divisions[0]
  if (found === undefined) throw new Error('no division')
  return found
}
const round1 = division(event).rounds[0]
const game = round1?.pairings.find((p): p is GamePairing => p.kind === 'game')
if (game === undefined) throw new Error('no game in round 1')

function run(state: TournamentState, command: Command): TournamentState {
  const next = apply(state, command, state.id)
  if (!next.ok || next.value === undefined) throw new Error(next.ok ? 'no state' : next.error.code)
  return next.value
}

/** The input worked out afresh: a copy shares no object with any state seen before. */
const fresh = (state: TournamentState, round: number) =>
  deskPairingInput(structuredClone(state), division(structuredClone(state)), round, { seed: 1 })
const input = (state: TournamentState, round: number) =>
  deskPairingInput(state, division(state), round, { seed: 1 })

describe('the engine input of the next round follows every change to the history (issue 20: it is reused while the history is the same)', () => {
  test.each([
    [
      'a result of round 1 corrected: the winner changes (NSA standings by wins)',
      (s: TournamentState): Command => ({
        type: 'correctResult',
        division: 'A',
        round: 1,
        game: { table: game.table },
        result: played(game.players, [300, 500], s.rules),
      }),
    ],
    [
      'a spread penalty in round 2',
      (): Command => ({
        type: 'assignPenalty',
        division: 'A',
        player: game.players[0],
        round: 2,
        points: 400,
        reason: 'slow play',
      }),
    ],
    [
      'a withdrawal from round 5: left out of the round paired',
      (): Command => ({
        type: 'withdrawPlayer',
        division: 'A',
        player: game.players[1],
        fromRound: 5,
      }),
    ],
    [
      'a spread cap per game in the rules (MSA 2.3)',
      (s: TournamentState): Command => ({
        type: 'changeRules',
        rules: { ...s.rules, results: { ...s.rules.results, spreadCapPerGame: 50 } },
      }),
    ],
  ])('%s', (_name, change) => {
    const before = input(event, 5)
    const after = run(event, change(event))
    const changed = input(after, 5)
    expect(changed).toEqual(fresh(after, 5))
    expect(changed).not.toEqual(before)
    // Back on the first state, its own input again (not the changed one).
    expect(input(event, 5)).toEqual(fresh(event, 5))
  })

  test('the same history asked again (the review after a publish) gives the same input', () => {
    const paired = input(event, 5)
    const published = run(event, { type: 'publishRound', division: 'A', round: 4 })
    expect(input(published, 5)).toEqual(paired)
    expect(input(event, 4)).toEqual(fresh(event, 4))
  })
})
