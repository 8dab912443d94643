import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import type { Command, LoggedCommand } from './commands'
import {
  commandPlace,
  describeCommand,
  describedAll,
  describedEntries,
  describeLog,
  describeMore,
  timeOfDay,
  type DescribedLog,
} from './describe'
import { generateLog } from './test-support/generate-log'
import { applyAll, ID, logOf, played, WORKED_EXAMPLE_LOG } from './test-support/event'

const state = applyAll(WORKED_EXAMPLE_LOG)
const nsa = rulesFromPreset('nsa1995')
const T = Date.UTC(2026, 2, 14, 9, 30, 5)

describe('a start recorded after the result (MSA 1.4, NSA II.F.1: tiles drawn at the table)', () => {
  const entered = state.divisions[0]?.rounds[2]?.results[0]?.result
  if (entered?.kind !== 'played') throw new Error('round 3 table 1 is a played game')
  const [a, b] = entered.players
  test.each<{ name: string; command: Command; line: RegExp }>([
    {
      name: 'the same result with who went first reads as the start recorded',
      command: {
        type: 'correctResult',
        division: 'A',
        round: 3,
        game: { table: 1 },
        result: entered,
        first: b,
      },
      line: /^Round 3, table 1: \w+ went first \(start recorded\)$/,
    },
    {
      name: 'new scores with who went first stay a correction',
      command: {
        type: 'correctResult',
        division: 'A',
        round: 3,
        game: { table: 1 },
        result: played([a, b], [entered.rawScores[0] + 10, entered.rawScores[1]], nsa),
        first: b,
      },
      line: /^Corrected round 3, table 1: .*; \w+ went first$/,
    },
  ])('$name', ({ command, line }) => {
    expect(describeCommand(command, state)).toMatch(line)
  })
})

