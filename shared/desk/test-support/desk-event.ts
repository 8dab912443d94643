import { rulesFromPreset } from '../../rules/presets'
import type { PresetId } from '../../rules/rule-set'
import type { Command } from '../../tournament/commands'
import { applyAll, logOf } from '../../tournament/test-support/event'
import type { TournamentState } from '../../tournament/types'

/**
 * A small event for the desk: seven players, round 1 paired (Ann–Bob at table 1, Joanne–Dan at 2,
 * Ed–Cy at 3, Fay's bye), no results yet. Names chosen so fragments can be ambiguous: "an" is in
 * Ann, Joanne and Dan; "bob" in Bob Jones and Cy Bobson.
 */
export const PLAYERS = [
  'Ann Smith',
  'Bob Jones',
  'Joanne Tan',
  'Dan Lee',
  'Ed Ng',
  'Cy Bobson',
  'Fay Wong',
] as const

export function deskSetup(preset: PresetId = 'nsa1995', rounds = 4): Command[] {
  return [
    {
      type: 'createTournament',
      info: {
        name: 'Desk Open',
        venue: 'Hall',
        startDate: '2026-03-14',
        endDate: '2026-03-15',
        rounds,
      },
      rules: rulesFromPreset(preset),
    },
    { type: 'addDivision', name: 'A' },
    ...PLAYERS.map((name, i): Command => ({
      type: 'registerPlayer',
      division: 'A',
      player: { name, rating: 2000 - i * 100, memberId: `M${i + 1}`, club: '' },
    })),
  ]
}

export const PAIR_ROUND_1: Command = {
  type: 'pairRound',
  division: 'A',
  round: 1,
  system: 'manual',
  pairings: [
    { kind: 'game', table: 1, players: [1, 2] },
    { kind: 'game', table: 2, players: [3, 4] },
    { kind: 'game', table: 3, players: [5, 6] },
    { kind: 'bye', player: 7 },
  ],
}

export function deskEvent(preset: PresetId = 'nsa1995', more: readonly Command[] = []) {
  const commands = [...deskSetup(preset), PAIR_ROUND_1, ...more]
  const state: TournamentState = applyAll(commands)
  return { commands, state, log: logOf(commands) }
}
