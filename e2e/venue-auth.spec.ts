import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test, type APIRequestContext } from '@playwright/test'
import {
  bearer,
  chunkId,
  slotId,
  STATUS_ID,
  VENUE_ROUTES,
  type JoinRequested,
  type JoinRole,
  type JoinStatus,
  type VenueInfo,
} from '../shared/venue/protocol'
import { Authority, authorityPort, stopAllAuthorities } from './support/serve'
import { writeRoundOneEvent } from './support/venue-event'

/*
 * Issue 21, "Done when": a desk without approval, or with a revoked token, cannot read or write
 * anything but its join request, and a desk cannot write the log or another desk's outbox. Plain
 * HTTP against `rackside serve`, as a stranger on the venue Wi-Fi would try it.
 */
const AUTHORITY_PORT = authorityPort('venue-auth')

test.use({ trace: 'off' })
test.afterEach(stopAllAuthorities)

const DENIED = [401, 403]

interface Desk {
  readonly token: string
  readonly info: VenueInfo
}

async function askToJoin(
  request: APIRequestContext,
  url: string,
  role: JoinRole,
): Promise<JoinRequested> {
  const response = await request.post(`${url}${VENUE_ROUTES.join}`, {
    data: { role, device: 'venue-auth test' },
  })
  expect(response.ok(), await response.text()).toBe(true)
  return (await response.json()) as JoinRequested
}

async function joinStatus(
  request: APIRequestContext,
  url: string,
  asked: JoinRequested,
): Promise<JoinStatus> {
  const response = await request.get(`${url}${VENUE_ROUTES.joinStatus}${asked.request}`)
  expect(response.ok(), await response.text()).toBe(true)
  return (await response.json()) as JoinStatus
}

/** Asks, has the director approve it by stdin, and polls as the waiting desk does. */
async function joined(
  request: APIRequestContext,
  authority: Authority,
  role: JoinRole,
  name: string,
): Promise<Desk> {
  const asked = await askToJoin(request, authority.url, role)
  await authority.waitFor('desk', (event) => event.code === asked.code)
  await authority.approve(asked.code, name)
  const statuses: JoinStatus[] = []
  await expect
    .poll(async () => {
      statuses.push(await joinStatus(request, authority.url, asked))
      return statuses.at(-1)?.status
    })
    .toBe('approved')
  const status = statuses.at(-1)
  if (status?.status !== 'approved') throw new Error('unreachable: polled until approved')
  const response = await request.get(`${authority.url}${VENUE_ROUTES.info}`, {
    headers: { Authorization: bearer(status.token) },
  })
  expect(response.ok(), await response.text()).toBe(true)
  return { token: status.token, info: (await response.json()) as VenueInfo }
}

interface Attempt {
  readonly method: 'GET' | 'PUT' | 'POST' | 'DELETE'
  readonly path: string
  readonly data?: unknown
}

/** Everything a desk might read or write past its join request, by the CouchDB protocol. */
function everyAccess(databases: { log: string; decisions: string; outbox: string }): Attempt[] {
  const db = VENUE_ROUTES.databases
  const proposal = { type: 'proposal', order: 0, madeAt: '2026-03-14T10:00:00.000Z' }
  return [
    { method: 'GET', path: VENUE_ROUTES.info },
    { method: 'GET', path: `${db}/` },
    { method: 'GET', path: `${db}/_all_dbs` },
    { method: 'GET', path: `${db}/${databases.log}` },
    { method: 'GET', path: `${db}/${databases.log}/${slotId(0)}` },
    { method: 'GET', path: `${db}/${databases.log}/_all_docs?include_docs=true` },
    { method: 'GET', path: `${db}/${databases.log}/_changes?include_docs=true` },
    { method: 'GET', path: `${db}/${databases.decisions}/_all_docs` },
    { method: 'GET', path: `${db}/${databases.outbox}/_all_docs` },
    { method: 'PUT', path: `${db}/${databases.outbox}/p-stranger`, data: proposal },
    { method: 'POST', path: `${db}/${databases.outbox}/_bulk_docs`, data: { docs: [proposal] } },
    { method: 'PUT', path: `${db}/${databases.log}/${chunkId(99)}`, data: { type: 'chunk' } },
    { method: 'PUT', path: `${db}/a-new-database` },
    { method: 'DELETE', path: `${db}/${databases.log}` },
  ]
}

async function attempt(
  request: APIRequestContext,
  url: string,
  { method, path, data }: Attempt,
  token?: string,
): Promise<number> {
  const response = await request.fetch(`${url}${path}`, {
    method,
    ...(data === undefined ? {} : { data }),
    ...(token === undefined ? {} : { headers: { Authorization: bearer(token) } }),
  })
  return response.status()
}

