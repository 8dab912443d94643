import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { GameResult } from '../results/game-result'
import type { PresetId } from '../rules/rule-set'
import { apply } from '../tournament/apply'
import type { Command } from '../tournament/commands'
import { planControl } from '../tournament/log'
import { ID } from '../tournament/test-support/event'
import {
  missingResults,
  parseResultLine,
  RESULT_LINE_HELP,
  resultCommandFor,
  sameEntry,
  starterCommandFor,
  unknownStarts,
  type ResultEntry,
} from './result-line'
import { deskEvent } from './test-support/desk-event'

const nsa = deskEvent('nsa1995')
const context = { state: nsa.state, division: 'A', round: 1 }

const playedAt = (
  players: readonly [number, number],
  rawScores: readonly [number, number],
  overtimeSeconds: readonly [number, number] = [0, 0],
  scores: readonly [number, number] = rawScores,
): GameResult => ({ kind: 'played', players, rawScores, overtimeSeconds, scores })

function parsed(line: string, preset: PresetId = 'nsa1995'): ResultEntry {
  const state = preset === 'nsa1995' ? nsa.state : deskEvent(preset).state
  const entry = parseResultLine(line, { state, division: 'A', round: 1 })
  if (!entry.ok) throw new Error(`${line}: ${entry.error.code} ${entry.error.message}`)
  return entry.value
}

