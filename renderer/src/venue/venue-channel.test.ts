import { describe, expect, test } from 'vitest'
import { headOfLog } from '../../../shared/authority/proposal'
import type { Command, LoggedCommand } from '../../../shared/tournament/commands'
import type { VenueDesk } from '../../../shared/venue/protocol'
import { tournamentFixture } from '../db/repository-contract'
import { headOf, summarizeLog } from '../db/summary'
import { createMemoryLink, type MemoryLink } from './memory-link'
import { createVenueChannel } from './venue-channel'

const fixture = tournamentFixture('open-2026', 'Open', { players: 4 })
const event = { tournamentId: fixture.id, generation: 3 }

function setUp(role: VenueDesk['role'] = 'desk', waitMs?: number) {
  const link = createMemoryLink(fixture.log, { role, event })
  let ids = 0
  let orders = 0
  const channel = createVenueChannel(link, {
    newId: () => `p${String(++ids)}`,
    counter: { next: () => orders++ },
    ...(waitMs === undefined ? {} : { waitMs }),
  })
  return { link, channel }
}

const PAIR: Command = {
  type: 'pairRound',
  division: 'A',
  round: 1,
  pairings: [
    { kind: 'game', table: 1, players: [1, 2] },
    { kind: 'game', table: 2, players: [3, 4] },
  ],
}
const PUBLISH: Command = { type: 'publishRound', division: 'A', round: 1 }

/** Lets the channel's reads and its wait begin. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

const checkIn = (player: number): Command => ({
  type: 'checkIn',
  division: 'A',
  player,
  day: '2026-03-14',
})

/**
 * What the store sends: the entry after the log it shows (`accepted`, then the pending commands
 * it shows, `pending`), its own time, with the head of that log.
 */
function send(
  channel: ReturnType<typeof setUp>['channel'],
  accepted: readonly LoggedCommand[],
  command: Command,
  {
    pending = [] as readonly string[],
    generation = event.generation,
    tournamentId = fixture.id,
  } = {},
) {
  const shown = [
    ...accepted,
    ...pending.map((proposal, i): LoggedCommand => ({
      seq: accepted.length + i,
      at: '2026-03-14T11:59:00.000Z',
      desk: 'd2',
      command: checkIn(1),
      proposal,
    })),
  ]
  const entry: LoggedCommand = {
    seq: shown.length,
    at: '2026-03-14T12:00:00.000Z',
    desk: 'd2',
    command,
  }
  const summary = summarizeLog(fixture.id, [...shown, entry], entry.at)
  if (summary === undefined) throw new Error('the fixture holds a tournament')
  return channel.send(tournamentId, entry, summary, {
    head: headOf(shown, generation),
    accepted,
    pending,
  })
}

/** The accepted log as the link holds it now. */
const acceptedOf = (link: MemoryLink) => link.acceptedFrom(-1)

