/*
 * Deterministic revisions for the documents only the authority writes (issue 21). A restarted
 * authority rebuilds its memory databases from the journal: written with `new_edits: false` and
 * these revisions, every document comes back with the rev the desks already hold, so nothing
 * conflicts at a desk (PouchDB reports no conflict between two writers; here there is one) that
 * holds one of a document's last `CHUNK_REVS_KEPT` revisions.
 */
import { createHash } from 'node:crypto'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { fingerprint, stableJson } from '../../shared/tournament/log'
import {
  chunkOf,
  LOG_CHUNK,
  LOG_SLOT,
  SLOTS_PER_CHUNK,
  type LogChunk,
  type RefusalDoc,
} from '../../shared/venue/protocol'

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32)

/**
 * How many revisions of a log document the authority keeps and sends (its log database's
 * `revs_limit`). With every revision a chunk had, a new desk's catch-up of 10 000 commands carried
 * a hundred 32-character ids for each of its hundred chunks (some 320 KB before compression; the
 * bench's download went from 0.5 to 0.3 MB) and the authority's `_bulk_get` walked 100-deep trees
 * (issue 27). A slot gains at most ten revisions a chunk, so a desk holding a slot gets the next
 * as a plain update unless it was away for two chunks of results; then the new one arrives as a
 * branch that wins (its revision is higher) and the old one stays aside as a conflict nobody reads.
 */
export const CHUNK_REVS_KEPT = 20

export interface RevisedDoc {
  readonly _id: string
  readonly _rev: string
  readonly _revisions: { readonly start: number; readonly ids: readonly string[] }
}

/**
 * A full chunk is written once, at revision 101: above every revision (1–100, one per entry) an
 * older authority gave the part-filled chunk of the same name, so it wins at a desk that held one.
 */
const FULL_CHUNK_REVISION = LOG_CHUNK + 1

const fingerprints = new WeakMap<LoggedCommand, string>()

/** `fingerprint`, once per entry: a slot's history names up to 20 entries at each decision. */
function fingerprintOf(entry: LoggedCommand): string {
  let known = fingerprints.get(entry)
  if (known === undefined) {
    known = fingerprint(entry)
    fingerprints.set(entry, known)
  }
  return known
}

/**
 * A log document (shared/venue/chunks.ts) with its revision and history, worked out from `log`
 * alone, so a restarted authority gives every document the revision the desks hold. A slot is at
 * revision k·10 + n while it holds n entries of chunk k: it only grows, chunk after chunk, and each
 * revision id names the slot, the revision and the entry it ended with, so the last
 * `CHUNK_REVS_KEPT` of them are known without the writes that made them.
 */
export function revisedLogDoc(doc: LogChunk, log: readonly LoggedCommand[]): LogChunk & RevisedDoc {
  const last = doc.entries.at(-1)
  if (last === undefined) throw new Error(`log document ${doc._id} holds no entry`)
  if (doc._id.startsWith('chunk-')) {
    if (doc.entries.length !== LOG_CHUNK) {
      throw new Error(
        `chunk ${doc._id} is written once, full, not with ${String(doc.entries.length)} entries`,
      )
    }
    const id = hash(`${doc._id}\n${fingerprintOf(last)}`)
    return {
      ...doc,
      _rev: `${String(FULL_CHUNK_REVISION)}-${id}`,
      _revisions: { start: FULL_CHUNK_REVISION, ids: [id] },
    }
  }
  const slot = (doc.first / LOG_SLOT) % SLOTS_PER_CHUNK
  const revision = chunkOf(doc.first) * LOG_SLOT + doc.entries.length
  const ids: string[] = []
  for (let r = revision; r >= 1 && ids.length < CHUNK_REVS_KEPT; r--) {
    const seq = Math.floor((r - 1) / LOG_SLOT) * LOG_CHUNK + slot * LOG_SLOT + ((r - 1) % LOG_SLOT)
    const entry = log[seq]
    if (entry === undefined)
      throw new Error(`${doc._id} revision ${String(r)}: no entry ${String(seq)}`)
    ids.push(hash(`${doc._id}\n${String(r)}\n${fingerprintOf(entry)}`))
  }
  return {
    ...doc,
    _rev: `${String(revision)}-${ids[0] ?? ''}`,
    _revisions: { start: revision, ids },
  }
}

/** A refusal is written once: revision 1, named by its content. */
export function revisedRefusal(doc: RefusalDoc): RefusalDoc & RevisedDoc {
  const id = hash(stableJson(doc))
  return { ...doc, _rev: `1-${id}`, _revisions: { start: 1, ids: [id] } }
}
