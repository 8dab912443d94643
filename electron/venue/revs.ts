/*
 * Deterministic revisions for the documents only the authority writes (issue 21). A restarted
 * authority rebuilds its memory databases from the journal: written with `new_edits: false` and
 * these revisions, every document comes back with the rev the desks already hold, so nothing
 * conflicts at a desk (PouchDB reports no conflict between two writers; here there is one).
 */
import { createHash } from 'node:crypto'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { fingerprint, stableJson } from '../../shared/tournament/log'
import type { LogChunk, RefusalDoc } from '../../shared/venue/protocol'

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 32)

/**
 * A chunk holding n entries is at revision n, each revision id chained on the one before and the
 * entry it added: the same entries always give the same history, whatever batches they came in.
 */
export function chunkRevisionIds(entries: readonly LoggedCommand[]): readonly string[] {
  const ids: string[] = []
  let previous = ''
  for (const entry of entries) {
    previous = hash(`${previous}\n${fingerprint(entry)}`)
    ids.push(previous)
  }
  return ids
}

export interface RevisedDoc {
  readonly _id: string
  readonly _rev: string
  readonly _revisions: { readonly start: number; readonly ids: readonly string[] }
}

/** The chunk with its rev and its whole history, newest first, as `new_edits: false` wants. */
export function revisedChunk(chunk: LogChunk, ids: readonly string[]): LogChunk & RevisedDoc {
  const n = chunk.entries.length
  const own = ids.slice(0, n)
  if (own.length !== n)
    throw new Error(`chunk ${chunk._id}: ${String(n)} entries, ${String(own.length)} revision ids`)
  return {
    ...chunk,
    _rev: `${String(n)}-${own[n - 1] ?? ''}`,
    _revisions: { start: n, ids: [...own].reverse() },
  }
}

/** A refusal is written once: revision 1, named by its content. */
export function revisedRefusal(doc: RefusalDoc): RefusalDoc & RevisedDoc {
  const id = hash(stableJson(doc))
  return { ...doc, _rev: `1-${id}`, _revisions: { start: 1, ids: [id] } }
}
