import { mkdir, mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { ID } from '../../shared/tournament/test-support/event'
import {
  outboxDatabase,
  STATUS_ID,
  type DeskStatus,
  type ServeEvent,
} from '../../shared/venue/protocol'
import {
  startAuthorityServer,
  VENUE_META,
  type VenueServerHandle,
  type VenueServerOptions,
} from './server'
import { authorized, EVENT_LOG, eventFile, joinAs, until } from './test-support/venue-event'

const running: VenueServerHandle[] = []

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()))
})

async function started(options: Partial<VenueServerOptions> & { eventPath: string }) {
  const events: ServeEvent[] = []
  const opened = await startAuthorityServer({
    host: '127.0.0.1',
    port: 0,
    onEvent: (e) => events.push(e),
    ...options,
  })
  if (!opened.ok) throw new Error(opened.error.message)
  running.push(opened.value)
  return { server: opened.value, events }
}

async function appFolder(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'rackside-app-'))
  await writeFile(
    join(folder, 'index.html'),
    '<html><head><title>Rackside</title></head><body></body></html>',
  )
  await writeFile(join(folder, 'app.js'), 'console.log(1)')
  await mkdir(join(folder, 'assets'))
  await writeFile(join(folder, 'assets', 'index-Dbjx9X4b.js'), 'console.log(2)')
  return folder
}

describe('the desk app and the phones’ pages (issue 21: "desks need no install")', () => {
  test('the app is served at / and for any page of its own, marked as served by an authority, talking only to this origin', async () => {
    const { server } = await started({ eventPath: await eventFile(), appDir: await appFolder() })
    for (const path of ['/', '/index.html', '/some/page']) {
      const response = await fetch(`${server.url}${path}`)
      expect(response.status, path).toBe(200)
      const html = await response.text()
      expect(html).toContain(`${VENUE_META}\n  </head>`)
      expect(response.headers.get('content-security-policy')).toContain("connect-src 'self'")
    }
    const script = await fetch(`${server.url}/app.js`)
    expect(await script.text()).toBe('console.log(1)')
    // Issue 27: a content-named asset is kept by the desk's browser; any other file is asked again.
    expect(script.headers.get('cache-control')).not.toContain('immutable')
    const hashed = await fetch(`${server.url}/assets/index-Dbjx9X4b.js`)
    expect(await hashed.text()).toBe('console.log(2)')
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // The authority's own routes are never the app.
    expect((await fetch(`${server.url}/db/anything`)).status).toBe(401)
    expect((await fetch(`${server.url}/venue/info`)).status).toBe(401)
  })

  test('/live needs no token and shows the event from the authority’s state', async () => {
    const { server } = await started({ eventPath: await eventFile() })
    const page = await fetch(`${server.url}/live`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(await page.text()).toContain(server.state()?.info.name ?? 'no name')
    expect((await fetch(`${server.url}/live/nowhere/at/all`)).status).toBe(404)
  })

  test.each(['/live', '/live/live.css', '/live/nowhere/at/all'])(
    'issue 28: %s is sent with a strict CSP (no script, no inline style, its own stylesheet only, never framed)',
    async (path) => {
      const { server } = await started({ eventPath: await eventFile() })
      const page = await fetch(`${server.url}${path}`)
      const csp = page.headers.get('content-security-policy') ?? ''
      expect(csp.split('; ')).toEqual(
        expect.arrayContaining([
          "default-src 'none'",
          "style-src 'self'",
          "form-action 'self'",
          "frame-ancestors 'none'",
        ]),
      )
      expect(csp).not.toMatch(/unsafe|script-src/)
      expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    },
  )
})

describe('a restarted authority asks its desks first (issue 21: "Nothing lost")', () => {
  async function restartedWithStatus(held: number) {
    const path = await eventFile()
    const { server: first } = await started({ eventPath: path })
    const desk = await joinAs(first, 'results', 'Desk 1')
    await first.close()
    running.splice(running.indexOf(first), 1)
    const { server, events } = await started({ eventPath: path, recoveryWaitMs: 5000 })
    expect(events).toContainEqual({ event: 'recovering', held: EVENT_LOG.length, desks: 1 })
    const status: DeskStatus = {
      _id: STATUS_ID,
      type: 'status',
      tournamentId: ID,
      generation: server.event().generation,
      held,
      last: null,
      at: '2026-03-14T10:00:00.000Z',
    }
    const put = await fetch(`${server.url}/db/${outboxDatabase(desk.id)}/${STATUS_ID}`, {
      method: 'PUT',
      headers: authorized(desk.token),
      body: JSON.stringify(status),
    })
    expect(put.status).toBe(201)
    await until(() => events.some((e) => e.event === 'ready' || e.event === 'behind'))
    return events
  }

  test('a desk holding no more than the authority: ready as soon as it has said so', async () => {
    const events = await restartedWithStatus(EVENT_LOG.length)
    expect(events.at(-1)).toEqual({ event: 'ready', held: EVENT_LOG.length })
  })

  test('a desk holding more: behind, naming the desk', async () => {
    const events = await restartedWithStatus(EVENT_LOG.length + 3)
    expect(events.at(-1)).toEqual({
      event: 'behind',
      desk: 'Desk 1',
      held: EVENT_LOG.length,
      deskHeld: EVENT_LOG.length + 3,
    })
  })
})
