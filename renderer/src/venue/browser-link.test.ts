import { describe, expect, test } from 'vitest'
import type { VenueEvent, VenueInfo } from '../../../shared/venue/protocol'
import { followingEvent, isPouchNetworkFailure } from './browser-link'
import type { InfoAnswer } from './join'

test.each<[string, unknown, boolean]>([
  ['Chromium: the authority dropped', new TypeError('Failed to fetch'), true],
  ['Firefox', new TypeError('NetworkError when attempting to fetch resource.'), true],
  ['Safari', new TypeError('Load failed'), true],
  [
    "PouchDB's wrapping of a failed fetch",
    { status: 500, name: 'unknown_error', message: 'Failed to fetch' },
    true,
  ],
  ['a bug of ours: kept for the console', new TypeError('x is undefined'), false],
  ['a rule refusal thrown by mistake', { status: 409, message: 'Document update conflict' }, false],
  ['not an error at all', 'Failed to fetch', false],
])(
  'issue 21, PouchDB leaks a rejection when the server drops: %s → swallowed %s',
  (_case, reason, swallowed) => expect(isPouchNetworkFailure(reason)).toBe(swallowed),
)

describe('issue 27: a desk asks about the event before it asks for databases that may be gone', () => {
  const event: VenueEvent = { tournamentId: 'open-2026', generation: 3, name: 'Open' }
  const infoOf = (generation: number): InfoAnswer => ({
    kind: 'info',
    info: { event: { ...event, generation } } as VenueInfo,
  })

  /** The databases' fetch over a server that answers `answers` in turn, and what it was asked. */
  function desk(answers: (Response | Error)[], info: InfoAnswer[]) {
    const sent: string[] = []
    const asked: number[] = []
    let restarted = 0
    const fetch = followingEvent(
      async (url) => {
        sent.push(String(url))
        const answer = answers.shift() ?? new Response('{}')
        if (answer instanceof Error) throw answer
        return answer
      },
      event,
      async () => {
        asked.push(sent.length)
        return info.shift() ?? infoOf(3)
      },
      () => restarted++,
    )
    return { fetch, sent, asked, restarted: () => restarted }
  }
  const failed = new TypeError('Failed to fetch')

  test('serve restarted on an older file: no request of the old databases, the desk starts again', async () => {
    const d = desk([failed], [infoOf(4)])
    await expect(d.fetch('/db/log-open-2026-g3/_changes')).rejects.toThrow(failed)
    const refused = d.fetch('/db/log-open-2026-g3/')
    await expect(refused).rejects.toThrow(TypeError)
    expect(isPouchNetworkFailure(await refused.catch((e: unknown) => e))).toBe(true)
    await expect(d.fetch('/db/decisions-open-2026-g3/')).rejects.toThrow(TypeError)
    expect({ sent: d.sent.length, asked: d.asked.length, restarted: d.restarted() }).toEqual({
      sent: 1,
      asked: 1,
      restarted: 1,
    })
  })

  test('the same event after the authority came back: asked once, then requests as before', async () => {
    const d = desk([failed], [infoOf(3)])
    await expect(d.fetch('/db/log-open-2026-g3/_changes')).rejects.toThrow(failed)
    expect((await d.fetch('/db/log-open-2026-g3/')).status).toBe(200)
    expect((await d.fetch('/db/log-open-2026-g3/_changes')).status).toBe(200)
    expect({ sent: d.sent.length, asked: d.asked, restarted: d.restarted() }).toEqual({
      sent: 3,
      asked: [1],
      restarted: 0,
    })
  })

  test('still unreachable: the question stands in for the request', async () => {
    const d = desk([failed], [{ kind: 'unreachable', message: 'down' }, infoOf(3)])
    await expect(d.fetch('/db/log-open-2026-g3/_changes')).rejects.toThrow(failed)
    await expect(d.fetch('/db/log-open-2026-g3/')).rejects.toThrow(TypeError)
    expect(d.sent.length).toBe(1)
    expect((await d.fetch('/db/log-open-2026-g3/')).status).toBe(200)
    expect(d.sent.length).toBe(2)
  })

  test('a database refused (403) makes the desk ask at once', async () => {
    const d = desk([new Response('{}', { status: 403 })], [infoOf(5)])
    expect((await d.fetch('/db/log-open-2026-g3/')).status).toBe(403)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(d.restarted()).toBe(1)
    await expect(d.fetch('/db/log-open-2026-g3/')).rejects.toThrow(TypeError)
    expect(d.sent.length).toBe(1)
  })
})
