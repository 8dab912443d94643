import { describe, expect, test } from 'vitest'
import type { PresetId } from '../rules/rule-set'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { exportTDivision } from '../formats/t-export'
import { ID } from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { lateArrivalState } from './test-support/late-event'
import { lateDoubleForfeitEntry, lateForfeitEntry, roundClockStatus } from './late'
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
      // The guide is silent on rating; no document rates a forfeit (NSA VII.J.2, NEON say not).
      rule: 'MSA guide, Before starting: the opponent wins by 50, not rated',
      preset: 'msa-guide' as const,
      spread: 50,
      rated: false,
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

/** Round 1 started at T0 with both players of table 2 (Joanne #3, Dan #4) absent; nobody arrives. */
function bothAbsent(preset: PresetId): TournamentState {
  const next = apply(
    deskEvent(preset).state,
    { type: 'startRound', division: 'A', round: 1, at: T0, absent: [3, 4] },
    ID,
  )
  if (!next.ok) throw new Error(next.error.code)
  return next.value
}

describe('what the clock panel proposes at a late table: never a win for an absent player', () => {
  test.each([
    {
      rule: 'NEON, Compulsory forfeiture: neither arrived before their time ran out: both forfeit',
      preset: 'neon' as const,
      minutes: 26,
      proposal: { kind: 'double-forfeit' },
    },
    {
      rule: 'MSA guide, Before starting: both clocks over (26 minutes away): both forfeit',
      preset: 'msa-guide' as const,
      minutes: 26,
      proposal: { kind: 'double-forfeit' },
    },
    {
      rule: 'MSA 2.2: both absent, each loses half the time: nothing to confirm at 30 minutes',
      preset: 'msa' as const,
      minutes: 30,
      proposal: { kind: 'none' },
    },
    {
      rule: 'MSA 2.2, 2.3: both absent for 50 minutes: half each is 25, both clocks at 0:00, not yet over',
      preset: 'msa' as const,
      minutes: 50,
      proposal: { kind: 'none' },
    },
    {
      rule: 'MSA 2.2: both absent for 52 minutes: half each is 26, both clocks over',
      preset: 'msa' as const,
      minutes: 52,
      proposal: { kind: 'double-forfeit' },
    },
    {
      rule: 'NEON: still within their time, nothing is proposed',
      preset: 'neon' as const,
      minutes: 10,
      proposal: { kind: 'none' },
    },
  ])('$rule', ({ preset, minutes, proposal }) => {
    const table = roundClockStatus(bothAbsent(preset), 'A', 1, T0 + minutes * MINUTE).find(
      (t) => t.table === 2,
    )
    expect(table?.proposal).toEqual(proposal)
  })

  test('NEON: one absent player whose time ran out forfeits to the opponent at the table', () => {
    const tables = roundClockStatus(started('neon'), 'A', 1, T0 + 30 * MINUTE)
    expect(tables.map((t) => [t.table, t.proposal])).toEqual([
      [1, { kind: 'forfeit', loser: 2, required: true }],
      [2, { kind: 'forfeit', loser: 4, required: true }],
    ])
  })

  test('MSA guide: the late arrival may choose to forfeit only while the opponent is present', () => {
    const state = started('msa-guide', 12)
    // Table 2: Joanne arrived with 13 minutes left, but Dan is still away: no win for him.
    const at13 = roundClockStatus(state, 'A', 1, T0 + 13 * MINUTE)
    expect(at13.find((t) => t.table === 2)?.proposal).toEqual({ kind: 'none' })
    // Table 1: Bob arrives with 12 minutes left and Ann is at the table.
    const arrived = apply(
      state,
      { type: 'recordArrival', division: 'A', round: 1, player: 2, at: T0 + 13 * MINUTE },
      ID,
    )
    if (!arrived.ok) throw new Error(arrived.error.code)
    const table1 = roundClockStatus(arrived.value, 'A', 1, T0 + 13 * MINUTE)[0]
    expect(table1?.proposal).toEqual({ kind: 'forfeit', loser: 2, required: false })
  })

  test('the double forfeit the director confirms: both lose at the forfeit spread, and the table is done', () => {
    const state = bothAbsent('neon')
    const entry = lateDoubleForfeitEntry(state, 'A', 1, 2)
    if (!entry.ok) throw new Error(entry.error.code)
    expect(entry.value.result).toEqual({ kind: 'doubleForfeit', players: [3, 4], spread: 100 })
    const after = apply(state, resultCommandFor(state, 'A', 1, entry.value), ID)
    if (!after.ok) throw new Error(after.error.code)
    expect(roundClockStatus(after.value, 'A', 1, T0 + 30 * MINUTE)[0]).toMatchObject({
      table: 2,
      hasResult: true,
    })
  })

  test('refused: not a table number', () => {
    expect(lateDoubleForfeitEntry(bothAbsent('neon'), 'A', 1, 0)).toMatchObject({
      ok: false,
      error: { code: 'table.missing' },
    })
  })
})

