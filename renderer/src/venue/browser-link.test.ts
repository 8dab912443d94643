import { expect, test } from 'vitest'
import { isPouchNetworkFailure } from './browser-link'

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
