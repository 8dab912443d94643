import { spawnSync } from 'node:child_process'
import type { Page } from '@playwright/test'
import { readTournamentFile, type TournamentFile } from '../../shared/formats/tournament-file'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { logFromChunks } from '../../shared/venue/chunks'
import {
  bearer,
  VENUE_ROUTES,
  type JoinRequested,
  type JoinStatus,
  type VenueInfo,
} from '../../shared/venue/protocol'
import { AppShell } from '../pages/app-shell'
import { FilesPage } from '../pages/files-page'
import { CLI_COMMAND, type Authority } from './serve'

/*
 * Each copy of a venue event's log, read the way a director would (issue 21: "any desk's full copy
 * opens as the new authority"): a desk saves the tournament file from its Files screen, the
 * authority writes EVENT.json on SIGTERM, and both are read by the tournament-file reader and
 * `rackside check`. A projector has no Files screen: its copy is read from the PouchDB database
 * it replicates into, with the same `logFromChunks` every desk uses.
 */

/** Reads a tournament file's text, failing with the reader's own message. */
export function readCopy(text: string, where: string): TournamentFile {
  const read = readTournamentFile(text)
  if (!read.ok) throw new Error(`${where} does not open: ${read.error.message}`)
  return read.value
}

/** A desk's "Save tournament file…" from its Files screen, downloaded to `path`. */
export async function savedCopy(page: Page, path: string): Promise<TournamentFile> {
  await new AppShell(page).goTo('Files')
  const { text } = await new FilesPage(page).download('Save tournament file…', path)
  return readCopy(text, `the copy saved at ${path}`)
}

/** `rackside check FILE`: its exit code and what it printed. */
export function checkWithCli(path: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [...CLI_COMMAND, 'check', path], { encoding: 'utf8' })
  return { status: run.status, output: `${run.stdout}${run.stderr}` }
}

/**
 * The log a browser holds in its PouchDB copy of the event's log database (pouchdb-browser's
 * IndexedDB layout: `_pouch_<name>`, each document's winning revision found through
 * `document-store` and read from `by-sequence`), checked by `logFromChunks`. `database` is the
 * name, or its prefix (`logDatabase` in shared/venue/protocol.ts) when the generation is not
 * known here: the newest generation the browser holds is read.
 */
export async function replicatedLog(
  page: Page,
  // A desk's local copies are named `rackside-venue-<remote name>` (renderer/src/venue/browser-link.ts).
  database = 'rackside-venue-log-',
): Promise<LoggedCommand[]> {
  const docs = await page.evaluate(async (wanted) => {
    const names = (await indexedDB.databases())
      .map((info) => info.name ?? '')
      .filter((found) => found.startsWith(`_pouch_${wanted}`))
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
    const last = names.at(-1)
    if (last === undefined) throw new Error(`no PouchDB database _pouch_${wanted}… in this browser`)
    const name = last.slice('_pouch_'.length)
    const opened = indexedDB.open(`_pouch_${name}`)
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      opened.onsuccess = () => resolve(opened.result)
      opened.onerror = () => reject(opened.error ?? new Error(`cannot open _pouch_${name}`))
    })
    if (!db.objectStoreNames.contains('document-store')) {
      db.close()
      throw new Error(`_pouch_${name} is not a PouchDB idb database`)
    }
    const tx = db.transaction(['document-store', 'by-sequence'])
    const request = <T>(r: IDBRequest<T>): Promise<T> =>
      new Promise((resolve, reject) => {
        r.onsuccess = () => resolve(r.result)
        r.onerror = () => reject(r.error ?? new Error('IndexedDB read failed'))
      })
    const metas = (await request(tx.objectStore('document-store').getAll())) as {
      id: string
      winningRev: string
      deletedOrLocal: string
    }[]
    const bySeq = tx.objectStore('by-sequence').index('_doc_id_rev')
    const out: unknown[] = []
    for (const meta of metas) {
      if (meta.deletedOrLocal === '1') continue
      out.push(await request(bySeq.get(`${meta.id}::${meta.winningRev}`)))
    }
    db.close()
    return out
  }, database)
  const log = logFromChunks(docs)
  if (!log.ok) throw new Error(`${database} in the browser: ${log.error.message}`)
  return [...log.value]
}

/**
 * A read-only reader of the authority's log by the protocol (a projector joined over HTTP and
 * approved on stdin): what the authority has accepted, whatever it managed to print before a
 * SIGKILL (an entry journaled just before the kill is in the log with no `accepted` line).
 */
export async function logReader(authority: Authority): Promise<() => Promise<LoggedCommand[]>> {
  const url = authority.url
  const asked = (await (
    await fetch(`${url}${VENUE_ROUTES.join}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ role: 'projector', device: 'venue e2e reader' }),
    })
  ).json()) as JoinRequested
  await authority.waitFor('desk', (event) => event.code === asked.code)
  await authority.approve(asked.code, 'Reader')
  let status: JoinStatus = { status: 'waiting', code: asked.code }
  for (let tries = 0; status.status === 'waiting' && tries < 300; tries++) {
    const response = await fetch(`${url}${VENUE_ROUTES.joinStatus}${asked.request}`)
    status = (await response.json()) as JoinStatus
    if (status.status === 'waiting') await new Promise((resolve) => setTimeout(resolve, 100))
  }
  if (status.status !== 'approved') throw new Error(`the reader was not approved: ${status.status}`)
  const headers = { Authorization: bearer(status.token) }
  const info = (await (await fetch(`${url}${VENUE_ROUTES.info}`, { headers })).json()) as VenueInfo
  return async () => {
    const path = `${VENUE_ROUTES.databases}/${info.databases.log}/_all_docs?include_docs=true`
    const response = await fetch(`${authority.url}${path}`, { headers })
    if (!response.ok) throw new Error(`reading the log: HTTP ${String(response.status)}`)
    const body = (await response.json()) as { rows: { doc?: unknown }[] }
    const log = logFromChunks(body.rows.map((row) => row.doc))
    if (!log.ok) throw new Error(`the authority's log: ${log.error.message}`)
    return [...log.value]
  }
}
