import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, test } from 'vitest'
import type { LoggedCommand } from '../../../shared/tournament/commands'
import type {
  JoinStatus,
  OutboxProposal,
  RefusalDoc,
  VenueInfo,
} from '../../../shared/venue/protocol'
import { tournamentFixture } from '../db/repository-contract'
import type { LinkState, VenueLink } from '../venue/link'
import { deskKeeping } from '../venue/venue-mode'
import { deskId } from './desk-id'
import { repository } from './repository'
import { useTournamentStore } from './tournament'
import { useVenueStore, type VenueEnvironment } from './venue'

const fixture = tournamentFixture('open-2026', 'Open', { players: 2 })
const ORIGIN = 'http://192.168.1.10:8080'
const INFO: VenueInfo = {
  desk: { id: 'd2', name: 'Desk 2', role: 'desk' },
  event: { tournamentId: fixture.id, generation: 1, name: 'Open' },
  databases: { log: 'log-open-2026-g1', decisions: 'decisions-open-2026-g1', outbox: 'outbox-d2' },
}

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  const items = new Map<string, string>()
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  }
}

/** A link that holds the fixture's log; the test hands it refusals and states. */
function fakeLink() {
  let refusalListener: ((refusal: RefusalDoc, proposal?: OutboxProposal) => void) | undefined
  const changes = new Set<() => void>()
  let state: LinkState = { kind: 'online' }
  const link: VenueLink = {
    desk: INFO.desk,
    event: () => INFO.event,
    propose: async () => undefined,
    acceptedFrom: async (after): Promise<readonly LoggedCommand[]> => fixture.log.slice(after + 1),
    pending: async () => [],
    decided: async () => undefined,
    onRefused: (listener) => {
      refusalListener = listener
      return () => undefined
    },
    onChange: (listener) => {
      changes.add(listener)
      return () => changes.delete(listener)
    },
    state: () => state,
    now: () => Date.parse('2026-03-14T10:00:00.000Z'),
    close: async () => undefined,
  }
  return {
    link,
    refuse: (refusal: RefusalDoc, proposal?: OutboxProposal) =>
      refusalListener?.(refusal, proposal),
    setState(next: LinkState) {
      state = next
      changes.forEach((listener) => listener())
    },
  }
}