describe('result lines that are accepted (design.md, "Data entry and the desk": as fast as tsh)', () => {
  test.each([
    {
      case: 'a table and its two scores, in the order of the pairing',
      line: '1 412 398',
      table: 1,
      result: playedAt([1, 2], [412, 398]),
      summary: 'Table 1: Ann Smith 412 – Bob Jones 398',
    },
    {
      case: 'two name fragments, scores in the order typed',
      line: 'ann bob 412 398',
      table: 1,
      result: playedAt([1, 2], [412, 398]),
      summary: 'Table 1: Ann Smith 412 – Bob Jones 398',
    },
    {
      case: 'the names the other way round: stored in pairing order',
      line: 'Jones SMITH 398 412',
      table: 1,
      result: playedAt([1, 2], [412, 398]),
      summary: 'Table 1: Ann Smith 412 – Bob Jones 398',
    },
    {
      case: 'player numbers as fragments',
      line: '#4 #3 380 401',
      table: 2,
      result: playedAt([3, 4], [401, 380]),
      summary: 'Table 2: Joanne Tan 401 – Dan Lee 380',
    },
    {
      case: '"an" is in Ann, Joanne and Dan, but only Ann plays a "bob"',
      line: 'an bob 412 398',
      table: 1,
      result: playedAt([1, 2], [412, 398]),
      summary: 'Table 1: Ann Smith 412 – Bob Jones 398',
    },
    {
      case: '"ann" is in Ann and Joanne, but only Joanne plays Dan',
      line: 'ann dan 401 380',
      table: 2,
      result: playedAt([3, 4], [401, 380]),
      summary: 'Table 2: Joanne Tan 401 – Dan Lee 380',
    },
    {
      case: 'MSA 2.3, NSA VIII.C: overtime 1:05 is two started minutes, 20 points off Bob',
      line: '1 412 398 ot 0:00 1:05',
      table: 1,
      result: playedAt([1, 2], [412, 398], [0, 65], [412, 378]),
      summary: 'Table 1: Ann Smith 412 – Bob Jones 378 (Bob Jones −20 overtime)',
    },
    {
      case: 'NSA VIII.C: a clock showing -0:01 costs a full minute; overtime typed by name order',
      line: 'bob ann 398 412 ot -0:01 0:00',
      table: 1,
      result: playedAt([1, 2], [412, 398], [0, 1], [412, 388]),
      summary: 'Table 1: Ann Smith 412 – Bob Jones 388 (Bob Jones −10 overtime)',
    },
    {
      case: 'NSA VII.E: a tie, with who went first',
      line: '3 390 390 first cy',
      table: 3,
      result: playedAt([5, 6], [390, 390]),
      summary: 'Table 3: Ed Ng 390 – Cy Bobson 390; Cy Bobson went first',
    },
    {
      case: 'NSA II.F.1 drawn tiles: a * after Bob’s score says Bob went first',
      line: '1 412 398*',
      table: 1,
      result: playedAt([1, 2], [412, 398]),
      summary: 'Table 1: Ann Smith 412 – Bob Jones 398; Bob Jones went first',
      first: 2,
    },
    {
      case: 'the * follows the typed player when the names come the other way round',
      line: 'bob ann 398 412*',
      table: 1,
      result: playedAt([1, 2], [412, 398]),
      summary: 'Table 1: Ann Smith 412 – Bob Jones 398; Ann Smith went first',
      first: 1,
    },
    {
      case: 'a * and “first” naming the same player agree',
      line: '3 390* 390 first ed',
      table: 3,
      result: playedAt([5, 6], [390, 390]),
      summary: 'Table 3: Ed Ng 390 – Cy Bobson 390; Ed Ng went first',
      first: 5,
    },
    {
      case: 'NSA VII.J.2: Bob does not show, Ann wins by 50, not rated',
      line: '1 forfeit bob',
      table: 1,
      result: { kind: 'forfeit', winner: 1, loser: 2, reason: 'no-show', spread: 50, rated: false },
      summary: 'Table 1: Ann Smith wins by forfeit (no-show) over Bob Jones, +50',
    },
    {
      case: 'a forfeit without the table: the game of the player named',
      line: 'forfeit jones',
      table: 1,
      result: { kind: 'forfeit', winner: 1, loser: 2, reason: 'no-show', spread: 50, rated: false },
      summary: 'Table 1: Ann Smith wins by forfeit (no-show) over Bob Jones, +50',
    },
    {
      case: 'a lateness forfeit at the preset’s lateness spread',
      line: '2 late joanne',
      table: 2,
      result: { kind: 'forfeit', winner: 4, loser: 3, reason: 'late', spread: 50, rated: false },
      summary: 'Table 2: Dan Lee wins by forfeit (late) over Joanne Tan, +50',
    },
    {
      case: 'NSA VII.J.3: Bob leaves 40 behind: he loses by 50 plus the deficit',
      line: '1 walkout bob 180 220',
      table: 1,
      result: {
        kind: 'forfeit',
        winner: 1,
        loser: 2,
        reason: 'walk-out',
        spread: 90,
        rated: false,
        scoresAtDeparture: { winner: 220, loser: 180 },
      },
      summary:
        'Table 1: Ann Smith wins by forfeit (walk-out) over Bob Jones, +90 (220–180 when Bob Jones left)',
    },
    {
      case: 'NSA VII.J.3: Bob leaves ahead: he loses by 50',
      line: '1 walk-out bob 250 220',
      table: 1,
      result: {
        kind: 'forfeit',
        winner: 1,
        loser: 2,
        reason: 'walk-out',
        spread: 50,
        rated: false,
        scoresAtDeparture: { winner: 220, loser: 250 },
      },
      summary:
        'Table 1: Ann Smith wins by forfeit (walk-out) over Bob Jones, +50 (220–250 when Bob Jones left)',
    },
    {
      case: 'neither player showed: both lose by the forfeit spread',
      line: '2 double-forfeit',
      table: 2,
      result: { kind: 'doubleForfeit', players: [3, 4], spread: 50 },
      summary: 'Table 2: Joanne Tan and Dan Lee both forfeit, −50 each',
    },
    {
      case: 'a double forfeit named by one player',
      line: 'dan double-forfeit',
      table: 2,
      result: { kind: 'doubleForfeit', players: [3, 4], spread: 50 },
      summary: 'Table 2: Joanne Tan and Dan Lee both forfeit, −50 each',
    },
    {
      case: 'a game not played: it counts for nothing (tsh: opponent 0)',
      line: '3 unplayed',
      table: 3,
      result: { kind: 'unplayed', players: [5, 6] },
      summary: 'Table 3: Ed Ng and Cy Bobson: not played',
    },
    {
      case: 'spaces around and between the words do not matter',
      line: '   1    412   398  ',
      table: 1,
      result: playedAt([1, 2], [412, 398]),
      summary: 'Table 1: Ann Smith 412 – Bob Jones 398',
    },
  ])('$case: "$line"', ({ line, table, result, summary, first }) => {
    const entry = parsed(line)
    expect(entry.game).toEqual({ table })
    expect(entry.result).toEqual(result)
    expect(entry.summary).toBe(summary)
    if (first !== undefined) expect(entry.first).toBe(first)
  })

  test.each([
    {
      rule: 'NEON: a walk-out gives the opponent the win with 0 margin (no scores needed)',
      preset: 'neon' as const,
      line: '1 walkout bob',
      result: { kind: 'forfeit', winner: 1, loser: 2, reason: 'walk-out', spread: 0, rated: false },
    },
    {
      rule: 'NEON: a lateness forfeit is a win by 100 for the opponent, not rated',
      preset: 'neon' as const,
      line: '1 late bob',
      result: { kind: 'forfeit', winner: 1, loser: 2, reason: 'late', spread: 100, rated: false },
    },
    {
      rule: 'NEON: a no-show is won by 100',
      preset: 'neon' as const,
      line: '1 forfeit ann',
      result: {
        kind: 'forfeit',
        winner: 2,
        loser: 1,
        reason: 'no-show',
        spread: 100,
        rated: false,
      },
    },
    {
      rule: 'MSA guide, Before starting: a lateness forfeit is won by 50, not rated (no document rates one)',
      preset: 'msa-guide' as const,
      line: '1 late bob',
      result: { kind: 'forfeit', winner: 1, loser: 2, reason: 'late', spread: 50, rated: false },
    },
    {
      rule: 'MSA 19: the director declares a forfeit for a flagrant breach; the forfeit spread',
      preset: 'msa' as const,
      line: '1 declare bob',
      result: {
        kind: 'forfeit',
        winner: 1,
        loser: 2,
        reason: 'director',
        spread: 50,
        rated: false,
      },
    },
    {
      rule: 'WSC 14.6: a declared forfeit without the table, by the loser’s name',
      preset: 'wsc2003' as const,
      line: 'declared ann',
      result: {
        kind: 'forfeit',
        winner: 2,
        loser: 1,
        reason: 'director',
        spread: 50,
        rated: false,
      },
    },
    {
      rule: 'NEON 18: the committee disqualifies the opponent; the forfeit spread of 100',
      preset: 'neon' as const,
      line: '1 declare ann',
      result: {
        kind: 'forfeit',
        winner: 2,
        loser: 1,
        reason: 'director',
        spread: 100,
        rated: false,
      },
    },
    {
      rule: 'MSA 19: a walk-out is a forfeit at the forfeit spread',
      preset: 'msa' as const,
      line: '1 walkout bob',
      result: {
        kind: 'forfeit',
        winner: 1,
        loser: 2,
        reason: 'walk-out',
        spread: 50,
        rated: false,
      },
    },
  ])('$rule', ({ preset, line, result }) => {
    expect(parsed(line, preset).result).toEqual(result)
  })
})

