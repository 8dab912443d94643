/*
 * Live results online (issue 21): the director pushes the event's log to a CouchDB on the internet
 * by the same replication the desks use, one way, so a web page or another program there can
 * follow the event. Only the log database goes (the accepted entries in chunks, written by the
 * authority alone, with revisions worked out from their content): the desks' outboxes, their
 * tokens and the refusals stay in the hall. When the venue's internet drops, the push waits and
 * carries on where it stopped; the hall never waits for it.
 */
import {
  pushLineKey,
  pushProblemOf,
  pushSentence,
  type PushState,
} from '../../shared/venue/push-state'
import { replicationBackOff, type ServeEvent, type VenueEvent } from '../../shared/venue/protocol'
import type { PouchConstructor, PouchDatabase, Replication } from './pouch'

/**
 * The address as it may be printed: without the user name and password a CouchDB URL may carry
 * (`https://director:secret@example.org/spc-2026`), which must never reach a log or a screen.
 */
export function printableRemote(url: string): string {
  try {
    const parsed = new URL(url)
    parsed.username = ''
    parsed.password = ''
    return parsed.toString()
  } catch {
    return '(an address that is not a URL)'
  }
}

/**
 * Issue 31: the address the app's screen was given, with the password typed beside it (asked at
 * each start, never saved). The account's name goes in the address (`https://director@…`); a
 * password with no name to go with it is refused in words.
 */
export function addressWithPassword(
  address: string,
  password: string,
): { readonly ok: true; readonly url: string } | { readonly ok: false; readonly message: string } {
  const bad = checkRemoteUrl(address.trim())
  if (bad !== undefined) return { ok: false, message: bad }
  const url = new URL(address.trim())
  if (password === '') return { ok: true, url: url.toString() }
  if (url.username === '') {
    return {
      ok: false,
      message: `${printableRemote(url.toString())} names no account for the password: put its name before the host, e.g. ${url.protocol}//director@${url.host}${url.pathname}.`,
    }
  }
  url.password = encodeURIComponent(password)
  return { ok: true, url: url.toString() }
}

/** A remote address must be http(s) and name a database: checked before anything starts. */
export function checkRemoteUrl(url: string): string | undefined {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return `"${printableRemote(url)}" is not an address: give the CouchDB database's URL, e.g. https://user:password@couch.example.org/my-event.`
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    return `${printableRemote(url)} is not an http or https address.`
  }
  if (parsed.pathname.replace(/\/+$/, '') === '') {
    return `${printableRemote(url)} names no database: add its name after the host, e.g. ${parsed.origin}/my-event.`
  }
  return undefined
}

/** Where the push marks the remote database as this event's log (never replicated, never listed). */
export const PUSH_MARKER = '_local/rackside-push'

/** How long an unreachable remote waits before the push asks again, at most (as replication does). */
const CHECK_RETRY_MS = 2000

export interface PushOptions {
  /** The event and generation whose log this is: a database holding another is not written to. */
  readonly event: Pick<VenueEvent, 'tournamentId' | 'generation'>
  /** How many commands the authority's log holds now. */
  readonly logLength: () => number
  readonly now: () => Date
  /** Every change of the push's state (issue 31), for the app's screen. */
  readonly onState?: (state: PushState) => void
  /** A line for the terminal when the state changes as `pushLineKey` tells (issue 31). */
  readonly emit: (event: ServeEvent) => void
  /** What an earlier push to the same address had sent, so a restart of it counts on. */
  readonly before?: PushState
}

export interface RemotePush {
  /** Stops sending; the state says 'stopped' with what is still waiting. */
  stop(): void
  state(): PushState
  /** The log grew: the waiting count follows it. */
  logChanged(): void
}

/**
 * Starts pushing `logDb` to the CouchDB database at `url` (created there if missing and the
 * credentials allow it), live, retrying with a back-off of at most 2 s. First it checks, and marks,
 * that the database holds this event's log of this generation (issue 27: a replaced log is never
 * written over the one pushed). `Pouch` must reach http databases (`NodePouch`), not the server's
 * memory-only constructor.
 */
