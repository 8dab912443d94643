import { afterEach, describe, expect, test } from 'vitest'
import { VENUE_ROUTES, type ServeEvent } from '../../shared/venue/protocol'
import { ASKS_PER_WINDOW, WAITING_PER_ADDRESS } from './join-limits'
import { MAX_OPEN_REQUESTS } from './joining'
import { startAuthorityServer, type VenueServerHandle } from './server'
import { answered, askFrom, authorized, eventFile, joinAs } from './test-support/venue-event'

let server: VenueServerHandle | undefined
const events: ServeEvent[] = []

afterEach(async () => {
  await server?.close()
  server = undefined
  events.length = 0
})

async function started(now?: () => Date): Promise<VenueServerHandle> {
  const opened = await startAuthorityServer({
    eventPath: await eventFile(),
    host: '127.0.0.1',
    port: 0,
    onEvent: (e) => events.push(e),
    ...(now === undefined ? {} : { now }),
  })
  if (!opened.ok) throw new Error(opened.error.message)
  server = opened.value
  return opened.value
}

describe('joins that cannot lock desks out (issue 27: 49 join requests locked every desk out for 15 minutes)', () => {
  test('a flood of 60 requests from one address: a few wait, the rest are told so; another address still joins and is approved', async () => {
    const s = await started()
    const flood = []
    for (let i = 0; i < 60; i++) flood.push(await askFrom(s, '127.0.0.2'))
    expect(flood.filter((r) => r.status === 200)).toHaveLength(WAITING_PER_ADDRESS)
    const told = flood.filter((r) => r.status === 429)
    expect(told).toHaveLength(60 - WAITING_PER_ADDRESS)
    expect(told[0]?.body).toMatchObject({ error: 'venue.join-limit' })
    expect(String(told[0]?.body['reason'])).toMatch(/already has 3 requests waiting/)
    expect(s.requests()).toHaveLength(WAITING_PER_ADDRESS)

    const desk = await askFrom(s, '127.0.0.1')
    expect(desk.status).toBe(200)
    const approved = s.approve(String(desk.body['code']), 'Desk 2')
    expect(approved.ok).toBe(true)
    const status = await answered(s, String(desk.body['request']))
    expect(status).toMatchObject({ status: 'approved', desk: { name: 'Desk 2', role: 'results' } })
  }, 30_000)

  test('an address asking too often in a minute is told so even when its requests were refused', async () => {
    const s = await started()
    const asked = []
    for (let i = 0; i < ASKS_PER_WINDOW; i++) {
      const one = await askFrom(s, '127.0.0.3')
      asked.push(one.status)
      expect(s.refuse(String(one.body['code'])).ok).toBe(true)
    }
    expect(asked.every((status) => status === 200)).toBe(true)
    const again = await askFrom(s, '127.0.0.3')
    expect(again).toMatchObject({ status: 429, body: { error: 'venue.join-limit' } })
    expect((await askFrom(s, '127.0.0.4')).status).toBe(200)
  })

  test('a full list makes room for a new address by forgetting the oldest request of the address with most waiting', async () => {
    const s = await started()
    const addresses = Array.from({ length: 20 }, (_, i) => `127.0.1.${String(i + 1)}`)
    for (const address of addresses) {
      for (let i = 0; i < WAITING_PER_ADDRESS; i++) await askFrom(s, address)
    }
    expect(s.requests()).toHaveLength(MAX_OPEN_REQUESTS)
    const late = await askFrom(s, '127.0.2.1')
    expect(late.status).toBe(200)
    expect(s.requests()).toHaveLength(MAX_OPEN_REQUESTS)
    expect(s.requests().some((r) => r.code === late.body['code'])).toBe(true)
  }, 30_000)

  test('"refuse all" refuses every waiting request at once; each desk hears "refused"', async () => {
    const s = await started()
    const asked = [await askFrom(s, '127.0.0.2'), await askFrom(s, '127.0.0.5')]
    expect(s.refuseAll()).toBe(2)
    expect(s.requests()).toEqual([])
    for (const one of asked) {
      expect(await answered(s, String(one.body['request']))).toEqual({ status: 'refused' })
    }
    expect(s.refuseAll()).toBe(0)
  })

  test('approved desks never meet the join limits: their routes are behind the token', async () => {
    const s = await started()
    const desk = await joinAs(s, 'results', 'Desk 1')
    for (let i = 0; i < 20; i++) await askFrom(s, '127.0.0.1')
    const info = await fetch(`${s.url}${VENUE_ROUTES.info}`, { headers: authorized(desk.token) })
    expect(info.status).toBe(200)
  })
})

describe('the director chooses the role (issue 27: roles)', () => {
  test("approve's role wins over the one asked for; a desk approved with a proposing role gets an outbox", async () => {
    const s = await started()
    const asked = await askFrom(s, '127.0.0.2', 'projector')
    const approved = s.approve(String(asked.body['code']), 'Head desk', 'director')
    expect(approved.ok && approved.value.role).toBe('director')
    const status = await answered(s, String(asked.body['request']))
    if (status.status !== 'approved') throw new Error('not approved')
    expect(status.desk.role).toBe('director')
    const info = await fetch(`${s.url}${VENUE_ROUTES.info}`, { headers: authorized(status.token) })
    expect(await info.json()).toMatchObject({
      desk: { name: 'Head desk', role: 'director' },
      databases: { outbox: `outbox-${status.desk.id}` },
    })
  })

  test('without a role the desk is what it asked to be', async () => {
    const s = await started()
    const asked = await askFrom(s, '127.0.0.2', 'projector')
    const approved = s.approve(String(asked.body['code']), 'Projector')
    expect(approved.ok && approved.value.role).toBe('projector')
  })
})

describe('the authority\'s clock (issue 27: "a desk\'s clock decides lateness")', () => {
  test("GET /venue/time is the authority's time, with or without a token", async () => {
    const s = await started(() => new Date('2026-03-14T09:30:00.000Z'))
    const desk = await joinAs(s, 'results', 'Desk 1')
    for (const headers of [{}, authorized(desk.token)]) {
      const response = await fetch(`${s.url}${VENUE_ROUTES.time}`, { headers })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ now: Date.parse('2026-03-14T09:30:00.000Z') })
    }
  })
})
