import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { PRESETS } from '../rules/presets'
import type { RuleSet } from '../rules/rule-set'
import {
  gameOutcome,
  overtimePenalty,
  parseOvertime,
  penaltyPoints,
  playedResult,
  validateScores,
  walkOutResult,
  type GameResult,
} from './game-result'

const nsa = PRESETS.nsa1995
const msa = PRESETS.msa
const neon = PRESETS.neon

describe('overtimePenalty', () => {
  test.each([
    { name: 'NSA VIII.C: 0:00 over costs nothing', seconds: 0, rules: nsa, penalty: 0 },
    { name: 'NSA VIII.C: -0:01 (one second over) costs 10', seconds: 1, rules: nsa, penalty: 10 },
    { name: 'NSA VIII.C: a full minute over costs 10', seconds: 60, rules: nsa, penalty: 10 },
    {
      name: 'NSA VIII.C: 1:01 over starts a second minute: 20',
      seconds: 61,
      rules: nsa,
      penalty: 20,
    },
    {
      name: 'MSA 2.3: 10 points per minute or part: 2:30 costs 30',
      seconds: 150,
      rules: msa,
      penalty: 30,
    },
    { name: 'MSA 2.3: a clock not over costs nothing', seconds: -45, rules: msa, penalty: 0 },
  ])('$name', ({ seconds, rules, penalty }) => {
    expect(overtimePenalty(seconds, rules)).toBe(penalty)
  })

  test('a preset without an overtime penalty charges nothing', () => {
    const rules = {
      clock: { minutesPerPlayer: 25, overtimeIncludedMinutes: 0, overtimePenaltyPerMinute: 0 },
    }
    expect(overtimePenalty(600, rules)).toBe(0)
  })

  test('MSA 2.3: the penalty never decreases with more time over and grows by whole minutes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3600 }),
        fc.integer({ min: 0, max: 600 }),
        (s, more) => {
          const p = overtimePenalty(s, msa)
          expect(overtimePenalty(s + more, msa)).toBeGreaterThanOrEqual(p)
          expect(p % 10).toBe(0)
          expect(p).toBe(s === 0 ? 0 : Math.ceil(s / 60) * 10)
        },
      ),
    )
  })
})

describe('parseOvertime', () => {
  test.each([
    { text: '0:00', seconds: 0 },
    { text: '-0:01', seconds: 1 },
    { text: '1:05', seconds: 65 },
    { text: ' 12:59 ', seconds: 779 },
  ])('reads $text as $seconds seconds', ({ text, seconds }) => {
    expect(parseOvertime(text)).toEqual({ ok: true, value: seconds })
  })

  test.each(['', '1', '1:5', '1:60', 'a:bc', '1:05:00', '--1:00', '1,05'])(
    'refuses "%s"',
    (text) => {
      const result = parseOvertime(text)
      expect(result.ok).toBe(false)
      if (!result.ok) expect(result.error.code).toBe('overtime.format')
    },
  )
})

describe('validateScores', () => {
  test.each([
    { a: 400, b: 380, code: null },
    { a: -12, b: 455, code: null },
    { a: 1500, b: -1500, code: null },
    { a: 400.5, b: 380, code: 'score.not-integer' },
    { a: 400, b: Number.NaN, code: 'score.not-integer' },
    { a: 1501, b: 380, code: 'score.out-of-range' },
    { a: 400, b: -1501, code: 'score.out-of-range' },
  ])('$a-$b: $code', ({ a, b, code }) => {
    const result = validateScores(a, b, nsa)
    expect(result.ok ? null : result.error.code).toBe(code)
  })

  test('the field of the bad score is named', () => {
    const result = validateScores(400, 3000, nsa)
    expect(result.ok ? null : result.error.field).toBe('scoreB')
  })
})

describe('playedResult', () => {
  test('MSA 2.3: the overtime penalty comes off the offender only, not added to the opponent', () => {
    const result = playedResult([1, 2], [400, 395], [61, 0], msa)
    expect(result).toEqual({
      ok: true,
      value: {
        kind: 'played',
        players: [1, 2],
        rawScores: [400, 395],
        overtimeSeconds: [61, 0],
        scores: [380, 395],
      },
    })
    if (result.ok) expect(gameOutcome(result.value, 2)).toMatchObject({ win: 1, spread: 15 })
  })

  test.each([
    {
      name: 'a player cannot play themselves',
      players: [3, 3],
      overtime: [0, 0],
      code: 'result.same-player',
    },
    {
      name: 'overtime cannot be negative',
      players: [1, 2],
      overtime: [-1, 0],
      code: 'overtime.invalid',
    },
  ] as const)('$name', ({ players, overtime, code }) => {
    const result = playedResult(players, [400, 300], overtime, nsa)
    expect(result.ok ? null : result.error.code).toBe(code)
  })
})

