import { bench, describe } from 'vitest'
import type { LoggedCommand } from '../tournament/commands'
import { generateLog } from '../tournament/test-support/generate-log'
import { decide, recover, type AuthorityState } from './decide'
import { headOfLog, type Proposal } from './proposal'

// Issue 21's spike log: 1000 players × 18 rounds, 10,020 commands. Target: 20 results a second.
const log = generateLog({ players: 1000, rounds: 18, seed: 20260314, starts: 'given' })
const NOW = '2026-03-14T12:00:00.000Z'

function recovered(entries: readonly LoggedCommand[]): AuthorityState {
  const state = recover('bench', entries)
  if (!state.ok) throw new Error(state.error.message)
  return state.value
}

const authority = recovered(log)
const last = log.at(-1)
if (last?.command.type !== 'recordResult') throw new Error('the generated log ends on a result')
const correction = { ...last.command, type: 'correctResult' } as const
// A desk that has not seen the last 100 commands: the result is applied on the current state.
const stale = headOfLog(log.slice(0, log.length - 100))
let n = 0

const accepted = decide(
  authority,
  { proposalId: 'sent', desk: { id: 'desk-a', role: 'desk' }, builtOn: stale, command: correction },
  NOW,
).next

describe(`the authority on a ${log.length}-command log (issue 21)`, () => {
  bench('recover: check and fold the log, read the accepted proposal ids', () => {
    recovered(log)
  })

  bench('decide: a correction built 100 commands behind, applied on the current state', () => {
    n += 1
    const proposal: Proposal = {
      proposalId: `p-${n}`,
      desk: { id: 'desk-a', role: 'desk' },
      builtOn: stale,
      command: correction,
    }
    if (decide(authority, proposal, NOW).decision.kind !== 'accepted') throw new Error('refused')
  })

  bench('decide: the same proposal re-sent after a crash (its first decision)', () => {
    const proposal: Proposal = {
      proposalId: 'sent',
      desk: { id: 'desk-a', role: 'desk' },
      builtOn: stale,
      command: correction,
    }
    if (decide(accepted, proposal, NOW).next !== accepted) throw new Error('applied twice')
  })

  bench('decide: the director undoes the last result (the whole log must still fold)', () => {
    n += 1
    const proposal: Proposal = {
      proposalId: `u-${n}`,
      desk: { id: 'director', role: 'director' },
      builtOn: headOfLog(log),
      command: { type: 'undo', seq: last.seq },
    }
    if (decide(authority, proposal, NOW).decision.kind !== 'accepted') throw new Error('refused')
  })
})
