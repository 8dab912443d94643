import { describe, expect, test } from 'vitest'
import { ratingSystemFor } from '../ratings/division-ratings'
import { checkLog, readTournamentFile, writeTournamentFile } from '../formats/tournament-file'
import { apply, fold } from './apply'
import type { Command } from './commands'
import { describeCommand } from './describe'
import { commandRound } from './log'
import { applyAll, create, deepFreeze, ID, logOf, register } from './test-support/event'

const setup: readonly Command[] = [
  create('nsa1995', 12),
  { type: 'addDivision', name: 'A' },
  { type: 'addDivision', name: 'B' },
  register('Ann', 1739),
  register('Bob', 1588),
]
const state = deepFreeze(applyAll(setup))

describe('setRatingSystem: the director chooses how a division is rated (issue 22)', () => {
  test.each([
    { why: 'tsh’s rating_system nsa2008', system: 'nsa2008', A: 'nsa2008', B: 'nsa' },
    { why: 'WESPA for an international division', system: 'wespa', A: 'wespa', B: 'nsa' },
    { why: '“none”: the division is not rated', system: 'none', A: 'none', B: 'nsa' },
    {
      why: 'null: back to the preset’s default (NSA 1995 → nsa)',
      system: null,
      A: 'nsa',
      B: 'nsa',
    },
  ] as const)('$why', ({ system, A, B }) => {
    const next = apply(state, { type: 'setRatingSystem', division: 'A', system }, ID)
    if (!next.ok) throw new Error(next.error.message)
    expect(ratingSystemFor(next.value, 'A')).toBe(A)
    expect(ratingSystemFor(next.value, 'B')).toBe(B)
    // Only division A was touched: B is the very same object (apply copies what it changes).
    expect(next.value.divisions[1]).toBe(state.divisions[1])
  })

  test('null forgets the choice, so the division follows a later change of rules', () => {
    const chosen = applyAll([...setup, { type: 'setRatingSystem', division: 'A', system: 'aus' }])
    const forgotten = apply(chosen, { type: 'setRatingSystem', division: 'A', system: null }, ID)
    if (!forgotten.ok) throw new Error(forgotten.error.message)
    expect(forgotten.value.divisions[0]).not.toHaveProperty('ratingSystem')
  })

  test.each([
    {
      why: 'a name tsh has but Rackside does not estimate (glixo)',
      command: { type: 'setRatingSystem', division: 'A', system: 'glixo' },
      code: 'division.rating-system.unknown',
    },
    {
      why: 'a division that does not exist',
      command: { type: 'setRatingSystem', division: 'C', system: 'nsa2008' },
      code: 'division.missing',
    },
  ])('refused: $why', ({ command, code }) => {
    const next = apply(state, command as Command, ID)
    expect(next.ok ? null : next.error.code).toBe(code)
  })

  test('undone like any command: the fold without it has the default again', () => {
    const commands: Command[] = [
      ...setup,
      { type: 'setRatingSystem', division: 'A', system: 'naspa-csw' },
    ]
    const log = [
      ...logOf(commands),
      {
        seq: commands.length,
        at: '2026-03-14T10:00:00.000Z',
        command: { type: 'undo', seq: commands.length - 1 },
      } as const,
    ]
    const withIt = fold(ID, logOf(commands))
    const undone = fold(ID, log)
    if (!withIt.ok || !withIt.value || !undone.ok || !undone.value) throw new Error('no fold')
    expect(ratingSystemFor(withIt.value, 'A')).toBe('naspa-csw')
    expect(ratingSystemFor(undone.value, 'A')).toBe('nsa')
  })

  test.each([
    {
      command: { type: 'setRatingSystem', division: 'A', system: 'nsa2008' } as const,
      text: 'Rating system in division A: NASPA (2008 formula)',
    },
    {
      command: { type: 'setRatingSystem', division: 'B', system: null } as const,
      text: 'Rating system in division B: the preset’s default',
    },
  ])('History says “$text”, about no round', ({ command, text }) => {
    expect(describeCommand(command, state)).toBe(text)
    expect(commandRound(command)).toBeNull()
  })

  test('the tournament file keeps it, and refuses a system it does not know', () => {
    const commands: Command[] = [
      ...setup,
      { type: 'setRatingSystem', division: 'A', system: 'wespa' },
      { type: 'setRatingSystem', division: 'B', system: null },
    ]
    const text = writeTournamentFile(ID, logOf(commands), '2026-03-14T18:00:00.000Z')
    const read = readTournamentFile(text)
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value.log.map((e) => e.command)).toEqual(commands)
    expect(ratingSystemFor(read.value.state, 'A')).toBe('wespa')

    const bad = JSON.parse(JSON.stringify(logOf(commands))) as { command: { system: string } }[]
    const last = bad[bad.length - 2]
    if (last) last.command.system = 'glixo'
    const checked = checkLog(ID, bad)
    expect(checked.ok).toBe(false)
  })
})