describe('describeCommand: one line per command for the audit view', () => {
  test.each<{ command: Command; line: string }>([
    {
      command: {
        type: 'recordResult',
        division: 'A',
        round: 3,
        game: { table: 1 },
        result: played([1, 5], [412, 398], nsa),
      },
      line: 'Round 3, table 1: Ann 412 – Ed 398',
    },
    {
      command: {
        type: 'correctResult',
        division: 'A',
        round: 3,
        game: { players: [5, 1] },
        result: played([1, 5], [412, 398], nsa),
        first: 5,
      },
      line: 'Corrected round 3, table 1: Ann 412 – Ed 398; Ed went first',
    },
    {
      // NSA VIII.C: 65 seconds over is two started minutes, 20 points.
      command: {
        type: 'recordResult',
        division: 'A',
        round: 3,
        game: { table: 2 },
        result: played([2, 3], [400, 380], nsa, [0, 65]),
      },
      line: 'Round 3, table 2: Bob 400 – Cy 360 (Cy −20 overtime)',
    },
    {
      command: {
        type: 'correctResult',
        division: 'A',
        round: 2,
        game: { players: [4] },
        result: { kind: 'bye', player: 4, spread: 50 },
      },
      line: 'Corrected round 2: Di has a bye (+50)',
    },
    {
      command: {
        type: 'recordResult',
        division: 'A',
        round: 3,
        game: { table: 2 },
        result: { kind: 'doubleForfeit', players: [2, 3], spread: 50 },
      },
      line: 'Round 3, table 2: Bob and Cy both forfeit, −50 each',
    },
    {
      command: { type: 'withdrawPlayer', division: 'A', player: 4, fromRound: 3 },
      line: 'Withdrew Di (#4) from round 3',
    },
    { command: { type: 'reinstatePlayer', division: 'A', player: 4 }, line: 'Reinstated Di (#4)' },
    {
      command: {
        type: 'pairRound',
        division: 'A',
        round: 4,
        system: 'swiss',
        seed: 42,
        pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
      },
      line: 'Paired round 4: 1 game (Swiss, seed 42)',
    },
    {
      command: {
        type: 'withdrawPlayer',
        division: 'A',
        player: 4,
        fromRound: 3,
        disqualified: true,
      },
      line: 'Disqualified Di (#4) from round 3',
    },
    {
      command: { type: 'setTableOffset', division: 'A', offset: 30 },
      line: 'Tables numbered from 31',
    },
    {
      // Issue 11: systems in words for people, never the stored key.
      command: {
        type: 'pairRound',
        division: 'A',
        round: 4,
        system: 'koth',
        pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
      },
      line: 'Paired round 4: 1 game (King of the Hill)',
    },
    {
      // Issue 11: a re-pair is one command, and History says so.
      command: {
        type: 'pairRound',
        division: 'A',
        round: 4,
        system: 'fontes',
        seed: 7,
        replace: true,
        pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
      },
      line: 'Paired round 4 again: 1 game (Initial Fontes, seed 7)',
    },
    {
      command: {
        type: 'editPairing',
        division: 'A',
        round: 3,
        table: 2,
        change: { kind: 'swap', player: 2, with: 5 },
      },
      line: 'Round 3, table 2: Bob (#2) swapped with Ed (#5)',
    },
    {
      command: {
        type: 'editPairing',
        division: 'A',
        round: 3,
        table: 2,
        change: { kind: 'replace', players: [2, 4] },
      },
      line: 'Round 3, table 2: now Bob (#2) v Di (#4)',
    },
    {
      command: {
        type: 'editPairing',
        division: 'A',
        round: 3,
        table: 2,
        change: { kind: 'lock', locked: true },
      },
      line: 'Round 3, table 2: locked',
    },
    {
      command: { type: 'unpairRound', division: 'A', round: 3 },
      line: 'Removed the pairings of round 3',
    },
    {
      command: { type: 'startRound', division: 'A', round: 3, at: T, absent: [3] },
      line: 'Started round 3 at 09:30:05 UTC; absent: Cy (#3)',
    },
    {
      command: { type: 'recordArrival', division: 'A', round: 3, player: 3, at: T + 600_000 },
      line: 'Round 3: Cy (#3) arrived at 09:40:05 UTC',
    },
    {
      command: {
        type: 'assignPenalty',
        division: 'A',
        player: 2,
        round: 3,
        points: 50,
        reason: 'slow play',
      },
      line: 'Round 3: Bob (#2) penalised 50 points of spread (slow play)',
    },
    {
      command: { type: 'issueWarning', division: 'A', player: 2, round: 3, reason: 'phone rang' },
      line: 'Round 3: warning to Bob (#2): phone rang',
    },
    {
      command: { type: 'overrideStarter', division: 'A', round: 3, table: 2, starter: 3 },
      line: 'Round 3, table 2: Cy (#3) starts (director’s choice)',
    },
    {
      command: {
        type: 'registerPlayer',
        division: 'A',
        player: { name: 'Fay', rating: 0, memberId: '', club: '' },
        firstRound: 3,
      },
      line: 'Registered Fay (unrated), from round 3 in division A',
    },
    {
      command: { type: 'changeRules', rules: rulesFromPreset('neon') },
      line: 'Changed the rules to NEON competition rules',
    },
  ])('$line', ({ command, line }) => {
    expect(describeCommand(command, state)).toBe(line)
  })

  test('without a state, players are named by number', () => {
    expect(
      describeCommand({ type: 'withdrawPlayer', division: 'A', player: 4, fromRound: 3 }),
    ).toBe('Withdrew #4 from round 3')
    expect(
      describeCommand({
        type: 'recordResult',
        division: 'A',
        round: 3,
        game: { players: [1, 5] },
        result: played([1, 5], [412, 398], nsa),
      }),
    ).toBe('Round 3: #1 412 – #5 398')
  })

  test.each([
    { ms: 0, text: '00:00:00 UTC' },
    { ms: Date.UTC(2026, 2, 14, 23, 59, 59, 999), text: '23:59:59 UTC' },
    { ms: -1000, text: '23:59:59 UTC' },
  ])('timeOfDay($ms) is $text', ({ ms, text }) => {
    expect(timeOfDay(ms)).toBe(text)
  })
})

