/*
 * The authority's clock as a desk estimates it (issue 27): a desk's own clock may be minutes off,
 * and lateness must never depend on it. The desk asks the authority its time
 * (`VENUE_ROUTES.time`) as the link starts and every minute while online, works out the offset
 * NTP-style (`clockOffset`), and keeps the last good offset while offline.
 */
import { bearer, clockOffset, VENUE_ROUTES, type VenueTime } from '../../../shared/venue/protocol'
import type { Fetch } from './join'

/** How often an online desk asks the authority's time again. */
export const TIME_MS = 60_000

/** An answer slower than this says little about when the authority read its clock: not taken. */
export const MAX_ROUND_TRIP_MS = 5_000

export interface AuthorityClockOptions {
  /** Asks the authority its time, epoch ms; rejects when it cannot be reached. */
  readonly ask: () => Promise<number>
  /** The desk's own clock, epoch ms. */
  readonly deskNow: () => number
  /** Whether the link is online: offline, the desk does not ask and keeps the offset it has. */
  readonly online: () => boolean
  /** Runs `run` every `ms` until stopped. */
  readonly every: (ms: number, run: () => void) => () => void
}

export interface AuthorityClock {
  /** The authority's time as this desk estimates it, epoch ms. */
  now(): number
  /** The last good offset (authority − desk, ms); undefined before the first answer. */
  offset(): number | undefined
  /** Asks once now; true when the answer was taken. */
  measure(): Promise<boolean>
  stop(): void
}

/**
 * Asks at once and then every `TIME_MS` while online. Before the first answer the desk's own clock
 * stands in (the authority still clamps a time later than its own, shared/authority/authority-time.ts).
 */
export function createAuthorityClock(options: AuthorityClockOptions): AuthorityClock {
  const { ask, deskNow, online } = options
  let offset: number | undefined
  let stopped = false

  async function measure(): Promise<boolean> {
    const sent = deskNow()
    let serverNow: number
    try {
      serverNow = await ask()
    } catch {
      return false
    }
    const received = deskNow()
    if (stopped || !Number.isFinite(serverNow) || received - sent > MAX_ROUND_TRIP_MS) return false
    offset = clockOffset(sent, serverNow, received)
    return true
  }

  const stopEvery = options.every(TIME_MS, () => {
    if (online()) void measure()
  })
  void measure()

  return {
    now: () => deskNow() + (offset ?? 0),
    offset: () => offset,
    measure,
    stop() {
      stopped = true
      stopEvery()
    },
  }
}

/** GET the authority's time with the desk's token: `{ now }` in epoch ms, else a rejection. */
export async function askAuthorityTime(
  fetch: Fetch,
  origin: string,
  token: string,
): Promise<number> {
  const response = await fetch(new URL(VENUE_ROUTES.time, origin).href, {
    headers: { Authorization: bearer(token) },
    cache: 'no-store',
  })
  if (!response.ok) throw new Error(`HTTP ${String(response.status)}`)
  const body = (await response.json()) as Partial<VenueTime>
  if (typeof body.now !== 'number' || !Number.isFinite(body.now)) {
    throw new Error('no time in the answer')
  }
  return body.now
}

/** `setInterval` as `every` wants it. */
export function everyInterval(ms: number, run: () => void): () => void {
  const timer = setInterval(run, ms)
  return () => clearInterval(timer)
}
