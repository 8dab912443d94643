import type { Command } from '../../tournament/commands'
import { create, played, register } from '../../tournament/test-support/event'

/*
 * Issue 32's worked example of the tie-breaks: four players, two rounds, division A. The first
 * beat the second by 10 and lost to the third by 100; the second beat the fourth by 100. The first
 * two end on one win each, the second ahead on spread (+90 to −90), the first on total score (950
 * to 740), opponents' wins (3 to 1) and head-to-head.
 */
const GAMES = [
  { round: 1, players: [1, 2], scores: [450, 440] },
  { round: 1, players: [3, 4], scores: [500, 300] },
  { round: 2, players: [1, 3], scores: [500, 600] },
  { round: 2, players: [2, 4], scores: [300, 200] },
] as const

/** The event's commands, its players named `names` (ratings 1800, 1700, 1600, 1500). */
export function levelOnWinsEvent(names: readonly [string, string, string, string]): Command[] {
  const commands: Command[] = [
    create('nsa1995', 2),
    { type: 'addDivision', name: 'A' },
    ...names.map((name, i) => register(name, 1800 - 100 * i)),
  ]
  for (const round of [1, 2]) {
    const games = GAMES.filter((g) => g.round === round)
    commands.push({
      type: 'pairRound',
      division: 'A',
      round,
      system: 'manual',
      pairings: games.map((g, i) => ({ kind: 'game', table: i + 1, players: g.players })),
    })
    for (const [i, g] of games.entries()) {
      commands.push({
        type: 'recordResult',
        division: 'A',
        round,
        game: { table: i + 1 },
        result: played(g.players, g.scores),
      })
    }
  }
  return commands
}
