import type { Page } from '@playwright/test'
import { LOG_CHUNK_SIZE } from '../../renderer/src/db/log-chunks'

/*
 * The app's stored log, read and written past the app, as a damaged disk or a newer Rackside
 * leaves it (issue 20). Since schema 3 a log is kept in chunks of LOG_CHUNK_SIZE entries
 * (renderer/src/db/log-chunks.ts); these helpers keep that layout, so what a test damages is one
 * command, not the chunking.
 */

/** Every stored entry of a tournament's log, in order, as its chunks hold them. */
export async function readStoredLog(page: Page, id: string): Promise<unknown[]> {
  return page.evaluate(async (id) => {
    const request = indexedDB.open('rackside')
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error)
    })
    const store = db.transaction('logChunks').objectStore('logChunks')
    const chunks = await new Promise<{ entries: unknown[] }[]>((resolve, reject) => {
      const all = store.getAll(IDBKeyRange.bound([id, -Infinity], [id, Infinity]))
      all.onsuccess = () => resolve(all.result as { entries: unknown[] }[])
      all.onerror = () => reject(all.error)
    })
    db.close()
    return chunks.flatMap((chunk) => chunk.entries)
  }, id)
}

/**
 * Stores one raw entry after the tournament's last command, in its last chunk or a new one when
 * that is full: `{ seq, at, ...fields }`, so `fields` may override anything. Returns its position.
 */
export async function appendStoredEntry(
  page: Page,
  id: string,
  fields: Record<string, unknown>,
): Promise<number> {
  return page.evaluate(
    async ({ id, fields, size }) => {
      const request = indexedDB.open('rackside')
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      const tx = db.transaction('logChunks', 'readwrite')
      const store = tx.objectStore('logChunks')
      const chunks = await new Promise<{ chunk: number; entries: unknown[] }[]>(
        (resolve, reject) => {
          const all = store.getAll(IDBKeyRange.bound([id, -Infinity], [id, Infinity]))
          all.onsuccess = () => resolve(all.result as { chunk: number; entries: unknown[] }[])
          all.onerror = () => reject(all.error)
        },
      )
      const last = chunks.at(-1)
      const position = chunks.reduce((count, chunk) => count + chunk.entries.length, 0)
      const entry = { seq: position, at: new Date().toISOString(), ...fields }
      const row =
        last !== undefined && last.entries.length < size
          ? { ...last, entries: [...last.entries, entry] }
          : { tournamentId: id, chunk: (last?.chunk ?? -1) + 1, entries: [entry] }
      store.put(row)
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve()
        tx.onerror = () => reject(tx.error)
      })
      db.close()
      return position
    },
    { id, fields, size: LOG_CHUNK_SIZE },
  )
}