describe('result lines that are refused, with the reason', () => {
  test.each([
    { case: 'an empty line', line: '  ', code: 'result-line.empty' },
    {
      case: 'a table the round does not have',
      line: '9 400 300',
      code: 'result-line.table.unknown',
    },
    { case: 'a name matching nobody', line: 'zed bob 400 300', code: 'result-line.name.unknown' },
    {
      case: 'a name matching several',
      line: 'forfeit o',
      code: 'result-line.name.ambiguous',
      names: ['Bob Jones (#2)', 'Joanne Tan (#3)', 'Cy Bobson (#6)'],
    },
    { case: 'a player twice', line: 'ann smith 400 300', code: 'result-line.same-player' },
    { case: 'a player number twice', line: '#1 #1 400 300', code: 'result-line.same-player' },
    {
      case: 'players not paired together',
      line: 'smith lee 400 300',
      code: 'result-line.not-paired',
    },
    { case: 'a player with a bye', line: 'fay ed 400 300', code: 'result-line.bye' },
    { case: 'a forfeit for a player with a bye', line: 'forfeit fay', code: 'result-line.bye' },
    { case: 'one name and scores', line: 'ann 400 300', code: 'result-line.names.second' },
    { case: 'one score', line: '1 412', code: 'result-line.score.missing' },
    {
      case: 'a score that is not a number',
      line: '1 412 39x',
      code: 'result-line.score.not-a-number',
    },
    {
      case: 'a score with a fraction',
      line: '1 412.5 398',
      code: 'result-line.score.not-a-number',
    },
    {
      case: 'a score past the preset’s maximum (1500)',
      line: '1 1501 398',
      code: 'score.out-of-range',
    },
    {
      case: 'a negative score past the maximum',
      line: 'ann bob 400 -1600',
      code: 'score.out-of-range',
    },
    { case: 'one overtime only', line: '1 400 300 ot 1:05', code: 'result-line.overtime.missing' },
    { case: 'overtime that is not m:ss', line: '1 400 300 ot 0:00 1:65', code: 'overtime.format' },
    { case: 'words after the scores', line: '1 400 300 please', code: 'result-line.extra' },
    {
      case: 'both scores marked as the starter',
      line: '1 400* 300*',
      code: 'result-line.first.both',
    },
    { case: 'a * on its own', line: '1 400 * 300', code: 'result-line.first.star' },
    {
      case: 'the * and “first” naming different players',
      line: '1 400* 300 first bob',
      code: 'result-line.first.both',
    },
    {
      case: '“first” alone for a game without a result yet',
      line: '1 first bob',
      code: 'result-line.score.missing',
    },
    {
      case: 'first: a player not at the table',
      line: '1 400 300 first ed',
      code: 'result-line.name.unknown',
    },
    {
      case: 'a forfeit for a player not at the table',
      line: '1 forfeit ed',
      code: 'result-line.name.unknown',
    },
    { case: 'a forfeit naming nobody', line: '1 forfeit', code: 'result-line.forfeit.who' },
    {
      case: 'NSA VII.J.3 needs the scores when the player left',
      line: '1 walkout bob',
      code: 'walk-out.scores-required',
    },
    {
      case: 'a keyword where the game should be',
      line: 'ot 1:00 0:00',
      code: 'result-line.game.missing',
    },
    {
      case: 'overtime before the scores',
      line: '1 ot 1:00 0:00',
      code: 'result-line.score.missing',
    },
  ])('$case: "$line" ($code)', ({ line, code, names }) => {
    const entry = parseResultLine(line, context)
    expect(entry).toMatchObject({ ok: false, error: { code } })
    if (!entry.ok && names !== undefined) {
      for (const name of names) expect(entry.error.message).toContain(name)
    }
  })

  test.each([
    { case: 'an unknown division', division: 'Z', round: 1, code: 'division.missing' },
    { case: 'a round not paired', division: 'A', round: 2, code: 'round.missing' },
    { case: 'a round beyond the event', division: 'A', round: 9, code: 'round.beyond-event' },
  ])('$case ($code)', ({ division, round, code }) => {
    expect(parseResultLine('1 400 300', { state: nsa.state, division, round })).toMatchObject({
      ok: false,
      error: { code },
    })
  })

  test('the help lists every form the parser reads', () => {
    const help = RESULT_LINE_HELP.join('\n')
    for (const word of [
      'ot',
      'first',
      'forfeit',
      'late',
      'walkout',
      'double-forfeit',
      'unplayed',
      '#7',
      '412*',
      '12 first bob',
    ]) {
      expect(help).toContain(word)
    }
  })
})

