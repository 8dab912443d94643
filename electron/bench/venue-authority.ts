/**
 * The venue authority's throughput (issue 21: "the authority holds 20 results a second"), on the
 * spike's log (1000 players × 18 rounds, 10,020 commands), every decision fsynced to the journal
 * and published to the log database before it is answered:
 * - the director's path (`propose`, as Electron main's IPC calls it), 200 results one after the
 *   other: each waits for the one before, so the figure is the latency-bound rate;
 * - a desk's path: 200 results written to a Node desk's outbox and pushed by PouchDB replication
 *   at once, timed until the last is accepted.
 * Target: 20 results a second on a quiet 2-core machine; the load average is printed beside it.
 * The time the authority takes to start on that log is printed too.
 *
 *   npx tsx electron/bench/venue-authority.ts
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { headOfLog } from '../../shared/authority/proposal'
import { writeTournamentFile } from '../../shared/formats/tournament-file'
import type { OutboxProposal } from '../../shared/venue/protocol'
import { generateLog } from '../../shared/tournament/test-support/generate-log'
import { startVenueServer } from '../venue/server'
import { nodeDesk } from '../venue/test-support/node-desk'
import { joinAs } from '../venue/test-support/venue-event'

const TARGET = 20
const COUNT = 200
const log = generateLog({ players: 1000, rounds: 18, seed: 20260314, starts: 'given' })
const last = log.at(-1)
if (last?.command.type !== 'recordResult') throw new Error('the generated log ends on a result')
// A correction commutes and always applies: the authority's cost, not the event's, is measured.
const correction = { ...last.command, type: 'correctResult' } as const

const folder = await mkdtemp(join(tmpdir(), 'rackside-venue-bench-'))
const eventPath = join(folder, 'EVENT.json')
await writeFile(eventPath, writeTournamentFile('bench', log, '2026-03-14T12:00:00.000Z'))
const opening = performance.now()
const started = await startVenueServer({ eventPath, host: '127.0.0.1', port: 0 })
if (!started.ok) throw new Error(started.error.message)
// Reported, not judged: the issue sets no target for it.
console.log(
  `start on the ${String(log.length)}-command log (read, fold, rebuild the log database): ${((performance.now() - opening) / 1000).toFixed(2)} s`,
)
const server = started.value

const proposal = (id: string, order: number): OutboxProposal => ({
  _id: id,
  type: 'proposal',
  order,
  builtOn: headOfLog(log),
  command: correction,
  madeAt: '2026-03-14T12:00:00.000Z',
})

let missed = false
const report = (what: string, seconds: number): void => {
  const rate = COUNT / seconds
  const verdict = rate >= TARGET ? 'ok' : 'MISSED'
  if (rate < TARGET) missed = true
  console.log(
    `${what}: ${String(COUNT)} results in ${seconds.toFixed(2)} s = ${rate.toFixed(0)} results/s (target ≥ ${String(TARGET)}/s) ${verdict}, load ${loadavg()[0]?.toFixed(1) ?? '?'}`,
  )
}

let t0 = performance.now()
for (let i = 0; i < COUNT; i++) {
  const decision = await server.propose(
    { id: 'director', role: 'director' },
    proposal(`ipc-${String(i)}`, i),
  )
  if (decision.kind !== 'accepted') throw new Error(decision.error.message)
}
report('director (IPC), one after another', (performance.now() - t0) / 1000)

const { token } = await joinAs(server, 'results', 'Bench desk')
const desk = await nodeDesk(server.url, token)
const held = server.log().length
for (let i = 0; i < COUNT; i++) await desk.propose(proposal(`desk-${String(i)}`, i))
t0 = performance.now()
await desk.sync()
while (server.log().length < held + COUNT) await new Promise((resolve) => setTimeout(resolve, 5))
report('desk outbox pushed by replication', (performance.now() - t0) / 1000)

await desk.close()
await server.close()
await rm(folder, { recursive: true, force: true })
process.exit(missed ? 1 : 0)
