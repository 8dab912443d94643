import { describe, expect, test } from 'vitest'
import type { DescribedEntry } from '../tournament/describe'
import { historyAction, type HistoryAction } from './history'

const entry = (fields: Partial<DescribedEntry>): DescribedEntry => ({
  seq: 5,
  at: '2026-03-14T10:00:00.000Z',
  desk: 'desk-a',
  text: 'Round 1, table 2: Ann 410 – Bob 380',
  undoneBy: null,
  target: null,
  ...fields,
})

describe('what History offers beside a command (issue 13, issue 20)', () => {
  test.each<[string, DescribedEntry, HistoryAction]>([
    ['this desk’s command in force: Undo', entry({}), 'undo'],
    ['another desk’s command: Undo once confirmed', entry({ desk: 'desk-b' }), 'confirm-undo'],
    ['a command of a log older than desks counts as anyone’s', entry({ desk: undefined }), 'undo'],
    ['a command an undo cancelled: Redo', entry({ undoneBy: 7 }), 'redo'],
    ['another desk’s undone command: Redo', entry({ desk: 'desk-b', undoneBy: 7 }), 'redo'],
    ['an undo itself: nothing', entry({ target: 3 }), 'none'],
    ['the tournament’s creation: nothing (the list deletes it)', entry({ seq: 0 }), 'none'],
  ])('%s', (_, described, action) => {
    expect(historyAction(described, 'desk-a')).toBe(action)
  })
})