describe('entries become commands; double entry; missing results', () => {
  test('a new result is recorded; one already entered is corrected (the log keeps the old one)', () => {
    const entry = parsed('1 412 398')
    const record = resultCommandFor(nsa.state, 'A', 1, entry)
    // Issue 27: the keys of the players this desk sees at table 1 (registered without keys here).
    const keys = [
      { player: 1, key: 'A#1' },
      { player: 2, key: 'A#2' },
    ]
    expect(record).toEqual({
      type: 'recordResult',
      division: 'A',
      round: 1,
      game: { table: 1 },
      result: entry.result,
      keys,
    })
    const after = apply(nsa.state, record, ID)
    if (!after.ok) throw new Error(after.error.code)
    const again = parseResultLine('1 forfeit bob', { ...context, state: after.value })
    if (!again.ok) throw new Error(again.error.code)
    const correct = resultCommandFor(after.value, 'A', 1, again.value)
    // Issue 27: a correction names the result it replaces, as the desk saw it.
    expect(correct).toMatchObject({ type: 'correctResult', keys, replaces: entry.result })
    expect(apply(after.value, correct, ID).ok).toBe(true)
  })

  test('who went first is carried into the command', () => {
    expect(resultCommandFor(nsa.state, 'A', 1, parsed('3 390 390 first cy'))).toMatchObject({
      first: 6,
    })
  })

  test.each([
    { a: '1 412 398', b: 'ann bob 412 398', same: true },
    { a: '1 412 398', b: 'bob ann 398 412', same: true },
    { a: '1 412 398 ot 0:00 1:05', b: 'jones smith 398 412 ot 1:05 0:00', same: true },
    { a: '1 412 398', b: '1 398 412', same: false },
    { a: '1 412 398', b: '1 412 398 ot 0:00 0:30', same: false },
    { a: '1 forfeit bob', b: '1 late bob', same: false },
    { a: '1 forfeit bob', b: 'forfeit jones', same: true },
    { a: '3 390 390', b: '3 390 390 first ed', same: false },
  ])('double entry: "$a" and "$b" agree: $same', ({ a, b, same }) => {
    expect(sameEntry(parsed(a), parsed(b))).toBe(same)
  })

  test('missing results: the games without one, in table order (a bye is never missing)', () => {
    expect(missingResults(nsa.state, 'A', 1).map((g) => g.table)).toEqual([1, 2, 3])
    const after = apply(nsa.state, resultCommandFor(nsa.state, 'A', 1, parsed('2 400 380')), ID)
    if (!after.ok) throw new Error(after.error.code)
    expect(missingResults(after.value, 'A', 1).map((g) => g.table)).toEqual([1, 3])
    expect(missingResults(after.value, 'A', 2)).toEqual([])
    expect(missingResults(after.value, 'Z', 1)).toEqual([])
  })
})

