import { describe, expect, test } from 'vitest'
import {
  readTournamentFile,
  readTournamentFileSteps,
  writeTournamentFile,
} from '../../../shared/formats/tournament-file'
import { inSlices } from './in-slices'
import { registrationsLog } from './test-support/registrations-log'

/** Steps that each take `cost` ms of a made-up clock, recording the clock at each step. */
function* timed(clock: { t: number }, count: number, cost: number, seen: number[]) {
  for (let i = 0; i < count; i++) {
    clock.t += cost
    seen.push(clock.t)
    yield
  }
  return 'done'
}

describe('inSlices: steps run a slice of the page at a time (issue 33)', () => {
  test('every step runs, in order, and the answer is the steps’ own', async () => {
    const clock = { t: 0 }
    const seen: number[] = []
    expect(await inSlices(timed(clock, 10, 7, seen), 20, () => clock.t)).toBe('done')
    expect(seen).toEqual([7, 14, 21, 28, 35, 42, 49, 56, 63, 70])
  })

  test('the page gets its turn between slices: a timer set before runs before the last step', async () => {
    const clock = { t: 0 }
    const seen: number[] = []
    const between: number[] = []
    setTimeout(() => between.push(seen.length), 0)
    await inSlices(timed(clock, 10, 7, seen), 20, () => clock.t)
    // Three steps a slice (21 ms reaches the budget of 20): the timer ran after a slice, not at the end.
    expect(between).toHaveLength(1)
    expect(between[0]).toBeLessThan(10)
  })

  test('a tournament file read in slices is the file read at once', async () => {
    const log = registrationsLog(600)
    const text = writeTournamentFile('slices', log, '2026-03-16T18:00:00.000Z')
    expect(await inSlices(readTournamentFileSteps(text), 1)).toEqual(readTournamentFile(text))
  })
})
