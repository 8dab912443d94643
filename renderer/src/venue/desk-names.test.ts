import { describe, expect, test } from 'vitest'
import { suggestedNames } from './desk-names'

describe('the names offered for waiting desks (issue 21: “Desk 2”, “Projector”)', () => {
  test.each([
    ['a first desk', [['A', 'results']], [], ['Desk 1']],
    ['a first projector', [['A', 'projector']], [], ['Projector']],
    ['issue 27: a check-in desk', [['A', 'check-in']], ['Desk 1'], ['Check-in 1']],
    ['after two approved desks', [['A', 'results']], ['Desk 1', 'Desk 2'], ['Desk 3']],
    ['a gap left by a revoked desk', [['A', 'results']], ['Desk 2'], ['Desk 1']],
    [
      'two waiting desks never share a name',
      [
        ['A', 'results'],
        ['B', 'results'],
      ],
      [],
      ['Desk 1', 'Desk 2'],
    ],
    ['a second projector', [['A', 'projector']], ['Projector'], ['Projector 2']],
    ['names compared as the director reads them', [['A', 'results']], [' desk 1 '], ['Desk 2']],
    [
      'desks and projectors numbered apart',
      [
        ['A', 'results'],
        ['B', 'projector'],
        ['C', 'results'],
      ],
      ['Desk 1'],
      ['Desk 2', 'Projector', 'Desk 3'],
    ],
  ] as const)('%s', (_name, requests, taken, expected) => {
    const names = suggestedNames(
      requests.map(([code, role]) => ({ code, role })),
      taken,
    )
    expect(requests.map(([code]) => names.get(code))).toEqual(expected)
  })
})
