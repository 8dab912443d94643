import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import type { VenueDesk } from '../../shared/venue/protocol'
import { guardDatabaseRequest } from './guard'

const desk: VenueDesk = { id: 'd1', name: 'Desk 1', role: 'desk' }
const projector: VenueDesk = { id: 'd2', name: 'Projector', role: 'projector' }
const readable = ['log-t-g1', 'decisions-t-g1']

const method = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'COPY', 'OPTIONS')
const segment = fc.oneof(
  fc.constantFrom(
    ...readable,
    'outbox-d1',
    'outbox-d2',
    '_all_dbs',
    '_bulk_docs',
    '_local',
    '_design',
    '_changes',
    '_temp_view',
    '_replicate',
    'chunk-000000',
    '%2F',
    '..',
  ),
  fc.string({ maxLength: 8 }),
)
const path = fc.array(segment, { maxLength: 4 }).map((s) => `/${s.join('/')}`)
const writes = new Set(['PUT', 'DELETE', 'PATCH', 'COPY'])

describe('the database guard, whatever the request (issue 21: "a desk cannot write the log or another desk\'s outbox")', () => {
  test('without an approved desk, every request is unauthorized', () => {
    fc.assert(
      fc.property(method, path, (m, p) => {
        expect(guardDatabaseRequest(m, p, undefined, { readable, outbox: 'outbox-d1' })).toBe(
          'unauthorized',
        )
      }),
    )
  })

  test('a projector writes nowhere; a desk writes only its own outbox', () => {
    fc.assert(
      fc.property(method, path, (m, p) => {
        // A replication checkpoint is no document of the log: anyone approved keeps one there.
        const parts = p.split('/').filter((s) => s !== '')
        const checkpoint = m === 'PUT' && parts.length === 3 && parts[1] === '_local'
        const forProjector = guardDatabaseRequest(m, p, projector, { readable, outbox: undefined })
        if (writes.has(m) && !checkpoint) expect(forProjector).toBe('forbidden')
        const forDesk = guardDatabaseRequest(m, p, desk, { readable, outbox: 'outbox-d1' })
        if (forDesk !== 'allow') return
        // Allowed means the path decoded: the guard forbids what does not.
        const database = decodeURIComponent(parts[0] ?? '')
        if (writes.has(m) && !checkpoint) expect(database).toBe('outbox-d1')
        if (database !== '') expect([...readable, 'outbox-d1']).toContain(database)
      }),
    )
  })
})
