import { describe, expect, test } from 'vitest'
import { describeLog } from './describe'
import { stateAsOfRound } from './log'
import {
  applyAll,
  ID,
  logOf,
  standingsLine,
  WORKED_EXAMPLE,
  WORKED_EXAMPLE_LOG,
} from './test-support/event'
import type { GamePairing } from './types'
import { playerHistory, standingsAsOf, startTalliesAsOf } from './views'

const { setup, round1, round2 } = WORKED_EXAMPLE
const state = applyAll(WORKED_EXAMPLE_LOG)

function standings(round: number): string {
  const rows = standingsAsOf(state, 'A', round)
  if (!rows.ok) throw new Error(rows.error.message)
  return standingsLine(rows.value)
}

describe('formats.md worked example (5 players, 3 rounds), built as commands', () => {
  test.each([
    {
      round: 1,
      // Ed's bye counts as a win at +50 (NSA VII.J.1).
      line: '1 Ed 1–0 +50; 2 Ann 1–0 +40; 3 Cy 1–0 +8; 4 Di 0–1 −8; 5 Bob 0–1 −40',
    },
    {
      round: 2,
      // The 390–390 tie is half a win each (NSA VII.E); Di is still ranked: she played round 2.
      line: '1 Ann 2–0 +94; 2 Ed 1½–½ +50; 3 Di 1–1 +42; 4 Cy 1–1 −46; 5 Bob ½–1½ −40',
    },
    {
      round: 3,
      // Di withdrew from round 3 and is dropped (design.md, "Standings"); Cy's no-show is a
      // forfeit: Bob +50, Cy −50 (NSA VII.J.2).
      line: '1 Ann 3–0 +116; 2 Ed 1½–1½ +28; 3 Bob 1½–1½ +10; 4 Cy 1–2 −96',
    },
  ])('formats.md, tsh .t: standings after round $round', ({ round, line }) => {
    expect(standings(round)).toBe(line)
  })

  test.each([
    { round: 1, table: 1, start: { kind: 'rule', starter: null, reason: { kind: 'draw-tiles' } } },
    // NSA II.F.1: Cy has fewer firsts than Ann (0 against 1).
    { round: 2, table: 1, start: { kind: 'rule', starter: 3, reason: { kind: 'fewer-firsts' } } },
    // NSA II.F.2: Bob and Ed have no firsts; Bob has a second and Ed only a bye.
    { round: 2, table: 2, start: { kind: 'rule', starter: 2, reason: { kind: 'more-seconds' } } },
    { round: 3, table: 1, start: { kind: 'rule', starter: 5, reason: { kind: 'fewer-firsts' } } },
    { round: 3, table: 2, start: { kind: 'rule', starter: null, reason: { kind: 'draw-tiles' } } },
  ])('NSA II.F: round $round, table $table starter decided by the preset', (c) => {
    const pairing = state.divisions[0]?.rounds[c.round - 1]?.pairings[c.table - 1] as GamePairing
    expect(pairing.start).toMatchObject(c.start)
  })

  test('rules.md, who plays first: firsts and seconds after round 3 (byes and forfeits are neither)', () => {
    const tallies = startTalliesAsOf(state, 'A', 3)
    expect(tallies.ok && Object.fromEntries(tallies.value)).toEqual({
      1: { firsts: 1, seconds: 2 },
      2: { firsts: 1, seconds: 1 },
      3: { firsts: 1, seconds: 1 },
      4: { firsts: 1, seconds: 0 },
      5: { firsts: 1, seconds: 1 },
    })
  })

  test("Bob's history: opponents, scores, starts and what each game gave him", () => {
    const history = playerHistory(state, 'A', 2)
    expect(
      history.ok &&
        history.value.map((h) => [
          h.round,
          h.table,
          h.opponent,
          h.score,
          h.opponentScore,
          h.start,
          h.outcome?.spread,
        ]),
    ).toEqual([
      [1, 1, 1, 380, 420, 'second', -40],
      [2, 2, 5, 390, 390, 'first', 0],
      [3, 2, 3, null, null, null, 50],
    ])
  })

  test('Di, withdrawn from round 3, keeps her rounds 1 and 2 and has no round 3', () => {
    const history = playerHistory(state, 'A', 4)
    expect(history.ok && history.value.map((h) => [h.round, h.result?.kind])).toEqual([
      [1, 'played'],
      [2, 'bye'],
    ])
    expect(state.divisions[0]?.players[3]?.status).toEqual({ kind: 'withdrawn', fromRound: 3 })
  })

  test('as of round 2 the event is as it stood before Di withdrew and round 3 was paired', () => {
    const log = logOf(WORKED_EXAMPLE_LOG)
    const asOf = stateAsOfRound(ID, log, 2)
    expect(asOf).toEqual({ ok: true, value: applyAll([...setup, ...round1, ...round2]) })
    expect(asOf.ok && asOf.value?.divisions[0]?.players[3]?.status).toEqual({ kind: 'active' })
    expect(stateAsOfRound(ID, log, 3)).toEqual({ ok: true, value: state })
    expect(stateAsOfRound(ID, log, 0)).toEqual({ ok: true, value: applyAll(setup) })
  })

  test('the audit reads as the director did it', () => {
    const lines = describeLog(ID, logOf(WORKED_EXAMPLE_LOG))
    expect(lines.map((l) => l.text)).toEqual([
      'Created “Spring Open”: 3 rounds, NSA tournament rules (1995)',
      'Added division A',
      'Registered Ann (rating 1850) in division A',
      'Registered Bob (rating 1790) in division A',
      'Registered Cy (rating 1700) in division A',
      'Registered Di (rating 1650) in division A',
      'Registered Ed (rating 1600) in division A',
      'Paired round 1: 2 games and 1 bye (manual)',
      'Round 1, table 1: Ann 420 – Bob 380; Ann went first',
      'Round 1, table 2: Cy 410 – Di 402; Di went first',
      'Paired round 2: 2 games and 1 bye (manual)',
      'Round 2, table 1: Ann 455 – Cy 401',
      'Round 2, table 2: Bob 390 – Ed 390',
      'Withdrew Di (#4) from round 3',
      'Paired round 3: 2 games (manual)',
      'Round 3, table 1: Ann 432 – Ed 410',
      'Round 3, table 2: Bob wins by forfeit (no-show) over Cy, +50',
    ])
  })
})
