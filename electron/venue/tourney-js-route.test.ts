import { get } from 'node:http'
import { afterEach, describe, expect, test } from 'vitest'
import { parseDivision, roundPairings } from '../../shared/formats/test-support/tsh-feed-reader'
import { VENUE_ROUTES } from '../../shared/venue/protocol'
import { startAuthorityServer, type VenueServerHandle } from './server'
import { staleFor } from './app-pages'
import { eventFile, proposal, resultAt, TABLES } from './test-support/venue-event'

const running: VenueServerHandle[] = []

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()))
})

async function started(): Promise<VenueServerHandle> {
  const opened = await startAuthorityServer({
    host: '127.0.0.1',
    port: 0,
    eventPath: await eventFile(),
    onEvent: () => undefined,
  })
  if (!opened.ok) throw new Error(opened.error.message)
  running.push(opened.value)
  return opened.value
}

/**
 * A poll with the feed's ETag, as an overlay's HTTP client sends it (fetch would add its own
 * `cache-control: no-cache`, which asks the server for the body whatever the ETag).
 */
function statusOf(url: string, etag: string): Promise<number> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'if-none-match': etag } }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    }).on('error', reject)
  })
}

const DIRECTOR = { id: 'director', role: 'director' } as const

describe('issue 31: /tourney.js on the venue server, live, open to anyone as /live is', () => {
  test('needs no token, is JavaScript in UTF-8 asked again at every poll, and reads as tsh’s feed', async () => {
    const server = await started()
    const answer = await fetch(`${server.url}${VENUE_ROUTES.tourneyJs}`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('application/javascript; charset=utf-8')
    expect(answer.headers.get('cache-control')).toBe('no-cache')
    expect(answer.headers.get('access-control-allow-origin')).toBe('*')
    const js = await answer.text()
    expect(js.startsWith('newt={')).toBe(true)
    const feed = parseDivision(js, 'A')
    expect(feed.players).toHaveLength(2 * TABLES)
    // Round 1 is paired but under the director's review: not told yet.
    expect(feed.players.every((p) => p.pairings.length === 0)).toBe(true)
    expect(feed.currentRound).toBe(0)
    // Unchanged, a poll with its ETag is answered 304 with no body.
    const etag = answer.headers.get('etag')
    expect(etag).not.toBeNull()
    const again = await statusOf(`${server.url}${VENUE_ROUTES.tourneyJs}`, etag ?? '')
    expect(again).toBe(304)
  })

  test('follows the round’s publishing and a new result', async () => {
    const server = await started()
    const read = async () =>
      parseDivision(await (await fetch(`${server.url}${VENUE_ROUTES.tourneyJs}`)).text(), 'A')
    const readWhen = async (ready: (feed: Awaited<ReturnType<typeof read>>) => boolean) => {
      let feed = await read()
      for (let poll = 0; poll < 100 && !ready(feed); poll++) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        feed = await read()
      }
      return feed
    }
    const published = await server.propose(
      DIRECTOR,
      proposal('p0', 0, { type: 'publishRound', division: 'A', round: 1 }),
    )
    expect(published.kind).toBe('accepted')
    // A feed stands for newer states a little while (`staleFor`): an overlay sees the next one at
    // a later poll, as this one polls.
    const paired = await readWhen((feed) => feed.players.some((p) => p.pairings.length > 0))
    // As liwords reads a feed paired and not started (sample-tourney.js): round 0, games listed.
    expect(paired.currentRound).toBe(0)
    expect(paired.players.every((p) => p.pairings.length === 1 && p.scores.length === 0)).toBe(true)
    expect(roundPairings(paired, 1)?.map((g) => g.table)).toEqual(
      Array.from({ length: TABLES }, (_, i) => i + 1),
    )
    expect(roundPairings(paired, 1)?.some((g) => g.finalized)).toBe(false)

    const recorded = await server.propose(DIRECTOR, proposal('p1', 1, resultAt(3, 456, 321)))
    expect(recorded.kind).toBe('accepted')
    const after = await readWhen((feed) => feed.currentRound === 1)
    expect(after.currentRound).toBe(1)
    const table3 = roundPairings(after, 1)?.find((g) => g.table === 3)
    expect(table3).toMatchObject({ finalized: true })
    expect([table3?.score1, table3?.score2].sort()).toEqual([321, 456])
    expect(after.players.find((p) => p.id === 5)?.scores).toEqual([456])
    expect(after.players.find((p) => p.id === 6)?.scores).toEqual([321])
  })
})

describe('issue 31: the feed stands a while for newer states, so polls cost the deciding thread little', () => {
  test.each([
    [5, 50],
    [400, 4_000],
    [1_900, 19_000],
  ])('written in %i ms: stands %i ms', (took, stands) => {
    expect(staleFor(took)).toBe(stands)
  })
})
