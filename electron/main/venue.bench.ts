import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, bench, describe } from 'vitest'
import { headOfLog } from '../../shared/authority/proposal'
import { writeTournamentFile } from '../../shared/formats/tournament-file'
import { generateLog } from '../../shared/tournament/test-support/generate-log'
import type { OutboxProposal } from '../../shared/venue/protocol'
import { startVenueServer } from '../venue/server'
import { createVenueSharing, type VenueSharing } from './venue'

// Issue 21's spike log: 1000 players × 18 rounds, 10,020 commands.
const log = generateLog({ players: 1000, rounds: 18, seed: 20260314, starts: 'given' })
const file = writeTournamentFile('bench-share', log, '2026-03-14T12:00:00.000Z')
const last = log.at(-1)
if (last?.command.type !== 'recordResult') throw new Error('the generated log ends on a result')
const correction = { ...last.command, type: 'correctResult' } as const

const sharingIn = (folder: string): VenueSharing =>
  createVenueSharing({
    startServer: startVenueServer,
    folder,
    host: '127.0.0.1',
    notify: () => undefined,
  })

async function shareAndStop(): Promise<void> {
  const sharing = sharingIn(mkdtempSync(join(tmpdir(), 'rackside-share-bench-')))
  const shared = await sharing.share(file)
  if (shared.status !== 'sharing') throw new Error(shared.message)
  const stopped = await sharing.stop()
  if (stopped.status !== 'stopped') throw new Error(`not stopped: ${stopped.status}`)
}

describe(`Share this event on the venue network, ${String(log.length)} commands (issue 21)`, () => {
  bench(
    'share then stop: check the file, write it, start the authority, close it and read it back',
    shareAndStop,
    { iterations: 3, time: 0, warmupIterations: 0 },
  )
})

/** One shared event for the benches below, started on first use (the warm-up iteration). */
let running: Promise<VenueSharing> | undefined
const sharedEvent = (): Promise<VenueSharing> =>
  (running ??= (async () => {
    const sharing = sharingIn(mkdtempSync(join(tmpdir(), 'rackside-share-bench-')))
    const shared = await sharing.share(file)
    if (shared.status !== 'sharing') throw new Error(shared.message)
    return sharing
  })())

describe('the director’s own window proposing by IPC while sharing (issue 21)', () => {
  let n = 0
  afterAll(async () => {
    await (await running)?.stop()
  })

  bench(
    'a correction decided and journaled (fsync) by the authority: target 20 a second',
    async () => {
      const sharing = await sharedEvent()
      n += 1
      const proposal: OutboxProposal = {
        _id: `bench-${String(n)}`,
        type: 'proposal',
        order: n,
        builtOn: headOfLog(log),
        command: correction,
        madeAt: '2026-03-14T12:00:00.000Z',
      }
      const decision = await sharing.propose(proposal)
      if (decision.kind !== 'accepted') throw new Error(decision.error.message)
    },
    { iterations: 50, time: 0, warmupIterations: 1 },
  )

  bench(
    'the whole accepted log for a window opening (main’s side of acceptedFrom(-1))',
    async () => {
      const sharing = await sharedEvent()
      if (sharing.acceptedFrom(-1).length < log.length) throw new Error('log short')
    },
    { warmupIterations: 1 },
  )
})
