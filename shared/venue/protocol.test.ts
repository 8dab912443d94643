import { expect, test } from 'vitest'
import { clockOffset, MAX_RETRY_MS, replicationBackOff } from './protocol'

test.each([
  [0, 250],
  [250, 500],
  [1000, MAX_RETRY_MS],
  [600_000, MAX_RETRY_MS],
])(
  "retry after %i ms waits %i ms (issue 21: PouchDB's own back-off grows to ten minutes)",
  (delay, next) => expect(replicationBackOff(delay)).toBe(next),
)

const AUTHORITY = Date.parse('2026-12-05T09:00:00Z')
const MINUTES_5 = 5 * 60_000

test.each([
  // desk clock, round trip (ms), the offset the desk adds to its clock
  ['on time, instant answer', AUTHORITY, 0, 0],
  ['on time, 200 ms round trip', AUTHORITY - 100, 200, 0],
  ['5 minutes fast', AUTHORITY + MINUTES_5 - 100, 200, -MINUTES_5],
  ['5 minutes slow', AUTHORITY - MINUTES_5 - 40, 80, MINUTES_5],
])(
  'issue 27: a desk %s reads the authority’s time through the offset',
  (_, sent, roundTrip, offset) => {
    const received = sent + roundTrip
    expect(clockOffset(sent, AUTHORITY, received)).toBe(offset)
    // The desk's clock at the moment the authority answered, plus the offset, is the authority's.
    expect(sent + roundTrip / 2 + clockOffset(sent, AUTHORITY, received)).toBe(AUTHORITY)
  },
)
