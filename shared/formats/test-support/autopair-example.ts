/**
 * One config.tsh with autopair lines and a `.t` file, and the plan both imports must give it
 * (issue 18): the app's import (renderer/src/files/exchange.test.ts) and the CLI's convert
 * (electron/cli/autopair-import.test.ts) each check against this same example, so the two
 * cannot drift apart without one of them failing.
 */
import type { PlanStep } from '../../tournament/types'

export const AUTOPAIR_EXAMPLE = {
  config: [
    'division A a.t',
    'config max_rounds = 6',
    // tsh's InitFontes over 3 rounds, NewSwiss with one repeat, and a command with no system.
    'autopair A 0 1 if 3 A',
    'autopair A 3 4 ns 1 3 A',
    'autopair A 4 5 ns 1 4 A',
    'autopair A 5 6 pair1324 5 A',
  ].join('\n'),
  tFile: 'Ann 1800 2; 400\nBob 1700 1; 350\n',
  plan: [
    { fromRound: 1, system: 'fontes', basedOn: 'previous', maxRepeats: null },
    { fromRound: 4, system: 'swiss', basedOn: 'previous', maxRepeats: 1 },
    { fromRound: 6, system: 'manual', basedOn: 'previous', maxRepeats: 0 },
  ] satisfies readonly PlanStep[],
  /** The line not mapped, reported by both with its line number and words. */
  reportedLine: 6,
  reportedWords: 'autopair A 5 6 pair1324 5 A',
} as const
