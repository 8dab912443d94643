import { expect, test } from 'vitest'
import { badgeText } from './badge'
import type { LinkState } from './link'

const hourMinute = (iso: string): string => iso.slice(11, 16)

test.each<[string, LinkState, number, string]>([
  ['online, nothing waiting', { kind: 'online' }, 0, 'Desk 2 · online'],
  [
    'online with results on their way',
    { kind: 'online' },
    3,
    "Desk 2 · online · 3 waiting for the director's laptop",
  ],
  [
    'Wi-Fi dropped while the desk keeps entering',
    { kind: 'offline', since: '2026-03-14T10:42:10.000Z' },
    5,
    "Desk 2 · offline since 10:42 · 5 waiting for the director's laptop",
  ],
  ['revoked', { kind: 'revoked' }, 2, 'Desk 2 · removed by the director'],
])('issue 21, the connection badge: %s', (_case, state, pending, text) =>
  expect(badgeText('Desk 2', state, pending, hourMinute)).toBe(text),
)