describe('starts the desk still has to learn (MSA 1.3-1.4, NSA II.F.1: drawn tiles at the table)', () => {
  const entered = (state: typeof nsa.state, line: string) => {
    const entry = parseResultLine(line, { state, division: 'A', round: 1 })
    if (!entry.ok) throw new Error(`${line}: ${entry.error.code}`)
    const next = apply(state, resultCommandFor(state, 'A', 1, entry.value), ID)
    if (!next.ok) throw new Error(`${line}: ${next.error.code}`)
    return next.value
  }

  test('NSA II.F.1: a drawn table entered without its starter is listed as unknown', () => {
    let state = entered(nsa.state, '1 412 398')
    state = entered(state, '2 400 380*')
    state = entered(state, '3 forfeit ed')
    // Table 2 said who started; table 3 is a forfeit, where nobody starts.
    expect(unknownStarts(state, 'A', 1, 1)).toEqual([{ round: 1, table: 1, players: [1, 2] }])
    expect(unknownStarts(state, 'A', 2, 4)).toEqual([])
    expect(unknownStarts(state, 'Z', 1, 4)).toEqual([])
  })

  test('the start stays correctable: “1 first bob” after the result records Bob, scores kept', () => {
    const state = entered(nsa.state, '1 412 398')
    const line = parseResultLine('1 first bob', { state, division: 'A', round: 1 })
    expect(line).toMatchObject({
      ok: true,
      value: { first: 2, result: playedAt([1, 2], [412, 398]) },
    })
    const command = starterCommandFor(state, 'A', 1, 1, 2)
    if (!command.ok) throw new Error(command.error.code)
    expect(command.value).toEqual({
      type: 'correctResult',
      division: 'A',
      round: 1,
      game: { table: 1 },
      result: playedAt([1, 2], [412, 398]),
      first: 2,
      // Issue 27: the players and the result this desk saw at the table.
      keys: [
        { player: 1, key: 'A#1' },
        { player: 2, key: 'A#2' },
      ],
      replaces: playedAt([1, 2], [412, 398]),
    })
    const after = apply(state, command.value, ID)
    if (!after.ok) throw new Error(after.error.code)
    expect(after.value.divisions[0]?.rounds[0]?.results[0]).toEqual({
      result: playedAt([1, 2], [412, 398]),
      first: 2,
    })
    expect(unknownStarts(after.value, 'A', 1, 1)).toEqual([])
  })

  test.each([
    { case: 'a game without a result', table: 2, first: 3, code: 'result-line.score.missing' },
    {
      case: 'a forfeit, where nobody starts',
      table: 3,
      first: 5,
      code: 'result.first-without-game',
    },
    { case: 'a player not at the table', table: 1, first: 5, code: 'result-line.name.unknown' },
    { case: 'a table the round has not', table: 9, first: 1, code: 'result-line.table.unknown' },
  ])('a starter cannot be recorded for $case ($code)', ({ table, first, code }) => {
    const state = entered(entered(nsa.state, '1 412 398'), '3 forfeit ed')
    expect(starterCommandFor(state, 'A', 1, table, first)).toMatchObject({
      ok: false,
      error: { code },
    })
  })
})