describe('issue 13: the audit keeps an undone command and its undo', () => {
  const log = logOf(WORKED_EXAMPLE_LOG)
  const last = log.length - 1
  const withUndo = [
    ...log,
    {
      seq: log.length,
      at: '2026-03-14T12:00:00.000Z',
      desk: 'desk-a',
      command: { type: 'undo', seq: last },
    },
    { seq: log.length + 1, at: '2026-03-14T12:01:00.000Z', command: { type: 'redo', seq: last } },
    { seq: log.length + 2, at: '2026-03-14T12:02:00.000Z', command: { type: 'undo', seq: last } },
  ] satisfies LoggedCommand[]

  test('the undo and the redo name the command in its own words; the command is marked undone', () => {
    const described = describeLog(ID, withUndo)
    const target = described[last]
    expect(target).toMatchObject({ undoneBy: log.length + 2, target: null })
    expect(described[log.length]).toMatchObject({
      desk: 'desk-a',
      text: `Undid #${last + 1}: ${target?.text ?? ''}`,
      target: last,
    })
    expect(described[log.length + 1]?.text).toBe(`Redid #${last + 1}: ${target?.text ?? ''}`)
  })

  test('after an undone registration, later lines name the player who now has the number', () => {
    const commands: Command[] = [
      WORKED_EXAMPLE_LOG[0] as Command,
      { type: 'addDivision', name: 'A' },
      {
        type: 'registerPlayer',
        division: 'A',
        player: { name: 'Ann', rating: 0, memberId: '', club: '' },
      },
      {
        type: 'registerPlayer',
        division: 'A',
        player: { name: 'Bob', rating: 0, memberId: '', club: '' },
      },
      { type: 'undo', seq: 3 },
      {
        type: 'registerPlayer',
        division: 'A',
        player: { name: 'Cy', rating: 0, memberId: '', club: '' },
      },
      { type: 'checkIn', division: 'A', player: 2, day: '2026-03-14' },
    ]
    expect(describeLog(ID, logOf(commands)).at(-1)?.text).toBe('Cy (#2) checked in for 2026-03-14')
  })

  test.each<{ command: Command; place: string }>([
    { command: { type: 'addDivision', name: 'B' }, place: '' },
    {
      command: { type: 'checkIn', division: 'A', player: 1, day: '2026-03-14' },
      place: 'division A',
    },
    { command: { type: 'publishRound', division: 'B', round: 2 }, place: 'division B, round 2' },
  ])('an Undo button names where $command.type belongs: "$place"', ({ command, place }) => {
    expect(commandPlace(command)).toBe(place)
  })
})

describe('History described in pieces and from new commands equals the whole log described (issue 33)', () => {
  const options = { timeOfDay }

  /** A made-up event, then undos and redos of its commands at the end, as a desk gives them. */
  function eventWithUndos(
    players: number,
    rounds: number,
    seed: number,
    controls: readonly (readonly [boolean, number])[],
  ): readonly LoggedCommand[] {
    const log = [...generateLog({ players, rounds, seed, starts: 'given' })]
    const at = log[log.length - 1]?.at ?? '2026-03-14T10:00:00.000Z'
    for (const [redo, pick] of controls) {
      const seq = 1 + (pick % (log.length - 1))
      log.push({ seq: log.length, at, command: { type: redo ? 'redo' : 'undo', seq } })
    }
    return log
  }

  test('on the worked example and on random logs, followed as they grow, in random pieces', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 1000 }),
        fc.array(fc.tuple(fc.boolean(), fc.nat()), { maxLength: 6 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 8 }),
        (players, rounds, seed, controls, pieces) => {
          const logs = [logOf(WORKED_EXAMPLE_LOG), eventWithUndos(players, rounds, seed, controls)]
          for (const log of logs) {
            let held: DescribedLog | undefined
            let step = 0
            // The log grows by a piece at a time, and each time a piece more is described.
            for (let length = 0; !held || !describedAll(held) || length < log.length;) {
              const piece = pieces[step++ % pieces.length] ?? 1
              length = Math.min(log.length, length + piece)
              held = describeMore(held, ID, log.slice(0, length), options, piece)
            }
            expect(describedEntries(held)).toEqual(describeLog(ID, log, options))
          }
        },
      ),
      { numRuns: 60 },
    )
  })

  test('a log that is not the one described (another start) is described from its start', () => {
    const log = logOf(WORKED_EXAMPLE_LOG)
    const other = log.map((entry) => ({ ...entry }))
    const held = describeMore(undefined, ID, log, options)
    const again = describeMore(held, ID, other, options, 3)
    expect(again.texts).toHaveLength(3)
    expect(describedEntries(describeMore(again, ID, other, options))).toEqual(
      describeLog(ID, other, options),
    )
  })
})
