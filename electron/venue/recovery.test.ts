import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { headOfLog } from '../../shared/authority/proposal'
import { writeTournamentFile } from '../../shared/formats/tournament-file'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { ID } from '../../shared/tournament/test-support/event'
import { generateLog } from '../../shared/tournament/test-support/generate-log'
import { heldFromReplica, writeDeskCopy } from '../../shared/venue/held'
import {
  bearer,
  decisionsDatabase,
  heldId,
  outboxDatabase,
  STATUS_ID,
  type DeskStatus,
  type OutboxProposal,
  type RecoveredDoc,
  type RefusalDoc,
  type ServeEvent,
} from '../../shared/venue/protocol'
import { fingerprint } from '../../shared/tournament/log'
import { NodePouch, type PouchDatabase } from './pouch'
import { startAuthorityServer, type VenueServerHandle } from './server'
import { nodeDesk, type NodeDesk } from './test-support/node-desk'
import {
  EVENT_LOG,
  eventFile,
  joinAs,
  proposal,
  resultAt,
  SAVED_AT,
  until,
} from './test-support/venue-event'

const running: VenueServerHandle[] = []
const desks: NodeDesk[] = []

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()))
  await Promise.all(desks.splice(0).map((d) => d.close()))
})

async function started(
  eventPath: string,
  more: { readonly take?: readonly string[]; readonly handInWaitMs?: number } = {},
) {
  const events: ServeEvent[] = []
  const opened = await startAuthorityServer({
    eventPath,
    host: '127.0.0.1',
    port: 0,
    recoveryWaitMs: 2000,
    handInWaitMs: 3000,
    ...more,
    onEvent: (e) => events.push(e),
  })
  if (!opened.ok) throw new Error(opened.error.message)
  running.push(opened.value)
  return { server: opened.value, events }
}

async function stopped(server: VenueServerHandle, how: 'close' | 'abandon'): Promise<void> {
  running.splice(running.indexOf(server), 1)
  await server[how]()
}

function remote(url: string, token: string): PouchDatabase {
  return new NodePouch(url, {
    skip_setup: true,
    fetch: (input: string, init: { headers: Headers }) => {
      init.headers.set('Authorization', bearer(token))
      return fetch(input, init)
    },
  })
}

const ids = (log: readonly LoggedCommand[]) => log.flatMap((e) => e.proposal ?? [])

/** A waiting proposal typed on the desk's copy of `log`. */
const waitingOn = (
  log: readonly LoggedCommand[],
  id: string,
  order: number,
  table: number,
): OutboxProposal => ({ ...proposal(id, order, resultAt(table)), builtOn: headOfLog(log) })

/**
 * The dead (or stopped) authority's history: Desk 1 gave results for tables 1 and 2 (p0, p1),
 * accepted; Desk 2 read them. Returns Desk 2's token and its replica's log.
 */
async function twoAccepted(path: string) {
  const { server } = await started(path)
  const one = await joinAs(server, 'results', 'Desk 1')
  const two = await joinAs(server, 'results', 'Desk 2')
  const desk1 = await nodeDesk(server.url, one.token)
  const desk2 = await nodeDesk(server.url, two.token)
  desks.push(desk1, desk2)
  await desk1.propose(proposal('p0', 0, resultAt(1)))
  await desk1.propose(proposal('p1', 1, resultAt(2)))
  await desk1.sync()
  await until(() => server.log().length === EVENT_LOG.length + 2)
  await desk2.sync()
  const replica = await desk2.accepted()
  expect(ids(replica)).toEqual(['p0', 'p1'])
  return { server, desk2, one, two, replica }
}