describe('walkOutResult', () => {
  const custom = (walkOut: RuleSet['results']['walkOut']): RuleSet => ({
    ...nsa,
    results: { ...nsa.results, walkOut },
  })
  test.each([
    {
      name: 'NSA VII.J.3: the leaver was ahead when leaving: -50',
      rules: nsa,
      scores: { leaver: 300, stayer: 250 },
      spread: 50,
    },
    {
      name: 'NSA VII.J.3: the leaver was behind by 40: -(50 + 40)',
      rules: nsa,
      scores: { leaver: 210, stayer: 250 },
      spread: 90,
    },
    {
      name: 'NSA VII.J.3: level when leaving counts as not behind: -50',
      rules: nsa,
      scores: { leaver: 250, stayer: 250 },
      spread: 50,
    },
    { name: 'NEON: the winner of a walk-out gets 1 win and 0 margin', rules: neon, spread: 0 },
    {
      name: 'MSA 19: the director declares a forfeit at the forfeit spread',
      rules: msa,
      spread: 50,
    },
    { name: 'custom forfeit-spread rule', rules: custom('forfeit-spread'), spread: 50 },
  ])('$name', ({ rules, scores, spread }) => {
    const result = walkOutResult(
      { leaver: 1, stayer: 2, ...(scores === undefined ? {} : { scoresAtDeparture: scores }) },
      rules,
    )
    expect(result).toEqual({
      ok: true,
      value: {
        kind: 'forfeit',
        winner: 2,
        loser: 1,
        reason: 'walk-out',
        spread,
        rated: rules.results.forfeitRated,
        // NSA VII.J.3: the game keeps its scores at departure.
        ...(scores === undefined
          ? {}
          : { scoresAtDeparture: { winner: scores.stayer, loser: scores.leaver } }),
      },
    })
  })

  test('NSA VII.J.3 needs the scores at departure', () => {
    const result = walkOutResult({ leaver: 1, stayer: 2 }, nsa)
    expect(result.ok ? null : result.error.code).toBe('walk-out.scores-required')
  })
})

describe('gameOutcome', () => {
  const played = (a: number, b: number): GameResult => ({
    kind: 'played',
    players: [1, 2],
    rawScores: [a, b],
    overtimeSeconds: [0, 0],
    scores: [a, b],
  })
  test.each([
    {
      name: 'a win',
      result: played(420, 380),
      player: 1,
      outcome: { win: 1, loss: 0, spread: 40, counts: true },
    },
    {
      name: 'a loss',
      result: played(420, 380),
      player: 2,
      outcome: { win: 0, loss: 1, spread: -40, counts: true },
    },
    {
      name: 'NSA VII.E: a tie is half a win and half a loss',
      result: played(390, 390),
      player: 2,
      outcome: { win: 0.5, loss: 0.5, spread: 0, counts: true },
    },
    {
      name: 'NSA VII.J.1: a bye is a win at +50',
      result: { kind: 'bye', player: 5, spread: 50 },
      player: 5,
      outcome: { win: 1, loss: 0, spread: 50, counts: true },
    },
    {
      name: 'NSA VII.J.2: the player present wins the forfeit at +50',
      result: { kind: 'forfeit', winner: 1, loser: 2, reason: 'no-show', spread: 50, rated: false },
      player: 1,
      outcome: { win: 1, loss: 0, spread: 50, counts: true },
    },
    {
      name: 'NSA VII.J.2: the absent player loses the forfeit at -50',
      result: { kind: 'forfeit', winner: 1, loser: 2, reason: 'no-show', spread: 50, rated: false },
      player: 2,
      outcome: { win: 0, loss: 1, spread: -50, counts: true },
    },
    {
      name: 'NEON: a late forfeit loses by 100',
      result: { kind: 'forfeit', winner: 1, loser: 2, reason: 'late', spread: 100, rated: false },
      player: 2,
      outcome: { win: 0, loss: 1, spread: -100, counts: true },
    },
    {
      name: 'a double forfeit is a loss for both',
      result: { kind: 'doubleForfeit', players: [1, 2], spread: 50 },
      player: 1,
      outcome: { win: 0, loss: 1, spread: -50, counts: true },
    },
    {
      name: 'design.md: an unplayed game counts as neither',
      result: { kind: 'unplayed', players: [1, 2] },
      player: 2,
      outcome: { win: 0, loss: 0, spread: 0, counts: false },
    },
  ] satisfies { name: string; result: GameResult; player: number; outcome: object }[])(
    '$name',
    ({ result, player, outcome }) => {
      expect(gameOutcome(result, player)).toEqual(outcome)
    },
  )

  test('asking about a player who is not in the game is a programming error', () => {
    expect(() => gameOutcome(played(400, 300), 9)).toThrow(RangeError)
  })

  test('a played game: the two outcomes mirror each other', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -100, max: 900 }),
        fc.integer({ min: -100, max: 900 }),
        (a, b) => {
          const game = played(a, b)
          const one = gameOutcome(game, 1)
          const two = gameOutcome(game, 2)
          expect(one.spread + two.spread).toBe(0)
          expect(one.win).toBe(two.loss)
          expect(one.win + one.loss).toBe(1)
        },
      ),
    )
  })
})

test('NSA IV.J.3, VI.C: penalty points add up per player through a round', () => {
  const penalties = [
    { player: 1, round: 2, points: 50, reason: 'disruptive conduct' },
    { player: 1, round: 5, points: 50, reason: 'phone rang' },
    { player: 2, round: 1, points: 50, reason: 'late slip' },
  ]
  expect(penaltyPoints(penalties, 1, 1)).toBe(0)
  expect(penaltyPoints(penalties, 1, 4)).toBe(50)
  expect(penaltyPoints(penalties, 1, 5)).toBe(100)
  expect(penaltyPoints(penalties, 2, 5)).toBe(50)
})