describe('property: a valid line, applied then undone, leaves the tournament as it was (design.md: undo)', () => {
  // Table 2 already has a result, so lines for it become corrections.
  const base = deskEvent('nsa1995', [
    {
      type: 'recordResult',
      division: 'A',
      round: 1,
      game: { table: 2 },
      result: playedAt([3, 4], [350, 351]),
    },
  ])
  const tables = [
    { table: 1, names: ['ann', 'bob'], ids: [1, 2] },
    { table: 2, names: ['joanne', 'dan'], ids: [3, 4] },
    { table: 3, names: ['ed', 'cy'], ids: [5, 6] },
  ] as const
  const score = fc.integer({ min: -100, max: 900 })
  const clock = fc
    .tuple(fc.integer({ min: 0, max: 9 }), fc.integer({ min: 0, max: 59 }))
    .map(([m, s]) => `${m}:${String(s).padStart(2, '0')}`)
  const played = fc
    .record({
      game: fc.constantFrom(...tables),
      how: fc.constantFrom('table', 'names', 'numbers', 'reversed'),
      a: score,
      b: score,
      ot: fc.option(fc.tuple(clock, clock), { nil: undefined }),
    })
    .map(({ game, how, a, b, ot }) => {
      const ref =
        how === 'table'
          ? String(game.table)
          : how === 'names'
            ? `${game.names[0]} ${game.names[1]}`
            : how === 'numbers'
              ? `#${game.ids[0]} #${game.ids[1]}`
              : `${game.names[1]} ${game.names[0]}`
      return `${ref} ${a} ${b}${ot === undefined ? '' : ` ot ${ot[0]} ${ot[1]}`}`
    })
  const other = fc
    .record({
      game: fc.constantFrom(...tables),
      kind: fc.constantFrom('forfeit', 'late', 'walkout', 'double-forfeit', 'unplayed'),
      loser: fc.constantFrom(0, 1),
      a: fc.integer({ min: 0, max: 500 }),
      b: fc.integer({ min: 0, max: 500 }),
    })
    .map(({ game, kind, loser, a, b }) => {
      const name = game.names[loser] as string
      switch (kind) {
        case 'forfeit':
        case 'late':
          return `${game.table} ${kind} ${name}`
        case 'walkout':
          return `${game.table} walkout ${name} ${a} ${b}`
        case 'double-forfeit':
        case 'unplayed':
          return `${game.table} ${kind}`
      }
    })

  test('record or correct, then undo', () => {
    fc.assert(
      fc.property(fc.oneof(played, other), (line) => {
        const entry = parseResultLine(line, { state: base.state, division: 'A', round: 1 })
        if (!entry.ok) throw new Error(`${line}: ${entry.error.code}`)
        const command: Command = resultCommandFor(base.state, 'A', 1, entry.value)
        const next = apply(base.state, command, ID)
        if (!next.ok) throw new Error(`${line}: ${next.error.code}`)
        const table = 'table' in entry.value.game ? entry.value.game.table : 0
        const index = next.value.divisions[0]?.rounds[0]?.pairings.findIndex(
          (p) => p.kind === 'game' && p.table === table,
        )
        expect(next.value.divisions[0]?.rounds[0]?.results[index ?? -1]?.result).toEqual(
          entry.value.result,
        )
        const entered = { seq: base.log.length, at: '', command }
        const undone = planControl(
          ID,
          [...base.log, entered],
          { type: 'undo', seq: entered.seq },
          {
            at: '',
            desk: 'desk-a',
          },
        )
        if (!undone.ok) throw new Error(undone.error.code)
        expect(undone.value.state).toEqual(base.state)
      }),
      { numRuns: 200 },
    )
  })
})