describe('a lateness forfeit reaches the .t as the preset rates it (lateArrival.forfeitRated)', () => {
  test.each([
    {
      rule: 'NEON, Compulsory forfeiture 2: not rated: tsh’s opponent 0, +100 and −100',
      preset: 'neon' as const,
      lines: [
        [0, 100],
        [0, -100],
      ],
    },
    {
      rule: 'MSA guide, Before starting (silent on rating, so as every forfeit: not rated): opponent 0, +50 and −50',
      preset: 'msa-guide' as const,
      lines: [
        [0, 50],
        [0, -50],
      ],
    },
    {
      rule: 'MSA 2.2 (silent on rating, as its no-show forfeit under 19): opponent 0, +50 and −50',
      preset: 'msa' as const,
      lines: [
        [0, 50],
        [0, -50],
      ],
    },
    {
      rule: 'WSC 2.2 (silent on rating, as its no-show forfeit under 14.6): opponent 0, +50 and −50',
      preset: 'wsc2003' as const,
      lines: [
        [0, 50],
        [0, -50],
      ],
    },
  ])('$rule', ({ preset, lines }) => {
    const state = started(preset)
    const entry = lateForfeitEntry(state, 'A', 1, 2)
    if (!entry.ok) throw new Error(entry.error.code)
    const after = apply(state, resultCommandFor(state, 'A', 1, entry.value), ID)
    if (!after.ok) throw new Error(after.error.code)
    const file = exportTDivision(after.value, 'A')
    if (!file.ok) throw new Error(file.error.code)
    expect(file.value.players.slice(0, 2).map((p) => [p.opponents[0], p.scores[0]])).toEqual(lines)
  })
})

describe('issue 28: with both players late, a required forfeit comes before an optional one, whatever the seats', () => {
  /** Round 1 of `preset` started at T0 with both of table 2 absent; each arrives at the given minute. */
  function arrivals(preset: PresetId, joanne: number, dan: number): TournamentState {
    let state = bothAbsent(preset)
    for (const [player, minute] of [
      [3, joanne],
      [4, dan],
    ] as const) {
      const next = apply(
        state,
        { type: 'recordArrival', division: 'A', round: 1, player, at: T0 + minute * MINUTE },
        ID,
      )
      if (!next.ok) throw new Error(next.error.code)
      state = next.value
    }
    return state
  }

  test.each([
    {
      rule: 'MSA guide, Before starting: first seat may choose (13 min left), second seat came after his 25 minutes: the second seat must forfeit',
      joanne: 12,
      dan: 26,
      proposal: { kind: 'forfeit', loser: 4, required: true },
    },
    {
      rule: 'MSA guide, Before starting: the same with the seats the other way round',
      joanne: 26,
      dan: 12,
      proposal: { kind: 'forfeit', loser: 3, required: true },
    },
    {
      rule: 'MSA guide, Before starting: both arrived with under 15 minutes: each may choose, so both are offered the choice',
      joanne: 12,
      dan: 14,
      proposal: { kind: 'either-may-forfeit', players: [3, 4] },
    },
  ])('$rule', ({ joanne, dan, proposal }) => {
    const table = roundClockStatus(arrivals('msa-guide', joanne, dan), 'A', 1, T0 + 27 * MINUTE)
    expect(table.find((t) => t.table === 2)?.proposal).toEqual(proposal)
  })
})

describe('issue 28: a clock at 0:00 has not run out; at −0:01 it has (MSA 2.3, WSC 2.3: “not in overtime until –0.01 is shown”; NSA VIII.C)', () => {
  /** Round 1 started at T0 with Bob (#2, table 1, against Ann) absent, arriving `after` ms later. */
  function bobArrives(preset: PresetId, after: number | null): TournamentState {
    const commands: Command[] = [
      { type: 'startRound', division: 'A', round: 1, at: T0, absent: [2] },
      ...(after === null
        ? []
        : [
            {
              type: 'recordArrival',
              division: 'A',
              round: 1,
              player: 2,
              at: T0 + after,
            } satisfies Command,
          ]),
    ]
    return commands.reduce((state, command) => {
      const next = apply(state, command, ID)
      if (!next.ok) throw new Error(next.error.code)
      return next.value
    }, deskEvent(preset).state)
  }
  const table1 = (state: TournamentState, at: number) =>
    roundClockStatus(state, 'A', 1, T0 + at).find((t) => t.table === 1)

  test.each([
    {
      rule: 'MSA guide, Before starting (“after your 25 minutes expires”) with MSA 2.3: Bob sits down at exactly 25:00, his clock at 0:00: he may choose, not must forfeit',
      preset: 'msa-guide' as const,
      after: 25 * MINUTE,
      proposal: { kind: 'forfeit', loser: 2, required: false },
    },
    {
      rule: 'MSA guide: sitting down at 25:01, the clock shows −0:01: he must forfeit',
      preset: 'msa-guide' as const,
      after: 25 * MINUTE + 1000,
      proposal: { kind: 'forfeit', loser: 2, required: true },
    },
    {
      rule: 'NSA VIII.C (0:00 is not over): Bob sits down at exactly 25:00 and plays',
      preset: 'nsa1995' as const,
      after: 25 * MINUTE,
      proposal: { kind: 'none' },
    },
    {
      rule: 'MSA 2.2 and 2.3: one absent player arriving at exactly 25:00 plays on 0:00',
      preset: 'msa' as const,
      after: 25 * MINUTE,
      proposal: { kind: 'none' },
    },
  ])('$rule', ({ preset, after, proposal }) => {
    const state = bobArrives(preset, after)
    expect(table1(state, after + 2000)?.proposal).toEqual(proposal)
    expect(table1(state, after + 2000)?.seats[1].remainingMs).toBe(0)
  })

  test('MSA guide: still away, the clock at 0:00 proposes nothing yet; at −0:01 the forfeit is due', () => {
    const state = bobArrives('msa-guide', null)
    expect(table1(state, 25 * MINUTE)?.proposal).toEqual({ kind: 'none' })
    expect(table1(state, 25 * MINUTE + 1000)?.proposal).toEqual({
      kind: 'forfeit',
      loser: 2,
      required: true,
    })
  })
})
