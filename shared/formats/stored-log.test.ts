import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { LoggedCommand } from '../tournament/commands'
import { ID, logOf, WORKED_EXAMPLE_LOG } from '../tournament/test-support/event'
import { generateLog } from '../tournament/test-support/generate-log'
import { foldStoredLog, storedHoldsLast, type HeldLog } from './stored-log'
import { checkLog } from './tournament-file'

const LOG = logOf(WORKED_EXAMPLE_LOG)

/** What a window holds after reading the first `n` commands in generation `generation`. */
function held(log: readonly LoggedCommand[], n: number, generation = 1): HeldLog {
  const read = checkLog(ID, log.slice(0, n))
  if (!read.ok) throw new Error(read.error.message)
  return { ...read.value, generation }
}

const undo = (seq: number, target: number): LoggedCommand => ({
  seq,
  at: '2026-03-14T12:00:00.000Z',
  command: { type: 'undo', seq: target },
})

describe('a stored log read again after another window changed it (issue 20)', () => {
  const nothing: HeldLog = { log: [], state: undefined, generation: 1 }
  test.each([
    ['first load: nothing held', LOG, nothing, 1],
    ['another desk appended commands', LOG, held(LOG, 5), 1],
    ['nothing new', LOG, held(LOG, LOG.length), 1],
    [
      'an undo appended elsewhere: folded again',
      [...LOG, undo(LOG.length, 5)],
      held(LOG, LOG.length),
      1,
    ],
    ['the log replaced from a file (a new generation)', LOG, held(LOG, 5), 2],
    ['a shorter log than the one held', LOG.slice(0, 4), held(LOG, 6), 1],
  ] as const)('%s: the same log and state as reading it afresh', (_name, stored, window, gen) => {
    expect(foldStoredLog(ID, stored, gen, window)).toEqual(checkLog(ID, stored))
  })

  test('a damaged new command is named, and what was read before it is kept', () => {
    const stored = [...LOG.slice(0, 6), { seq: 6, at: 'x', command: { type: 'teleport' } }]
    const read = foldStoredLog(ID, stored, 1, held(LOG, 6))
    expect(read.ok ? null : [read.error.kind, read.error.seq, read.error.readable.length]).toEqual([
      'unknown',
      6,
      6,
    ])
  })

  test.each([
    ['the same last command', LOG, LOG.slice(0, 5), true],
    ['another command at that place', LOG, [...LOG.slice(0, 4), LOG[5]!], false],
    ['the stored log is shorter', LOG.slice(0, 3), LOG.slice(0, 5), false],
    ['a damaged row at that place', [...LOG.slice(0, 4), { seq: 4 }], LOG.slice(0, 5), false],
    ['nothing held', LOG, [], false],
  ] as const)('storedHoldsLast: %s → %s', (_name, stored, window, expected) => {
    expect(storedHoldsLast(stored, window)).toBe(expected)
  })

  test('property: on random events, building on any held prefix gives the fresh reading', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (players, rounds, seed, cut) => {
          const log = generateLog({ players, rounds, seed, starts: 'given' })
          const n = Math.floor(cut * log.length)
          expect(foldStoredLog(ID, log, 1, held(log, n))).toEqual(checkLog(ID, log))
        },
      ),
      { numRuns: 60 },
    )
  })
})
