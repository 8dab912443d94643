import type { Command } from '../commands'
import { create, played, register } from './event'

const A: Command = { type: 'addDivision', name: 'A' }
const B: Command = { type: 'addDivision', name: 'B' }

/**
 * Two divisions after round 2: A (Ann, Bob, Cy, Dan) and B (Eve, Fay, Gus, a bye each round).
 * Bob beat Ann by 40 and lost to Cy by 20: 1–1 +20, third in A.
 */
export const twoRounds: readonly Command[] = [
  create('nsa1995', 4),
  A,
  B,
  register('Ann', 1800),
  register('Bob', 1700),
  register('Cy', 1600),
  register('Dan', 1500),
  register('Eve', 1400, 'B'),
  register('Fay', 1300, 'B'),
  register('Gus', 1200, 'B'),
  ...[1, 2].flatMap((round): Command[] => [
    {
      type: 'pairRound',
      division: 'A',
      round,
      pairings:
        round === 1
          ? [
              { kind: 'game', table: 1, players: [1, 2] },
              { kind: 'game', table: 2, players: [3, 4] },
            ]
          : [
              { kind: 'game', table: 1, players: [2, 3] },
              { kind: 'game', table: 2, players: [1, 4] },
            ],
    },
    {
      type: 'recordResult',
      division: 'A',
      round,
      game: { table: 1 },
      result: round === 1 ? played([1, 2], [360, 400]) : played([2, 3], [380, 400]),
    },
    {
      type: 'recordResult',
      division: 'A',
      round,
      game: { table: 2 },
      result: round === 1 ? played([3, 4], [410, 400]) : played([1, 4], [450, 350]),
    },
    {
      type: 'pairRound',
      division: 'B',
      round,
      pairings: [
        { kind: 'game', table: 3, players: round === 1 ? [1, 2] : [1, 3] },
        { kind: 'bye', player: round === 1 ? 3 : 2 },
      ],
    },
    {
      type: 'recordResult',
      division: 'B',
      round,
      game: { table: 3 },
      result: round === 1 ? played([1, 2], [400, 300]) : played([1, 3], [350, 400]),
    },
  ]),
]
