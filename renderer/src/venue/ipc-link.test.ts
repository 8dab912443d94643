import { describe, expect, test, vi } from 'vitest'
import type { VenueStatus } from '../../../electron/ipc-contract'
import type { Decision } from '../../../shared/authority/proposal'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import type { OutboxProposal, RefusalDoc } from '../../../shared/venue/protocol'
import { createIpcLink, LINK_FAILED, type VenueBridge } from './ipc-link'

const sharing: VenueStatus & { sharing: true } = {
  sharing: true,
  url: 'http://0.0.0.0:8421',
  addresses: ['http://192.168.1.20:8421'],
  qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  event: { tournamentId: 'spring-open', generation: 1, name: 'Spring Open' },
  requests: [],
  desks: [],
  port: 8421,
  portChanged: null,
  waiting: [],
}

const proposal = (id: string, order: number): OutboxProposal => ({
  _id: id,
  type: 'proposal',
  order,
  builtOn: { length: 4, last: 'f4' },
  command: { type: 'checkIn', division: 'A', player: order + 1, day: '2026-03-14' },
  madeAt: '2026-03-14T09:00:00.000Z',
})

const entry = (seq: number, p: OutboxProposal): LoggedCommand => ({
  seq,
  at: '2026-03-14T09:00:01.000Z',
  desk: 'director',
  proposal: p._id,
  command: p.command,
})

/** A bridge whose decisions the test hands out one at a time, as main would answer. */
function fakeBridge() {
  const answers = new Map<string, (decision: Decision | Error) => void>()
  const pushes = new Set<(status: VenueStatus) => void>()
  const bridge: VenueBridge = {
    propose: vi.fn(
      (p: OutboxProposal) =>
        new Promise<Decision>((resolve, reject) =>
          answers.set(p._id, (d) => (d instanceof Error ? reject(d) : resolve(d))),
        ),
    ),
    acceptedFrom: vi.fn((after: number) =>
      Promise.resolve([entry(0, proposal('a', 0)), entry(1, proposal('b', 1))].slice(after + 1)),
    ),
    onVenueChanged: (listener) => {
      pushes.add(listener)
      return () => pushes.delete(listener)
    },
  }
  const answer = (id: string, decision: Decision | Error): void => {
    const give = answers.get(id)
    if (give === undefined) throw new Error(`${id} was never proposed`)
    give(decision)
  }
  const push = (status: VenueStatus): void => {
    for (const listener of pushes) listener(status)
  }
  return { bridge, answer, push, pushes }
}

const clock = () => new Date('2026-03-14T09:00:02.000Z')