describe('a venue desk proposes through its command channel (issues 21 and 27)', () => {
  test('a command is proposed, built on the accepted head, and said to be waiting', async () => {
    const { link, channel } = setUp()
    expect(await send(channel, fixture.log, checkIn(1))).toEqual({
      ok: true,
      value: { kind: 'proposed', id: 'p1' },
    })
    expect(link.proposed).toEqual([
      {
        _id: 'p1',
        type: 'proposal',
        order: 0,
        builtOn: headOfLog(fixture.log),
        command: checkIn(1),
        madeAt: '2026-03-14T12:00:00.000Z',
      },
    ])
    expect(await channel.pending?.(fixture.id)).toEqual(link.proposed)
  })

  test('the next result is built on the same accepted head, its order one more', async () => {
    const { link, channel } = setUp()
    await send(channel, fixture.log, checkIn(1))
    expect((await send(channel, fixture.log, checkIn(2), { pending: ['p1'] })).ok).toBe(true)
    expect(link.proposed.map((p) => [p.order, p.builtOn.length])).toEqual([
      [0, fixture.log.length],
      [1, fixture.log.length],
    ])
  })

  test.each<[string, string, number, Command, { generation?: number; tournamentId?: string }]>([
    [
      'a pairing on a log this window has not seen (a command accepted meanwhile)',
      'storage.conflict',
      1,
      { type: 'unpairRound', division: 'A', round: 1 },
      {},
    ],
    [
      'another generation of the log',
      'storage.replaced',
      0,
      checkIn(1),
      { generation: event.generation + 1 },
    ],
    ['another event', 'storage.replaced', 0, checkIn(1), { tournamentId: 'another' }],
  ])('head check: %s is refused with %s', async (_case, code, behind, command, on) => {
    const { link, channel } = setUp()
    const held = fixture.log.slice(0, fixture.log.length - behind)
    const sent = await send(channel, held, command, on)
    expect(!sent.ok && sent.error.code).toBe(code)
    expect(link.proposed).toEqual([])
  })

  test('a check-in typed while other desks’ commands arrived is proposed all the same (it commutes), on the head the link holds', async () => {
    const { link, channel } = setUp()
    const held = fixture.log.slice(0, -1)
    expect((await send(channel, held, checkIn(1))).ok).toBe(true)
    expect(link.proposed.map((p) => p.builtOn)).toEqual([headOfLog(fixture.log)])
  })

  test.each<[string, Command]>([
    [
      'a pairing (issue 21: pairing keeps the strict head check)',
      { type: 'unpairRound', division: 'A', round: 1 },
    ],
    ['an undo', { type: 'undo', seq: 1 }],
  ])(
    '%s while results wait for the director’s laptop and the link is down is refused with venue.pending',
    async (_case, command) => {
      const { link, channel } = setUp()
      await send(channel, fixture.log, checkIn(1))
      link.setState({ kind: 'offline', since: '2026-03-14T12:00:00.000Z' })
      const refused = await send(channel, fixture.log, command, { pending: ['p1'] })
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'venue.pending', details: { pending: 1 } },
      })
      expect(link.proposed).toHaveLength(1)
    },
  )

  test('issue 27: Publish right after Pair waits for the pairing to be accepted, then is built on it', async () => {
    const { link, channel } = setUp()
    expect((await send(channel, fixture.log, PAIR)).ok).toBe(true)
    const publishing = send(channel, fixture.log, PUBLISH, { pending: ['p1'] })
    await tick()
    // Nothing proposed while the pairing is still waiting for the director's laptop.
    expect(link.proposed).toHaveLength(1)
    link.accept('p1')
    expect(await publishing).toEqual({ ok: true, value: { kind: 'proposed', id: 'p2' } })
    const [pair, publish] = link.proposed
    expect(publish).toMatchObject({ command: PUBLISH, order: 1 })
    expect(publish?.builtOn).toEqual(headOfLog(await acceptedOf(link)))
    expect(publish?.builtOn.length).toBe((pair?.builtOn.length ?? 0) + 1)
  })

  test('issue 27: Publish after Pair, the pairing accepted before the window read it, is proposed on it at once', async () => {
    const { link, channel } = setUp()
    await send(channel, fixture.log, PAIR)
    link.accept('p1')
    expect((await send(channel, fixture.log, PUBLISH, { pending: ['p1'] })).ok).toBe(true)
    expect(link.proposed.at(-1)?.builtOn).toEqual(headOfLog(await acceptedOf(link)))
  })

  test('issue 27: several of this desk’s results pending, the pairing waits for all of them', async () => {
    const { link, channel } = setUp()
    await send(channel, fixture.log, checkIn(1))
    await send(channel, fixture.log, checkIn(2), { pending: ['p1'] })
    const pairing = send(channel, fixture.log, PAIR, { pending: ['p1', 'p2'] })
    await tick()
    link.accept('p1')
    await tick()
    expect(link.proposed).toHaveLength(2)
    link.accept('p2')
    expect((await pairing).ok).toBe(true)
    expect(link.proposed.at(-1)?.builtOn.length).toBe(fixture.log.length + 2)
  })

  test.each<[string, (link: MemoryLink) => void, string]>([
    ['the pairing it waited for is refused', (link) => link.refuse('p1'), 'venue.pending-refused'],
    [
      'another desk’s command is accepted before the pairing',
      (link) => {
        link.otherDesk(checkIn(3))
        link.accept('p1')
      },
      'storage.conflict',
    ],
  ])('issue 27: Publish after Pair is not proposed when %s', async (_, decide, code) => {
    const { link, channel } = setUp()
    await send(channel, fixture.log, PAIR)
    const publishing = send(channel, fixture.log, PUBLISH, { pending: ['p1'] })
    await tick()
    decide(link)
    const refused = await publishing
    expect(!refused.ok && refused.error.code).toBe(code)
    expect(link.proposed).toHaveLength(1)
  })

  test('a pairing on a view that still shows a refused command of this desk is refused with storage.conflict', async () => {
    const { link, channel } = setUp()
    await send(channel, fixture.log, checkIn(1))
    link.refuse('p1')
    const refused = await send(channel, fixture.log, PAIR, { pending: ['p1'] })
    expect(!refused.ok && refused.error.code).toBe('storage.conflict')
    expect(link.proposed).toHaveLength(1)
  })

  test('issue 27: a pairing that waited too long for this desk’s results is refused with venue.pending', async () => {
    const { link, channel } = setUp('desk', 20)
    await send(channel, fixture.log, checkIn(1))
    const refused = await send(channel, fixture.log, PAIR, { pending: ['p1'] })
    expect(!refused.ok && refused.error.code).toBe('venue.pending')
    expect(link.proposed).toHaveLength(1)
  })

  test('with nothing pending a pairing is proposed', async () => {
    const { link, channel } = setUp()
    const sent = await send(channel, fixture.log, { type: 'unpairRound', division: 'A', round: 1 })
    expect(sent.ok).toBe(true)
    expect(link.proposed).toHaveLength(1)
  })

  test('a projector proposes nothing (issue 21: a projector is read-only)', async () => {
    const { link, channel } = setUp('projector')
    const refused = await send(channel, fixture.log, checkIn(1))
    expect(!refused.ok && refused.error.code).toBe('authority.read-only')
    expect(link.proposed).toEqual([])
  })

  test('issue 27: the accepted log is read from where the window holds it, whole only to open', async () => {
    const { link, channel } = setUp()
    expect((await channel.loadStored(fixture.id))?.log).toEqual(fixture.log)
    expect(await channel.readFrom(fixture.id, fixture.log.length - 2)).toEqual({
      log: fixture.log.slice(-1),
      generation: event.generation,
    })
    await send(channel, fixture.log, checkIn(1))
    expect(link.reads).toEqual([-1, fixture.log.length - 2, fixture.log.length - 2])
  })

  test('another tournament is not here', async () => {
    const { channel } = setUp()
    expect(await channel.loadStored('another')).toBeUndefined()
    expect(await channel.readFrom('another', -1)).toBeUndefined()
    expect(await channel.pending?.('another')).toEqual([])
  })
})