test('without approval, refused or revoked, a desk reaches its join request and nothing else', async ({
  request,
}) => {
  test.setTimeout(180_000)
  const folder = mkdtempSync(join(tmpdir(), 'rackside-venue-auth-'))
  const event = writeRoundOneEvent(folder, 4)
  const authority = await Authority.start({ eventFile: event.path, port: AUTHORITY_PORT })
  const url = authority.url

  // One approved desk gives the real database names a stranger would aim at.
  const desk = await joined(request, authority, 'results', 'Desk 2')
  const outbox = desk.info.databases.outbox
  expect(outbox, 'a desk has an outbox').toBeDefined()
  const databases = { ...desk.info.databases, outbox: outbox ?? '' }
  expect(await attempt(request, url, everyAccess(databases)[4] as Attempt, desk.token)).toBe(200)

  // A stranger: no token at all.
  for (const access of everyAccess(databases)) {
    expect(DENIED, `${access.method} ${access.path} without a token`).toContain(
      await attempt(request, url, access),
    )
  }

  // A desk still waiting: its request secret is not a token, and polling says only "waiting".
  const waiting = await askToJoin(request, url, 'results')
  expect(await joinStatus(request, url, waiting)).toEqual({ status: 'waiting', code: waiting.code })
  for (const access of everyAccess(databases)) {
    expect(DENIED, `${access.method} ${access.path} while waiting`).toContain(
      await attempt(request, url, access, waiting.request),
    )
  }
  // A made-up token is no better.
  expect(DENIED).toContain(
    await attempt(request, url, { method: 'GET', path: VENUE_ROUTES.info }, 'not-a-token'),
  )

  // Refused by the director: the desk learns it and gets no token.
  await authority.waitFor('desk', (e) => e.code === waiting.code)
  authority.refuse(waiting.code)
  await expect.poll(async () => (await joinStatus(request, url, waiting)).status).toBe('refused')

  // Revoked: the token that read the log a moment ago reads and writes nothing.
  await authority.revoke('Desk 2')
  for (const access of everyAccess(databases)) {
    expect(DENIED, `${access.method} ${access.path} after revoking`).toContain(
      await attempt(request, url, access, desk.token),
    )
  }
})

test('an approved desk writes only its own outbox; a projector writes nothing', async ({
  request,
}) => {
  test.setTimeout(180_000)
  const folder = mkdtempSync(join(tmpdir(), 'rackside-venue-auth-'))
  const event = writeRoundOneEvent(folder, 4)
  const authority = await Authority.start({
    eventFile: event.path,
    port: authorityPort('venue-auth', 1),
  })
  const url = authority.url
  const one = await joined(request, authority, 'results', 'Desk 1')
  const two = await joined(request, authority, 'results', 'Desk 2')
  const projector = await joined(request, authority, 'projector', 'Projector')
  const db = VENUE_ROUTES.databases
  const { log, decisions } = one.info.databases
  const ownOutbox = one.info.databases.outbox ?? ''
  const otherOutbox = two.info.databases.outbox ?? ''
  expect(ownOutbox).not.toBe(otherOutbox)
  expect(projector.info.databases.outbox, 'a projector has no outbox').toBeUndefined()

  // A status document is harmless to the log: the desk's own outbox takes it.
  const status = {
    type: 'status',
    tournamentId: event.tournamentId,
    generation: one.info.event.generation,
    held: 0,
    last: null,
    at: '2026-03-14T10:00:00.000Z',
  }
  const put = (path: string, token: string) =>
    attempt(request, url, { method: 'PUT', path, data: status }, token)
  expect(await put(`${db}/${ownOutbox}/${STATUS_ID}`, one.token)).toBe(201)

  // Reading the log and decisions is what a desk and a projector are for.
  for (const token of [one.token, projector.token]) {
    expect(await attempt(request, url, { method: 'GET', path: `${db}/${log}` }, token)).toBe(200)
    const decisionsRead = { method: 'GET', path: `${db}/${decisions}/_all_docs` } as const
    expect(await attempt(request, url, decisionsRead, token)).toBe(200)
  }

  const forbidden: [string, string][] = [
    [`${db}/${otherOutbox}/${STATUS_ID}`, one.token],
    [`${db}/${log}/${chunkId(50)}`, one.token],
    [`${db}/${decisions}/made-up`, one.token],
    [`${db}/${ownOutbox}/x`, projector.token],
    [`${db}/${otherOutbox}/x`, projector.token],
    [`${db}/${log}/${chunkId(50)}`, projector.token],
  ]
  for (const [path, token] of forbidden) {
    expect(DENIED, `PUT ${path}`).toContain(await put(path, token))
  }
  // Nor by a bulk write, which replication uses.
  const bulk = { method: 'POST', path: `${db}/${otherOutbox}/_bulk_docs`, data: { docs: [status] } }
  expect(DENIED).toContain(await attempt(request, url, bulk as Attempt, one.token))
})