describe('the director’s IPC link to the authority in main (issue 21)', () => {
  test('propose resolves once handed to main; the proposal is pending until the authority decides', async () => {
    const { bridge, answer } = fakeBridge()
    const link = createIpcLink(bridge, sharing, clock)
    const p = proposal('p-1', 0)
    await link.propose(p)
    expect(bridge.propose).toHaveBeenCalledWith(p)
    expect(await link.pending()).toEqual([p])

    let decided = false
    const waiting = link.decided('p-1').then(() => (decided = true))
    await Promise.resolve()
    expect(decided).toBe(false)
    answer('p-1', { kind: 'accepted', proposalId: 'p-1', entry: entry(4, p) })
    await waiting
    expect(await link.pending()).toEqual([])
    expect(link.desk).toEqual({ id: 'director', name: 'Director', role: 'director' })
  })

  test('pending lists the proposals in flight in the order they were typed', async () => {
    const { bridge } = fakeBridge()
    const link = createIpcLink(bridge, sharing, clock)
    void link.propose(proposal('late', 2))
    void link.propose(proposal('early', 1))
    expect((await link.pending()).map((p) => p._id)).toEqual(['early', 'late'])
  })

  test('a refusal reaches onRefused once, with the rule’s code and the proposal', async () => {
    const { bridge, answer } = fakeBridge()
    const link = createIpcLink(bridge, sharing, clock)
    const heard: [RefusalDoc, OutboxProposal | undefined][] = []
    link.onRefused((refusal, p) => heard.push([refusal, p]))
    const p = proposal('p-2', 0)
    await link.propose(p)
    const error = { code: 'authority.stale-head', message: 'The log changed: 2 commands' }
    answer('p-2', { kind: 'refused', proposalId: 'p-2', error })
    await link.decided('p-2')
    expect(heard).toEqual([
      [{ _id: 'p-2', type: 'refused', desk: 'director', error, at: '2026-03-14T09:00:02.000Z' }, p],
    ])
    expect(await link.pending()).toEqual([])
  })

  test('a call main never answers is refused on the screen, never left pending', async () => {
    const { bridge, answer } = fakeBridge()
    const link = createIpcLink(bridge, sharing, clock)
    const codes: string[] = []
    link.onRefused((refusal) => codes.push(refusal.error.code))
    await link.propose(proposal('p-3', 0))
    const decided = link.decided('p-3')
    answer('p-3', new Error('IPC refused: malformed arguments for venue:propose'))
    await decided
    expect(codes).toEqual([LINK_FAILED])
    expect(await link.pending()).toEqual([])
  })

  test('a proposal sent again while in flight is handed to main once', async () => {
    const { bridge, answer } = fakeBridge()
    const link = createIpcLink(bridge, sharing, clock)
    const p = proposal('p-4', 0)
    await link.propose(p)
    await link.propose(p)
    const decided = link.decided('p-4')
    answer('p-4', { kind: 'accepted', proposalId: 'p-4', entry: entry(4, p) })
    await decided
    expect(bridge.propose).toHaveBeenCalledTimes(1)
  })

  test('accepted entries come from main after the seq asked for', async () => {
    const { bridge } = fakeBridge()
    const link = createIpcLink(bridge, sharing, clock)
    expect((await link.acceptedFrom(-1)).map((e) => e.seq)).toEqual([0, 1])
    expect((await link.acceptedFrom(0)).map((e) => e.seq)).toEqual([1])
    expect((await link.acceptedFrom(1)).map((e) => e.seq)).toEqual([])
  })

  test('each read copies across IPC only the entries after those held', async () => {
    const { bridge } = fakeBridge()
    const link = createIpcLink(bridge, sharing, clock)
    await link.acceptedFrom(-1)
    await link.acceptedFrom(-1)
    expect(vi.mocked(bridge.acceptedFrom).mock.calls).toEqual([[-1], [1]])
  })

  test('a new generation of the log (a file opened at the authority) is read from the start', async () => {
    const { bridge, push } = fakeBridge()
    const link = createIpcLink(bridge, sharing, clock)
    await link.acceptedFrom(-1)
    push({ ...sharing, event: { ...sharing.event, generation: 2 } })
    expect((await link.acceptedFrom(-1)).map((e) => e.seq)).toEqual([0, 1])
    expect(vi.mocked(bridge.acceptedFrom).mock.calls).toEqual([[-1], [-1]])
  })

  test('entries that do not follow those held replace them with the whole log', async () => {
    const { bridge } = fakeBridge()
    const link = createIpcLink(bridge, sharing, clock)
    await link.acceptedFrom(-1)
    const replaced = [
      entry(0, proposal('x', 0)),
      entry(1, proposal('y', 1)),
      entry(2, proposal('z', 2)),
    ]
    vi.mocked(bridge.acceptedFrom).mockImplementation((after) =>
      Promise.resolve(after === -1 ? replaced : [entry(5, proposal('w', 5))]),
    )
    expect((await link.acceptedFrom(-1)).map((e) => e.proposal)).toEqual(['x', 'y', 'z'])
  })

  test('main’s pushes change the event and tell the listeners; stopping sharing is offline', () => {
    const { bridge, push } = fakeBridge()
    const link = createIpcLink(bridge, sharing, clock)
    const changes = vi.fn()
    link.onChange(changes)

    const next = { ...sharing, event: { ...sharing.event, generation: 2 } }
    push(next)
    expect(link.event().generation).toBe(2)
    expect(link.state()).toEqual({ kind: 'online' })

    push({ sharing: false })
    expect(link.state()).toEqual({ kind: 'offline', since: '2026-03-14T09:00:02.000Z' })
    expect(changes).toHaveBeenCalledTimes(2)
  })

  test('close stops listening to main and to nobody else', async () => {
    const { bridge, pushes } = fakeBridge()
    const link = createIpcLink(bridge, sharing, clock)
    const changes = vi.fn()
    link.onChange(changes)
    await link.close()
    expect(pushes.size).toBe(0)
    expect(() => link.propose(proposal('p-5', 0))).toThrow('closed venue link')
    expect(changes).not.toHaveBeenCalled()
  })
})
