import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  chunkIndexOf,
  flattenChunks,
  LOG_CHUNK_SIZE,
  toChunks,
  type ChunkEntry,
} from './log-chunks'

function entries(n: number): ChunkEntry[] {
  return Array.from({ length: n }, (_, seq) => ({
    seq,
    at: '2026-03-14T09:00:00.000Z',
    command: { type: 'addDivision', name: `D${seq}` },
  }))
}

describe('a log cut into chunks (issue 20)', () => {
  test.each([
    { length: 1, sizes: [1] },
    { length: LOG_CHUNK_SIZE, sizes: [LOG_CHUNK_SIZE] },
    { length: LOG_CHUNK_SIZE + 1, sizes: [LOG_CHUNK_SIZE, 1] },
    { length: 2 * LOG_CHUNK_SIZE + 10, sizes: [LOG_CHUNK_SIZE, LOG_CHUNK_SIZE, 10] },
  ])('$length commands make chunks of $sizes, every one full but the last', ({ length, sizes }) => {
    const chunks = toChunks('t', entries(length))
    expect(chunks.map((chunk) => chunk.entries.length)).toEqual(sizes)
    expect(chunks.map((chunk) => chunk.chunk)).toEqual(sizes.map((_, i) => i))
    expect(chunks.every((chunk) => chunk.tournamentId === 't')).toBe(true)
  })

  test('flattening the chunks from any position gives the log from that position', () => {
    fc.assert(
      fc.property(fc.nat(3 * LOG_CHUNK_SIZE), fc.nat(4 * LOG_CHUNK_SIZE), (length, from) => {
        const log = entries(length)
        const chunks = toChunks('t', log)
        // As readFrom reads them: only the chunks from the one holding `from`.
        const read = chunks.filter((chunk) => chunk.chunk >= chunkIndexOf(from))
        expect(flattenChunks(read, from)).toEqual(log.slice(from))
      }),
      { numRuns: 60 },
    )
  })

  test('a chunk whose entries are not a list stands as one entry at its first position', () => {
    const [first, second] = toChunks('t', entries(LOG_CHUNK_SIZE + 5))
    if (!first || !second) throw new Error('two chunks expected')
    const damaged = { ...second, entries: 'garbled' as unknown as readonly ChunkEntry[] }
    const flat = flattenChunks([first, damaged])
    expect(flat).toHaveLength(LOG_CHUNK_SIZE + 1)
    expect(flat[LOG_CHUNK_SIZE]).toBe('garbled')
  })
})
