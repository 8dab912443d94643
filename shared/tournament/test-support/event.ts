import { playedResult, type GameResult, type PlayerId } from '../../results/game-result'
import { rulesFromPreset } from '../../rules/presets'
import type { PresetId, RuleSet } from '../../rules/rule-set'
import type { StandingsRow } from '../../standings/standings'
import { apply } from '../apply'
import type { Command, LoggedCommand } from '../commands'
import type { TournamentInfo, TournamentState } from '../types'

export const ID = 't-1'

export const INFO: TournamentInfo = {
  name: 'Spring Open',
  venue: 'Civic Hall',
  startDate: '2026-03-14',
  endDate: '2026-03-14',
  rounds: 3,
}

export const create = (preset: PresetId = 'nsa1995', rounds = 3): Command => ({
  type: 'createTournament',
  info: { ...INFO, rounds },
  rules: rulesFromPreset(preset),
})

export const register = (name: string, rating = 0, division = 'A'): Command => ({
  type: 'registerPlayer',
  division,
  player: { name, rating, memberId: '', club: '' },
})

/** Issue 30: the division's players check themselves in from their phones on `day`. */
export const phonesCheckIn = (day = '2026-03-14', division = 'A'): Command => ({
  type: 'setPhoneAccess',
  division,
  day,
  checkIn: true,
  results: false,
})

/** A played game as the slip gives it, checked and adjusted by the rules (throws if it cannot be). */
export function played(
  players: readonly [PlayerId, PlayerId],
  scores: readonly [number, number],
  rules: RuleSet = rulesFromPreset('nsa1995'),
  overtimeSeconds: readonly [number, number] = [0, 0],
): GameResult {
  const result = playedResult(players, scores, overtimeSeconds, rules)
  if (!result.ok) throw new Error(result.error.message)
  return result.value
}

export function applyAll(commands: readonly Command[]): TournamentState {
  let state: TournamentState | undefined
  for (const command of commands) {
    const next = apply(state, command, ID)
    if (!next.ok)
      throw new Error(`${command.type} refused: ${next.error.code} ${next.error.message}`)
    state = next.value
  }
  if (!state) throw new Error('no commands')
  return state
}

export function logOf(commands: readonly Command[]): LoggedCommand[] {
  return commands.map((command, seq) => ({
    seq,
    at: `2026-03-14T09:00:${String(seq % 60).padStart(2, '0')}.000Z`,
    command,
  }))
}

/** Frozen all the way down: a transition that mutated its input would throw. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/** Standings as a director reads them aloud: "1 Ann 3–0 +116; 2 Ed 1½–1½ +28". */
export function standingsLine(rows: readonly StandingsRow[]): string {
  const count = (n: number): string => {
    const whole = Math.floor(n)
    return n === whole ? String(n) : `${whole === 0 ? '' : whole}½`
  }
  const spread = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0')
  return rows
    .map((r) => `${r.rank} ${r.name} ${count(r.wins)}–${count(r.losses)} ${spread(r.spread)}`)
    .join('; ')
}

const nsa = rulesFromPreset('nsa1995')

/**
 * The small invented event of formats.md ("tsh `.t`"), NSA starts and bye spread 50, as the
 * commands a director gives, round by round. Starters not given in a pairing are decided by the
 * preset; `first` records who went first where the players drew tiles.
 */
export const WORKED_EXAMPLE = {
  setup: [
    create('nsa1995', 3),
    { type: 'addDivision', name: 'A' },
    register('Ann', 1850),
    register('Bob', 1790),
    register('Cy', 1700),
    register('Di', 1650),
    register('Ed', 1600),
  ],
  round1: [
    {
      type: 'pairRound',
      division: 'A',
      round: 1,
      system: 'manual',
      pairings: [
        { kind: 'game', table: 1, players: [1, 2] },
        { kind: 'game', table: 2, players: [3, 4] },
        { kind: 'bye', player: 5 },
      ],
    },
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
      game: { players: [4, 3] },
      result: played([3, 4], [410, 402], nsa),
      first: 4,
    },
  ],
  round2: [
    {
      type: 'pairRound',
      division: 'A',
      round: 2,
      system: 'manual',
      pairings: [
        { kind: 'game', table: 1, players: [1, 3] },
        { kind: 'game', table: 2, players: [2, 5] },
        { kind: 'bye', player: 4 },
      ],
    },
    {
      type: 'recordResult',
      division: 'A',
      round: 2,
      game: { table: 1 },
      result: played([1, 3], [455, 401], nsa),
    },
    {
      type: 'recordResult',
      division: 'A',
      round: 2,
      game: { table: 2 },
      result: played([2, 5], [390, 390], nsa),
    },
  ],
  round3: [
    { type: 'withdrawPlayer', division: 'A', player: 4, fromRound: 3 },
    {
      type: 'pairRound',
      division: 'A',
      round: 3,
      system: 'manual',
      pairings: [
        { kind: 'game', table: 1, players: [1, 5] },
        { kind: 'game', table: 2, players: [2, 3] },
      ],
    },
    {
      type: 'recordResult',
      division: 'A',
      round: 3,
      game: { table: 1 },
      result: played([1, 5], [432, 410], nsa),
    },
    {
      type: 'recordResult',
      division: 'A',
      round: 3,
      game: { table: 2 },
      result: {
        kind: 'forfeit',
        winner: 2,
        loser: 3,
        reason: 'no-show',
        spread: nsa.results.forfeitSpread,
        rated: nsa.results.forfeitRated,
      },
    },
  ],
} satisfies Record<string, readonly Command[]>

export const WORKED_EXAMPLE_LOG: readonly Command[] = [
  ...WORKED_EXAMPLE.setup,
  ...WORKED_EXAMPLE.round1,
  ...WORKED_EXAMPLE.round2,
  ...WORKED_EXAMPLE.round3,
]

/** Round `round` of division A paired 1-2 at table 1 and 3-4 at table 2. */
export const pairTwoTables = (round = 1): Command => ({
  type: 'pairRound',
  division: 'A',
  round,
  pairings: [
    { kind: 'game', table: 1, players: [1, 2] },
    { kind: 'game', table: 2, players: [3, 4] },
  ],
})
