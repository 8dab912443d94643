import { describe, expect, test } from 'vitest'
import { askToJoin, type Fetch } from './join'

const ORIGIN = 'http://192.168.1.20:8770'

/** One answer of the authority to `POST /venue/join`, whatever was asked. */
const answering =
  (status: number, body: string): Fetch =>
  () =>
    Promise.resolve(new Response(body, { status, headers: { 'Content-Type': 'application/json' } }))

const LIMIT = 'This device asked to join 5 times in the last minute: wait a minute, then ask again.'

describe('asking to join (issue 21)', () => {
  test('the pairing code the authority gives', async () => {
    const asked = await askToJoin(
      answering(200, JSON.stringify({ request: 'r-1', code: 'ACDEF3' })),
      ORIGIN,
      'results',
      'Firefox',
    )
    expect(asked).toEqual({ ok: true, value: { request: 'r-1', code: 'ACDEF3' } })
  })

  test.each([
    // Issue 27: the limit's own sentence, not "HTTP 429".
    [429, JSON.stringify({ error: 'venue.join-limit', reason: LIMIT }), 'venue.join-limit', LIMIT],
    [
      400,
      JSON.stringify({ error: 'venue.join-role', reason: 'A desk asks as results or check-in.' }),
      'venue.join-role',
      'A desk asks as results or check-in.',
    ],
    // No code in the answer: the sentence all the same.
    [429, JSON.stringify({ reason: LIMIT }), 'venue.refused', LIMIT],
  ])('a refusal %i shows the authority’s sentence', async (status, body, code, message) => {
    const asked = await askToJoin(answering(status, body), ORIGIN, 'results', 'Firefox')
    expect(asked).toEqual({ ok: false, error: { code, message } })
  })

  test.each([
    [429, '<html>Too Many Requests</html>', 'HTTP 429'],
    [429, JSON.stringify({ error: 'venue.join-limit', reason: '' }), 'HTTP 429'],
    [502, JSON.stringify({ error: 'bad-gateway', reason: 'The proxy gave up.' }), 'HTTP 502'],
  ])(
    'an answer %i without the authority’s sentence says the status: %s',
    async (status, body, said) => {
      const asked = await askToJoin(answering(status, body), ORIGIN, 'results', 'Firefox')
      expect(asked.ok).toBe(false)
      expect(!asked.ok && asked.error).toMatchObject({ code: 'venue.unreachable' })
      expect(!asked.ok && asked.error.message).toContain(said)
    },
  )
})
