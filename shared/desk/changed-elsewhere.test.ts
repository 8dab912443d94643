import { describe, expect, test } from 'vitest'
import type { LoggedCommand } from '../tournament/commands'
import { ID, logOf, WORKED_EXAMPLE_LOG } from '../tournament/test-support/event'
import { describeLog } from '../tournament/describe'
import { changedElsewhere, changedElsewhereRefusal } from './changed-elsewhere'

const LOG = logOf(WORKED_EXAMPLE_LOG)
const words = describeLog(ID, LOG).map((e) => `#${e.seq + 1} ${e.text}`)

describe("what another window changed, in the log's words (issue 20)", () => {
  test.each([
    [
      'another desk added two commands',
      LOG.slice(0, 5),
      LOG.slice(0, 7),
      false,
      'changed',
      words.slice(5, 7),
      0,
    ],
    ['nothing new', LOG, LOG, false, 'changed', [], 0],
    ['replaced from a shorter file', LOG, LOG.slice(0, 3), true, 'replaced', [], LOG.length - 3],
    [
      'replaced with new commands after a shared start',
      LOG.slice(0, 6),
      [...LOG.slice(0, 4), ...LOG.slice(6, 7).map((e) => ({ ...e, seq: 4 }))] as LoggedCommand[],
      true,
      'replaced',
      1,
      2,
    ],
  ] as const)('%s', (_name, held, stored, replaced, reason, added, dropped) => {
    const change = changedElsewhere(ID, held, stored, replaced)
    expect(change.reason).toBe(reason)
    if (typeof added === 'number') expect(change.added).toHaveLength(added)
    else expect(change.added).toEqual(added)
    expect(change.dropped).toBe(dropped)
  })

  test.each([
    [
      { reason: 'changed', added: ['#6 Round 1: Ann beat Bob 420–380'], dropped: 0 },
      'Not saved. Another window changed this tournament first. New there: #6 Round 1: Ann beat Bob 420–380. The screen now shows the saved log: check it and enter again.',
    ],
    [
      { reason: 'replaced', added: [], dropped: 3 },
      'Not saved. This tournament was replaced from a file in another window. 3 command(s) seen here are gone. The screen now shows the saved log: check it and enter again.',
    ],
  ] as const)('the refusal says what changed: %j', (change, text) => {
    expect(changedElsewhereRefusal(change)).toBe(text)
  })
})
