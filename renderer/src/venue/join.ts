/*
 * Joining the event (issue 21): a desk asks, shows its pairing code, and waits until the director
 * approves it; the token it is given then opens the event's databases. Plain JSON routes of the
 * authority (`VENUE_ROUTES`); `fetch` is passed in so the flow is tested without a server.
 */
import { err, ok, type Result, type RuleError } from '../../../shared/result'
import {
  bearer,
  VENUE_ROUTES,
  type JoinRequested,
  type JoinRole,
  type JoinStatus,
  type VenueInfo,
} from '../../../shared/venue/protocol'

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>

/** The authority could not be reached or answered something else than the contract says. */
function unreachable(what: string, error: unknown): Result<never> {
  const detail = error instanceof Error ? error.message : String(error)
  return err('venue.unreachable', `The director's laptop did not answer ${what}: ${detail}`)
}

async function json(response: Response): Promise<unknown> {
  if (!response.ok) throw new Error(`HTTP ${String(response.status)}`)
  return response.json()
}

/**
 * The authority's own sentence when it turns a request down (`{ error, reason }`, http-answers.ts):
 * issue 27, a join refused by the limit said "HTTP 429" where the server says what to do.
 * Undefined when the answer is not that shape (another server, a proxy's page).
 */
async function refusalOf(response: Response): Promise<RuleError | undefined> {
  if (response.ok || response.status < 400 || response.status >= 500) return undefined
  try {
    const body: unknown = await response.json()
    if (typeof body !== 'object' || body === null) return undefined
    const { error, reason } = body as Record<string, unknown>
    if (typeof reason !== 'string' || reason.trim() === '') return undefined
    return {
      code: typeof error === 'string' && error !== '' ? error : 'venue.refused',
      message: reason,
    }
  } catch {
    return undefined
  }
}

export async function askToJoin(
  fetch: Fetch,
  origin: string,
  role: JoinRole,
  device: string,
): Promise<Result<JoinRequested>> {
  try {
    const response = await fetch(new URL(VENUE_ROUTES.join, origin).href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ role, device: device.slice(0, 120) }),
    })
    const refused = await refusalOf(response)
    if (refused !== undefined) return err(refused.code, refused.message)
    const body = (await json(response)) as Partial<JoinRequested>
    if (typeof body.request !== 'string' || typeof body.code !== 'string') {
      return unreachable('the request to join', new Error('no pairing code in its answer'))
    }
    return ok({ request: body.request, code: body.code })
  } catch (error) {
    return unreachable('the request to join', error)
  }
}

export async function joinStatus(
  fetch: Fetch,
  origin: string,
  request: string,
): Promise<Result<JoinStatus>> {
  try {
    const url = new URL(VENUE_ROUTES.joinStatus + encodeURIComponent(request), origin).href
    const body = (await json(await fetch(url))) as Partial<JoinStatus>
    // Checked at run time: an authority of another version may answer anything.
    const known: readonly unknown[] = [
      'waiting',
      'approved',
      'refused',
    ] satisfies JoinStatus['status'][]
    if (!known.includes(body.status)) {
      return unreachable('whether this desk may join', new Error('no status in its answer'))
    }
    return ok(body as JoinStatus)
  } catch (error) {
    return unreachable('whether this desk may join', error)
  }
}

/** `revoked`: the authority answered 401, the director removed this desk. */
export type InfoAnswer =
  | { readonly kind: 'info'; readonly info: VenueInfo }
  | { readonly kind: 'revoked' }
  | { readonly kind: 'unreachable'; readonly message: string }

export async function fetchVenueInfo(
  fetch: Fetch,
  origin: string,
  token: string,
): Promise<InfoAnswer> {
  try {
    const response = await fetch(new URL(VENUE_ROUTES.info, origin).href, {
      headers: { Authorization: bearer(token) },
    })
    if (response.status === 401) return { kind: 'revoked' }
    return { kind: 'info', info: (await json(response)) as VenueInfo }
  } catch (error) {
    const failed = unreachable('about this event', error)
    return { kind: 'unreachable', message: failed.ok ? '' : failed.error.message }
  }
}
