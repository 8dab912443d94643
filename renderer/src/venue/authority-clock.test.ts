import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { VENUE_ROUTES } from '../../../shared/venue/protocol'
import { createMemoryRepository } from '../db/memory-repository'
import { useDeskStore } from '../stores/desk'
import { setRepository } from '../stores/repository'
import { setRuleTime } from '../stores/rule-clock'
import { useTournamentStore } from '../stores/tournament'
import {
  askAuthorityTime,
  createAuthorityClock,
  MAX_ROUND_TRIP_MS,
  TIME_MS,
  type AuthorityClockOptions,
} from './authority-clock'
import type { Fetch } from './join'

const AUTHORITY_START = Date.parse('2026-12-05T09:00:00.000Z')
const MINUTE = 60_000

/**
 * The authority and a desk whose clock is `skew` ms off it; each request takes `roundTrip` ms,
 * the authority reading its clock halfway. `every` runs only when the test says a minute passed.
 */
function venue(skew: number, roundTrip = 120) {
  let authority = AUTHORITY_START
  let reachable = true
  const asked: { url: string; init: RequestInit | undefined }[] = []
  const fetch: Fetch = async (url, init) => {
    asked.push({ url, init })
    if (!reachable) throw new TypeError('Failed to fetch')
    authority += roundTrip / 2
    const body = JSON.stringify({ now: authority })
    authority += roundTrip / 2
    return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } })
  }
  let minute: (() => void) | undefined
  let online = true
  const options: AuthorityClockOptions = {
    ask: () => askAuthorityTime(fetch, 'http://192.168.1.20:8421', 'token-d2'),
    deskNow: () => authority + skew,
    online: () => online,
    every: (ms, run) => {
      expect(ms).toBe(TIME_MS)
      minute = run
      return () => (minute = undefined)
    },
  }
  return {
    options,
    asked,
    authorityNow: () => authority,
    pass(ms: number) {
      authority += ms
    },
    minutePasses: () => minute?.(),
    setReachable(yes: boolean) {
      reachable = yes
    },
    setOnline(yes: boolean) {
      online = yes
    },
  }
}

/** Lets the clock's first question and its answer go through. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('issue 27: a desk reads the authority’s time, not its own', () => {
  test.each([
    ['5 minutes fast', 5 * MINUTE, -5 * MINUTE],
    ['5 minutes slow', -5 * MINUTE, 5 * MINUTE],
    ['right', 0, 0],
  ])('a desk clock %s tells the authority’s time', async (_, skew, offset) => {
    const v = venue(skew)
    const clock = createAuthorityClock(v.options)
    await settle()
    expect(clock.offset()).toBe(offset)
    v.pass(7 * MINUTE)
    expect(clock.now()).toBe(v.authorityNow())
    expect(v.asked[0]?.url).toBe('http://192.168.1.20:8421' + VENUE_ROUTES.time)
    expect(new Headers(v.asked[0]?.init?.headers).get('Authorization')).toBe('Bearer token-d2')
    clock.stop()
  })

  test('asked again every minute while online; offline, the last good offset is kept', async () => {
    const v = venue(5 * MINUTE)
    const clock = createAuthorityClock(v.options)
    await settle()
    expect(v.asked).toHaveLength(1)
    v.minutePasses()
    await settle()
    expect(v.asked).toHaveLength(2)
    v.setOnline(false)
    v.minutePasses()
    await settle()
    expect(v.asked).toHaveLength(2)
    v.setOnline(true)
    v.setReachable(false)
    v.minutePasses()
    await settle()
    expect(v.asked).toHaveLength(3)
    v.pass(30 * MINUTE)
    expect(clock.now()).toBe(v.authorityNow())
    clock.stop()
    v.minutePasses()
    expect(v.asked).toHaveLength(3)
  })

  test('an answer slower than the limit is not taken: it says little of when the clock was read', async () => {
    const v = venue(5 * MINUTE, MAX_ROUND_TRIP_MS + 1)
    const clock = createAuthorityClock(v.options)
    expect(await clock.measure()).toBe(false)
    expect(clock.offset()).toBeUndefined()
    clock.stop()
  })

  test.each([
    ['a refusal', () => new Response('no', { status: 401 })],
    ['no time in the answer', () => new Response('{"later":1}', { status: 200 })],
  ])('%s is no time: the desk keeps what it had', async (_, answer) => {
    await expect(askAuthorityTime(async () => answer(), 'http://a', 't')).rejects.toThrow()
  })
})

describe('issue 27: the arrival a desk records is at the authority’s time', () => {
  const INFO = {
    name: 'Abuja Open',
    venue: 'Abuja',
    startDate: '2026-12-05',
    endDate: '2026-12-05',
    rounds: 6,
  }
  let restore: (() => void) | undefined

  beforeEach(() => {
    setRepository(createMemoryRepository())
    setActivePinia(createPinia())
  })

  afterEach(() => restore?.())

  test.each([
    ['5 minutes fast', 5 * MINUTE],
    ['5 minutes slow', -5 * MINUTE],
  ])(
    'a desk clock %s records the arrival, the round’s start and the day by the authority',
    async (_, skew) => {
      const v = venue(skew)
      const clock = createAuthorityClock(v.options)
      await settle()
      restore = setRuleTime(clock.now)
      const tournament = useTournamentStore()
      await tournament.create(INFO, 'msa')
      await tournament.dispatch({ type: 'addDivision', name: 'A' })
      await tournament.registerPlayer('A', { name: 'Okafor, Ada', rating: '1700' })
      await tournament.registerPlayer('A', { name: 'Bello, Tunde', rating: '1600' })
      await tournament.dispatch({
        type: 'pairRound',
        division: 'A',
        round: 1,
        pairings: [{ kind: 'game', table: 1, players: [1, 2] }],
      })
      const desk = useDeskStore()
      // What the round clock's Start does: the time read from the clock store.
      const started = v.authorityNow()
      const { useClockStore } = await import('../stores/clock')
      await tournament.dispatch({
        type: 'startRound',
        division: 'A',
        round: 1,
        at: useClockStore().read(),
        absent: [2],
      })
      v.pass(7 * MINUTE)
      expect((await desk.recordArrival('A', 1, 2)).ok).toBe(true)
      const commands = tournament.log.map((e) => e.command)
      expect(commands.find((c) => c.type === 'startRound')).toMatchObject({ at: started })
      expect(commands.find((c) => c.type === 'recordArrival')).toMatchObject({
        at: started + 7 * MINUTE,
      })
      expect(commands.find((c) => c.type === 'checkIn')).toMatchObject({ day: '2026-12-05' })
      clock.stop()
    },
  )
})
