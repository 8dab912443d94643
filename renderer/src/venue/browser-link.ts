/*
 * The desk's link in a browser (issue 21): PouchDB's browser build, loaded only in venue mode so
 * the single-laptop app's start carries none of it.
 */
import { VENUE_ROUTES, type VenueInfo } from '../../../shared/venue/protocol'
import { askAuthorityTime } from './authority-clock'
import type { VenueLink } from './link'
import { authorizedFetch, createPouchLink } from './pouch-link'

/**
 * PouchDB's replication calls `src.info()` without a catch when the authority drops (the spike of
 * issue 21 saw it kill a Node desk): a rejection no code of ours can catch. Only such network
 * failures are swallowed; every other unhandled rejection still reaches the console.
 */
export function isPouchNetworkFailure(reason: unknown): boolean {
  if (typeof reason !== 'object' || reason === null) return false
  const { name, message, status } = reason as {
    name?: unknown
    message?: unknown
    status?: unknown
  }
  // A fetch that never reached the server: Chromium, Firefox and Safari word it each their own way.
  const fetchFailed =
    name === 'TypeError' &&
    typeof message === 'string' &&
    /failed to fetch|networkerror|load failed|network connection/i.test(message)
  // PouchDB's own wrapping of one (`unknown_error` / status 500 or 0 from the http adapter).
  const pouchWrapped =
    (status === 0 || status === 500) &&
    typeof message === 'string' &&
    /fetch|network|ECONNREFUSED/i.test(message)
  return fetchFailed || pouchWrapped
}

let guarded = false

function guardUnhandledRejections(target: Pick<Window, 'addEventListener'>): void {
  if (guarded) return
  guarded = true
  target.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    if (isPouchNetworkFailure(event.reason)) event.preventDefault()
  })
}

/** Opens the desk's replicas in IndexedDB and starts replicating with the authority at `origin`. */
export async function openBrowserLink(
  origin: string,
  token: string,
  info: VenueInfo,
  onRevoked: () => void,
): Promise<VenueLink> {
  guardUnhandledRejections(window)
  const { default: PouchDB } = await import('pouchdb-browser')
  const base = new URL(VENUE_ROUTES.databases + '/', origin).href
  // IndexedDB is per origin already; the prefix keeps the replicas apart from the app's own data.
  const local = (name: string): PouchDB.Database => new PouchDB(`rackside-venue-${name}`)
  return createPouchLink({
    info,
    local,
    remote: (name, unauthorized) =>
      new PouchDB(base + name, {
        skip_setup: true,
        fetch: authorizedFetch(
          token,
          (url, init) => PouchDB.fetch(url instanceof URL ? url.href : url, init),
          () => {
            unauthorized()
            onRevoked()
          },
        ),
      }),
    replicate: PouchDB.replicate.bind(PouchDB),
    askTime: () => askAuthorityTime((url, init) => fetch(url, init), origin, token),
    network: (changed) => {
      const offline = (): void => changed(false)
      const online = (): void => changed(true)
      window.addEventListener('offline', offline)
      window.addEventListener('online', online)
      return () => {
        window.removeEventListener('offline', offline)
        window.removeEventListener('online', online)
      }
    },
  })
}
