import { describe, expect, test } from 'vitest'
import type { PresetId } from '../rules/rule-set'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { ID } from '../tournament/test-support/event'
import { lateArrivalState } from './test-support/late-event'
import { lateForfeitEntry, roundClockStatus } from './late'
import { resultCommandFor } from './result-line'
import { deskEvent } from './test-support/desk-event'

const MINUTE = 60_000
const T0 = 1_773_480_000_000

/** Round 1 started at T0 with Bob (table 1) and both of table 2 absent; Joanne came at 10 min. */
function started(preset: PresetId, joanneAt = 10): ReturnType<typeof lateArrivalState> {
  return lateArrivalState(deskEvent(preset).state, T0, joanneAt * MINUTE)
}

describe('the round clock and the absent players per table (rules.md, "Clock, overtime and late arrival")', () => {
  test('NEON: each late player loses their own absence; at 25 minutes away the game is forfeited', () => {
    const tables = roundClockStatus(started('neon'), 'A', 1, T0 + 30 * MINUTE)
    expect(tables.map((t) => [t.table, t.late, t.absent])).toEqual([
      [1, [2], [2]],
      [2, [3, 4], [4]],
    ])
    const [table1, table2] = tables
    expect(table1?.seats[0]).toMatchObject({
      player: 1,
      remainingMs: 25 * MINUTE,
      decision: { kind: 'none' },
    })
    expect(table1?.seats[1]).toMatchObject({
      player: 2,
      remainingMs: 0,
      decision: { kind: 'must-forfeit', spread: 100, rated: false },
    })
    expect(table2?.seats[0]).toMatchObject({
      player: 3,
      remainingMs: 15 * MINUTE,
      decision: { kind: 'none' },
    })
    expect(table2?.seats[1]).toMatchObject({ player: 4, decision: { kind: 'must-forfeit' } })
  })

  test('MSA guide: arriving with under 15 minutes left, the late player may choose to forfeit', () => {
    const tables = roundClockStatus(started('msa-guide', 12), 'A', 1, T0 + 13 * MINUTE)
    const table2 = tables.find((t) => t.table === 2)
    expect(table2?.seats[0]).toMatchObject({
      player: 3,
      remainingMs: 13 * MINUTE,
      decision: { kind: 'may-choose-forfeit' },
    })
    expect(table2?.seats[1]).toMatchObject({ player: 4, decision: { kind: 'none' } })
  })

  test('a time before a recorded arrival (another machine’s clock) is read as that arrival', () => {
    const tables = roundClockStatus(started('neon', 10), 'A', 1, T0 + 5 * MINUTE)
    expect(tables.find((t) => t.table === 2)?.seats[0]).toMatchObject({ remainingMs: 15 * MINUTE })
  })

  test('a round not started, or not paired, has no clocks', () => {
    expect(roundClockStatus(deskEvent('neon').state, 'A', 1, T0)).toEqual([])
    expect(roundClockStatus(started('neon'), 'A', 2, T0)).toEqual([])
  })
})

describe('the lateness forfeit the director confirms', () => {
  test.each([
    {
      rule: 'NEON: the opponent wins by 100, not rated',
      preset: 'neon' as const,
      spread: 100,
      rated: false,
    },
    {
      rule: 'MSA guide: the opponent wins by 50, rated',
      preset: 'msa-guide' as const,
      spread: 50,
      rated: true,
    },
  ])('$rule', ({ preset, spread, rated }) => {
    const state = started(preset)
    const entry = lateForfeitEntry(state, 'A', 1, 2)
    if (!entry.ok) throw new Error(entry.error.code)
    expect(entry.value).toMatchObject({
      game: { table: 1 },
      result: { kind: 'forfeit', winner: 1, loser: 2, reason: 'late', spread, rated },
    })
    const command: Command = resultCommandFor(state, 'A', 1, entry.value)
    const after = apply(state, command, ID)
    if (!after.ok) throw new Error(after.error.code)
    expect(roundClockStatus(after.value, 'A', 1, T0 + 30 * MINUTE)[0]).toMatchObject({
      table: 1,
      hasResult: true,
    })
  })

  test.each([
    { case: 'a player with a bye', player: 7, code: 'result-line.bye' },
    { case: 'an unknown player', player: 99, code: 'result-line.name.unknown' },
    { case: 'not a player number', player: 0, code: 'player.missing' },
  ])('refused: $case ($code)', ({ player, code }) => {
    expect(lateForfeitEntry(started('neon'), 'A', 1, player)).toMatchObject({
      ok: false,
      error: { code },
    })
  })
})