describe('restarted on an older file (issue 27: recovery that loses nothing)', () => {
  async function restartedOnBackup() {
    const path = await eventFile()
    const backup = await readFile(path, 'utf8')
    const before = await twoAccepted(path)
    const generation = before.server.event().generation
    await stopped(before.server, 'close')
    // The director restores the backup of before the results.
    await writeFile(path, backup)
    return { path, generation, ...before }
  }

  /** Desk 2, still holding the old replica, pushes its outbox to the restarted authority. */
  async function pushOutbox(desk: NodeDesk, url: string, token: string, id: string) {
    await desk.outbox.replicate.to(remote(`${url}/db/${outboxDatabase(id)}`, token))
  }

  async function status(desk: NodeDesk, generation: number, log: readonly LoggedCommand[]) {
    const last = log.at(-1)
    const doc: DeskStatus = {
      _id: STATUS_ID,
      type: 'status',
      tournamentId: ID,
      generation,
      held: log.length,
      last: last === undefined ? null : fingerprint(last),
      at: SAVED_AT,
    }
    await desk.outbox.put(doc)
  }

  test('a desk holding 2 more accepted entries and 1 waiting result: the 2 come back, the clash is refused with its reason, each once, and the terminal and the desk are told', async () => {
    const { path, generation, desk2, one, two, replica } = await restartedOnBackup()
    // Typed on Desk 2 while the authority was down: table 1 again, which p0 filled.
    const clash = { ...waitingOn(replica, 'w0', 0, 1), command: resultAt(1, 300, 390) }
    await desk2.propose(clash)
    await status(desk2, generation, replica)

    const { server, events } = await started(path)
    // A shorter log than the one published: another generation, so no replica mixes the two.
    expect(server.event().generation).toBe(generation + 1)
    expect(server.log()).toHaveLength(EVENT_LOG.length)
    await pushOutbox(desk2, server.url, two.token, two.id)
    await until(() => events.some((e) => e.event === 'recovering'))
    // The desk's link, started on the new generation, hands in its old replica and waiting ones.
    await desk2.outbox.put(heldFromReplica(heldId(generation), ID, generation, replica, [clash]))
    await pushOutbox(desk2, server.url, two.token, two.id)
    await until(() => events.some((e) => e.event === 'ready'), 8000)

    expect(ids(server.log())).toEqual(['p0', 'p1'])
    expect(
      server
        .log()
        .slice(-2)
        .map((e) => e.desk),
    ).toEqual([one.id, one.id])
    const recovered = events.find((e) => e.event === 'recovered')
    expect(recovered).toMatchObject({
      event: 'recovered',
      from: 'Desk 2',
      accepted: 2,
      already: EVENT_LOG.length,
    })
    expect(
      recovered?.event === 'recovered' && recovered.refused.map((r) => [r.proposal, r.error.code]),
    ).toEqual([['w0', 'result.exists']])
    // Said before "ready": nothing new was decided before the desk's entries came back.
    const order = events.map((e) => e.event)
    expect(order.indexOf('recovered')).toBeLessThan(order.indexOf('ready'))
    expect(order).not.toContain('behind')
    // The waiting proposal, also in the outbox, was decided once: by the hand-in.
    await pushOutbox(desk2, server.url, two.token, two.id)
    expect(ids(server.log())).toEqual(['p0', 'p1'])

    // The desk reads the answer in the decisions of the new generation.
    const decisions = remote(`${server.url}/db/${decisionsDatabase(server.event())}`, two.token)
    const docs = (await decisions.allDocs({ include_docs: true })).rows.map((r) => r.doc)
    const refusal = docs.find((d) => (d as RefusalDoc | undefined)?.type === 'refused') as
      RefusalDoc | undefined
    expect(refusal).toMatchObject({ _id: 'w0', desk: two.id })
    const answer = docs.find((d) => (d as RecoveredDoc | undefined)?.type === 'recovered') as
      RecoveredDoc | undefined
    expect(answer).toMatchObject({ desk: two.id, accepted: 2, already: EVENT_LOG.length })

    // Restarted again: the held document is read again, nothing new, nothing said twice.
    await stopped(server, 'close')
    const again = await started(path)
    await pushOutbox(desk2, again.server.url, two.token, two.id)
    await until(() => again.events.some((e) => e.event === 'ready'), 8000)
    expect(ids(again.server.log())).toEqual(['p0', 'p1'])
    expect(again.events.map((e) => e.event)).not.toContain('recovered')
  }, 30_000)

  test('a 10 020-entry replica handed in fits the authority in one document (issue 27: the hand-in against the body limit)', async () => {
    // The spike's long event: the restarted authority lacks its last 2 results, the desk holds all.
    const long = generateLog({ players: 1000, rounds: 18, seed: 21, starts: 'given' })
    expect(long.length).toBe(10_020)
    const path = join(await mkdtemp(join(tmpdir(), 'rackside-hand-in-')), 'EVENT.json')
    await writeFile(path, writeTournamentFile(ID, long.slice(0, -2), SAVED_AT))
    const { server, events } = await started(path)
    const two = await joinAs(server, 'results', 'Desk 2')
    const desk2 = await nodeDesk(server.url, two.token)
    desks.push(desk2)
    const generation = server.event().generation - 1
    const held = heldFromReplica(heldId(generation), ID, generation, long, [])
    // Over 3 MB: what a desk's IndexedDB replica of the log reads back as.
    expect(JSON.stringify(held).length).toBeGreaterThan(3_000_000)
    await desk2.outbox.put(held)
    await pushOutbox(desk2, server.url, two.token, two.id)
    await until(() => events.some((e) => e.event === 'recovered'), 30_000)
    expect(events.find((e) => e.event === 'recovered')).toMatchObject({
      from: 'Desk 2',
      accepted: 2,
      already: 10_018,
      refused: [],
    })
    expect(server.log()).toHaveLength(10_020)
    expect(events.filter((e) => e.event === 'error')).toEqual([])
  }, 120_000)

  test('a desk of the old generation that does not hand in: behind, saying what to do, until it does', async () => {
    const { path, generation, desk2, two, replica } = await restartedOnBackup()
    await status(desk2, generation, replica)
    const { server, events } = await started(path, { handInWaitMs: 300 })
    await pushOutbox(desk2, server.url, two.token, two.id)
    await until(() => events.some((e) => e.event === 'behind' || e.event === 'ready'), 8000)
    expect(events.find((e) => e.event === 'behind')).toMatchObject({
      event: 'behind',
      desk: 'Desk 2',
      held: EVENT_LOG.length,
      deskHeld: EVENT_LOG.length + 2,
      advice: expect.stringContaining('Desk 2') as unknown,
    })
    // Meanwhile a proposal is refused as venue.behind, with the reason.
    const refused = await server.propose(
      { id: 'director', role: 'director' },
      proposal('x', 0, resultAt(5)),
    )
    expect(refused.kind === 'refused' && refused.error.code).toBe('venue.behind')

    await desk2.outbox.put(heldFromReplica(heldId(generation), ID, generation, replica, []))
    await pushOutbox(desk2, server.url, two.token, two.id)
    await until(() => events.some((e) => e.event === 'ready'), 8000)
    expect(ids(server.log())).toEqual(['p0', 'p1'])
    expect(events.map((e) => e.event).slice(-3)).toEqual(['accepted', 'recovered', 'ready'])
  }, 30_000)
})

