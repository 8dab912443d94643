/*
 * The results site following a CouchDB database the authority pushes to (issue 31): every log
 * document read once, then each change as it comes (PouchDB's live changes feed). When the
 * database cannot be reached (the venue's internet, the host's) the site says so, keeps what it
 * shows, and asks again every few seconds from where it stopped: nothing is lost, it catches up.
 */
import type { Result } from '../../shared/result'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { eventFromDocs, type SiteEvent } from './site-data'

/** The part of a PouchDB database the site reads (pouchdb-browser in a page, PouchDB in tests). */
export interface FollowedDatabase {
  changes(options: {
    readonly since: number | string
    readonly include_docs: true
    readonly live?: boolean
  }): FollowedFeed
}

export interface FollowedChange {
  readonly id: string
  readonly seq: number | string
  readonly deleted?: boolean
  readonly doc?: unknown
}

export interface FollowedFeed extends PromiseLike<unknown> {
  on(event: 'change', listener: (change: FollowedChange) => void): unknown
  on(event: 'complete', listener: (info: unknown) => void): unknown
  on(event: 'error', listener: (error: unknown) => void): unknown
  cancel(): void
}

/** What the site says under the pages about the database it follows. */
export type FollowStatus =
  | { readonly kind: 'reading' }
  | { readonly kind: 'following'; readonly at: Date }
  | { readonly kind: 'offline'; readonly message: string; readonly at: Date }

/** Seconds between tries while the database cannot be reached. */
export const RETRY_MS = 2000

export interface Following {
  stop(): void
}

/**
 * Follows `db`: `shown` gets the event (or why its log does not open) after the first read and
 * after each change, `said` the state of the link. `wait` and `now` are the page's (a timer, the
 * clock), passed in so tests drive them.
 */
export function followDatabase(
  db: FollowedDatabase,
  handlers: {
    readonly shown: (event: Result<SiteEvent>) => void
    readonly said: (status: FollowStatus) => void
    readonly wait: (ms: number) => Promise<void>
    readonly now: () => Date
  },
): Following {
  const docs = new Map<string, unknown>()
  let since: number | string = 0
  let held: readonly LoggedCommand[] = []
  let stopped = false
  let feed: FollowedFeed | undefined
  let pending = false

  const show = (): void => {
    // One fold for a burst of changes (a decision writes a slot and maybe a chunk).
    if (pending) return
    pending = true
    queueMicrotask(() => {
      pending = false
      if (stopped) return
      const event = eventFromDocs([...docs.values()], held)
      if (event.ok) held = event.value.log
      handlers.shown(event)
    })
  }
  const take = (change: FollowedChange): void => {
    since = change.seq
    if (change.deleted === true) docs.delete(change.id)
    else docs.set(change.id, change.doc)
  }
  const message = (error: unknown): string => {
    if (typeof error === 'object' && error !== null) {
      const { reason, message: text } = error as Record<string, unknown>
      const said = [reason, text].find((part) => typeof part === 'string' && part !== '')
      if (typeof said === 'string') return said
    }
    return 'the database cannot be reached'
  }

  const run = async (): Promise<void> => {
    handlers.said({ kind: 'reading' })
    while (!stopped) {
      try {
        // What is there now, in one answer, then each change as it comes.
        const first = db.changes({ since, include_docs: true })
        first.on('change', take)
        await first
        if (stopped) return
        show()
        handlers.said({ kind: 'following', at: handlers.now() })
        await new Promise<void>((resolve, reject) => {
          const live = db.changes({ since, include_docs: true, live: true })
          feed = live
          live.on('change', (change) => {
            take(change)
            show()
            handlers.said({ kind: 'following', at: handlers.now() })
          })
          live.on('complete', () => resolve())
          live.on('error', reject)
        })
      } catch (error) {
        if (stopped) return
        handlers.said({ kind: 'offline', message: message(error), at: handlers.now() })
        await handlers.wait(RETRY_MS)
      }
    }
  }
  void run()
  return {
    stop() {
      stopped = true
      feed?.cancel()
    },
  }
}
