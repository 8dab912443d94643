/*
 * The accepted log as the authority publishes it (issue 21): chunks of `LOG_CHUNK` entries, so a
 * new desk replicates a hundred documents for a 10 000-command log. The authority writes them
 * (`chunksFrom`), every desk reads them back (`logFromChunks`): one owner for both directions.
 */
import { checkLogEntries } from '../formats/tournament-file'
import { err, ok, type Result } from '../result'
import type { LoggedCommand } from '../tournament/commands'
import { chunkId, chunkOf, LOG_CHUNK, type LogChunk } from './protocol'

/**
 * The chunk documents to write after the log grew from `heldBefore` entries to `log`: the chunk
 * that held the last old entry (now longer) and every new one. Without revs: the writer adds them.
 */
export function chunksFrom(log: readonly LoggedCommand[], heldBefore: number): readonly LogChunk[] {
  if (log.length <= heldBefore) return []
  const firstChunk = chunkOf(Math.max(0, heldBefore))
  const lastChunk = chunkOf(log.length - 1)
  const chunks: LogChunk[] = []
  for (let index = firstChunk; index <= lastChunk; index++) {
    const first = index * LOG_CHUNK
    chunks.push({
      _id: chunkId(index),
      type: 'chunk',
      first,
      entries: log.slice(first, first + LOG_CHUNK),
    })
  }
  return chunks
}

/**
 * The log from the chunk documents a desk holds, in any order: each entry checked as a stored one
 * is (`checkLogEntries`), the chunks contiguous from seq 0. A gap (a chunk not replicated yet)
 * ends the log there: what follows is not the log until the gap arrives. Anything that is not a
 * chunk (a design document, a deleted stub) is skipped.
 *
 * `held`: a log read before from the same database. Only the authority writes it and a full chunk
 * never changes again, so the full chunks of `held` are kept as they are, unread and unchecked, and
 * `docs` need only hold the chunks from the first one `held` does not fill: a desk following one
 * new result does not check 10 000 entries again.
 */
export function logFromChunks(
  docs: readonly unknown[],
  held: readonly LoggedCommand[] = [],
): Result<readonly LoggedCommand[]> {
  const byFirst = new Map<number, readonly unknown[]>()
  for (const doc of docs) {
    if (!isChunk(doc)) continue
    if (doc.first % LOG_CHUNK !== 0 || doc.entries.length > LOG_CHUNK) {
      return err(
        'venue.chunk',
        `Log document ${String(doc._id)} does not hold entries ${String(doc.first + 1)}–${String(doc.first + LOG_CHUNK)} of the log.`,
      )
    }
    byFirst.set(doc.first, doc.entries)
  }
  const kept = chunkOf(held.length) * LOG_CHUNK
  const entries: unknown[] = held.slice(0, kept)
  for (;;) {
    const chunk = byFirst.get(entries.length)
    if (chunk === undefined) break
    entries.push(...chunk)
    // A short chunk is the last: the next one starts where it would have ended.
    if (chunk.length < LOG_CHUNK) break
  }
  const checked = checkLogEntries(entries, kept)
  return checked.ok ? ok(checked.value) : checked
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
