import { seededRng, type Rng } from '../../random'
import type { GameResult, PlayerId } from '../../results/game-result'
import { rulesFromPreset } from '../../rules/presets'
import type { PresetId } from '../../rules/rule-set'
import { apply } from '../../tournament/apply'
import type { Command } from '../../tournament/commands'
import { played } from '../../tournament/test-support/event'
import type { PlanStep, TournamentState } from '../../tournament/types'
import { proposePairing, type PairingProposal } from '../pair-next'

export interface PlayedEventOptions {
  readonly players: number
  readonly rounds: number
  readonly seed: number
  /** Chance that a game is forfeited (a no-show), 0..1. */
  readonly forfeits?: number
  /** Players registered just before the round is paired: [round, how many]. */
  readonly late?: readonly (readonly [number, number])[]
  /** The division's plan; none = the automatic plan. */
  readonly plan?: readonly PlanStep[]
  readonly preset?: PresetId
  /** How many rounds to play; the rest stay unpaired (default all). */
  readonly play?: number
  /** The event's session breaks (tsh's `session_breaks`): the rounds after which one falls. */
  readonly sessionBreaks?: readonly number[]
}

export interface PlayedRound {
  readonly round: number
  readonly proposal: PairingProposal
  /** The state the round was paired from (before its command). */
  readonly before: TournamentState
}

function run(state: TournamentState | undefined, command: Command): TournamentState {
  const next = apply(state, command, 't-1')
  if (!next.ok) throw new Error(`${command.type}: ${next.error.code} ${next.error.message}`)
  return next.value
}

function resultOf(players: readonly [PlayerId, PlayerId], rng: Rng, forfeits: number): GameResult {
  if (rng.next() < forfeits) {
    const [winner, loser] = rng.next() < 0.5 ? players : [players[1], players[0]]
    return { kind: 'forfeit', winner, loser, reason: 'no-show', spread: 50, rated: false }
  }
  const a = 300 + rng.int(200)
  let b = 300 + rng.int(200)
  if (b === a) b++
  return played(players, [a, b])
}

/**
 * An event played through the desk functions: each round proposed by `proposePairing` (the plan's
 * system, basis and bye), applied as proposed, then every game given a random result (a forfeit
 * with chance `forfeits`); late entries register before their first round.
 */
export function playEvent(options: PlayedEventOptions): {
  state: TournamentState
  rounds: PlayedRound[]
} {
  const rng = seededRng(options.seed)
  let state = run(undefined, {
    type: 'createTournament',
    info: {
      name: 'Property Open',
      venue: 'Hall',
      startDate: '2026-03-14',
      endDate: '2026-03-15',
      rounds: options.rounds,
      ...(options.sessionBreaks === undefined ? {} : { sessionBreaks: options.sessionBreaks }),
    },
    rules: rulesFromPreset(options.preset ?? 'nsa1995'),
  })
  state = run(state, { type: 'addDivision', name: 'A' })
  let registered = 0
  const register = (firstRound?: number): void => {
    registered++
    state = run(state, {
      type: 'registerPlayer',
      division: 'A',
      player: {
        name: `Player ${registered}`,
        rating: 1000 + rng.int(1000),
        memberId: `M${registered}`,
        club: '',
      },
      ...(firstRound === undefined ? {} : { firstRound }),
    })
  }
  for (let i = 0; i < options.players; i++) register()
  if (options.plan !== undefined) {
    state = run(state, { type: 'setPairingPlan', division: 'A', plan: options.plan })
  }
  const rounds: PlayedRound[] = []
  for (let round = 1; round <= (options.play ?? options.rounds); round++) {
    for (const [at, count] of options.late ?? []) {
      if (at === round) for (let i = 0; i < count; i++) register(round)
    }
    const proposed = proposePairing(state, 'A', round, { seed: options.seed + round })
    if (!proposed.ok)
      throw new Error(`round ${round}: ${proposed.error.code} ${proposed.error.message}`)
    rounds.push({ round, proposal: proposed.value, before: state })
    state = run(state, proposed.value.command)
    const paired = state.divisions[0]?.rounds[round - 1]
    for (const [i, p] of (paired?.pairings ?? []).entries()) {
      if (p.kind !== 'game' || paired?.results[i] !== null) continue
      const result = resultOf(p.players, rng, options.forfeits ?? 0)
      // Where the preset drew tiles, the slip names who won the draw, as the desk records it.
      const drawn =
        result.kind === 'played' && p.start.kind === 'rule' && p.start.starter === null
          ? { first: p.players[rng.int(2)] as PlayerId }
          : {}
      state = run(state, {
        type: 'recordResult',
        division: 'A',
        round,
        game: { table: p.table },
        result,
        ...drawn,
      })
    }
  }
  return { state, rounds }
}
