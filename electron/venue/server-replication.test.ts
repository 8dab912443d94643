import { afterEach, describe, expect, test } from 'vitest'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { CHUNK_REVS_KEPT } from './revs'
import { startAuthorityServer, type VenueServerHandle } from './server'
import { nodeDesk, type NodeDesk } from './test-support/node-desk'
import { VENUE_ROUTES, type VenueInfo } from '../../shared/venue/protocol'
import {
  authorized,
  EVENT_LOG,
  eventFile,
  joinAs,
  proposal,
  resultAt,
  TABLES,
  until,
} from './test-support/venue-event'

const running: VenueServerHandle[] = []
const desks: NodeDesk[] = []

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()))
  await Promise.all(desks.splice(0).map((d) => d.close()))
})

async function started(eventPath: string): Promise<VenueServerHandle> {
  const opened = await startAuthorityServer({
    eventPath,
    host: '127.0.0.1',
    port: 0,
    recoveryWaitMs: 300,
  })
  if (!opened.ok) throw new Error(opened.error.message)
  running.push(opened.value)
  return opened.value
}

async function deskOf(server: VenueServerHandle, name: string): Promise<NodeDesk> {
  const { token } = await joinAs(server, 'results', name)
  const desk = await nodeDesk(server.url, token)
  desks.push(desk)
  return desk
}

const proposals = (log: readonly LoggedCommand[]) => log.map((e) => e.proposal).filter(Boolean)

