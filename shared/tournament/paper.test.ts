import { describe, expect, test } from 'vitest'
import { readTournamentFile, writeTournamentFile } from '../formats/tournament-file'
import { ROLE_RIGHTS } from '../authority/roles'
import { apply } from './apply'
import type { Command } from './commands'
import { describeCommand } from './describe'
import { paperSizeOf } from './paper'
import { applyAll, create, ID, logOf, register } from './test-support/event'

/*
 * Issue 28: quick print (R, Shift+R, "Print round N…") always printed A4 and the Print screen
 * forgot Letter. The paper is now one event setting, in the log like every other.
 */
const setup: Command[] = [create('msa'), { type: 'addDivision', name: 'A' }, register('Ann')]
const state = applyAll(setup)

describe('the event’s paper size (issue 28)', () => {
  test('an event prints on A4 until the director chooses otherwise (every log before issue 28)', () => {
    expect(paperSizeOf(state)).toBe('A4')
    expect(state).not.toHaveProperty('paperSize')
  })

  test.each(['Letter', 'A4'] as const)('set to %s, every print path reads %s', (paperSize) => {
    const next = apply(state, { type: 'setPaperSize', paperSize }, ID)
    if (!next.ok) throw new Error(next.error.message)
    expect(paperSizeOf(next.value)).toBe(paperSize)
    // An event setting: the divisions are untouched.
    expect(next.value.divisions).toBe(state.divisions)
  })

  test('a size Rackside does not print on is refused with a code, not stored', () => {
    const next = apply(state, { type: 'setPaperSize', paperSize: 'A3' } as unknown as Command, ID)
    expect(next.ok ? null : next.error.code).toBe('tournament.paper-size.unknown')
  })

  test('History says what was chosen; only the director changes it on the venue network', () => {
    expect(describeCommand({ type: 'setPaperSize', paperSize: 'Letter' }, state)).toBe(
      'Paper size: Letter',
    )
    expect(ROLE_RIGHTS.setPaperSize).toEqual(['director'])
  })

  test('a saved file keeps the paper size, and a damaged one is named', () => {
    const log = logOf([...setup, { type: 'setPaperSize', paperSize: 'Letter' }])
    const read = readTournamentFile(writeTournamentFile(ID, log, '2026-03-14T18:00:00.000Z'))
    if (!read.ok) throw new Error(read.error.message)
    expect(paperSizeOf(read.value.state)).toBe('Letter')
    const text = writeTournamentFile(ID, log, '2026-03-14T18:00:00.000Z')
    const damaged = text.replace(/("paperSize":\s*)"Letter"/, '$1"Legal"')
    expect(damaged).not.toBe(text)
    const refused = readTournamentFile(damaged)
    expect(refused.ok ? null : refused.error.message).toMatch(/paperSize/)
  })
})
