import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { applyAll, played } from '../tournament/test-support/event'
import type { GamePairing, TournamentState } from '../tournament/types'
import { deskPairingInput, gamesBefore, leftOutOn } from './pairing-input'
import { deskSetup, PAIR_ROUND_1 } from './test-support/desk-event'
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
const reusedInput = (state: TournamentState, round: number) =>
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
    const before = reusedInput(event, 5)
    const after = run(event, change(event))
    const changed = reusedInput(after, 5)
    expect(changed).toEqual(fresh(after, 5))
    expect(changed).not.toEqual(before)
    // Back on the first state, its own input again (not the changed one).
    expect(reusedInput(event, 5)).toEqual(fresh(event, 5))
  })

  test('the same history asked again (the review after a publish) gives the same input', () => {
    const paired = reusedInput(event, 5)
    const published = run(event, { type: 'publishRound', division: 'A', round: 4 })
    expect(reusedInput(published, 5)).toEqual(paired)
    expect(reusedInput(event, 4)).toEqual(fresh(event, 4))
  })
})

const nsa = rulesFromPreset('nsa1995')

/**
 * The desk event's round 1 played: Ann beats Bob 420–380, Dan beats Joanne 400–350, Ed and Cy tie
 * 390–390 (Ann started at table 1), Fay's bye; then Cy withdraws from round 3, Ann checks in.
 */
const ROUND_1: Command[] = [
  ...deskSetup(),
  PAIR_ROUND_1,
  {
    type: 'recordResult',
    division: 'A',
    round: 1,
    game: { table: 1 },
    result: played([1, 2], [420, 380], nsa),
    first: 1,
  },
  {
    type: 'recordResult',
    division: 'A',
    round: 1,
    game: { table: 2 },
    result: played([3, 4], [350, 400], nsa),
  },
  {
    type: 'recordResult',
    division: 'A',
    round: 1,
    game: { table: 3 },
    result: played([5, 6], [390, 390], nsa),
  },
]

function input(state: TournamentState, round: number, options = {}) {
  const division = state.divisions[0]!
  const built = deskPairingInput(state, division, round, { seed: 7, ...options })
  if (!built.ok) throw new Error(built.error.message)
  return built.value
}

describe("the engine's input for a round at the desk (issue 18)", () => {
  const state = applyAll(ROUND_1)

  test('round 2 is based on round 1: its standings, its pairings as history, the seed', () => {
    const round2 = input(state, 2)
    expect([round2.round, round2.basedOn, round2.seed, round2.rounds]).toEqual([2, 1, 7, 4])
    expect(round2.history).toEqual([
      {
        round: 1,
        pairs: [
          [1, 2],
          [3, 4],
          [5, 6],
        ],
        byes: [7],
      },
    ])
    // NSA: a bye is a win at the preset's bye spread; a tie counts half.
    const line = (id: number) => {
      const p = round2.players.find((x) => x.id === id)!
      return [p.wins, p.losses, p.spread]
    }
    expect([1, 2, 4, 5, 7].map(line)).toEqual([
      [1, 0, 40],
      [0, 1, -40],
      [1, 0, 50],
      [0.5, 0.5, 0],
      [1, 0, nsa.results.byeSpread],
    ])
  })

  test('round 1 is based on nothing: everyone at zero, ranked by rating', () => {
    const round1 = input(applyAll(deskSetup()), 1)
    expect(round1.basedOn).toBe(0)
    expect(round1.history).toEqual([])
    expect(round1.players.map((p) => [p.id, p.rank, p.wins])).toEqual(
      [1, 2, 3, 4, 5, 6, 7].map((id) => [id, id, 0]),
    )
  })

  test('only the rounds before: round 2 ignores a round 2 already paired', () => {
    const paired = applyAll([
      ...ROUND_1,
      {
        type: 'pairRound',
        division: 'A',
        round: 2,
        system: 'manual',
        pairings: [
          { kind: 'game', table: 1, players: [1, 4] },
          { kind: 'game', table: 2, players: [7, 5] },
          { kind: 'game', table: 3, players: [2, 3] },
          { kind: 'bye', player: 6 },
        ],
      },
    ])
    expect(input(paired, 2)).toEqual(input(state, 2))
  })

  test('a withdrawn player is inactive from the round they leave', () => {
    const gone = applyAll([
      ...ROUND_1,
      { type: 'withdrawPlayer', division: 'A', player: 6, fromRound: 3 },
    ])
    const active = (round: number) => input(gone, round).players.find((p) => p.id === 6)?.active
    expect([active(2), active(3)]).toEqual([true, false])
  })

  test('pairing only those checked in leaves the others out, except in a round robin (NSA VII.J.2)', () => {
    const checked = applyAll([
      ...ROUND_1,
      { type: 'checkIn', division: 'A', player: 1, day: '2026-03-14' },
    ])
    const activeIds = (options: object) =>
      input(checked, 2, options)
        .players.filter((p) => p.active)
        .map((p) => p.id)
    expect(activeIds({ onlyCheckedInOn: '2026-03-14' })).toEqual([1])
    expect(activeIds({ onlyCheckedInOn: '2026-03-14', system: 'round-robin' })).toEqual([
      1, 2, 3, 4, 5, 6, 7,
    ])
    const division = checked.divisions[0]!
    expect(division.players.map((p) => leftOutOn(p, 2, '2026-03-14', checked.rules.desk))).toEqual([
      false,
      true,
      true,
      true,
      true,
      true,
      true,
    ])
  })

  test('the do-not-pair list is always a constraint, with the locked tables given', () => {
    const kept = applyAll([
      ...ROUND_1,
      {
        type: 'setDoNotPair',
        division: 'A',
        doNotPair: {
          groups: [{ players: [1, 3], reason: 'family', note: 'siblings' }],
          sameClubRounds: 0,
        },
      },
    ])
    const built = input(kept, 2, { locked: { locked: [[2, 4]] } })
    expect(built.constraints?.locked).toEqual([[2, 4]])
    expect(built.constraints?.avoid).toEqual([[1, 3]])
    // Without a list, nothing to avoid.
    expect(input(state, 2).constraints?.avoid).toEqual([])
  })

  test('gamesBefore: every result entered before the round, with who went first', () => {
    const games = gamesBefore(state.divisions[0]!, 2)
    expect(games.map((g) => [g.round, g.result.kind, g.first])).toEqual([
      [1, 'played', 1],
      [1, 'played', null],
      [1, 'played', null],
      [1, 'bye', null],
    ])
    expect(gamesBefore(state.divisions[0]!, 1)).toEqual([])
  })
})