/** The authority as the join routes answer: `answers` are the successive join statuses. */
function environment(answers: JoinStatus[], info: 'ok' | 'revoked' = 'ok') {
  const storage = memoryStorage()
  const fake = fakeLink()
  const asked: string[] = []
  const ticks: (() => void)[] = []
  const restarts: number[] = []
  const env: VenueEnvironment = {
    every: (_ms, run) => {
      ticks.push(run)
      return () => ticks.splice(ticks.indexOf(run), 1)
    },
    restart: () => restarts.push(1),
    origin: ORIGIN,
    storage,
    keeping: deskKeeping(storage, ORIGIN),
    wait: async () => undefined,
    openLink: async () => fake.link,
    fetch: async (url, init) => {
      asked.push(`${init?.method ?? 'GET'} ${url.replace(ORIGIN, '')}`)
      if (url.endsWith('/venue/join')) {
        return Response.json({ request: 'secret', code: 'ACDE34' })
      }
      if (url.includes('/venue/join/')) return Response.json(answers.shift())
      if (authority.info === 'revoked') return new Response('{}', { status: 401 })
      return Response.json(authority.info)
    },
  }
  /** What `/venue/info` answers now: the test changes it. */
  const authority: { info: VenueInfo | 'revoked' } = { info: info === 'ok' ? INFO : 'revoked' }
  const tick = async (): Promise<void> => {
    for (const run of [...ticks]) run()
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { env, storage, fake, asked, authority, tick, restarts }
}

beforeEach(() => setActivePinia(createPinia()))

describe('joining the event from a browser (issue 21: desks join with the director’s consent)', () => {
  test('no token: the join screen; approved after two asks, the token is kept for this authority', async () => {
    const { env, asked } = environment([
      { status: 'waiting', code: 'ACDE34' },
      { status: 'waiting', code: 'ACDE34' },
      { status: 'approved', token: 'tok', desk: INFO.desk },
    ])
    const venue = useVenueStore()
    expect(await venue.start(env)).toBe('join')
    const joined = venue.join('results', 'Firefox on a tablet')
    expect(await joined).toBe('connected')
    expect(venue.code).toBe('ACDE34')
    expect(env.keeping.token()).toBe('tok')
    expect(asked).toEqual([
      'POST /venue/join',
      'GET /venue/join/secret',
      'GET /venue/join/secret',
      'GET /venue/join/secret',
      'GET /venue/info',
    ])
  })

  test('issue 27: approved, the desk opens the event in place, without starting the page again', async () => {
    const { env, asked, restarts } = environment([
      { status: 'approved', token: 'tok', desk: INFO.desk },
    ])
    const venue = useVenueStore()
    expect(await venue.start(env)).toBe('join')
    expect(await venue.join('results', 'Firefox on a tablet')).toBe('connected')
    expect(restarts).toEqual([])
    expect(asked.at(-1)).toBe('GET /venue/info')
    expect(deskId()).toBe('d2')
    expect(await repository().loadLog(fixture.id)).toEqual(fixture.log)
    expect(venue.badge).toBe('Desk 2 · online')
  })

  test('refused by the director: the desk may ask again', async () => {
    const { env } = environment([{ status: 'refused' }])
    const venue = useVenueStore()
    await venue.start(env)
    expect(await venue.join('projector', '')).toBe('refused')
    expect(env.keeping.token()).toBeNull()
  })

  test('with a token: the event opens through the venue repository, as the desk the authority named', async () => {
    const { env } = environment([])
    env.keeping.keepToken('tok')
    const venue = useVenueStore()
    expect(await venue.start(env)).toBe('connected')
    expect(deskId()).toBe('d2')
    expect(await repository().loadLog(fixture.id)).toEqual(fixture.log)
    expect(venue.badge).toBe('Desk 2 · online')
  })

  test('issue 27: the screens offer what the desk’s role may give, by the authority’s table', async () => {
    const { env } = environment([])
    env.keeping.keepToken('tok')
    const venue = useVenueStore()
    // Outside the venue network (and on the director's laptop) the window is the director's.
    expect([venue.role, venue.may('pairRound'), venue.may('changeRules')]).toEqual([
      'director',
      true,
      true,
    ])
    await venue.start(env)
    // Desk 2 joined before roles: check-in and results, never pairing, publishing or rules.
    expect(venue.role).toBe('desk')
    expect(
      (['recordResult', 'checkIn', 'pairRound', 'publishRound', 'changeRules'] as const).map(
        (type) => venue.may(type),
      ),
    ).toEqual([true, true, false, false, false])
  })

  test('a refusal is shown with what was typed and the rule’s words, and dismissed', async () => {
    const { env, fake } = environment([])
    env.keeping.keepToken('tok')
    const venue = useVenueStore()
    await venue.start(env)
    const proposal: OutboxProposal = {
      _id: 'p1',
      type: 'proposal',
      order: 0,
      builtOn: { length: 0, last: null },
      command: { type: 'addDivision', name: 'B' },
      madeAt: '2026-03-14T10:00:00.000Z',
    }
    fake.refuse(
      {
        _id: 'p1',
        type: 'refused',
        desk: 'd2',
        error: { code: 'authority.not-own', message: 'not own' },
        at: '2026-03-14T10:00:01.000Z',
      },
      proposal,
    )
    expect(venue.refusals).toHaveLength(1)
    expect(venue.refusals[0]?.text).toMatch(
      /^The director's laptop refused .*B.*: Another desk entered this/,
    )
    venue.dismiss('p1')
    expect(venue.refusals).toEqual([])
  })

  test('issue 27: a refused check-in names the player as the desk shows them, not by number alone', async () => {
    const { env, fake } = environment([])
    env.keeping.keepToken('tok')
    const venue = useVenueStore()
    await venue.start(env)
    expect(await useTournamentStore().open(fixture.id)).toBe(true)
    const command = { type: 'checkIn', division: 'A', player: 2, day: '2026-03-14' } as const
    fake.refuse(
      {
        _id: 'p2',
        type: 'refused',
        desk: 'd2',
        error: { code: 'authority.read-only', message: 'read only' },
        at: '2026-03-14T10:00:01.000Z',
      },
      {
        _id: 'p2',
        type: 'proposal',
        order: 0,
        builtOn: { length: 0, last: null },
        command,
        madeAt: '2026-03-14T10:00:00.000Z',
      },
    )
    expect(venue.refusals[0]?.text).toContain('Player 2 (#2) checked in')
  })

  test('revoked: the token is forgotten and the desk shows only that', async () => {
    const { env } = environment([], 'revoked')
    env.keeping.keepToken('tok')
    const venue = useVenueStore()
    expect(await venue.start(env)).toBe('revoked')
    expect(env.keeping.token()).toBeNull()
  })

  test('revoked while connected (a 401 on replication)', async () => {
    const { env, fake } = environment([])
    env.keeping.keepToken('tok')
    const venue = useVenueStore()
    await venue.start(env)
    fake.setState({ kind: 'revoked' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(venue.phase).toBe('revoked')
  })

  test('revoked while connected, seen by asking about the event (replication waits for its long poll)', async () => {
    const { env, authority, tick } = environment([])
    env.keeping.keepToken('tok')
    const venue = useVenueStore()
    await venue.start(env)
    await tick()
    expect(venue.phase).toBe('connected')
    authority.info = 'revoked'
    await tick()
    expect(venue.phase).toBe('revoked')
  })

  test('a file opened at the authority (a new generation) starts the desk again on it', async () => {
    const { env, authority, tick, restarts } = environment([])
    env.keeping.keepToken('tok')
    const venue = useVenueStore()
    await venue.start(env)
    await tick()
    expect(restarts).toEqual([])
    authority.info = { ...INFO, event: { ...INFO.event, generation: 2 } }
    await tick()
    expect(restarts).toEqual([1])
  })
})
