import { describe, expect, test } from 'vitest'
import { fold } from '../tournament/apply'
import type { Command, LoggedCommand } from '../tournament/commands'
import { create, logOf, played, register } from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { pendingThatApply } from './pending'
import type { OutboxProposal } from './protocol'

const ID = 't-1'
const DESK = 'desk-a'
const pairing: Command = {
  type: 'pairRound',
  division: 'A',
  round: 1,
  pairings: [
    { kind: 'game', table: 1, players: [1, 2] },
    { kind: 'game', table: 2, players: [3, 4] },
  ],
}
const result = (table: number, a: number, b: number): Command => ({
  type: 'recordResult',
  division: 'A',
  round: 1,
  game: { table },
  result: played([2 * table - 1, 2 * table], [a, b]),
})

/** The accepted log a desk holds, and its fold. */
function stateOf(commands: readonly Command[]): {
  log: readonly LoggedCommand[]
  state: TournamentState
} {
  const log = logOf(commands)
  const folded = fold(ID, log)
  if (!folded.ok || folded.value === undefined) throw new Error('the worked event does not fold')
  return { log, state: folded.value }
}

const paired: Command[] = [
  create(),
  { type: 'addDivision', name: 'A' },
  ...[1, 2, 3, 4].map((n) => register(`Player ${String(n)}`)),
  pairing,
]

const proposal = (id: string, command: Command): OutboxProposal => ({
  _id: id,
  type: 'proposal',
  order: 0,
  builtOn: { length: paired.length, last: null },
  command,
  madeAt: '2026-03-14T10:00:00.000Z',
})

describe('pending proposals a desk shows (issue 21: a clash is refused with its reason)', () => {
  test.each([
    ['nothing accepted meanwhile: every pending result shows', paired, ['p1', 'p2']],
    [
      'another desk’s result for table 1 accepted first: this desk’s table 1 is left out',
      [...paired, result(1, 300, 299)],
      ['p2'],
    ],
  ])('%s', (_case, accepted, shown) => {
    const pending = [proposal('p1', result(1, 400, 350)), proposal('p2', result(2, 410, 380))]
    expect(pendingThatApply(ID, stateOf(accepted), pending, DESK).map((p) => p._id)).toEqual(shown)
  })

  test('the second of two pending results for one table is left out (each on the state before)', () => {
    const pending = [proposal('p1', result(1, 400, 350)), proposal('p2', result(1, 401, 350))]
    expect(pendingThatApply(ID, stateOf(paired), pending, DESK).map((p) => p._id)).toEqual(['p1'])
  })

  test('an undo is shown as proposed', () => {
    const undo = proposal('u1', { type: 'undo', seq: 3 })
    expect(pendingThatApply(ID, stateOf(paired), [undo], DESK)).toEqual([undo])
  })
})
