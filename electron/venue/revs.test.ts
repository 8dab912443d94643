import { describe, expect, test } from 'vitest'
import { generateLog } from '../../shared/tournament/test-support/generate-log'
import { chunksFrom } from '../../shared/venue/chunks'
import { CHUNK_REVS_KEPT, revisedLogDoc } from './revs'

const log = generateLog({ players: 40, rounds: 10, seed: 7, starts: 'given' })

/** Every document as the authority writes it while the log grows one decision at a time. */
function writtenOneByOne(): Map<string, { rev: string; history: readonly string[] }[]> {
  const written = new Map<string, { rev: string; history: readonly string[] }[]>()
  for (let length = 1; length <= log.length; length++) {
    const grown = log.slice(0, length)
    for (const doc of chunksFrom(grown, length - 1)) {
      const revised = revisedLogDoc(doc, grown)
      const { start, ids } = revised._revisions
      const history = ids.map((id, back) => `${String(start - back)}-${id}`)
      written.set(doc._id, [...(written.get(doc._id) ?? []), { rev: revised._rev, history }])
    }
  }
  return written
}

describe('revisions of the log documents (issues 21 and 27)', () => {
  const written = writtenOneByOne()

  test('each write of a slot names the one before it: a desk gets it as a plain update', () => {
    const slots = [...written].filter(([id]) => id.startsWith('slot-'))
    expect(slots.length).toBe(10)
    for (const [id, writes] of slots) {
      writes.slice(1).forEach((write, i) => {
        expect(write.history, `${id} write ${String(i + 1)}`).toContain(writes[i]?.rev)
        expect(write.history.length).toBeLessThanOrEqual(CHUNK_REVS_KEPT)
      })
    }
  })

  test('a full chunk is written once, at revision 101, with one revision of history', () => {
    const chunks = [...written].filter(([id]) => id.startsWith('chunk-'))
    expect(chunks.map(([id]) => id)).toEqual(['chunk-000000', 'chunk-000001'])
    for (const [, writes] of chunks) {
      expect(writes).toHaveLength(1)
      expect(writes[0]?.rev).toMatch(/^101-/)
      expect(writes[0]?.history).toHaveLength(1)
    }
  })

  test('an authority restarted on the log publishes every document at the revision it had', () => {
    for (const doc of chunksFrom(log, 0)) {
      expect(revisedLogDoc(doc, log)._rev, doc._id).toBe(written.get(doc._id)?.at(-1)?.rev)
    }
  })

  test('a chunk written part-filled is a bug, said at once', () => {
    const part = { _id: 'chunk-000000', type: 'chunk' as const, first: 0, entries: log.slice(0, 5) }
    expect(() => revisedLogDoc(part, log)).toThrow(/written once, full/)
  })
})
