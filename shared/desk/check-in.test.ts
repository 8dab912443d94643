import { describe, expect, test } from 'vitest'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { ID } from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { checkInSummary, isCheckedIn } from './check-in'
import { deskEvent } from './test-support/desk-event'

function run(state: TournamentState, ...commands: Command[]): TournamentState {
  return commands.reduce((s, c) => {
    const next = apply(s, c, ID)
    if (!next.ok) throw new Error(next.error.code)
    return next.value
  }, state)
}

const checkIn = (player: number, day: string): Command => ({
  type: 'checkIn',
  division: 'A',
  player,
  day,
})

const ids = (players: readonly { id: number }[]) => players.map((p) => p.id)

describe('who is still missing before the round is paired (NEON: re-registration every day)', () => {
  const { state } = deskEvent('neon')
  const day1 = run(
    state,
    checkIn(1, '2026-03-14'),
    checkIn(3, '2026-03-14'),
    checkIn(3, '2026-03-14'),
  )

  test('checked-in and missing players of the day, in player order', () => {
    expect(checkInSummary(day1, 'A', '2026-03-14')).toMatchObject({
      checkedIn: [{ id: 1 }, { id: 3 }],
    })
    expect(ids(checkInSummary(day1, 'A', '2026-03-14').missing)).toEqual([2, 4, 5, 6, 7])
  })

  test('a check-in counts for its own day only: on day 2 everyone checks in again', () => {
    const summary = checkInSummary(day1, 'A', '2026-03-15')
    expect(summary.checkedIn).toEqual([])
    expect(ids(summary.missing)).toEqual([1, 2, 3, 4, 5, 6, 7])
    expect(isCheckedIn(day1.divisions[0]?.players[0] ?? ({} as never), '2026-03-14')).toBe(true)
  })

  test('a withdrawn player is neither checked in nor missing; a late entry is expected', () => {
    const later = run(
      day1,
      { type: 'withdrawPlayer', division: 'A', player: 2, fromRound: 2 },
      {
        type: 'registerPlayer',
        division: 'A',
        player: { name: 'Gus', rating: 0, memberId: '', club: '' },
      },
    )
    const summary = checkInSummary(later, 'A', '2026-03-14')
    expect(ids(summary.checkedIn)).toEqual([1, 3])
    expect(ids(summary.missing)).toEqual([4, 5, 6, 7, 8])
  })

  test('an unknown division has nobody', () => {
    expect(checkInSummary(day1, 'Z', '2026-03-14')).toEqual({ checkedIn: [], missing: [] })
  })
})
