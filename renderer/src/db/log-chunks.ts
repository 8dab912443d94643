import type { Command } from '../../../shared/tournament/commands'

/*
 * How a log is cut into IndexedDB rows (schema 3, issue 20): plain arithmetic on entries, without
 * Dexie, so the e2e helpers that write a damaged command into a stored log cut it the same way.
 */

/**
 * One stored command inside a chunk; the chunk carries its tournament id. As read back it may be
 * anything a damaged database or a newer Rackside left (issue 20): the store checks each entry.
 */
export interface ChunkEntry {
  readonly seq: number
  readonly at: string
  /** The desk (window) that gave it; commands stored before desks were recorded have none. */
  readonly desk?: string
  /** The log version that stored it (issue 20); commands from before have none. */
  readonly version?: number
  readonly command: Command
}

/**
 * From version 3 a log is stored in chunks of `LOG_CHUNK_SIZE` commands, chunk k holding the
 * commands at positions k·size … k·size + size − 1 (issue 20): IndexedDB pays per row, and a
 * 22 000-command event took seconds to store as one row per command. Every chunk but the last is
 * full, so a position's chunk is a division and reading a tail reads only the chunks it spans.
 */
export interface LogChunkRow {
  readonly tournamentId: string
  readonly chunk: number
  readonly entries: readonly ChunkEntry[]
}

/**
 * Commands per chunk: small enough that an append (which reads and rewrites the last chunk) stays
 * cheap at the desk, large enough that a whole event is a few dozen rows.
 */
export const LOG_CHUNK_SIZE = 256

/** The chunk that holds the command at `position`. */
export function chunkIndexOf(position: number): number {
  return Math.floor(position / LOG_CHUNK_SIZE)
}

/** A log cut into chunk rows, in order: every chunk full but the last. */
export function toChunks(tournamentId: string, entries: readonly ChunkEntry[]): LogChunkRow[] {
  const chunks: LogChunkRow[] = []
  for (let start = 0; start < entries.length; start += LOG_CHUNK_SIZE) {
    chunks.push({
      tournamentId,
      chunk: chunkIndexOf(start),
      entries: entries.slice(start, start + LOG_CHUNK_SIZE),
    })
  }
  return chunks
}

/**
 * The entries of stored chunks from log position `from` on, unchecked. Damage stays where the
 * checks find it (issue 20): a chunk whose entries are not a list stands as one entry at its
 * first position, which `checkLogEntry` names ("log[512] should be an object"), and a missing or
 * short chunk leaves the next entry with a `seq` other than its position.
 */
export function flattenChunks(rows: readonly LogChunkRow[], from = 0): unknown[] {
  const entries: unknown[] = []
  for (const row of rows) {
    const stored: unknown = row.entries
    const list: readonly unknown[] = Array.isArray(stored) ? stored : [stored]
    const start = row.chunk * LOG_CHUNK_SIZE
    for (const [index, entry] of list.entries()) {
      if (start + index >= from) entries.push(entry)
    }
  }
  return entries
}
