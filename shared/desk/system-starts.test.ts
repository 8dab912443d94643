/**
 * Issue 18: every system decides starts by the preset's rules, not only Swiss and the round robin
 * (schedule-starts.test.ts). Played through the desk (proposePairing → apply → results), each
 * table of Initial Fontes, Australian Draw, King of the Hill, the random draw, seeding by rating
 * and typed pairings must start the player with fewer firsts (MSA 1.3, NSA II.F.1), leave a draw
 * only between players the rule cannot tell apart (MSA 1.4, NSA II.F.1), and never come from a
 * schedule.
 */
import { describe, expect, test } from 'vitest'
import type { PairingSystem } from '../pairing/types'
import type { PlayerId } from '../results/game-result'
import type { PresetId } from '../rules/rule-set'
import { startTallies } from '../starts/starts'
import { apply } from '../tournament/apply'
import type { PairingSpec } from '../tournament/commands'
import type { PlanStep, TournamentState } from '../tournament/types'
import { proposeTypedPairing } from './manual-pairing'
import { gamesBefore } from './pairing-input'
import { playEvent } from './test-support/played-event'

const step = (fromRound: number, system: PairingSystem): PlanStep => ({
  fromRound,
  system,
  basedOn: 'previous',
  maxRepeats: null,
})

/** The rule's verdict on one proposed table, from the starts recorded before the round. */
function ruleBroken(state: TournamentState, round: number, spec: PairingSpec): string | null {
  if (spec.kind !== 'game') return null
  const division = state.divisions[0]
  if (division === undefined) return 'no division'
  const tallies = startTallies(gamesBefore(division, round))
  const firsts = (id: PlayerId): number => tallies.get(id)?.firsts ?? 0
  const [a, b] = spec.players
  const start = spec.start
  if (start === undefined) return `table ${spec.table}: no start`
  switch (start.kind) {
    case 'schedule':
    case 'undecided':
      return `table ${spec.table}: start by ${start.kind}`
    case 'director':
      return null
    case 'rule': {
      if (firsts(a) === firsts(b)) return null
      const fewer = firsts(a) < firsts(b) ? a : b
      return start.starter === fewer
        ? null
        : `table ${spec.table}: #${fewer} has fewer firsts but ${start.starter === null ? 'a draw' : `#${start.starter}`} starts`
    }
  }
}

const PLANS: readonly (readonly [string, readonly PlanStep[]])[] = [
  ['Initial Fontes, then Swiss', [step(1, 'fontes'), step(4, 'swiss')]],
  ['Australian Draw', [step(1, 'australian')]],
  ['King of the Hill', [step(1, 'koth')]],
  ['random draw', [step(1, 'random')]],
  ['seeded by rating, then Swiss', [step(1, 'rating'), step(2, 'swiss')]],
]
const PRESETS: readonly PresetId[] = ['msa', 'nsa1995', 'neon']

describe('every system starts the player with fewer firsts (MSA 1.3, NSA II.F.1)', () => {
  test.each(PLANS.flatMap(([name, plan]) => PRESETS.map((p) => [name, p, plan] as const)))(
    '%s under %s: 17 players, 6 rounds, 5 %% forfeits',
    (_name, preset, plan) => {
      const { rounds } = playEvent({
        players: 17,
        rounds: 6,
        seed: 18,
        forfeits: 0.05,
        plan,
        preset,
      })
      const broken = rounds.flatMap((r) =>
        r.proposal.command.pairings.flatMap((spec) => {
          const why = ruleBroken(r.before, r.round, spec)
          return why === null ? [] : [`round ${r.round}: ${why}`]
        }),
      )
      expect(broken).toEqual([])
    },
  )
})

describe('typed pairings start by the rules too (MSA 1.3, NSA II.F.1)', () => {
  test.each(PRESETS)('%s: round 3 typed as 1 v 2 and 3 v 4, the rest by the system', (preset) => {
    const { state } = playEvent({ players: 10, rounds: 5, seed: 7, preset, play: 2 })
    const typed = proposeTypedPairing(
      state,
      'A',
      3,
      {
        games: [
          [1, 2],
          [3, 4],
        ],
        byes: [],
      },
      { rest: 'system', seed: 3 },
    )
    if (!typed.ok) throw new Error(typed.error.message)
    const broken = typed.value.command.pairings.flatMap((spec) => {
      const why = ruleBroken(state, 3, spec)
      return why === null ? [] : [why]
    })
    expect(broken).toEqual([])
    // The typed round applies as proposed: what the director reviewed is what is stored.
    expect(apply(state, typed.value.command, state.id).ok).toBe(true)
  })
})
