import { describe, expect, test } from 'vitest'
import {
  ASK_WINDOW_MS,
  ASKS_PER_WINDOW,
  clientAddress,
  JoinLimits,
  WAITING_PER_ADDRESS,
} from './join-limits'

describe('join limits per client address (issue 27: 49 join requests locked every desk out)', () => {
  test.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:192.168.1.20', '192.168.1.20'],
    ['::1', '::1'],
    ['fe80::1', 'fe80::1'],
    [undefined, 'unknown'],
  ])('the socket address %s is the client %s', (remote, address) => {
    expect(clientAddress(remote)).toBe(address)
  })

  test('an address with the most requests waiting is told so; another address is not', () => {
    const limits = new JoinLimits()
    expect(limits.admit('10.0.0.5', WAITING_PER_ADDRESS - 1, 0)).toBeUndefined()
    expect(limits.admit('10.0.0.5', WAITING_PER_ADDRESS, 1)).toMatchObject({
      code: 'venue.join-limit',
      details: { address: '10.0.0.5', waiting: WAITING_PER_ADDRESS },
    })
    expect(limits.admit('10.0.0.6', 0, 2)).toBeUndefined()
  })

  test('a few asks a minute per address, answered or not; a minute later it may ask again', () => {
    const limits = new JoinLimits()
    for (let i = 0; i < ASKS_PER_WINDOW; i++) expect(limits.admit('10.0.0.5', 0, i)).toBeUndefined()
    expect(limits.admit('10.0.0.5', 0, 1000)?.message).toMatch(/in the last minute/)
    // Refused asks are not counted, so a flood does not push its own wait further out.
    expect(limits.admit('10.0.0.5', 0, ASK_WINDOW_MS - 1)).toBeDefined()
    expect(limits.admit('10.0.0.6', 0, 1000)).toBeUndefined()
    expect(limits.admit('10.0.0.5', 0, ASK_WINDOW_MS)).toBeUndefined()
  })
})