describe('issue 11: a line that belongs to another division is refused with that reason', () => {
  // Division B plays in the same hall from table 11 (its tables numbered after A's).
  const twoDivisions = deskEvent('nsa1995', [
    { type: 'addDivision', name: 'B' },
    ...['Zoe Quist', 'Yann Ortiz'].map((name): Command => ({
      type: 'registerPlayer',
      division: 'B',
      player: { name, rating: 1500, memberId: '', club: '' },
    })),
    {
      type: 'pairRound',
      division: 'B',
      round: 1,
      system: 'manual',
      pairings: [{ kind: 'game', table: 11, players: [1, 2] }],
    },
  ]).state

  test.each([
    {
      name: 'a table only B has, typed on A',
      line: '11 400 300',
      division: 'A',
      refusal: 'Table 11 is in division B’s round 1 (Zoe Quist v Yann Ortiz), not division A',
    },
    {
      name: 'a B player named on A',
      line: 'zoe yann 400 300',
      division: 'A',
      refusal: '“zoe” is nobody in division A; Zoe Quist plays in division B’s round 1',
    },
    {
      name: 'an A table typed on B',
      line: '2 400 300',
      division: 'B',
      refusal: 'Table 2 is in division A’s round 1 (Joanne Tan v Dan Lee), not division B',
    },
  ])('$name', ({ line, division, refusal }) => {
    const entry = parseResultLine(line, { state: twoDivisions, division, round: 1 })
    expect(entry.ok).toBe(false)
    if (entry.ok) return
    expect(entry.error.code).toBe('result-line.other-division')
    expect(entry.error.message).toContain(refusal)
    expect(entry.error.message).toContain('choose division')
  })

  test.each([
    { name: 'a table no division has stays a plain unknown table', line: '40 400 300' },
    { name: 'a name nobody has stays a plain unknown name', line: 'quentin bob 400 300' },
  ])('$name', ({ line }) => {
    const entry = parseResultLine(line, { state: twoDivisions, division: 'A', round: 1 })
    expect(entry.ok ? 'accepted' : entry.error.code).toMatch(/^result-line\.(table|name)\.unknown$/)
  })

  test('the same line on its own division is accepted', () => {
    const entry = parseResultLine('11 400 300', { state: twoDivisions, division: 'B', round: 1 })
    expect(entry.ok && entry.value.summary).toMatch(/^Table 11: Zoe Quist/)
  })
})
