import { beforeEach, describe, expect, test, vi } from 'vitest'
import { checkLog } from '../../../shared/formats/tournament-file'
import type * as TournamentFile from '../../../shared/formats/tournament-file'
import { headOfLog } from '../../../shared/authority/proposal'
import type { Command, LoggedCommand } from '../../../shared/tournament/commands'
import type { OutboxProposal, VenueDesk } from '../../../shared/venue/protocol'
import { tournamentFixture } from '../db/repository-contract'
import { headOf, summarizeLog } from '../db/summary'
import type { LinkState, VenueLink } from './link'
import { announceLinkChanges, createVenueRepository } from './venue-repository'

// Counted, not changed: how often the repository folds the accepted log (issue 27).
vi.mock('../../../shared/formats/tournament-file', async (importOriginal) => {
  const actual = await importOriginal<typeof TournamentFile>()
  return { ...actual, checkLog: vi.fn(actual.checkLog) }
})

const fixture = tournamentFixture('open-2026', 'Open', { players: 4 })
const event = { tournamentId: fixture.id, generation: 3, name: 'Open' }

/**
 * A link whose accepted log and outbox the test sets: what the repository sees of replication.
 * The test plays the authority: `accept` or `refuse` one of the desk's proposals, or another
 * desk's command accepted (`otherDesk`).
 */
function fakeLink(role: VenueDesk['role'] = 'desk') {
  const proposed: OutboxProposal[] = []
  const undecided = new Set<string>()
  const waiting = new Map<string, () => void>()
  const changes = new Set<() => void>()
  let accepted: readonly LoggedCommand[] = fixture.log
  let state: LinkState = { kind: 'online' }
  const append = (command: Command, proposal?: string): void => {
    const entry = { seq: accepted.length, at: '2026-03-14T12:00:01.000Z', desk: 'd2', command }
    accepted = [
      ...accepted,
      proposal === undefined ? { ...entry, desk: 'd3' } : { ...entry, proposal },
    ]
  }
  const decide = (id: string, accept: boolean): void => {
    const proposal = proposed.find((p) => p._id === id)
    if (proposal === undefined || !undecided.delete(id)) throw new Error(`${id} is not pending`)
    if (accept) append(proposal.command, id)
    waiting.get(id)?.()
  }
  const link = {
    proposed,
    desk: { id: 'd2', name: 'Desk 2', role },
    event: () => event,
    async propose(proposal: OutboxProposal) {
      proposed.push(proposal)
      undecided.add(proposal._id)
    },
    async acceptedFrom(afterSeq: number): Promise<readonly LoggedCommand[]> {
      return accepted.slice(afterSeq + 1)
    },
    async pending() {
      return proposed.filter((p) => undecided.has(p._id))
    },
    decided(id: string): Promise<void> {
      if (!undecided.has(id)) return Promise.resolve()
      return new Promise<void>((resolve) => waiting.set(id, resolve))
    },
    accept: (id: string) => decide(id, true),
    refuse: (id: string) => decide(id, false),
    otherDesk: (command: Command) => append(command),
    setState(next: LinkState) {
      state = next
    },
    // Refusals are the link's own business (pouch-link.test.ts): the repository never asks.
    onRefused: () => () => undefined,
    onChange(listener: () => void) {
      changes.add(listener)
      return () => changes.delete(listener)
    },
    changed: () => changes.forEach((listener) => listener()),
    state: (): LinkState => state,
    now: () => Date.parse('2026-03-14T10:00:00.000Z'),
    close: async () => undefined,
  } satisfies VenueLink & Record<string, unknown>
  return link
}

function setUp(role: VenueDesk['role'] = 'desk', waitMs?: number) {
  const link = fakeLink(role)
  let ids = 0
  let orders = 0
  /** The fold the repository leaves for when the desk is idle: run by the test, or never. */
  const idle: (() => void)[] = []
  const repository = createVenueRepository(link, {
    newId: () => `p${String(++ids)}`,
    counter: { next: () => orders++ },
    whenIdle: (fold) => {
      idle.push(fold)
      return () => idle.splice(idle.indexOf(fold), 1)
    },
    ...(waitMs === undefined ? {} : { waitMs }),
  })
  return { link, repository, idle }
}

beforeEach(() => {
  vi.mocked(checkLog).mockClear()
})

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

/** Lets the repository's reads and its wait begin. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

const checkIn = (player: number): Command => ({
  type: 'checkIn',
  division: 'A',
  player,
  day: '2026-03-14',
})

/** What the store appends: the next seq on the log it holds, its own time. */
function entryAfter(log: readonly LoggedCommand[], command: Command): LoggedCommand {
  return { seq: log.length, at: '2026-03-14T12:00:00.000Z', desk: 'd2', command }
}

