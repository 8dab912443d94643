import { describe, expect, test } from 'vitest'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { ID, played } from '../tournament/test-support/event'
import type { Player, TournamentState } from '../tournament/types'
import { PRESET_IDS, type PresetId } from '../rules/rule-set'
import {
  cancelCheckInDay,
  checkInDay,
  checkInSummary,
  eventDays,
  isCheckedIn,
  rollCall,
  roundStillOpenToEnter,
} from './check-in'
import { proposePairing } from './pair-next'
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

describe('the days a player checks in on (NEON: registration again every day of the event)', () => {
  test.each([
    ['a one-day event', '2026-12-05', '2026-12-05', ['2026-12-05']],
    ['three days', '2026-12-05', '2026-12-07', ['2026-12-05', '2026-12-06', '2026-12-07']],
    ['across a month end', '2026-04-29', '2026-05-01', ['2026-04-29', '2026-04-30', '2026-05-01']],
    ['across a year end', '2026-12-31', '2027-01-01', ['2026-12-31', '2027-01-01']],
    ['a leap day', '2028-02-28', '2028-03-01', ['2028-02-28', '2028-02-29', '2028-03-01']],
    ['no leap day in a century year', '2100-02-28', '2100-03-01', ['2100-02-28', '2100-03-01']],
    ['an end before the start: the first day alone', '2026-12-07', '2026-12-05', ['2026-12-07']],
    ['a start that is no date: it alone', '2026-02-30', '2026-03-02', ['2026-02-30']],
    ['an end that is no date: the first day alone', '2026-03-01', '', ['2026-03-01']],
  ])('%s', (_, start, end, days) => {
    expect(eventDays(start, end)).toEqual(days)
  })

  test('a mistyped end years away offers a year of days, not more', () => {
    const days = eventDays('2026-01-01', '2030-01-01')
    expect(days).toHaveLength(366)
    expect(days.at(-1)).toBe('2027-01-01')
  })
})

describe('the day the desk checks players in for', () => {
  const days = ['2026-12-05', '2026-12-06', '2026-12-07']
  test.each([
    ['during the event: today', '2026-12-06', null, '2026-12-06'],
    ['before the event: its first day', '2026-11-30', null, '2026-12-05'],
    ['after the event: its first day', '2026-12-20', null, '2026-12-05'],
    ['a picked event day wins over today', '2026-12-06', '2026-12-07', '2026-12-07'],
    ['a picked day outside the event is not kept', '2026-12-07', '2027-01-01', '2026-12-07'],
  ])('%s', (_, today, picked, day) => {
    expect(checkInDay(days, today, picked)).toBe(day)
  })

  test('with no event days, today', () => {
    expect(checkInDay([], '2026-12-06', null)).toBe('2026-12-06')
  })
})

describe('daily re-registration only where the preset asks for it (desk.reRegisterEveryDay)', () => {
  test.each([
    {
      rule: 'NEON, Before 2: players re-register every day: day 1’s check-in does not count on day 2',
      preset: 'neon' as const,
      day2: [] as number[],
    },
    {
      rule: 'NSA (silent on it): one check-in holds for the rest of the event',
      preset: 'nsa1995' as const,
      day2: [1, 3],
    },
    {
      rule: 'MSA (silent on it): one check-in holds for the rest of the event',
      preset: 'msa' as const,
      day2: [1, 3],
    },
  ])('$rule', ({ preset, day2 }) => {
    const state = run(deskEvent(preset).state, checkIn(1, '2026-03-14'), checkIn(3, '2026-03-14'))
    expect(ids(checkInSummary(state, 'A', '2026-03-14').checkedIn)).toEqual([1, 3])
    expect(ids(checkInSummary(state, 'A', '2026-03-15').checkedIn)).toEqual(day2)
  })

  test('a check-in on day 2 does not count back on day 1', () => {
    const state = run(deskEvent('nsa1995').state, checkIn(2, '2026-03-15'))
    expect(ids(checkInSummary(state, 'A', '2026-03-14').checkedIn)).toEqual([])
    expect(ids(checkInSummary(state, 'A', '2026-03-15').checkedIn)).toEqual([2])
  })
})

describe('the check-in a cancel takes back', () => {
  const player = { checkIns: ['2026-03-14', '2026-03-15'] } as unknown as Player
  test.each([
    {
      name: 'NEON (re-register every day): the desk’s day',
      daily: true,
      day: '2026-03-16',
      expected: '2026-03-16',
    },
    {
      name: 'one check-in for the event: the one that counts that day',
      daily: false,
      day: '2026-03-16',
      expected: '2026-03-15',
    },
    {
      name: 'one check-in for the event, on the first day: that day’s',
      daily: false,
      day: '2026-03-14',
      expected: '2026-03-14',
    },
    {
      name: 'no check-in yet: the desk’s day',
      daily: false,
      day: '2026-03-13',
      expected: '2026-03-13',
    },
  ])('$name', ({ daily, day, expected }) => {
    expect(cancelCheckInDay(player, day, { reRegisterEveryDay: daily, identityTags: false })).toBe(
      expected,
    )
  })
})

