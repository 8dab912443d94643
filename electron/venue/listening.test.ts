import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { describe, expect, test } from 'vitest'
import { closeServer, lanAddresses, listen, portOf, urlHost } from './listening'

describe('where the authority listens (issue 21)', () => {
  test.each([
    ['127.0.0.1', '127.0.0.1'],
    ['0.0.0.0', '127.0.0.1'],
    ['::', '127.0.0.1'],
    ['::1', '[::1]'],
    ['192.168.1.20', '192.168.1.20'],
  ])('a server on %s is reached at %s from this laptop', (host, inUrl) => {
    expect(urlHost(host)).toBe(inUrl)
  })

  test('on one address the desks open that address; on every interface, each LAN address', () => {
    expect(lanAddresses('127.0.0.1', 8080, 'http://127.0.0.1:8080')).toEqual([
      'http://127.0.0.1:8080',
    ])
    for (const address of lanAddresses('0.0.0.0', 8080, 'http://127.0.0.1:8080')) {
      expect(address).toMatch(/^http:\/\/[\d.]+:8080$/)
    }
  })

  test('a port in use is refused in words, naming --port; a free one is listened on and closed', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const { port } = taken.address() as AddressInfo
    const refused = await listen(express(), '127.0.0.1', port)
    expect(refused.ok ? 'listening' : refused.error).toMatchObject({
      code: 'venue.listen',
      message: expect.stringMatching(/already in use; choose another with --port/),
    })
    taken.close()
    const free = await listen(express(), '127.0.0.1', 0)
    if (!free.ok) throw new Error(free.error.message)
    expect(portOf(free.value, 0)).toBeGreaterThan(0)
    await closeServer(free.value)
    expect(free.value.listening).toBe(false)
  })
})
