/*
 * A browser desk hands back what its old replica holds (issue 27). When the authority serves a new
 * generation (restarted on an older file, or another log opened), the desk's link opens new
 * replicas; the old one, still in IndexedDB, may hold entries the new log lacks, and the outbox
 * proposals the old authority never decided. The link notes in its outbox which replica it read
 * last (a `_local` document, never replicated); started on another, it reads the old replica and
 * writes a held document to the outbox, which the authority decides again
 * (`electron/venue/recovery.ts`) and answers with a `RecoveredDoc` this module words.
 */
import { heldFromReplica, recoveredSentence } from '../../../shared/venue/held'
import { logFromChunks } from '../../../shared/venue/chunks'
import {
  heldId,
  type HeldDoc,
  type OutboxProposal,
  type RecoveredDoc,
  type VenueInfo,
} from '../../../shared/venue/protocol'

/** Which replica this desk read last: kept in the outbox, which every generation shares. */
export const REPLICA_ID = '_local/replica'

interface ReplicaNote {
  readonly log: string
  readonly tournamentId: string
  readonly generation: number
}

function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const status = (error as { status?: unknown }).status
  return typeof status === 'number' ? status : undefined
}

async function getOrNone<T extends object>(
  db: PouchDB.Database,
  id: string,
): Promise<(T & PouchDB.Core.GetMeta) | undefined> {
  try {
    return await db.get<T>(id)
  } catch (error) {
    if (statusOf(error) === 404) return undefined
    throw error
  }
}

function isProposal(doc: unknown): doc is OutboxProposal {
  return typeof doc === 'object' && doc !== null && (doc as { type?: unknown }).type === 'proposal'
}

export interface HandInOptions {
  readonly info: VenueInfo
  readonly outbox: PouchDB.Database
  /** Opens one of this side's databases, as the link does. */
  readonly local: (name: string) => PouchDB.Database
  /** Proposals the authority answered already (the link's `_local/answered`). */
  readonly answered: ReadonlySet<string>
}

/**
 * Run as the link starts: the held document written to the outbox when the replica read last was
 * another generation's of this tournament and holds anything (undefined otherwise), and the note
 * moved to this replica. Written once per old generation: a document already there is kept.
 */
export async function handInOldReplica(options: HandInOptions): Promise<HeldDoc | undefined> {
  const { info, outbox } = options
  const note = await getOrNone<ReplicaNote>(outbox, REPLICA_ID)
  let held: HeldDoc | undefined
  if (
    note !== undefined &&
    note.log !== info.databases.log &&
    note.tournamentId === info.event.tournamentId
  ) {
    held = await heldOf(options, note)
  }
  const now: ReplicaNote = {
    log: info.databases.log,
    tournamentId: info.event.tournamentId,
    generation: info.event.generation,
  }
  if (note?.log !== now.log) {
    await outbox.put({
      _id: REPLICA_ID,
      ...(note === undefined ? {} : { _rev: note._rev }),
      ...now,
    })
  }
  return held
}

async function heldOf(options: HandInOptions, note: ReplicaNote): Promise<HeldDoc | undefined> {
  const { outbox, answered } = options
  const id = heldId(note.generation)
  if ((await getOrNone(outbox, id)) !== undefined) return undefined
  const old = options.local(note.log)
  let entries
  try {
    // Chunks and slots alike (shared/venue/chunks.ts): anything else is skipped.
    const docs = await old.allDocs({ include_docs: true })
    const read = logFromChunks(docs.rows.map((row) => row.doc))
    // A damaged old replica hands in nothing from its log; the waiting proposals still go.
    entries = read.ok ? read.value : []
  } finally {
    await old.close().catch(() => undefined)
  }
  const inOld = new Set(entries.flatMap((entry) => entry.proposal ?? []))
  const docs = await outbox.allDocs({ include_docs: true })
  const waiting = docs.rows
    .flatMap((row) => (isProposal(row.doc) ? [row.doc] : []))
    .filter((doc) => !answered.has(doc._id) && !inOld.has(doc._id))
    .sort((a, b) => a.order - b.order)
  if (entries.length === 0 && waiting.length === 0) return undefined
  const held = heldFromReplica(id, note.tournamentId, note.generation, entries, waiting)
  await outbox.put(held)
  return held
}

export function isRecoveredFor(doc: unknown, desk: string): doc is RecoveredDoc {
  if (typeof doc !== 'object' || doc === null) return false
  const d = doc as { type?: unknown; desk?: unknown }
  return d.type === 'recovered' && d.desk === desk
}

/**
 * What the desk shows of the authority's answer. A refusal of one of its own commands is shown by
 * its own banner, with its reason: here it is only counted (issue 27: it was said twice).
 */
export function recoveredNotice(doc: RecoveredDoc, desk: string): string {
  const own = doc.refused.filter((r) => r.desk === desk).length
  const others = doc.refused.filter((r) => r.desk !== desk)
  const sentence = recoveredSentence('this desk', { ...doc, refused: others }).replace(
    /^Recovered from this desk/,
    "The director's laptop took back what this desk held",
  )
  if (own === 0) return sentence
  const shown =
    own === 1 ? "1 of this desk's commands was" : `${String(own)} of this desk's commands were`
  return `${sentence.replace(/\.$/, '')}; ${shown} refused, each shown with its reason.`
}

type NoticeListener = (id: string, text: string) => void

/** The authority's answers to this desk's held documents, each given once to a listener. */
export function recoveredNotices(desk: string) {
  const listeners = new Set<NoticeListener>()
  const undelivered: { id: string; text: string }[] = []
  return {
    deliver(doc: RecoveredDoc): void {
      const text = recoveredNotice(doc, desk)
      if (listeners.size === 0) undelivered.push({ id: doc._id, text })
      for (const listener of listeners) listener(doc._id, text)
    },
    on(listener: NoticeListener): () => void {
      listeners.add(listener)
      for (const { id, text } of undelivered.splice(0)) listener(id, text)
      return () => listeners.delete(listener)
    },
  }
}
