import { describe, expect, test } from 'vitest'
import { generateLog } from '../tournament/test-support/generate-log'
import { chunksFrom, logFromChunks } from './chunks'
import { LOG_CHUNK, LOG_SLOT } from './protocol'

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

  test.each([
    ['one result into a part-filled slot', 145, 146, ['slot-4']],
    ['the result that fills a slot', 149, 150, ['slot-4']],
    [
      'the result that fills a chunk: the chunk, once, and its last slot',
      199,
      200,
      ['chunk-000001', 'slot-9'],
    ],
    ['the first result of the next chunk uses slot 0 again', 200, 201, ['slot-0']],
    ['nothing new', 201, 201, []],
    [
      'published from nothing (a restarted authority): every full chunk and every slot',
      0,
      246,
      [
        'chunk-000000',
        'chunk-000001',
        ...Array.from({ length: 10 }, (_, j) => `slot-${String(j)}`),
      ],
    ],
  ])('issue 27: %s', (_name, heldBefore, length, ids) => {
    const written = chunksFrom(log.slice(0, length), heldBefore)
    expect(written.map((doc) => doc._id).sort()).toEqual(ids)
  })

  test('issue 27: a decision sends at most one slot of entries, besides a chunk it fills', () => {
    for (let length = 1; length <= log.length; length++) {
      const written = chunksFrom(log.slice(0, length), length - 1)
      const slots = written.filter((doc) => doc._id.startsWith('slot-'))
      expect(slots).toHaveLength(1)
      expect(slots[0]?.entries.length).toBeLessThanOrEqual(LOG_SLOT)
      expect(written.length).toBe(length % LOG_CHUNK === 0 ? 2 : 1)
    }
  })

  test('issue 27: a part-filled chunk an older authority wrote is read with the slots beside it', () => {
    const older = {
      _id: 'chunk-000001',
      type: 'chunk',
      first: LOG_CHUNK,
      entries: log.slice(LOG_CHUNK, LOG_CHUNK + 45),
    }
    const docs = [
      ...chunksFrom(log.slice(0, LOG_CHUNK + 62), 0).filter((d) => d._id !== 'chunk-000001'),
      older,
    ]
    const read = logFromChunks(docs)
    expect(read.ok && read.value).toEqual(log.slice(0, LOG_CHUNK + 62))
  })

  test('a chunk not replicated yet ends the log before the gap', () => {
    // The slots hold only the entries of the last ten slots: nothing holds entry 100.
    const docs = chunksFrom(log, 0).filter((doc) => doc._id !== 'chunk-000001')
    const holds = (seq: number) =>
      docs.some((d) => d.first <= seq && d.first + d.entries.length > seq)
    expect([holds(LOG_CHUNK - 1), holds(LOG_CHUNK)]).toEqual([true, false])
    const read = logFromChunks(docs)
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

  test('issue 27: the held part of the last chunk is kept as held, only the new entries read', () => {
    const held = log.slice(0, LOG_CHUNK + 5)
    // Copies, as a replica gives them: not the held objects.
    const docs = structuredClone(chunksFrom(log.slice(0, LOG_CHUNK + 7), 0).slice(1))
    const read = logFromChunks(docs, held)
    if (!read.ok) throw new Error(read.error.message)
    expect(read.value).toEqual(log.slice(0, LOG_CHUNK + 7))
    expect(read.value[LOG_CHUNK + 4]).toBe(held[LOG_CHUNK + 4])
    const slot = docs.find((doc) => doc.first === LOG_CHUNK)
    expect(read.value[LOG_CHUNK + 5]).toBe(slot?.entries[5])
  })

  test('issue 27: a last chunk that no longer ends in the held entry is read whole', () => {
    const held = log.slice(0, LOG_CHUNK + 5)
    const other = structuredClone(chunksFrom(log.slice(0, LOG_CHUNK + 7), 0))
    const tail = other.find((doc) => doc.first === LOG_CHUNK)
    if (tail === undefined) throw new Error('no tail chunk')
    const changed = { ...tail.entries[4], at: '2099-01-01T00:00:00.000Z' }
    const docs = [{ ...tail, entries: tail.entries.map((e, i) => (i === 4 ? changed : e)) }]
    const read = logFromChunks(docs, held)
    expect(read.ok && read.value[LOG_CHUNK + 4]).toEqual(changed)
  })

  test('issue 27: a held log ending where a slot begins grows by that slot alone', () => {
    const held = log.slice(0, LOG_CHUNK + 2 * LOG_SLOT)
    const next = chunksFrom(log.slice(0, LOG_CHUNK + 2 * LOG_SLOT + 3), LOG_CHUNK + 2 * LOG_SLOT)
    expect(next.map((doc) => doc._id)).toEqual(['slot-2'])
    const read = logFromChunks(structuredClone(next), held)
    expect(read.ok && read.value).toEqual(log.slice(0, LOG_CHUNK + 2 * LOG_SLOT + 3))
  })

  test('a damaged entry after the held full chunks is still named', () => {
    const tail = chunksFrom(log.slice(0, LOG_CHUNK + 2), 0).find((d) => d.first === LOG_CHUNK)
    const damaged = { ...tail, entries: [tail?.entries[0], { seq: LOG_CHUNK + 1, nonsense: true }] }
    const read = logFromChunks([damaged], log.slice(0, LOG_CHUNK + 1))
    expect(read.ok).toBe(false)
  })
})