describe('day 2 starts with a roll call under every preset (issue 19)', () => {
  const DAY_1 = '2026-03-14'
  const DAY_2 = '2026-03-15'
  // Everyone checked in on day 1; on day 2 Cy (#6) and Fay (#7) have not come back yet.
  const day2 = (preset: PresetId): TournamentState =>
    deskEvent(preset, [
      ...[1, 2, 3, 4, 5, 6, 7].map((p) => checkIn(p, DAY_1)),
      ...[1, 2, 3, 4, 5].map((p) => checkIn(p, DAY_2)),
    ]).state

  test.each(PRESET_IDS.map((preset) => ({ preset })))(
    '$preset: the roll call of day 2 names Cy and Fay, whether or not the preset re-registers',
    ({ preset }) => {
      const call = rollCall(day2(preset), 'A', DAY_2)
      expect(ids(call.seen)).toEqual([1, 2, 3, 4, 5])
      expect(ids(call.notSeen)).toEqual([6, 7])
    },
  )

  test.each([
    { preset: 'nsa1995', missing: [] },
    { preset: 'msa', missing: [] },
    { preset: 'neon', missing: [6, 7] },
  ] as const)(
    '$preset: who may be paired still follows the preset (NEON Before 2 re-registers daily)',
    ({ preset, missing }) => {
      expect(ids(checkInSummary(day2(preset), 'A', DAY_2).missing)).toEqual(missing)
    },
  )

  test.each(PRESET_IDS.map((preset) => ({ preset })))(
    '$preset: pairing round 2 seats Cy and Fay but names them as not seen today, without blocking',
    ({ preset }) => {
      const proposal = proposePairing(day2(preset), 'A', 2, { seed: 4, rollCallDay: DAY_2 })
      if (!proposal.ok) throw new Error(proposal.error.message)
      expect([...proposal.value.notSeen].sort()).toEqual([6, 7])
    },
  )

  test('a desk that checks nobody in gets no roll-call warning', () => {
    const { state } = deskEvent('nsa1995')
    expect(rollCall(state, 'A', DAY_2).deskChecksIn).toBe(false)
    const proposal = proposePairing(state, 'A', 2, { seed: 4, rollCallDay: DAY_2 })
    expect(proposal.ok ? proposal.value.notSeen : null).toEqual([])
  })

  test('a withdrawn player is not called', () => {
    const state = run(day2('nsa1995'), {
      type: 'withdrawPlayer',
      division: 'A',
      player: 7,
      fromRound: 2,
    })
    expect(ids(rollCall(state, 'A', DAY_2).notSeen)).toEqual([6])
  })
})

describe('issue 28: a late entry registered while the latest round waits to be published', () => {
  const { state } = deskEvent()
  const late = (firstRound?: number): Command => ({
    type: 'registerPlayer',
    division: 'A',
    player: { name: 'Gus Late', rating: 1500, memberId: '', club: '' },
    ...(firstRound === undefined ? {} : { firstRound }),
  })
  const seated = (s: TournamentState) => {
    const proposal = proposePairing(s, 'A', 1, { seed: 3 })
    if (!proposal.ok) throw new Error(proposal.error.code)
    expect(proposal.value.replacesRound).toBe(true)
    return proposal.value.command.pairings.some((p) =>
      p.kind === 'game' ? p.players.includes(8) : p.player === 8,
    )
  }

  test.each([
    { name: 'round 1 paired, not published, nothing played: it can be joined', more: [], open: 1 },
    {
      name: 'published: the players have their tables',
      more: [{ type: 'publishRound', division: 'A', round: 1 } satisfies Command],
      open: null,
    },
    {
      name: 'a result in: the round is being played',
      more: [
        {
          type: 'recordResult',
          division: 'A',
          round: 1,
          game: { table: 1 },
          result: played([1, 2], [400, 300]),
        } satisfies Command,
      ],
      open: null,
    },
  ])('$name', ({ more, open }) => {
    expect(roundStillOpenToEnter(run(state, ...more), 'A')).toBe(open)
  })

  test('entered from the open round, pairing it again seats him; by default it does not', () => {
    expect(seated(run(state, late(1)))).toBe(true)
    // The default the desk used to take: from the first round not yet paired, round 2.
    expect(seated(run(state, late()))).toBe(false)
  })
})
