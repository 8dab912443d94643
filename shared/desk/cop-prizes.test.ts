import { describe, expect, test } from 'vitest'
import { pairRound } from '../pairing/pair-round'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import type { TournamentState } from '../tournament/types'
import { copFromPrizes } from './cop-prizes'
import { deskPairingInput } from './pairing-input'
import { playEvent } from './test-support/played-event'

const { state: event } = playEvent({ players: 12, rounds: 6, play: 4, seed: 20261130 })

function run(state: TournamentState, command: Command): TournamentState {
  const next = apply(state, command, state.id)
  if (!next.ok || next.value === undefined) throw new Error(next.ok ? 'no state' : next.error.code)
  return next.value
}

const division = (state: TournamentState) => {
  const found = state.divisions[0]
  if (found === undefined) throw new Error('no division')
  return found
}

const place = (n: number, group: { kind: 'all' } | { kind: 'class'; name: string }) => ({
  kind: 'place' as const,
  place: n,
  group,
  value: '$',
  exclusive: true,
})

describe('COP on the desk races for the prizes the division set (issue 29)', () => {
  const members = division(event).players.slice(6, 10)
  const withPrizes = run(
    run(event, {
      type: 'setPairingPlan',
      division: 'A',
      plan: [
        { fromRound: 1, system: 'swiss', basedOn: 'previous', maxRepeats: null },
        { fromRound: 5, system: 'cop', basedOn: 'previous', maxRepeats: null },
      ],
    }),
    {
      type: 'setPrizes',
      division: 'A',
      prizes: {
        prizes: [
          place(1, { kind: 'all' }),
          place(2, { kind: 'all' }),
          place(4, { kind: 'all' }),
          place(1, { kind: 'class', name: 'B' }),
        ],
        ties: 'spread',
        classes: {
          kind: 'manual',
          members: members.map((p) => ({ player: p.id, name: 'B' })),
        },
        flags: [],
      },
    },
  )

  test('prize places from the place prizes over the field; a class prize is a race of its own', () => {
    expect(copFromPrizes(division(withPrizes))).toEqual({
      prizePlaces: 4,
      classes: [{ name: 'B', places: 1, players: members.map((p) => p.id) }],
    })
    expect(copFromPrizes(division(event))).toEqual({})
  })

  test('a COP step of the plan pairs round 5 with those settings, each table explained', () => {
    const input = deskPairingInput(withPrizes, division(withPrizes), 5, { seed: 3 })
    if (!input.ok) throw new Error(input.error.message)
    expect(input.value.system).toBe('cop')
    expect(input.value.cop?.prizePlaces).toBe(4)
    const round = pairRound(input.value)
    if (!round.ok) throw new Error(round.error.message)
    expect(round.value.pairings).toHaveLength(6)
    for (const p of round.value.pairings) expect(p.reason).toMatch(/^COP: /)
    expect(round.value.summary.text).toContain('can still finish in the top 4')
  })
})
