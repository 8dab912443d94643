import { expect, test } from 'vitest'
import { MAX_RETRY_MS, replicationBackOff } from './protocol'

test.each([
  [0, 250],
  [250, 500],
  [1000, MAX_RETRY_MS],
  [600_000, MAX_RETRY_MS],
])(
  "retry after %i ms waits %i ms (issue 21: PouchDB's own back-off grows to ten minutes)",
  (delay, next) => expect(replicationBackOff(delay)).toBe(next),
)
