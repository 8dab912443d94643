/*
 * The accepted log as the authority publishes it (issues 21 and 27). Two kinds of document, both
 * `LogChunk`s, written by the authority (`chunksFrom`) and read back by every desk
 * (`logFromChunks`): one owner for both directions.
 * - A full chunk (`chunk-000012`: entries 1200–1299) is written once, when it fills, so a new desk
 *   catches up a 10 000-command log in about a hundred documents.
 * - A slot (`slot-0` … `slot-9`) holds `LOG_SLOT` entries after the last full chunk. The slot being
 *   filled is rewritten at each decision; once the chunk is full its slots serve the next one. A
 *   decision so sends each desk at most ten entries: when the last chunk was rewritten it sent
 *   fifty on average, and under load the authority spent most of its time reading, encoding and
 *   compressing that chunk once for every desk (issue 27: desk to desk p95 under 250 ms).
 * Every document holds a true slice of the one log (within a generation the log only grows), so a
 * reader takes at each place the document that reaches furthest, whatever else it holds: a slot
 * left from an earlier chunk, or a part-filled chunk an older authority wrote.
 */
import { checkLogEntries, checkLogEntry } from '../formats/tournament-file'
import { fingerprint } from '../tournament/log'
import { err, ok, type Result } from '../result'
import type { LoggedCommand } from '../tournament/commands'
import {
  chunkId,
  chunkOf,
  LOG_CHUNK,
  LOG_SLOT,
  SLOTS_PER_CHUNK,
  slotId,
  type LogChunk,
} from './protocol'

/**
 * The documents to write after the log grew from `heldBefore` entries to `log`: each chunk the new
 * entries filled, and each slot's latest slice that holds a new entry (all ten slots when the log
 * is published from nothing). Without revs: the writer adds them (electron/venue/revs.ts).
 */
export function chunksFrom(log: readonly LoggedCommand[], heldBefore: number): readonly LogChunk[] {
  const held = Math.max(0, heldBefore)
  if (log.length <= held) return []
  const docs: LogChunk[] = []
  for (let index = chunkOf(held); (index + 1) * LOG_CHUNK <= log.length; index++) {
    docs.push(slice(chunkId(index), index * LOG_CHUNK, LOG_CHUNK, log))
  }
  const lastWindow = Math.floor((log.length - 1) / LOG_SLOT)
  const firstWindow = Math.max(Math.floor(held / LOG_SLOT), lastWindow - SLOTS_PER_CHUNK + 1)
  for (let window = firstWindow; window <= lastWindow; window++) {
    const first = window * LOG_SLOT
    docs.push(slice(slotId(first), first, LOG_SLOT, log))
  }
  return docs
}

function slice(id: string, first: number, size: number, log: readonly LoggedCommand[]): LogChunk {
  return { _id: id, type: 'chunk', first, entries: log.slice(first, first + size) }
}

/**
 * The log from the documents a desk holds (chunks and slots), in any order: each entry checked as
 * a stored one is (`checkLogEntries`), contiguous from seq 0. A gap (a document not replicated
 * yet) ends the log there: what follows is not the log until the gap arrives. Anything that is
 * not a log document (a design document, a deleted stub) is skipped.
 *
 * `held`: a log read before from the same database. Only the authority writes it and the log only
 * grows, so `held` is kept as it is, unread and unchecked (`heldPrefix`), and `docs` need only
 * hold the documents that reach past it: a desk following one new result does not check 10 000
 * entries again.
 */
export function logFromChunks(
  docs: readonly unknown[],
  held: readonly LoggedCommand[] = [],
): Result<readonly LoggedCommand[]> {
  const slices: { readonly first: number; readonly entries: readonly unknown[] }[] = []
  for (const doc of docs) {
    if (!isChunk(doc)) continue
    if (doc.first < 0 || doc.first % LOG_SLOT !== 0 || doc.entries.length > LOG_CHUNK) {
      return err(
        'venue.chunk',
        `Log document ${String(doc._id)} claims entries from ${String(doc.first + 1)}: a log document starts at an entry after a multiple of ${String(LOG_SLOT)} and holds at most ${String(LOG_CHUNK)}.`,
      )
    }
    slices.push(doc)
  }
  slices.sort((a, b) => a.first - b.first)
  const entries: unknown[] = [...heldPrefix(slices, held)]
  const kept = entries.length
  const end = (s: { readonly first: number; readonly entries: readonly unknown[] }): number =>
    s.first + s.entries.length
  // The slice reaching furthest among those that start at or before the place reached: when it
  // reaches past that place it holds it. None does: a gap, and the log ends there.
  let next = 0
  let furthest: (typeof slices)[number] | undefined
  for (;;) {
    const at = entries.length
    for (; next < slices.length && (slices[next]?.first ?? Infinity) <= at; next++) {
      const candidate = slices[next]
      if (candidate !== undefined && (furthest === undefined || end(candidate) > end(furthest))) {
        furthest = candidate
      }
    }
    if (furthest === undefined || end(furthest) <= at) break
    for (let index = at - furthest.first; index < furthest.entries.length; index++) {
      entries.push(furthest.entries[index])
    }
  }
  const checked = checkLogEntries(entries, kept)
  return checked.ok ? ok(checked.value) : checked
}

/**
 * The part of `held` taken as it is, unread and unchecked: the whole of it, unless a document
 * holds its last entry and that entry differs (then only its full chunks, which never change). The
 * log only grows within a generation, so the same last entry means the same prefix, as `followLog`
 * says: a desk then checks only the results new to it (issue 27: the desk-to-desk time under load),
 * and a held log ending where a slot begins is not cut back to its last full chunk.
 */
function heldPrefix(
  slices: readonly { readonly first: number; readonly entries: readonly unknown[] }[],
  held: readonly LoggedCommand[],
): readonly LoggedCommand[] {
  const last = held.at(-1)
  if (last === undefined) return held
  const seq = held.length - 1
  const holding = slices.find((s) => s.first <= seq && seq < s.first + s.entries.length)
  const same = holding?.entries[seq - holding.first]
  if (holding === undefined || same === last) return held
  const checkedSame = checkLogEntry(same, seq)
  if (checkedSame.ok && fingerprint(checkedSame.value) === fingerprint(last)) return held
  return held.slice(0, chunkOf(held.length) * LOG_CHUNK)
}

function isChunk(
  doc: unknown,
): doc is { readonly _id: unknown; readonly first: number; readonly entries: readonly unknown[] } {
  if (typeof doc !== 'object' || doc === null) return false
  const candidate = doc as Record<string, unknown>
  return (
    candidate['type'] === 'chunk' &&
    typeof candidate['first'] === 'number' &&
    Number.isInteger(candidate['first']) &&
    Array.isArray(candidate['entries'])
  )
}
