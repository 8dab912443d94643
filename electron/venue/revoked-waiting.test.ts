import { afterEach, describe, expect, test } from 'vitest'
import { describeCommand } from '../../shared/tournament/describe'
import type { ServeEvent } from '../../shared/venue/protocol'
import { startAuthorityServer, type VenueServerHandle } from './server'
import { nodeDesk, type NodeDesk } from './test-support/node-desk'
import { EVENT_LOG, eventFile, joinAs, proposal, resultAt, until } from './test-support/venue-event'

const running: VenueServerHandle[] = []
const desks: NodeDesk[] = []
const events: ServeEvent[] = []

afterEach(async () => {
  await Promise.all(desks.splice(0).map((d) => d.close()))
  await Promise.all(running.splice(0).map((s) => s.close()))
  events.length = 0
})

async function started(): Promise<VenueServerHandle> {
  const opened = await startAuthorityServer({
    eventPath: await eventFile(),
    host: '127.0.0.1',
    port: 0,
    onEvent: (e) => events.push(e),
  })
  if (!opened.ok) throw new Error(opened.error.message)
  running.push(opened.value)
  return opened.value
}

/**
 * Desk 2 joins; its result for table 1 is decided, those for tables 2 and 3 wait for its
 * proposal of order 1, which never came (the desk went away before sending it).
 */
async function deskLeavingTwo(server: VenueServerHandle): Promise<string> {
  const { token, id } = await joinAs(server, 'results', 'Desk 2')
  const desk = await nodeDesk(server.url, token)
  desks.push(desk)
  await desk.propose(proposal('p0', 0, resultAt(1)))
  await desk.propose(proposal('p3', 3, resultAt(3, 430, 385)))
  await desk.propose(proposal('p2', 2, resultAt(2)))
  await desk.sync()
  await until(() => server.log().length === EVENT_LOG.length + 1)
  // The outbox has all three: the two later ones wait for order 1.
  await new Promise((resolve) => setTimeout(resolve, 200))
  expect(server.log().length).toBe(EVENT_LOG.length + 1)
  return id
}

const waitingEvent = () => events.find((e) => e.event === 'waiting')

describe('revoking a desk lists its waiting commands (issue 27: "dropped silently")', () => {
  test('revoke lists what the desk left undecided, in order and in History\'s words; "take" decides them as that desk\'s', async () => {
    const server = await started()
    const id = await deskLeavingTwo(server)
    expect(server.revoke('desk 2').ok).toBe(true)
    await until(() => waitingEvent() !== undefined)
    const state = server.state()
    const words = [
      describeCommand(resultAt(2), state),
      describeCommand(resultAt(3, 430, 385), state),
    ]
    expect(waitingEvent()).toEqual({
      event: 'waiting',
      desk: { id, name: 'Desk 2', role: 'results' },
      commands: words,
    })
    expect(server.waitingOf('DESK 2')).toMatchObject([
      { proposal: 'p2', order: 2, description: words[0] },
      { proposal: 'p3', order: 3, description: words[1] },
    ])
    expect(server.revokedWithWaiting()).toEqual([{ id, name: 'Desk 2', role: 'results' }])

    const taken = await server.takeWaiting('Desk 2')
    expect(taken).toEqual({ ok: true, value: { accepted: 2, refused: 0 } })
    const added = server.log().slice(EVENT_LOG.length)
    expect(added.map((e) => [e.proposal, e.desk])).toEqual([
      ['p0', id],
      ['p2', id],
      ['p3', id],
    ])
    expect(events.at(-1)).toMatchObject({ event: 'taken', accepted: 2, refused: 0 })
    expect(server.waitingOf('Desk 2')).toEqual([])
    const again = await server.takeWaiting('Desk 2')
    expect(again.ok ? 'taken' : again.error.code).toBe('venue.no-waiting')
  })

  test('"drop" records each as refused (venue.dropped), decides nothing and says so', async () => {
    const server = await started()
    const id = await deskLeavingTwo(server)
    server.revoke('Desk 2')
    await until(() => waitingEvent() !== undefined)
    const dropped = await server.dropWaiting('Desk 2')
    expect(dropped).toEqual({ ok: true, value: 2 })
    expect(server.log().length).toBe(EVENT_LOG.length + 1)
    const refused = events.filter((e) => e.event === 'refused')
    expect(refused.map((e) => e.event === 'refused' && [e.proposal, e.code])).toEqual([
      ['p2', 'venue.dropped'],
      ['p3', 'venue.dropped'],
    ])
    expect(events.at(-1)).toMatchObject({ event: 'dropped', desk: { name: 'Desk 2' }, commands: 2 })
    expect(server.revokedWithWaiting()).toEqual([])
    // Taken now, they are the refusals already given: nothing is applied twice.
    const decided = await server.propose({ id, role: 'desk' }, proposal('p2', 0, resultAt(2)))
    expect(decided).toMatchObject({ kind: 'refused', error: { code: 'venue.dropped' } })
  })

  test('closing with a list nobody took or dropped says so', async () => {
    const server = await started()
    await deskLeavingTwo(server)
    server.revoke('Desk 2')
    await until(() => waitingEvent() !== undefined)
    running.splice(running.indexOf(server), 1)
    await server.close()
    expect(events).toContainEqual({
      event: 'error',
      code: 'venue.waiting-unsettled',
      message:
        "Desk 2's 2 waiting commands were neither taken nor dropped: they are let go as the authority stops.",
    })
    expect(server.log().length).toBe(EVENT_LOG.length + 1)
  })

  test('a desk that left nothing undecided is revoked without a list', async () => {
    const server = await started()
    const { token } = await joinAs(server, 'results', 'Desk 3')
    const desk = await nodeDesk(server.url, token)
    desks.push(desk)
    await desk.propose(proposal('q0', 0, resultAt(5)))
    await desk.sync()
    await until(() => server.log().length === EVENT_LOG.length + 1)
    server.revoke('Desk 3')
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(waitingEvent()).toBeUndefined()
    expect(server.waitingOf('Desk 3')).toEqual([])
  })
})