async function append(
  repository: ReturnType<typeof setUp>['repository'],
  held: readonly LoggedCommand[],
  command: Command,
) {
  const entry = entryAfter(held, command)
  const summary = summarizeLog(fixture.id, [...held, entry], entry.at)
  if (summary === undefined) throw new Error('the fixture holds a tournament')
  return repository.append(fixture.id, entry, summary, headOf(held, event.generation))
}

describe("a venue desk's log: the accepted entries, then its own pending ones (issue 21)", () => {
  test('an append is proposed, built on the accepted head, and shows at once as this desk’s', async () => {
    const { link, repository } = setUp()
    expect(await append(repository, fixture.log, checkIn(1))).toEqual({
      ok: true,
      value: undefined,
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
    const stored = await repository.loadStored(fixture.id)
    expect(stored?.generation).toBe(event.generation)
    expect(stored?.log.at(-1)).toMatchObject({
      seq: fixture.log.length,
      desk: 'd2',
      proposal: 'p1',
      command: checkIn(1),
    })
    const read = await repository.readFrom(fixture.id, fixture.log.length - 2)
    expect(read?.log).toHaveLength(2)
    expect(await repository.list()).toMatchObject([
      { id: fixture.id, commandCount: fixture.log.length + 1 },
    ])
  })

  test('the next result is built on the same accepted head, its order one more', async () => {
    const { link, repository } = setUp()
    await append(repository, fixture.log, checkIn(1))
    const held = (await repository.loadLog(fixture.id)) ?? []
    expect((await append(repository, held, checkIn(2))).ok).toBe(true)
    expect(link.proposed.map((p) => [p.order, p.builtOn.length])).toEqual([
      [0, fixture.log.length],
      [1, fixture.log.length],
    ])
  })

  test.each<[string, string, number, Command]>([
    [
      'a pairing on a log this window has not seen (a command accepted meanwhile)',
      'storage.conflict',
      1,
      { type: 'unpairRound', division: 'A', round: 1 },
    ],
    ['another event or generation of the log', 'storage.replaced', 0, checkIn(1)],
  ])('head check: %s is refused with %s', async (_case, code, behind, command) => {
    const { repository } = setUp()
    const held = fixture.log.slice(0, fixture.log.length - behind)
    const entry = entryAfter(held, command)
    const summary = summarizeLog(fixture.id, [...held, entry], entry.at)
    if (summary === undefined) throw new Error('the fixture holds a tournament')
    const generation = code === 'storage.replaced' ? event.generation + 1 : event.generation
    const saved = await repository.append(fixture.id, entry, summary, headOf(held, generation))
    expect(!saved.ok && saved.error.code).toBe(code)
  })

  test('a check-in typed while other desks’ commands arrived is proposed all the same (it commutes)', async () => {
    const { link, repository } = setUp()
    const held = fixture.log.slice(0, -1)
    expect((await append(repository, held, checkIn(1))).ok).toBe(true)
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
      const { link, repository } = setUp()
      await append(repository, fixture.log, checkIn(1))
      const held = (await repository.loadLog(fixture.id)) ?? []
      link.setState({ kind: 'offline', since: '2026-03-14T12:00:00.000Z' })
      const refused = await append(repository, held, command)
      expect(refused).toMatchObject({
        ok: false,
        error: { code: 'venue.pending', details: { pending: 1 } },
      })
      expect(link.proposed).toHaveLength(1)
    },
  )

  test('issue 27: Publish right after Pair waits for the pairing to be accepted, then is built on it', async () => {
    const { link, repository } = setUp()
    expect((await append(repository, fixture.log, PAIR)).ok).toBe(true)
    const held = (await repository.loadLog(fixture.id)) ?? []
    const publishing = append(repository, held, PUBLISH)
    await tick()
    // Nothing proposed while the pairing is still waiting for the director's laptop.
    expect(link.proposed).toHaveLength(1)
    link.accept('p1')
    expect(await publishing).toEqual({ ok: true, value: undefined })
    const [pair, publish] = link.proposed
    expect(publish).toMatchObject({ command: PUBLISH, order: 1 })
    expect(publish?.builtOn).toEqual(headOfLog(await link.acceptedFrom(-1)))
    expect(publish?.builtOn.length).toBe((pair?.builtOn.length ?? 0) + 1)
  })

  test('issue 27: several of this desk’s results pending, the pairing waits for all of them', async () => {
    const { link, repository } = setUp()
    await append(repository, fixture.log, checkIn(1))
    const one = (await repository.loadLog(fixture.id)) ?? []
    await append(repository, one, checkIn(2))
    const held = (await repository.loadLog(fixture.id)) ?? []
    const pairing = append(repository, held, PAIR)
    link.accept('p1')
    await tick()
    expect(link.proposed).toHaveLength(2)
    link.accept('p2')
    expect((await pairing).ok).toBe(true)
    expect(link.proposed.at(-1)?.builtOn.length).toBe(fixture.log.length + 2)
  })

  test.each<[string, (link: ReturnType<typeof fakeLink>) => void, string]>([
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
    const { link, repository } = setUp()
    await append(repository, fixture.log, PAIR)
    const held = (await repository.loadLog(fixture.id)) ?? []
    const publishing = append(repository, held, PUBLISH)
    await tick()
    decide(link)
    const refused = await publishing
    expect(!refused.ok && refused.error.code).toBe(code)
    expect(link.proposed).toHaveLength(1)
  })

  test('issue 27: a pairing that waited too long for this desk’s results is refused with venue.pending', async () => {
    const { link, repository } = setUp('desk', 20)
    await append(repository, fixture.log, checkIn(1))
    const held = (await repository.loadLog(fixture.id)) ?? []
    const refused = await append(repository, held, PAIR)
    expect(!refused.ok && refused.error.code).toBe('venue.pending')
    expect(link.proposed).toHaveLength(1)
  })

  test('with nothing pending a pairing is proposed', async () => {
    const { link, repository } = setUp()
    expect(
      (await append(repository, fixture.log, { type: 'unpairRound', division: 'A', round: 1 })).ok,
    ).toBe(true)
    expect(link.proposed).toHaveLength(1)
  })

  test('a projector proposes nothing (issue 21: a projector is read-only)', async () => {
    const { link, repository } = setUp('projector')
    const refused = await append(repository, fixture.log, checkIn(1))
    expect(!refused.ok && refused.error.code).toBe('authority.read-only')
    expect(link.proposed).toEqual([])
  })

  test('files are opened on the director’s laptop: an import is refused and nothing changes', async () => {
    const { repository } = setUp()
    const summary = summarizeLog(fixture.id, fixture.log, '2026-03-14T12:00:00.000Z')
    if (summary === undefined) throw new Error('the fixture holds a tournament')
    const imported = await repository.importLog(fixture.id, fixture.log, summary, { replace: true })
    expect(!imported.ok && imported.error.code).toBe('venue.import')
    expect(await repository.loadLog(fixture.id)).toEqual(fixture.log)
  })

  test('a pending command the accepted log no longer takes is left out until its refusal comes', async () => {
    const { link, repository } = setUp()
    const again: Command = {
      type: 'registerPlayer',
      division: 'A',
      player: { name: 'Player 1 again', rating: 0, memberId: 'M1', club: '' },
    }
    // Stored as typed: the desk's own view let it through before the other registration arrived.
    await link.propose({
      _id: 'clash',
      type: 'proposal',
      order: 0,
      builtOn: headOfLog(fixture.log),
      command: again,
      madeAt: '2026-03-14T12:00:00.000Z',
    })
    await append(repository, fixture.log, checkIn(1))
    const log = (await repository.loadLog(fixture.id)) ?? []
    expect(log.slice(fixture.log.length).map((entry) => entry.proposal)).toEqual(['p1'])
  })

  test('issue 27: a desk that has nothing pending shows the accepted log without folding it (its store folds it once)', async () => {
    const { repository, idle } = setUp()
    expect((await repository.loadStored(fixture.id))?.log).toEqual(fixture.log)
    expect(await repository.readFrom(fixture.id, fixture.log.length - 2)).toMatchObject({
      log: fixture.log.slice(-1),
    })
    expect(checkLog).not.toHaveBeenCalled()
    // Folded once the desk is idle, and only the latest such fold is kept waiting.
    expect(idle).toHaveLength(1)
    idle[0]?.()
    expect(checkLog).toHaveBeenCalledTimes(1)
  })

  test('issue 27: a projector never folds the accepted log here', async () => {
    const { repository, idle } = setUp('projector')
    await repository.loadStored(fixture.id)
    expect(idle).toEqual([])
    expect(checkLog).not.toHaveBeenCalled()
  })

  test('issue 27: with a result pending the log is folded once, then followed, never folded again', async () => {
    const { repository, idle } = setUp()
    await repository.loadStored(fixture.id)
    idle[0]?.()
    await append(repository, fixture.log, checkIn(1))
    const held = (await repository.loadLog(fixture.id)) ?? []
    await append(repository, held, checkIn(2))
    await repository.loadStored(fixture.id)
    expect(checkLog).toHaveBeenCalledTimes(1)
  })

  test('another tournament is not here', async () => {
    const { repository } = setUp()
    expect(await repository.loadStored('another')).toBeUndefined()
    expect(await repository.readFrom('another', -1)).toBeUndefined()
  })

  test('link changes reach this window’s store once per burst, with the accepted length', async () => {
    const { link } = setUp()
    const seen: number[] = []
    const stop = announceLinkChanges(link, (change) => seen.push(change.commandCount))
    link.changed()
    link.changed()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(seen).toEqual([fixture.log.length])
    stop()
    link.changed()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(seen).toHaveLength(1)
  })
})