describe('recovery on another laptop (issue 27): serve --take a desk’s saved copy', () => {
  test('a fresh start on an older copy takes back the results accepted after it and the ones waiting on the desk, under a generation of its own', async () => {
    const dead = await eventFile()
    const { server, replica, one, two } = await twoAccepted(dead)
    const deadGeneration = server.event().generation
    // The director's laptop dies.
    await stopped(server, 'abandon')

    // The copy saved on Desk 2 before the results (the README's way), carried to a new laptop…
    const folder = await mkdtemp(join(tmpdir(), 'rackside-new-laptop-'))
    const path = join(folder, 'EVENT.json')
    await writeFile(path, writeTournamentFile(ID, EVENT_LOG, SAVED_AT))
    // …and Desk 2's saved copy now: both results, and two still waiting on the desk.
    const waiting = [waitingOn(replica, 'w0', 0, 3), waitingOn(replica, 'w1', 1, 4)].map(
      ({ _id, builtOn, command, madeAt }) => ({ _id, builtOn, command, madeAt, desk: two.id }),
    )
    const copy = join(folder, 'DESK2.json')
    await writeFile(copy, writeDeskCopy(ID, replica, waiting, SAVED_AT))

    const { server: fresh, events } = await started(path, { take: [copy] })
    expect(fresh.event().generation).not.toBe(1)
    expect(fresh.event().generation).not.toBe(deadGeneration)
    expect(ids(fresh.log())).toEqual(['p0', 'p1', 'w0', 'w1'])
    expect(
      fresh
        .log()
        .slice(-4)
        .map((e) => e.desk),
    ).toEqual([one.id, one.id, two.id, two.id])
    expect(events.find((e) => e.event === 'recovered')).toEqual({
      event: 'recovered',
      from: copy,
      accepted: 4,
      already: EVENT_LOG.length,
      refused: [],
    })
    // Saved: EVENT.json holds them all.
    await stopped(fresh, 'close')
    const saved = JSON.parse(await readFile(path, 'utf8')) as { log: LoggedCommand[] }
    expect(ids(saved.log)).toEqual(['p0', 'p1', 'w0', 'w1'])
  }, 30_000)

  test('a copy of another tournament or one that does not open stops the start, naming the file', async () => {
    const path = await eventFile()
    const folder = await mkdtemp(join(tmpdir(), 'rackside-take-'))
    const other = join(folder, 'OTHER.json')
    await writeFile(other, writeTournamentFile('t-other', EVENT_LOG, SAVED_AT))
    const broken = join(folder, 'BROKEN.json')
    await writeFile(broken, '{')
    for (const [copy, code] of [
      [other, 'venue.take-event'],
      [broken, 'tournament-file.json'],
      [join(folder, 'MISSING.json'), 'venue.take-read'],
    ] as const) {
      const opened = await startAuthorityServer({
        eventPath: path,
        host: '127.0.0.1',
        port: 0,
        take: [copy],
      })
      expect(opened.ok ? null : opened.error.code).toBe(code)
      expect(opened.ok ? '' : opened.error.message).toContain(copy)
    }
  }, 30_000)
})
