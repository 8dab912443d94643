import { describe, expect, test } from 'vitest'
import { checkVenuePort, portsFrom } from './venue-port'

describe('the port an event is shared on (issue 27: a venue address that stays)', () => {
  test.each([
    ['8770', 8770],
    [' 9000 ', 9000],
    [1024, 1024],
    [65535, 65535],
  ])('%j is a port', (value, port) => {
    expect(checkVenuePort(value)).toEqual({ ok: true, value: port })
  })

  test.each([
    ['80', 'venue.port.range'],
    ['1023', 'venue.port.range'],
    ['65536', 'venue.port.range'],
    ['', 'venue.port.not-a-number'],
    ['87.5', 'venue.port.not-a-number'],
    ['-9000', 'venue.port.not-a-number'],
    ['port', 'venue.port.not-a-number'],
  ])('%j is refused: %s', (value, code) => {
    const checked = checkVenuePort(value)
    expect(checked.ok ? null : checked.error.code).toBe(code)
  })

  test.each([
    ['upward from the first', 8770, [], 3, [8770, 8771, 8772]],
    ['skipping ports other events keep', 8770, [8770, 8772], 3, [8771, 8773, 8774]],
    ['back to 1024 after 65535', 65534, [], 3, [65534, 65535, 1024]],
  ])('%s', (_name, from, avoid, count, expected) => {
    expect(portsFrom(from, new Set(avoid), count)).toEqual(expected)
  })
})
