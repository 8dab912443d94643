import { describe, expect, test } from 'vitest'
import { fold } from '../tournament/apply'
import type { Command, LoggedCommand } from '../tournament/commands'
import { create, logOf, played, register } from '../tournament/test-support/event'
import type { TournamentState } from '../tournament/types'
import { LOG_VERSION } from '../tournament/log-version'
import { pendingThatApply, withPending } from './pending'
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

describe('a desk shows its pending proposals as the authority will decide them (issue 27)', () => {
  const MORNING: Command[] = [create(), { type: 'addDivision', name: 'A' }, register('Ann')]
  const keyed = (name: string, key: string): Command => ({
    type: 'registerPlayer',
    division: 'A',
    player: { name, rating: 0, memberId: '', club: '' },
    key,
  })
  const checkIn = (player: number): Command => ({
    type: 'checkIn',
    division: 'A',
    player,
    day: '2026-03-14',
    keys: [{ player, key: 'k-cy' }],
  })
  const on = (length: number, id: string, command: Command): OutboxProposal => ({
    ...proposal(id, command),
    builtOn: { length, last: null },
  })

  test('Cy registered here as #2, checked in as #2; another desk’s Dee accepted meanwhile: shown as #3, checked in as #3', () => {
    const accepted = stateOf([...MORNING, keyed('Dee', 'k-dee')])
    const pending = [on(3, 'p1', keyed('Cy', 'k-cy')), on(3, 'p2', checkIn(2))]
    const shown = pendingThatApply(ID, accepted, pending, DESK)
    expect(shown.map((p) => p.command)).toEqual([keyed('Cy', 'k-cy'), checkIn(3)])
  })

  test('the same proposals with nothing accepted meanwhile are shown as typed', () => {
    const pending = [on(3, 'p1', keyed('Cy', 'k-cy')), on(3, 'p2', checkIn(2))]
    expect(pendingThatApply(ID, stateOf(MORNING), pending, DESK)).toEqual(pending)
  })

  test('a correction of a result another desk corrected meanwhile is not shown (it will be refused)', () => {
    const entered = [...paired, result(1, 400, 350)]
    const corrected: Command = {
      type: 'correctResult',
      division: 'A',
      round: 1,
      game: { table: 1 },
      result: played([1, 2], [401, 350]),
      replaces: played([1, 2], [400, 350]),
    }
    const other = { ...corrected, result: played([1, 2], [350, 400]) }
    const pending = [on(entered.length, 'p1', corrected)]
    expect(pendingThatApply(ID, stateOf(entered), pending, DESK)).toHaveLength(1)
    expect(pendingThatApply(ID, stateOf([...entered, other]), pending, DESK)).toEqual([])
  })

  test('a pairing built before commands the desk has not seen is not shown (authority.stale-head)', () => {
    const unpaired = paired.slice(0, -1)
    const pending = [on(unpaired.length, 'p1', pairing)]
    expect(pendingThatApply(ID, stateOf(unpaired), pending, DESK)).toHaveLength(1)
    expect(pendingThatApply(ID, stateOf([...unpaired, register('Eve')]), pending, DESK)).toEqual([])
  })
})

describe('what a desk shows: the accepted log with its pending commands on top, applied once (issue 27)', () => {
  test('nothing pending: the accepted log and its fold, as they are', () => {
    const accepted = stateOf(paired)
    const shown = withPending(ID, accepted, [], DESK)
    expect(shown.log).toBe(accepted.log)
    expect(shown.state).toBe(accepted.state)
  })

  test('the pending results that apply follow the accepted entries as this desk’s, and the fold has them', () => {
    const accepted = stateOf([...paired, result(1, 300, 299)])
    const pending = [proposal('p1', result(1, 400, 350)), proposal('p2', result(2, 410, 380))]
    const shown = withPending(ID, accepted, pending, DESK)
    expect(shown.shown.map((p) => p._id)).toEqual(['p2'])
    expect(shown.log.slice(accepted.log.length)).toEqual([
      {
        seq: accepted.log.length,
        at: '2026-03-14T10:00:00.000Z',
        desk: DESK,
        version: LOG_VERSION,
        command: result(2, 410, 380),
        proposal: 'p2',
      },
    ])
    const folded = fold(ID, shown.log)
    expect(folded.ok && folded.value).toEqual(shown.state)
  })

  test('a pending undo: the state is the whole shown log’s fold, the command it names cancelled', () => {
    const accepted = stateOf([...paired, result(1, 300, 299)])
    const undo = proposal('u1', { type: 'undo', seq: paired.length })
    const shown = withPending(ID, accepted, [undo], DESK)
    expect(accepted.state.divisions[0]?.rounds[0]?.results[0] ?? null).not.toBeNull()
    expect(shown.state?.divisions[0]?.rounds[0]?.results[0] ?? null).toBeNull()
    const folded = fold(ID, shown.log)
    expect(folded.ok && folded.value).toEqual(shown.state)
  })
})
