import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import { pairingContext } from './context'
import { matchPool, window } from './match-pool'
import { kothModel } from './models'
import type { PairingInput, PairingPlayer } from './types'

const player = (id: number, wins: number): PairingPlayer => ({
  id,
  name: `P${id}`,
  rating: 2000 - id,
  wins,
  losses: 3 - wins,
  spread: 0,
  rank: id,
  active: true,
  byes: 0,
  firsts: 0,
  seconds: 0,
})
const POOL = [player(1, 3), player(2, 2), player(3, 1), player(4, 0)]

function pairsOf(input: Partial<PairingInput>, mode?: 'strict' | 'as-needed') {
  const ctx = pairingContext({
    round: 4,
    system: 'koth',
    basedOn: 3,
    players: POOL,
    history: [],
    maxRepeats: 0,
    starts: { rules: rulesFromPreset('nsa1995') },
    ...input,
  })
  const matched = matchPool(ctx, POOL, kothModel(ctx, POOL), mode)
  if (matched === null) return null
  if (!matched.ok) return matched.error.code
  return {
    pairs: matched.value.pairs.map(([a, b]) => [a.id, b.id].sort()),
    overLimit: matched.value.overLimit,
  }
}

describe('one pool paired by a lexicographic minimum-cost matching', () => {
  test('window: positions i±1..i±k in pool order, nearest first', () => {
    expect([...window(2, 5, 2)]).toEqual([3, 1, 4, 0])
    expect([...window(0, 3, 3)]).toEqual([1, 2])
  })

  test.each([
    [
      'King of the Hill: 1 v 2, 3 v 4',
      {},
      [
        [1, 2],
        [3, 4],
      ],
      0,
    ],
    [
      '1 and 2 met and repeats are limited to none: the next best without a repeat',
      { history: [{ round: 1, pairs: [[1, 2]], byes: [] }] },
      [
        [1, 3],
        [2, 4],
      ],
      0,
    ],
    [
      'a do-not-pair pair (issue 10) is kept apart',
      { constraints: { avoid: [[1, 2]] } },
      [
        [1, 3],
        [2, 4],
      ],
      0,
    ],
  ] as const)('%s', (_name, input, pairs, overLimit) => {
    expect(pairsOf(input as Partial<PairingInput>)).toEqual({ pairs, overLimit })
  })

  test('over the repeat limit only when nothing else pairs: strict gives none, as-needed counts it', () => {
    const metAll = {
      history: [
        {
          round: 1,
          pairs: [
            [1, 2],
            [3, 4],
          ],
          byes: [],
        },
        {
          round: 2,
          pairs: [
            [1, 3],
            [2, 4],
          ],
          byes: [],
        },
        {
          round: 3,
          pairs: [
            [1, 4],
            [2, 3],
          ],
          byes: [],
        },
      ],
    } as Partial<PairingInput>
    expect(pairsOf(metAll, 'strict')).toBeNull()
    expect(pairsOf(metAll)).toMatchObject({ overLimit: 2 })
  })

  test('a player nobody may meet is named, not dropped', () => {
    const avoid = [
      [1, 2],
      [1, 3],
      [1, 4],
    ] as const
    expect(pairsOf({ constraints: { avoid } })).toBe('pairing.player.no-opponent')
  })
})
