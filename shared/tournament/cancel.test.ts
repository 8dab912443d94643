import { describe, expect, test } from 'vitest'
import { cancelledSeqs } from './cancel'
import type { Command, LoggedCommand } from './commands'
import { create, register } from './test-support/event'

/** A log of `create`, three registrations, then the undos and redos given. */
function logWith(...controls: Command[]): LoggedCommand[] {
  const commands = [
    create(),
    { type: 'addDivision', name: 'A' } as const,
    register('Ann'),
    register('Bob'),
    ...controls,
  ]
  return commands.map((command, seq) => ({ seq, at: '2026-03-14T09:00:00.000Z', command }))
}
const undo = (seq: number): Command => ({ type: 'undo', seq })
const redo = (seq: number): Command => ({ type: 'redo', seq })

describe('which commands the undos cancel (issue 13: undo is a command too)', () => {
  test.each([
    ['no undo', [], []],
    ['an undo cancels its command', [undo(3)], [3]],
    ['a redo takes it back', [undo(3), redo(3)], []],
    ['undone again after a redo', [undo(3), redo(3), undo(3)], [3]],
    ['two commands undone', [undo(3), undo(2)], [2, 3]],
  ])('%s', (_name, controls, expected) => {
    const cancelled = cancelledSeqs(logWith(...controls))
    expect(cancelled.ok && [...cancelled.value].sort()).toEqual(expected)
  })

  test.each([
    ['an undo of a later command', [undo(9)], 'undo.target-missing', 4],
    ['an undo of a missing command', [undo(-1)], 'undo.target-missing', 4],
    ["the tournament's creation", [undo(0)], 'undo.not-undoable', 4],
    ['an undo of an undo', [undo(3), undo(4)], 'undo.not-undoable', 5],
    ['a command undone twice', [undo(3), undo(3)], 'undo.already-undone', 5],
    ['a redo of a command not undone', [redo(3)], 'redo.not-undone', 4],
    ['a redo of a fractional place', [undo(3), redo(3.5)], 'redo.target-missing', 5],
  ])('a damaged log is refused at the undo or redo: %s', (_name, controls, code, seq) => {
    const cancelled = cancelledSeqs(logWith(...controls))
    expect(cancelled.ok ? null : [cancelled.error.code, cancelled.error.seq]).toEqual([code, seq])
  })
})
