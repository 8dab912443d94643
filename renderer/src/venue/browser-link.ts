/*
 * The desk's link in a browser (issue 21): PouchDB's browser build, loaded only in venue mode so
 * the single-laptop app's start carries none of it.
 */
import { VENUE_ROUTES, type VenueEvent, type VenueInfo } from '../../../shared/venue/protocol'
import { askAuthorityTime } from './authority-clock'
import { fetchVenueInfo, type InfoAnswer } from './join'
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

type FetchLike = (url: RequestInfo | URL, init?: RequestInit) => Promise<Response>

/**
 * The databases' requests, asked only of the event this desk follows (issue 27): after `serve`
 * restarted on an older file, the authority serves a new generation's databases and refused the
 * old ones (403, a console error each) until the desk's next question about the event, up to 5 s
 * later. A request that failed (the authority went away) or was refused makes the next one ask
 * the authority about the event first (`/venue/info`, one question for every request waiting on
 * it); when the event or its generation changed, `changed` starts the desk again on it and no
 * request of the old databases is sent. The answer is a failed fetch, which replication retries.
 */
export function followingEvent(
  underlying: FetchLike,
  event: VenueEvent,
  askInfo: () => Promise<InfoAnswer>,
  changed: () => void,
): FetchLike {
  let doubt = false
  let moved = false
  let asking: Promise<InfoAnswer['kind']> | undefined

  const ask = (): Promise<InfoAnswer['kind']> =>
    (asking ??= askInfo()
      .then((answer) => {
        if (answer.kind !== 'info') return answer.kind
        const now = answer.info.event
        if (now.tournamentId === event.tournamentId && now.generation === event.generation) {
          doubt = false
        } else if (!moved) {
          moved = true
          changed()
        }
        return answer.kind
      })
      .finally(() => (asking = undefined)))

  return async (url, init) => {
    if (moved) throw new TypeError('Failed to fetch: the event at the authority changed')
    // While in doubt the question stands in for the request: a desk offline sends one, not two.
    if (doubt && (await ask()) === 'unreachable') {
      throw new TypeError('Failed to fetch: the authority did not answer')
    }
    if (moved) throw new TypeError('Failed to fetch: the event at the authority changed')
    let response: Response
    try {
      response = await underlying(url, init)
    } catch (error) {
      doubt = true
      throw error
    }
    if (response.status === 403) {
      doubt = true
      void ask()
    }
    return response
  }
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
  const databases = followingEvent(
    (url, init) => PouchDB.fetch(url instanceof URL ? url.href : url, init),
    info.event,
    () => fetchVenueInfo((url, init) => fetch(url, init), origin, token),
    // As the venue store does on its own question every 5 s: the page starts on the new event.
    () => location.reload(),
  )
  return createPouchLink({
    info,
    local,
    remote: (name, unauthorized) =>
      new PouchDB(base + name, {
        skip_setup: true,
        fetch: authorizedFetch(token, databases, () => {
          unauthorized()
          onRevoked()
        }),
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
