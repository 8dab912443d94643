import { describe, expect, test } from 'vitest'
import { generateLog } from '../tournament/test-support/generate-log'
import { chunksFrom, logFromChunks } from './chunks'
import { LOG_CHUNK } from './protocol'

const log = generateLog({ players: 40, rounds: 10, seed: 7, starts: 'given' })

test('the worked log spans more than two chunks', () =>
  expect(log.length).toBeGreaterThan(2 * LOG_CHUNK + 1))

describe('the accepted log in chunks (issue 21: a new desk catches up in a hundred documents)', () => {
  test.each([
    ['the whole log from nothing', 0],
    ['one entry added to a part-filled chunk', log.length - 1],
    ['entries crossing a chunk boundary', LOG_CHUNK - 3],
  ])('%s: the chunks written read back as the log', (_name, heldBefore) => {
    const before = chunksFrom(log.slice(0, heldBefore), 0)
    const written = new Map(before.map((chunk) => [chunk._id, chunk]))
    for (const chunk of chunksFrom(log, heldBefore)) written.set(chunk._id, chunk)
    const read = logFromChunks([...written.values()].reverse())
    expect(read.ok && read.value).toEqual(log)
  })

  test('only the chunk holding the last old entry and the new ones are rewritten', () => {
    const ids = chunksFrom(log, LOG_CHUNK + 5).map((chunk) => chunk._id)
    expect(ids[0]).toBe('chunk-000001')
    expect(chunksFrom(log, log.length)).toEqual([])
  })

  test('a chunk not replicated yet ends the log before the gap', () => {
    const chunks = chunksFrom(log, 0)
    expect(chunks.length).toBeGreaterThan(2)
    const read = logFromChunks([chunks[0], chunks[2]])
    expect(read.ok && read.value.length).toBe(LOG_CHUNK)
  })

  test('a damaged entry is named, as a stored log is', () => {
    const [first] = chunksFrom(log, 0)
    const damaged = { ...first, entries: [first?.entries[0], { seq: 1, nonsense: true }] }
    const read = logFromChunks([damaged])
    expect(read.ok).toBe(false)
  })

  test('a chunk that claims the wrong place is refused', () => {
    const read = logFromChunks([{ _id: 'chunk-x', type: 'chunk', first: 3, entries: [] }])
    expect(!read.ok && read.error.code).toBe('venue.chunk')
  })

  test.each([
    ['a part-filled chunk held, grown by one entry', LOG_CHUNK + 5, LOG_CHUNK + 6],
    ['exactly full chunks held, the next one new', 2 * LOG_CHUNK, 2 * LOG_CHUNK + 3],
    ['nothing held yet', 0, LOG_CHUNK + 1],
  ])('%s: only the chunks from the first unfilled one are read', (_name, held, grown) => {
    const firstRead = Math.floor(held / LOG_CHUNK)
    const docs = chunksFrom(log.slice(0, grown), 0).slice(firstRead)
    const read = logFromChunks(docs, log.slice(0, held))
    expect(read.ok && read.value).toEqual(log.slice(0, grown))
  })

  test('a damaged entry after the held full chunks is still named', () => {
    const docs = chunksFrom(log.slice(0, LOG_CHUNK + 2), 0).slice(1)
    const [tail] = docs
    const damaged = { ...tail, entries: [tail?.entries[0], { seq: LOG_CHUNK + 1, nonsense: true }] }
    const read = logFromChunks([damaged], log.slice(0, LOG_CHUNK + 1))
    expect(read.ok).toBe(false)
  })
})
