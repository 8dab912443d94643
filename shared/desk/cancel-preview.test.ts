import { describe, expect, test } from 'vitest'
import type { Command } from '../tournament/commands'
import { create, ID, logOf, register } from '../tournament/test-support/event'
import { previewCancel } from './cancel-preview'

const AT = '2026-03-14T10:00:00.000Z'
const A: Command = { type: 'addDivision', name: 'A' }
const B: Command = { type: 'addDivision', name: 'B' }
/** A penalty this version refuses (issue 28: more points than any game), as an older copy stored it. */
const hugePenalty = (player: number): Command => ({
  type: 'assignPenalty',
  division: 'A',
  player,
  round: 1,
  points: 1e300,
  reason: 'typo',
})
const badRating = (name: string, division = 'A'): Command => ({
  type: 'registerPlayer',
  division,
  player: { name, rating: 99_999, memberId: '', club: '' },
})

describe('issue 28: what "Cancel command N" in the recovery view would do, said before the click', () => {
  test.each([
    {
      case: 'a refused penalty with nothing after it depending on it',
      commands: [create(), A, register('Ann'), register('Bob'), hugePenalty(1), register('Cy')],
      seq: 4,
      expected: { outcome: 'opens' },
    },
    {
      case: 'a refused registration with players registered after it in its division',
      commands: [create(), A, register('Ann'), badRating('Bad'), register('Cy'), register('Di')],
      seq: 3,
      expected: { outcome: 'renumbers', division: 'A', later: 2 },
    },
    {
      case: 'a refused registration followed only by another division’s',
      commands: [create(), A, B, register('Ann'), badRating('Bad'), register('Bo', 0, 'B')],
      seq: 4,
      expected: { outcome: 'opens' },
    },
    {
      case: 'a refused penalty with another refused after it',
      commands: [create(), A, register('Ann'), hugePenalty(1), register('Bo'), hugePenalty(2)],
      seq: 3,
      expected: { outcome: 'stops-later', seq: 5 },
    },
    {
      case: 'the creation',
      commands: [create(), A],
      seq: 0,
      expected: { outcome: 'not-cancellable' },
    },
  ])('$case: $expected.outcome', ({ commands, seq, expected }) => {
    expect(previewCancel(ID, logOf(commands), seq, AT)).toMatchObject(expected)
  })

  test('the later stop comes with its refusal, for the view to word', () => {
    const log = logOf([create(), A, register('Ann'), hugePenalty(1), hugePenalty(1)])
    const preview = previewCancel(ID, log, 3, AT)
    expect(preview).toMatchObject({
      outcome: 'stops-later',
      seq: 4,
      error: { code: 'penalty.points-invalid' },
    })
  })
})