describe('a desk replicates with the authority (issue 21: replication by the CouchDB protocol)', () => {
  test('proposals pushed to the outbox are accepted and come back in the log; a clash is refused with the rule’s code', async () => {
    const server = await started(await eventFile())
    const desk = await deskOf(server, 'Desk 1')
    await desk.propose(proposal('p0', 0, resultAt(1)))
    await desk.propose(proposal('p1', 1, resultAt(2)))
    // Table 1 again: apply refuses a second result for a game that has one.
    await desk.propose(proposal('p2', 2, resultAt(1, 300, 390)))
    await desk.sync()
    await until(
      () => server.log().length === EVENT_LOG.length + 2 && server.requests().length === 0,
    )
    await until(async () => {
      await desk.sync()
      return (await desk.refusals()).length === 1
    })
    const accepted = await desk.accepted()
    expect(accepted.length).toBe(EVENT_LOG.length + 2)
    expect(proposals(accepted)).toEqual(['p0', 'p1'])
    const id = server.desks()[0]!.id
    expect(accepted.slice(-2).map((e) => e.desk)).toEqual([id, id])
    // Issue 27: the log names the desk as the director did, for History and the refusals.
    expect(accepted.slice(-2).map((e) => e.deskName)).toEqual(['Desk 1', 'Desk 1'])
    const [refusal] = await desk.refusals()
    expect(refusal).toMatchObject({ _id: 'p2', type: 'refused', desk: id })
    expect(refusal?.error.code).toMatch(/^result\./)
  })

  test('the same proposal re-sent is not applied twice; a later order waits for the earlier', async () => {
    const server = await started(await eventFile())
    const desk = await deskOf(server, 'Desk 1')
    // Order 1 arrives first: it waits for order 0.
    await desk.propose(proposal('later', 1, resultAt(4)))
    await desk.sync()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(server.log().length).toBe(EVENT_LOG.length)
    await desk.propose(proposal('first', 0, resultAt(3)))
    await desk.sync()
    await until(() => server.log().length === EVENT_LOG.length + 2)
    expect(proposals(server.log())).toEqual(['first', 'later'])
    // The director's window sends "first" again by IPC: its first answer, nothing new.
    const again = await server.propose(
      { id: server.desks()[0]!.id, role: 'desk' },
      proposal('first', 0, resultAt(3)),
    )
    expect(again.kind).toBe('accepted')
    expect(server.log().length).toBe(EVENT_LOG.length + 2)
  })

  test('an outbox document that is not a proposal is refused as venue.malformed', async () => {
    const server = await started(await eventFile())
    const desk = await deskOf(server, 'Desk 1')
    await desk.outbox.put({ _id: 'junk', type: 'proposal', order: 0, command: 7 })
    await desk.sync()
    await until(async () => {
      await desk.sync()
      return (await desk.refusals()).length === 1
    })
    expect((await desk.refusals())[0]?.error.code).toBe('venue.malformed')
  })

  test('issue 27: a desk away for 20 results gets each slot as a plain update, with a short history', async () => {
    const server = await started(await eventFile())
    const behind = await deskOf(server, 'Desk 1')
    const typist = await deskOf(server, 'Desk 2')
    await behind.sync()
    expect((await behind.accepted()).length).toBe(EVENT_LOG.length)
    for (let table = 1; table <= TABLES; table++) {
      await typist.propose(proposal(`p${String(table)}`, table - 1, resultAt(table)))
    }
    await typist.sync()
    await until(() => server.log().length === EVENT_LOG.length + TABLES)
    await behind.sync()
    expect(await behind.accepted()).toEqual(server.log())
    const { rows } = await behind.log.allDocs({ include_docs: true, conflicts: true })
    expect(rows.map((row) => row.id)).toContain('slot-0')
    // The authority keeps only each document's latest body (compacted as written): a new desk's
    // first `_changes` reads one body a document, not one a decision.
    const slot = await behind.log.get('slot-4', { revs: true })
    const { start, ids } = slot['_revisions'] as { start: number; ids: readonly string[] }
    const { token } = await joinAs(server, 'results', 'Reader')
    const info = (await (
      await fetch(`${server.url}${VENUE_ROUTES.info}`, { headers: authorized(token) })
    ).json()) as VenueInfo
    const logAt = `${server.url}/db/${info.databases.log}/slot-4`
    const read = async (rev: string) =>
      (await fetch(`${logAt}?rev=${rev}`, { headers: authorized(token) })).status
    expect(await read(`${String(start)}-${ids[0] ?? ''}`)).toBe(200)
    expect(await read(`${String(start - 1)}-${ids[1] ?? ''}`)).toBe(404)
    for (const row of rows) {
      expect(row.doc?.['_conflicts'], row.id).toBeUndefined()
      const { _revisions: revisions } = await behind.log.get(row.id, { revs: true })
      expect((revisions as { ids: readonly string[] }).ids.length).toBeLessThanOrEqual(
        CHUNK_REVS_KEPT,
      )
    }
  })

  test('crash: dropped without saving, restarted from the same files: the same log, the same ids, the desks kept', async () => {
    const path = await eventFile()
    const first = await started(path)
    const desk = await deskOf(first, 'Desk 1')
    for (let i = 0; i < 5; i++) await desk.propose(proposal(`p${String(i)}`, i, resultAt(i + 1)))
    await desk.propose(proposal('clash', 5, resultAt(1, 100, 200)))
    await until(async () => {
      await desk.sync()
      return (await desk.refusals()).length === 1
    })
    expect(first.log().length).toBe(EVENT_LOG.length + 5)
    const before = first.log()
    const desksBefore = first.desks()
    running.splice(running.indexOf(first), 1)
    await first.abandon()

    const second = await started(path)
    expect(second.log()).toEqual(before)
    expect(second.desks()).toEqual(desksBefore)
    expect(desksBefore).toMatchObject([{ name: 'Desk 1', role: 'results' }])
    // The desk's token still opens the restarted authority.
    desk.moveTo(second.url)
    await desk.propose(proposal('p5', 6, resultAt(6)))
    await desk.sync()
    await until(() => second.log().length === EVENT_LOG.length + 6)
    expect(proposals(second.log())).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5'])
    await desk.sync()
    expect((await desk.accepted()).length).toBe(EVENT_LOG.length + 6)
    // The rebuilt documents carry the revisions the desk already held: nothing conflicts.
    const { rows } = await desk.log.allDocs({ include_docs: true, conflicts: true })
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) expect(row.doc?.['_conflicts'], row.id).toBeUndefined()
    const refusal = await desk.decisions.get('clash', { conflicts: true })
    expect(refusal['_conflicts']).toBeUndefined()
    expect(refusal['_rev']).toMatch(/^1-/)
  })
})