export function pushToRemote(
  Pouch: PouchConstructor,
  logDb: PouchDatabase,
  url: string,
  options: PushOptions,
): RemotePush {
  const shown = printableRemote(url)
  const remote = new Pouch(url)
  const carried = options.before?.url === shown ? options.before : undefined
  let state: PushState = {
    url: shown,
    phase: 'starting',
    sent: carried?.sent ?? 0,
    lastSentAt: carried?.lastSentAt ?? null,
    waiting: Math.max(0, options.logLength() - (carried?.sent ?? 0)),
    problem: null,
    detail: null,
  }
  let saidKey: string | null = null
  let replication: Replication | undefined
  let retry: ReturnType<typeof setTimeout> | undefined
  let stopped = false

  const set = (next: Partial<PushState>): void => {
    const merged: PushState = { ...state, ...next }
    const waiting = Math.max(0, options.logLength() - merged.sent)
    const phase =
      merged.phase === 'sending' && waiting === 0 && next.phase !== 'sending'
        ? 'sent'
        : merged.phase === 'sent' && waiting > 0
          ? 'sending'
          : merged.phase
    const after: PushState = { ...merged, waiting, phase }
    if (JSON.stringify(after) === JSON.stringify(state)) return
    state = after
    options.onState?.(state)
    const key = pushLineKey(state)
    if (key !== null && key !== saidKey) {
      saidKey = key
      options.emit(remoteEvent(state))
    }
  }
  const failed = (error: unknown): void => {
    if (stopped) return
    const { problem, detail } = pushProblemOf(error)
    set({ phase: 'error', problem, detail: detail === null ? null : printableDetail(detail, url) })
  }
  const reached = (sent: number): void => {
    if (stopped) return
    const more = sent > state.sent
    set({
      phase: 'sending',
      problem: null,
      detail: null,
      sent: Math.max(state.sent, sent),
      ...(more ? { lastSentAt: options.now().toISOString() } : {}),
    })
  }

  const replicate = (): void => {
    replication = logDb.replicate.to(remote, {
      live: true,
      retry: true,
      back_off_function: replicationBackOff,
    })
    replication.on('change', (info) => reached(entriesIn(info)))
    replication.on('paused', (error) => {
      if (error !== undefined && error !== null) return failed(error)
      // Up to date with the log database: what it holds is on the remote too (after a restart of
      // the push nothing may have needed sending).
      void heldIn(logDb).then((held) => {
        reached(held)
        if (!stopped && state.phase === 'sending' && state.waiting === 0) set({ phase: 'sent' })
      })
    })
    replication.on('error', failed)
    replication.on('denied', failed)
    // The replication's own promise rejects when it is cancelled or fails for good: said above.
    Promise.resolve(replication).catch(() => undefined)
  }

  const check = (): void => {
    checkMarker(remote, options.event)
      .then((marked) => {
        if (stopped) return
        if (marked === 'another-log')
          return set({ phase: 'error', problem: 'another-log', detail: null })
        replicate()
      })
      .catch((error: unknown) => {
        failed(error)
        if (stopped || state.problem !== 'unreachable') return
        retry = setTimeout(check, CHECK_RETRY_MS)
      })
  }
  options.onState?.(state)
  check()

  return {
    stop() {
      if (stopped) return
      set({ phase: 'stopped', problem: null, detail: null })
      stopped = true
      if (retry !== undefined) clearTimeout(retry)
      replication?.cancel()
      remote.close().catch(() => undefined)
    },
    state: () => state,
    // While stopped too: what waits grows with the log.
    logChanged: () => set({}),
  }
}

/** The 'remote' line the terminal and `--json` print for a state (issue 31: with the whole state). */
export function remoteEvent(state: PushState): ServeEvent {
  const status =
    state.phase === 'stopped' ? 'stopped' : state.phase === 'error' ? 'offline' : 'up-to-date'
  return {
    event: 'remote',
    url: state.url,
    status,
    ...(state.phase === 'error' ? { message: pushSentence(state) } : {}),
    push: state,
  }
}

/**
 * Whether the remote database is this event's: its marker names the same tournament and
 * generation, or it has none yet and gets one. Throws what the remote answered otherwise.
 */
async function checkMarker(
  remote: PouchDatabase,
  event: PushOptions['event'],
): Promise<'ours' | 'another-log'> {
  const mark = { tournamentId: event.tournamentId, generation: event.generation }
  try {
    const found = (await remote.get(PUSH_MARKER)) as unknown as Record<string, unknown>
    return found['tournamentId'] === mark.tournamentId && found['generation'] === mark.generation
      ? 'ours'
      : 'another-log'
  } catch (error) {
    if ((error as { status?: unknown } | null)?.status !== 404) throw error
  }
  await remote.put({ _id: PUSH_MARKER, ...mark })
  return 'ours'
}

/** The furthest entry the documents of a replication's change reach: how many commands are sent. */
function entriesIn(info: unknown): number {
  const docs = (info as { docs?: unknown } | null)?.docs
  if (!Array.isArray(docs)) return 0
  return docs.reduce<number>((most, doc) => {
    const { first, entries } = (doc ?? {}) as { first?: unknown; entries?: unknown }
    return typeof first === 'number' && Array.isArray(entries)
      ? Math.max(most, first + entries.length)
      : most
  }, 0)
}

async function heldIn(logDb: PouchDatabase): Promise<number> {
  try {
    const { rows } = await logDb.allDocs({ include_docs: true })
    return entriesIn({ docs: rows.map((row) => row.doc) })
  } catch {
    return 0
  }
}

/** A remote's own words, without the address's password should it repeat the address. */
function printableDetail(detail: string, url: string): string {
  let said = detail
  try {
    const { password, username } = new URL(url)
    for (const secret of [password, username].filter((part) => part.length >= 3)) {
      said = said.split(secret).join('…')
    }
  } catch {
    // Not a URL: checkRemoteUrl refused it before any push started.
  }
  return said
}
