/*
 * What the authority publishes to the desks (issue 21): the log database in chunks and slots
 * (`chunksFrom`) and the decisions database, one document per refusal, with revisions worked out
 * from the content (`revs.ts`) and `new_edits: false`, so a restarted authority rebuilds the very
 * documents the desks hold and nothing conflicts. Each decision is published after the journal
 * holds it and before it is answered, then told as a `ServeEvent`.
 */
import type { AuthorityState } from '../../shared/authority/decide'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { chunksFrom } from '../../shared/venue/chunks'
import { decisionsDatabase, logDatabase, type RefusalDoc } from '../../shared/venue/protocol'
import type { JournalLine } from './journal'
import { servedDatabase, type PouchDatabase } from './pouch'
import { CHUNK_REVS_KEPT, revisedLogDoc, revisedRefusal } from './revs'
import type { ServerContext } from './server-context'
import type { StoredRefusal } from './venue-file'
import { WholeLog } from './whole-log'

export function refusalDoc(line: StoredRefusal): RefusalDoc {
  return { _id: line.proposal, type: 'refused', desk: line.desk, error: line.error, at: line.at }
}

export class PublishedLog {
  /** The log's documents as a new desk reads them whole (issue 27, `whole-log.ts`). */
  readonly whole = new WholeLog()

  private constructor(
    readonly logDb: PouchDatabase,
    readonly decisionsDb: PouchDatabase,
  ) {}

  /**
   * The event's two databases rebuilt as they were (the same documents at the same revisions),
   * and every later decision published and told through `ctx`.
   */
  static async open(ctx: ServerContext): Promise<PublishedLog> {
    // Compacted as it is written: a memory database keeps every revision's body otherwise, and a
    // new desk's first `_changes` read them all (issue 27: 277 ms after 1 200 decisions, 21 ms
    // compacted; a full day is ten times that).
    const logDb = await servedDatabase(ctx.Pouch, logDatabase(ctx.event), {
      revsLimit: CHUNK_REVS_KEPT,
      autoCompaction: true,
    })
    const decisionsDb = await servedDatabase(ctx.Pouch, decisionsDatabase(ctx.event))
    const published = new PublishedLog(logDb, decisionsDb)
    const { authority } = ctx
    await published.writeChunks(authority.state().log, 0)
    // Ready before the first desk asks: compressed on libuv's threads while the server starts.
    published.whole.gzipped().catch(() => undefined)
    await published.writeRefusals(authority.refusals().map(refusalDoc))
    authority.publish = async (decision, desk, heldBefore, line, state) => {
      await published.publish(state, heldBefore, line)
      switch (decision.kind) {
        case 'accepted':
          ctx.emit({
            event: 'accepted',
            proposal: decision.proposalId,
            desk: desk.id,
            seq: decision.entry.seq,
            type: decision.entry.command.type,
          })
          break
        case 'refused':
          ctx.emit({
            event: 'refused',
            proposal: decision.proposalId,
            desk: desk.id,
            code: decision.error.code,
            message: decision.error.message,
          })
          break
      }
      ctx.changed()
    }
    return published
  }

  private async publish(
    state: AuthorityState,
    heldBefore: number,
    line: JournalLine,
  ): Promise<void> {
    switch (line.kind) {
      case 'accepted':
        await this.writeChunks(state.log, heldBefore)
        return
      case 'refused':
        // Its time is the journal's, so the document rebuilt after a restart is the same one.
        await this.writeRefusals([refusalDoc(line)])
        return
    }
  }

  private async writeChunks(log: readonly LoggedCommand[], heldBefore: number): Promise<void> {
    const docs = chunksFrom(log, heldBefore).map((doc) => revisedLogDoc(doc, log))
    if (docs.length === 0) return
    await this.logDb.bulkDocs(docs, { new_edits: false })
    this.whole.wrote(docs)
  }

  private async writeRefusals(docs: readonly RefusalDoc[]): Promise<void> {
    if (docs.length === 0) return
    await this.decisionsDb.bulkDocs(docs.map(revisedRefusal), { new_edits: false })
  }

  /** Memory databases: destroyed when the server stops, rebuilt at the next start. */
  async destroy(): Promise<void> {
    await Promise.all(
      [this.logDb, this.decisionsDb].map((db) => db.destroy().catch(() => undefined)),
    )
  }
}
