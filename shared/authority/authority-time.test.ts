import { describe, expect, test } from 'vitest'
import { emptyAuthority, decide, recover } from './decide'
import { atAuthorityTime, utcMs } from './authority-time'
import type { Command } from '../tournament/commands'
import { create, ID, register } from '../tournament/test-support/event'
import type { Proposal } from './proposal'
import { headOfLog } from './proposal'

const NOW = Date.parse('2026-12-05T09:07:00Z')
const MINUTE = 60_000

const arrival = (at: number): Command => ({
  type: 'recordArrival',
  division: 'A',
  round: 1,
  player: 2,
  at,
})
const start = (at: number): Command => ({ type: 'startRound', division: 'A', round: 1, at })

describe('issue 27: a desk’s fast clock never charges lateness that has not happened', () => {
  test.each([
    ['an arrival 5 minutes in the future', arrival(NOW + 5 * MINUTE), arrival(NOW)],
    ['a round started 5 minutes in the future', start(NOW + 5 * MINUTE), start(NOW)],
    ['an arrival 1 ms in the future', arrival(NOW + 1), arrival(NOW)],
    ['an arrival now', arrival(NOW), arrival(NOW)],
    ['an arrival recorded after the fact', arrival(NOW - 5 * MINUTE), arrival(NOW - 5 * MINUTE)],
    ['a round started earlier', start(NOW - MINUTE), start(NOW - MINUTE)],
  ])('%s', (_, command, expected) => {
    expect(atAuthorityTime(command, NOW)).toEqual(expected)
  })

  test('other commands come through as they are', () => {
    const checkIn: Command = { type: 'checkIn', division: 'A', player: 1, day: '2026-12-05' }
    expect(atAuthorityTime(checkIn, NOW)).toBe(checkIn)
  })

  test.each([
    ['no command at all', null],
    ['a time that is not a number', { ...arrival(NOW), at: String(NOW + MINUTE) }],
  ])('what came over the network malformed (%s) is left for the shape check to name', (_, sent) => {
    const command = sent as unknown as Command
    expect(atAuthorityTime(command, NOW)).toBe(command)
  })
})

describe('issue 27: the authority logs the arrival at its own time, not the desk’s', () => {
  const setup: Command[] = [
    create('msa'),
    { type: 'addDivision', name: 'A' },
    register('Ann'),
    register('Bob'),
    {
      type: 'pairRound',
      division: 'A',
      round: 1,
      pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
    },
    { type: 'startRound', division: 'A', round: 1, at: NOW - 7 * MINUTE, absent: [2] },
  ]

  function authorityWithStartedRound() {
    let authority = emptyAuthority(ID)
    for (const [i, command] of setup.entries()) {
      const proposal: Proposal = {
        proposalId: `p${String(i)}`,
        desk: { id: 'director', role: 'director' },
        builtOn: headOfLog(authority.log),
        command,
      }
      const decided = decide(authority, proposal, new Date(NOW - 10 * MINUTE).toISOString())
      if (decided.decision.kind !== 'accepted') throw new Error(JSON.stringify(decided.decision))
      authority = decided.next
    }
    return authority
  }

  test('a desk 5 minutes fast: the arrival is at the authority’s now, and a re-sending gets the same answer', () => {
    const authority = authorityWithStartedRound()
    const proposal: Proposal = {
      proposalId: 'late',
      desk: { id: 'd2', role: 'desk' },
      builtOn: headOfLog(authority.log),
      command: arrival(NOW + 5 * MINUTE),
    }
    const decided = decide(authority, proposal, new Date(NOW).toISOString())
    expect(decided.decision).toMatchObject({ kind: 'accepted', entry: { command: arrival(NOW) } })
    const arrived = decided.next.state?.divisions[0]?.rounds[0]?.arrivals
    expect(arrived).toEqual([expect.objectContaining({ player: 2, arrivedAt: NOW })])
    // Sent again after a crash, later: its first decision, not a duplicate.
    const again = decide(decided.next, proposal, new Date(NOW + MINUTE).toISOString())
    expect(again.decision).toEqual(decided.decision)
    expect(again.next).toBe(decided.next)
    // ... also by an authority restarted from its log.
    const restarted = recover(ID, decided.next.log)
    if (!restarted.ok) throw new Error(restarted.error.message)
    const afterRestart = decide(restarted.value, proposal, new Date(NOW + MINUTE).toISOString())
    expect(afterRestart.decision).toEqual(decided.decision)
  })
})

test.each([
  '1970-01-01T00:00:00.000Z',
  '2026-12-05T09:07:00.000Z',
  '2024-02-29T23:59:59.999Z',
  '2000-03-01T00:00:00.000Z',
  '1969-12-31T23:59:59.500Z',
  '2100-02-28T12:00:00Z',
])('the authority’s ISO stamp %s is read as the epoch ms it was written from', (iso) => {
  expect(utcMs(iso)).toBe(Date.parse(iso))
})

test.each([['2026-12-05 09:07:00'], ['2026-12-05T09:07:00+01:00'], ['']])(
  'a stamp not in the authority’s form (%j) reads as no time, so nothing is clamped',
  (iso) => {
    expect(utcMs(iso)).toBeNaN()
    expect(atAuthorityTime(arrival(NOW), utcMs(iso))).toEqual(arrival(NOW))
  },
)
