/*
 * Live results online (issue 21): the director pushes the event's log to a CouchDB on the internet
 * by the same replication the desks use, one way, so a web page or another program there can
 * follow the event. Only the log database goes (the accepted entries in chunks, written by the
 * authority alone, with revisions worked out from their content): the desks' outboxes, their
 * tokens and the refusals stay in the hall. When the venue's internet drops, the push waits and
 * carries on where it stopped; the hall never waits for it.
 */
import { replicationBackOff, type ServeEvent } from '../../shared/venue/protocol'
import type { PouchConstructor, PouchDatabase, Replication } from './pouch'

export interface RemotePush {
  stop(): void
}

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

/**
 * Starts pushing `logDb` to the CouchDB database at `url` (created there if missing and the
 * credentials allow it), live, retrying with a back-off of at most 2 s. Tells `emit` when it is
 * up to date and when the remote cannot be reached, each once per change of state. `Pouch` must
 * reach http databases (`NodePouch`), not the server's memory-only constructor.
 */
export function pushToRemote(
  Pouch: PouchConstructor,
  logDb: PouchDatabase,
  url: string,
  emit: (event: ServeEvent) => void,
): RemotePush {
  const shown = printableRemote(url)
  const remote = new Pouch(url)
  let said: 'up-to-date' | 'offline' | undefined
  const say = (status: 'up-to-date' | 'offline', message?: string): void => {
    if (said === status) return
    said = status
    emit({ event: 'remote', url: shown, status, ...(message === undefined ? {} : { message }) })
  }
  const replication: Replication = logDb.replicate.to(remote, {
    live: true,
    retry: true,
    back_off_function: replicationBackOff,
  })
  replication.on('paused', (error) => {
    if (error === undefined || error === null) say('up-to-date')
    else say('offline', describe(error))
  })
  replication.on('error', (error) => say('offline', describe(error)))
  replication.on('denied', (error) => say('offline', describe(error)))
  // The replication's own promise rejects when it is cancelled or fails for good: nothing to do.
  Promise.resolve(replication).catch(() => undefined)
  return {
    stop() {
      replication.cancel()
      remote.close().catch(() => undefined)
    },
  }
}

function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { message, reason, status } = error as Record<string, unknown>
    const text = [reason, message].find((part) => typeof part === 'string' && part !== '')
    if (typeof text === 'string') return typeof status === 'number' ? `${text} (${status})` : text
  }
  return 'the remote CouchDB cannot be reached'
}
