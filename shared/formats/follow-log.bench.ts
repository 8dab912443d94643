import { bench, describe } from 'vitest'
import { pairingsAlphabetical, pairingsByTable } from '../reports/pairings'
import { standingsReport } from '../reports/standings-report'
import { fold } from '../tournament/apply'
import type { LoggedCommand } from '../tournament/commands'
import { generateLog } from '../tournament/test-support/generate-log'
import { followLog, tailAfter, type HeldLog } from './follow-log'

/*
 * Issue 19/20: a projector (or a second desk) follows a 2000-player, 20-round event. Before, every
 * result re-read and re-folded the whole stored log (0.7 s at 2000 players). Target: one new result
 * followed, and the panels the projector shows rebuilt, in under 100 ms. A venue desk whose own
 * pending result comes back accepted follows its accepted log the same way (issue 27).
 */
const log = generateLog({
  players: 2000,
  rounds: 20,
  seed: 20261126,
  starts: 'given',
  publish: true,
})
const lastResult = log.length - 1
const heldLog = log.slice(0, lastResult)
const folded = fold('bench', heldLog)
if (!folded.ok || folded.value === undefined) throw new Error('the generated log does not fold')
const held: HeldLog = { log: heldLog, state: folded.value, generation: 0 }
// What readFrom(id, tailAfter(held)) gives: the held last command again, then the new result.
const tail = { log: log.slice(tailAfter(held) + 1) as readonly LoggedCommand[], generation: 0 }

describe(`the projector follows one new result, 2000 players x 20 rounds (${log.length} commands): target < 100 ms`, () => {
  bench('followLog: check and apply the new command only', () => {
    const followed = followLog('bench', held, tail)
    if (!followed.ok || followed.value.kind !== 'followed') throw new Error('not followed')
  })

  bench('followLog, then the pairings and standings the projector shows, rebuilt', () => {
    const followed = followLog('bench', held, tail)
    if (!followed.ok || followed.value.kind !== 'followed') throw new Error('not followed')
    const state = followed.value.state
    pairingsByTable(state, 'A', 20)
    pairingsAlphabetical(state, 'A', 20)
    standingsReport(state, 'A', 20)
  })

  bench('before: the whole log folded again on every result', () => {
    fold('bench', log)
  })
})
