import { describe, expect, test } from 'vitest'
import { pushLineKey, pushProblemOf, pushSentence, type PushState } from './push-state'

const state = (over: Partial<PushState>): PushState => ({
  url: 'https://couch.example.org/spc',
  phase: 'sent',
  sent: 12,
  lastSentAt: '2026-11-29T10:00:00.000Z',
  waiting: 0,
  problem: null,
  detail: null,
  ...over,
})

describe("the push online's state in words (issue 31)", () => {
  test.each([
    ['401', { status: 401, reason: 'Name or password is incorrect.' }, 'wrong-password'],
    ['403', { status: 403, reason: 'forbidden' }, 'forbidden'],
    [
      '404 from a server that is no CouchDB',
      { status: 404, message: 'Not Found' },
      'not-a-database',
    ],
    ['a page that is not JSON', { message: 'Unexpected token < in JSON' }, 'not-a-database'],
    ['no answer', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }, 'unreachable'],
    ['nothing known', undefined, 'unreachable'],
  ])('%s is sorted as %s', (_n, error, problem) => {
    expect(pushProblemOf(error).problem).toBe(problem)
  })

  test.each([
    ['sent', state({}), 'are up to date: 12 commands sent'],
    [
      'wrong password',
      state({ phase: 'error', problem: 'wrong-password', waiting: 3 }),
      'the name or password is wrong (401)',
    ],
    ['stopped', state({ phase: 'stopped', waiting: 1 }), '12 commands sent, 1 command waiting'],
  ])('the terminal line when %s', (_n, s, said) => {
    expect(pushSentence(s)).toContain(said)
  })

  test('sending and sent alternate at every result without a line; an error, its end and a stop each get one', () => {
    expect(pushLineKey(state({ phase: 'sending' }))).toBeNull()
    expect(pushLineKey(state({ phase: 'sent' }))).toBe('sent')
    expect(pushLineKey(state({ phase: 'error', problem: 'unreachable' }))).toBe('error:unreachable')
    expect(pushLineKey(state({ phase: 'stopped' }))).toBe('stopped')
  })
})
