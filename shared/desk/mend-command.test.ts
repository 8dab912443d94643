import { describe, expect, test } from 'vitest'
import type { GameResult } from '../results/game-result'
import { fold } from '../tournament/apply'
import type { Command, LoggedCommand } from '../tournament/commands'
import { describeLog } from '../tournament/describe'
import { stateAsOfRound } from '../tournament/log'
import { create, ID, logOf, pairTwoTables, register } from '../tournament/test-support/event'
import { mendForm, mendFromForm, mendOf, previewMend } from './mend-command'

const AT = '2026-03-14T10:00:00.000Z'
const A: Command = { type: 'addDivision', name: 'A' }
const pair = pairTwoTables()
/** A played game as an older copy stored it, unchecked: 4120 is no score any game ends with. */
const slip = (
  players: readonly [number, number],
  scores: readonly [number, number],
): GameResult => ({
  kind: 'played',
  players,
  rawScores: scores,
  overtimeSeconds: [0, 0],
  scores,
})
const result = (table: number, scores: readonly [number, number]): Command => ({
  type: 'recordResult',
  division: 'A',
  round: 1,
  game: { table },
  result: slip(table === 1 ? [1, 2] : [3, 4], scores),
})
const four = [register('Ann'), register('Bob'), register('Cy'), register('Di')]

/** The log's command at `seq` with the form's fields typed as `typed` says. */
function mended(
  log: readonly LoggedCommand[],
  seq: number,
  typed: Partial<Record<string, string>>,
): Command {
  const command = log[seq]?.command
  if (command === undefined) throw new Error(`no command ${seq}`)
  const texts = Object.fromEntries(mendForm(command).map(({ field, text }) => [field.id, text]))
  const next = mendFromForm(command, { ...texts, ...typed })
  if (!next.ok) throw new Error(next.error.message)
  return next.value
}

const withMend = (
  log: readonly LoggedCommand[],
  seq: number,
  command: Command,
): LoggedCommand[] => [...log, { seq: log.length, at: AT, command: mendOf(seq, command) }]

describe('issue 28 (Files and faults 5): the recovery view mends one field of the failing command', () => {
  test.each([
    {
      case: 'an impossible score mended',
      commands: [create(), A, ...four, pair, result(1, [4120, 350]), result(2, [400, 380])],
      seq: 7,
      typed: { 'result.rawScores.0': '412' },
      expected: { outcome: 'opens' },
    },
    {
      case: 'a bad name mended (an empty name), the players after it registered too',
      commands: [create(), A, register('Ann'), register(' '), register('Cy'), register('Di')],
      seq: 3,
      typed: { 'player.name': 'Bob' },
      expected: { outcome: 'opens' },
    },
    {
      case: 'a mend that still stops later, at the next impossible score',
      commands: [create(), A, ...four, pair, result(1, [4120, 350]), result(2, [4000, 380])],
      seq: 7,
      typed: { 'result.rawScores.0': '412' },
      expected: { outcome: 'stops-later', seq: 8, error: { code: 'score.out-of-range' } },
    },
    {
      case: 'a mend that leaves the command refused',
      commands: [create(), A, ...four, pair, result(1, [4120, 350])],
      seq: 7,
      typed: { 'result.rawScores.0': '5120' },
      expected: { outcome: 'still-refused', error: { code: 'score.out-of-range' } },
    },
  ])('$case: $expected.outcome', ({ commands, seq, typed, expected }) => {
    const log = logOf(commands)
    expect(previewMend(ID, log, seq, mended(log, seq, typed), AT)).toMatchObject(expected)
  })

  test('a mend of a registration keeps every later player’s number and result', () => {
    const log = logOf([
      create(),
      A,
      register('Ann'),
      register(' '),
      register('Cy'),
      register('Di'),
      pair,
      result(1, [400, 350]),
      result(2, [420, 300]),
    ])
    expect(fold(ID, log).ok).toBe(false)
    const folded = fold(ID, withMend(log, 3, mended(log, 3, { 'player.name': 'Bob' })))
    if (!folded.ok) throw new Error(folded.error.message)
    const players = folded.value?.divisions[0]?.players ?? []
    expect(players.map((p) => `${p.id} ${p.name}`)).toEqual(['1 Ann', '2 Bob', '3 Cy', '4 Di'])
    expect(folded.value?.divisions[0]?.rounds[0]?.results).toHaveLength(2)
  })

  test('the mended score folds with its overtime penalty kept, every later result with it', () => {
    const log = logOf([create(), A, ...four, pair, result(1, [4120, 350]), result(2, [400, 380])])
    const folded = fold(ID, withMend(log, 7, mended(log, 7, { 'result.rawScores.0': '412' })))
    if (!folded.ok) throw new Error(folded.error.message)
    const results = folded.value?.divisions[0]?.rounds[0]?.results ?? []
    expect(results.map((r) => r?.result)).toMatchObject([
      { rawScores: [412, 350], scores: [412, 350] },
      { rawScores: [400, 380] },
    ])
  })

  test('History says what the mend changed; the command as stored keeps its own line', () => {
    const log = logOf([create(), A, ...four, pair, result(1, [4120, 350])])
    const lines = describeLog(ID, withMend(log, 7, mended(log, 7, { 'result.rawScores.0': '412' })))
    expect(lines.at(-1)?.text).toBe('Command 8 mended: score of #1 4120 → 412')
    expect(lines.at(-2)?.text).toContain('4120')
  })

  test('the event as it stood after round 1 is read with the mend given after round 2 was paired', () => {
    const log = logOf([
      create(),
      A,
      ...four,
      pair,
      result(1, [4120, 350]),
      result(2, [400, 380]),
      pairTwoTables(2),
    ])
    const asOf = stateAsOfRound(
      ID,
      withMend(log, 7, mended(log, 7, { 'result.rawScores.0': '412' })),
      1,
    )
    if (!asOf.ok) throw new Error(asOf.error.message)
    expect(asOf.value?.divisions[0]?.rounds).toHaveLength(1)
    expect(asOf.value?.divisions[0]?.rounds[0]?.results).toHaveLength(2)
  })

  test.each([
    {
      case: 'a word for a number',
      typed: { 'result.rawScores.0': '41a' },
      code: 'mend.not-a-number',
    },
    { case: 'an empty score', typed: { 'result.rawScores.1': '' }, code: 'mend.not-a-number' },
  ])('the form refuses $case, naming the field', ({ typed, code }) => {
    const command = result(1, [4120, 350])
    const texts = Object.fromEntries(mendForm(command).map(({ field, text }) => [field.id, text]))
    expect(mendFromForm(command, { ...texts, ...typed })).toMatchObject({
      ok: false,
      error: { code },
    })
  })

  test.each([
    { case: 'the undo', seq: 4, command: { type: 'undo', seq: 3 } as Command },
    { case: 'a command of another type', seq: 3, command: register('Bob') },
  ])('$case is not mended here', ({ seq, command }) => {
    const log = logOf([
      create(),
      A,
      register('Ann'),
      { type: 'addDivision', name: 'B' },
      { type: 'undo', seq: 3 },
    ])
    expect(previewMend(ID, log, seq, command, AT)).toEqual({ outcome: 'not-mendable' })
  })

  test('a stored mend of another type stops the log at the mend', () => {
    const log = logOf([create(), A, register('Ann'), { type: 'addDivision', name: 'B' }])
    const folded = fold(ID, withMend(log, 3, register('Bob')))
    expect(folded).toMatchObject({ ok: false, error: { code: 'mendCommand.other-type', seq: 4 } })
  })
})
