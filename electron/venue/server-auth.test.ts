import { afterEach, describe, expect, test } from 'vitest'
import {
  decisionsDatabase,
  logDatabase,
  outboxDatabase,
  VENUE_ROUTES,
} from '../../shared/venue/protocol'
import { startAuthorityServer, type VenueServerHandle } from './server'
import { authorized, eventFile, joinAs } from './test-support/venue-event'

let server: VenueServerHandle | undefined

afterEach(async () => {
  await server?.close()
  server = undefined
})

async function started(): Promise<VenueServerHandle> {
  const opened = await startAuthorityServer({
    eventPath: await eventFile(),
    host: '127.0.0.1',
    port: 0,
  })
  if (!opened.ok) throw new Error(opened.error.message)
  server = opened.value
  return opened.value
}

describe('who may reach the databases (issue 21: "a desk without approval, or with a revoked token, cannot read or write anything but its join request")', () => {
  test('no token, a made-up token and a revoked token get 401 on the log, decisions, an outbox and info', async () => {
    const s = await started()
    const desk = await joinAs(s, 'results', 'Desk 1')
    const event = s.event()
    const paths = [
      `/db/${logDatabase(event)}/_all_docs`,
      `/db/${decisionsDatabase(event)}/_changes`,
      `/db/${outboxDatabase(desk.id)}`,
      VENUE_ROUTES.info,
    ]
    expect(s.revoke('desk 1').ok).toBe(true)
    for (const token of [undefined, 'made-up', desk.token]) {
      for (const path of paths) {
        const headers: Record<string, string> = token === undefined ? {} : authorized(token)
        const response = await fetch(`${s.url}${path}`, { headers })
        expect(response.status, `${path} with ${token ?? 'no token'}`).toBe(401)
      }
      const write = await fetch(`${s.url}/db/${outboxDatabase(desk.id)}/_bulk_docs`, {
        method: 'POST',
        headers: token === undefined ? { 'content-type': 'application/json' } : authorized(token),
        body: JSON.stringify({ docs: [{ _id: 'x' }] }),
      })
      expect(write.status).toBe(401)
    }
  })

  test('revoking a desk ends its open live _changes request at once', async () => {
    const s = await started()
    const desk = await joinAs(s, 'results', 'Desk 1')
    const live = fetch(
      `${s.url}/db/${logDatabase(s.event())}/_changes?feed=longpoll&since=now&timeout=20000`,
      { headers: authorized(desk.token) },
    )
      .then(async (response) => `ended ${String(response.status)}: ${await response.text()}`)
      .catch(() => 'cut')
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(s.revoke('Desk 1').ok).toBe(true)
    expect(await live).toBe('cut')
  })

  test('an approved desk reads the log but cannot write it, another outbox, nor create a database', async () => {
    const s = await started()
    const one = await joinAs(s, 'results', 'Desk 1')
    const two = await joinAs(s, 'results', 'Desk 2')
    const event = s.event()
    const headers = authorized(one.token)
    const get = async (path: string) => (await fetch(`${s.url}${path}`, { headers })).status
    const post = async (path: string, body: unknown, method = 'POST') =>
      (await fetch(`${s.url}${path}`, { method, headers, body: JSON.stringify(body) })).status
    expect(await get(`/db/${logDatabase(event)}/slot-0`)).toBe(200)
    expect(await get(`/db/${outboxDatabase(one.id)}`)).toBe(200)
    expect(
      await post(`/db/${logDatabase(event)}/_bulk_docs`, { docs: [{ _id: 'chunk-000009' }] }),
    ).toBe(403)
    expect(await post(`/db/${logDatabase(event)}/chunk-000009`, { type: 'chunk' }, 'PUT')).toBe(403)
    expect(await post(`/db/${decisionsDatabase(event)}/x`, {}, 'PUT')).toBe(403)
    expect(await post(`/db/${outboxDatabase(two.id)}/_bulk_docs`, { docs: [{ _id: 'p' }] })).toBe(
      403,
    )
    expect(await get(`/db/${outboxDatabase(two.id)}/_all_docs`)).toBe(403)
    expect(await post('/db/new-database', {}, 'PUT')).toBe(403)
    expect(await get('/db/_all_dbs')).toBe(403)
    expect(await post(`/db/${outboxDatabase(one.id)}`, {}, 'DELETE')).toBe(403)
    expect(await post(`/db/${outboxDatabase(one.id)}/_bulk_docs`, { docs: [{ _id: 'p' }] })).toBe(
      201,
    )
    const info = await fetch(`${s.url}${VENUE_ROUTES.info}`, { headers })
    expect(await info.json()).toMatchObject({
      desk: { id: one.id, name: 'Desk 1', role: 'results' },
      databases: { outbox: outboxDatabase(one.id) },
    })
  })

  test('a projector reads and writes nothing, not even an outbox of its own', async () => {
    const s = await started()
    const projector = await joinAs(s, 'projector', 'Projector')
    const headers = authorized(projector.token)
    const event = s.event()
    expect((await fetch(`${s.url}/db/${logDatabase(event)}/_all_docs`, { headers })).status).toBe(
      200,
    )
    for (const db of [logDatabase(event), decisionsDatabase(event), outboxDatabase(projector.id)]) {
      const response = await fetch(`${s.url}/db/${db}/_bulk_docs`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ docs: [{ _id: 'x' }] }),
      })
      expect(response.status, db).toBe(403)
    }
    const info = (await (await fetch(`${s.url}${VENUE_ROUTES.info}`, { headers })).json()) as {
      databases: Record<string, string>
    }
    expect(info.databases.outbox).toBeUndefined()
  })

  test('a desk not yet approved can only ask to join and poll its request', async () => {
    const s = await started()
    const asked = await fetch(`${s.url}${VENUE_ROUTES.join}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'results', device: 'Firefox on a tablet' }),
    })
    const { request, code } = (await asked.json()) as { request: string; code: string }
    expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{6}$/)
    expect(s.requests()).toMatchObject([{ code, role: 'results', device: 'Firefox on a tablet' }])
    const polled = await fetch(`${s.url}${VENUE_ROUTES.joinStatus}${request}`)
    expect(await polled.json()).toEqual({ status: 'waiting', code })
    expect((await fetch(`${s.url}/db/${logDatabase(s.event())}`)).status).toBe(401)
    expect((await fetch(`${s.url}/db/outbox-d1`)).status).toBe(401)
    expect((await fetch(`${s.url}/db/_all_dbs`)).status).toBe(401)
    expect(s.refuse(code).ok).toBe(true)
    const refused = await fetch(`${s.url}${VENUE_ROUTES.joinStatus}${request}`)
    expect(await refused.json()).toEqual({ status: 'refused' })
  })

  test('a join request that is not JSON gets one line of JSON back, never a stack trace', async () => {
    const s = await started()
    const bad = await fetch(`${s.url}${VENUE_ROUTES.join}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"role": ',
    })
    expect(bad.status).toBe(400)
    const body = await bad.text()
    expect(JSON.parse(body)).toMatchObject({ error: 'venue.bad-request' })
    expect(body).not.toMatch(/\bat \w+ \(/)
  })

  test('a join request with no role is refused with a reason; a name already taken is refused', async () => {
    const s = await started()
    const bad = await fetch(`${s.url}${VENUE_ROUTES.join}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'director' }),
    })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toMatchObject({ error: 'venue.join-role' })
    await joinAs(s, 'results', 'Desk 1')
    const asked = await fetch(`${s.url}${VENUE_ROUTES.join}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'results' }),
    })
    const { code } = (await asked.json()) as { code: string }
    const again = s.approve(code, '  desk   1 ')
    expect(again.ok ? 'approved' : again.error.code).toBe('venue.desk-name-taken')
  })
})
