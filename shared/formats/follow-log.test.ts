import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { fold } from '../tournament/apply'
import type { LoggedCommand } from '../tournament/commands'
import { generateLog } from '../tournament/test-support/generate-log'
import type { TournamentState } from '../tournament/types'
import { followLog, tailAfter, type HeldLog } from './follow-log'

const ID = 'follow'
// 8 players, 3 rounds: registrations, then each round's pairing and 4 results (26 commands).
const LOG = generateLog({ players: 8, rounds: 3, seed: 19, starts: 'given' })

function stateOf(log: readonly LoggedCommand[]): TournamentState {
  const folded = fold(ID, log)
  if (!folded.ok || folded.value === undefined) throw new Error('the test log does not fold')
  return folded.value
}

function held(length: number, generation = 0): HeldLog {
  const log = LOG.slice(0, length)
  return { log, state: stateOf(log), generation }
}

/** What `readFrom(id, tailAfter(held))` returns from a stored log. */
function tailOf(window: HeldLog, stored: readonly unknown[], generation = 0) {
  return { log: stored.slice(tailAfter(window) + 1), generation }
}

const undoLast = (log: readonly LoggedCommand[]): LoggedCommand => ({
  seq: log.length,
  at: '2026-03-14T10:00:00.000Z',
  command: { type: 'undo', seq: log.length - 1 },
})

describe('following a stored log from the commands after the last one held (issue 19)', () => {
  test.each([
    { case: 'one new result', from: LOG.length - 1, added: 1 },
    { case: 'two whole rounds paired and played', from: LOG.length - 5 - 5, added: 10 },
    { case: 'nothing new', from: LOG.length, added: 0 },
  ])('$case: applied to the held state, no refold', ({ from, added }) => {
    const window = held(from)
    const followed = followLog(ID, window, tailOf(window, LOG))
    expect(followed).toEqual({
      ok: true,
      value: { kind: 'followed', log: LOG, state: stateOf(LOG), added, refolded: false },
    })
  })

  test('an undo among the new commands changes history: the whole log is folded again', () => {
    const stored = [...LOG, undoLast(LOG)]
    const window = held(LOG.length)
    const followed = followLog(ID, window, tailOf(window, stored))
    expect(followed.ok && followed.value).toMatchObject({ kind: 'followed', refolded: true })
    expect(followed.ok && followed.value.kind === 'followed' && followed.value.state).toEqual(
      stateOf(stored),
    )
    // The undone result is gone from the state the window shows.
    expect(stateOf(stored)).not.toEqual(stateOf(LOG))
  })

  test.each([
    {
      case: 'a log replaced from a file (another generation)',
      tail: (w: HeldLog) => tailOf(w, LOG, 1),
    },
    {
      case: 'a stored last command other than the one held',
      tail: (w: HeldLog) => {
        const stored = [...LOG]
        const at = w.log.length - 1
        stored[at] = { ...(LOG[at] as LoggedCommand), at: '2026-03-15T09:00:00.000Z' }
        return tailOf(w, stored)
      },
    },
    { case: 'a log shorter than the one held', tail: () => ({ log: [], generation: 0 }) },
  ])('$case: reload the whole log', ({ tail }) => {
    const window = held(LOG.length - 3)
    expect(followLog(ID, window, tail(window))).toEqual({ ok: true, value: { kind: 'reload' } })
  })

  test('a window that holds nothing yet reloads', () => {
    const empty: HeldLog = { log: [], state: undefined, generation: 0 }
    expect(followLog(ID, empty, { log: LOG, generation: 0 })).toEqual({
      ok: true,
      value: { kind: 'reload' },
    })
  })

  test('a damaged new command is named by its seq, with what was readable before it', () => {
    const window = held(LOG.length - 2)
    const stored: unknown[] = [...LOG]
    stored[LOG.length - 1] = { ...LOG[LOG.length - 1], command: { type: 'teleport' } }
    const followed = followLog(ID, window, tailOf(window, stored))
    expect(!followed.ok && followed.error).toMatchObject({
      seq: LOG.length - 1,
      kind: 'unknown',
      type: 'teleport',
    })
    expect(!followed.ok && followed.error.readable).toHaveLength(LOG.length - 1)
  })

  test('a new command that does not apply is named as a full load names it', () => {
    const window = held(LOG.length)
    // The last result entered again: the game already has one (a second desk's stale entry).
    const last = LOG.at(-1) as LoggedCommand
    const stored = [...LOG, { ...last, seq: LOG.length }]
    const followed = followLog(ID, window, tailOf(window, stored))
    expect(!followed.ok && followed.error).toMatchObject({ seq: LOG.length, kind: 'fold' })
  })

  test('property: following from any held prefix, in any steps, gives the fold of the whole log', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: LOG.length }),
        fc.array(fc.integer({ min: 1, max: LOG.length }), { maxLength: 4 }),
        (start, cuts) => {
          let window = held(start)
          for (const cut of [...cuts.sort((a, b) => a - b), LOG.length]) {
            if (cut < window.log.length) continue
            const followed = followLog(ID, window, tailOf(window, LOG.slice(0, cut)))
            if (!followed.ok || followed.value.kind !== 'followed') return false
            window = { ...followed.value, generation: 0 }
          }
          expect(window.state).toEqual(stateOf(LOG))
          return true
        },
      ),
      { numRuns: 40 },
    )
  })
})
