import { afterEach, describe, expect, test } from 'vitest'
import type { Result } from '../../shared/result'
import { DIRECTOR_DESK } from '../../shared/venue/protocol'
import { NodePouch } from '../../electron/venue/pouch'
import { startAuthorityServer, type VenueServerHandle } from '../../electron/venue/server'
import { eventFile, proposal, resultAt, until } from '../../electron/venue/test-support/venue-event'
import { standInCouch } from '../../electron/venue/test-support/stand-in-couch'
import { followDatabase, type FollowedDatabase, type FollowStatus } from './follow'
import { sitePage, type SiteEvent } from './site-data'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function pushingAuthority(pushTo: string): Promise<VenueServerHandle> {
  const opened = await startAuthorityServer({
    eventPath: await eventFile(),
    host: '127.0.0.1',
    port: 0,
    pushTo,
    onEvent: () => undefined,
  })
  if (!opened.ok) throw new Error(opened.error.message)
  cleanups.push(() => opened.value.close())
  return opened.value
}

/** The site following `url` with a real timer, as a page does; what it shows and says, kept. */
function site(url: string) {
  const seen: { event: Result<SiteEvent> | undefined; statuses: FollowStatus[] } = {
    event: undefined,
    statuses: [],
  }
  const db = new NodePouch(url, { skip_setup: true }) as unknown as FollowedDatabase
  const following = followDatabase(db, {
    shown: (event) => {
      seen.event = event
    },
    said: (status) => seen.statuses.push(status),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    now: () => new Date(),
  })
  cleanups.push(() => following.stop())
  const held = () => (seen.event?.ok === true ? seen.event.value.log.length : -1)
  return { seen, held }
}

describe('issue 31: the results site follows the log pushed to a CouchDB', () => {
  test('it shows the pushed event, then each new result, and catches up after the host was away', async () => {
    const couch = await standInCouch()
    cleanups.push(couch.pause)
    const authority = await pushingAuthority(couch.push)
    const { seen, held } = site(couch.push)
    await until(() => held() === authority.log().length, 15_000)
    expect(seen.statuses.at(-1)?.kind).toBe('following')

    const before = held()
    const decided = await authority.propose(DIRECTOR_DESK, proposal('p1', 0, resultAt(1)))
    expect(decided.kind).toBe('accepted')
    // The "follows a new result within 5 s".
    await until(() => held() === before + 1, 5000)
    const shown = seen.event?.ok === true ? seen.event.value : undefined
    expect(sitePage(shown, '#/A/player/1', new Date()).body).toContain('400–350')

    await couch.pause()
    await until(() => seen.statuses.at(-1)?.kind === 'offline', 15_000)
    for (const table of [2, 3, 4]) {
      const later = await authority.propose(
        DIRECTOR_DESK,
        proposal(`p${String(table)}`, table - 1, resultAt(table, 380, 390)),
      )
      expect(later.kind).toBe('accepted')
    }
    expect(held()).toBe(before + 1)
    await couch.resume()
    // Back: the push catches up, the site with it, nothing lost.
    await until(() => held() === authority.log().length, 15_000)
    expect(seen.event?.ok === true ? seen.event.value.log : []).toEqual(authority.log())
    expect(seen.statuses.at(-1)?.kind).toBe('following')
  })

  test('a database that refuses the password is said in words, and asked again', async () => {
    const couch = await standInCouch()
    cleanups.push(couch.pause)
    const { seen } = site(couch.push.replace('secret', 'wrong'))
    await until(() => seen.statuses.some((s) => s.kind === 'offline'), 15_000)
    const offline = seen.statuses.find((s) => s.kind === 'offline')
    expect(offline?.kind === 'offline' && offline.message).toContain('incorrect')
    expect(seen.event).toBeUndefined()
  })
})
