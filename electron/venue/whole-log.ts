/*
 * The log database's documents as a new desk reads them in one request (issue 27: catching up
 * 10 000 commands on a loaded machine). The desk's link asks `_all_docs?include_docs=true` of the
 * log (`seedLog` in renderer/src/venue/pouch-link.ts); express-pouchdb answered it by reading every
 * document back from the memory database (a JSON parse each), copying it, writing the whole answer
 * as JSON again and compressing it, for every desk that joins. The authority writes each document
 * itself (`PublishedLog`), so it keeps each one's JSON as written and answers from that, compressed
 * off the main thread and once per state of the log.
 */
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'

const gzipped = promisify(gzip)

/** A log document as `PublishedLog` writes it: its revision history is not part of the answer. */
interface WrittenDoc {
  readonly _id: string
  readonly _rev: string
  readonly _revisions?: unknown
}

export class WholeLog {
  private readonly docs = new Map<string, { readonly rev: string; readonly json: string }>()
  private answer: { readonly text: string; compressed?: Promise<Buffer> } | undefined

  /** The documents just written to the log database, as they are stored there. */
  wrote(docs: readonly WrittenDoc[]): void {
    for (const doc of docs) {
      const stored: Record<string, unknown> = { ...doc }
      delete stored['_revisions']
      this.docs.set(doc._id, { rev: doc._rev, json: JSON.stringify(stored) })
    }
    if (docs.length > 0) this.answer = undefined
  }

  /** CouchDB's answer to `GET /{log}/_all_docs?include_docs=true`: every document, by id. */
  text(): string {
    this.answer ??= { text: this.build() }
    return this.answer.text
  }

  /** The same answer gzipped, worked out once per state of the log. */
  gzipped(): Promise<Buffer> {
    const text = this.text()
    const answer = this.answer ?? { text }
    answer.compressed ??= gzipped(text)
    this.answer = answer
    return answer.compressed
  }

  private build(): string {
    const ids = [...this.docs.keys()].sort()
    const rows = ids.map((id) => {
      const doc = this.docs.get(id)
      const key = JSON.stringify(id)
      return `{"id":${key},"key":${key},"value":{"rev":${JSON.stringify(doc?.rev)}},"doc":${doc?.json ?? 'null'}}`
    })
    return `{"total_rows":${String(ids.length)},"offset":0,"rows":[${rows.join(',')}]}`
  }
}
