/*
 * How many join requests one client address may make (issue 27): 49 requests from one laptop in
 * under a second used to fill the waiting list and lock every real desk out for 15 minutes. Each
 * address now has a few waiting at most and a few asks a minute; an address over its limit is told
 * so, and every other address still joins. Approved desks never meet these limits: their routes
 * are behind their token, not `/venue/join`.
 */
import type { RuleError } from '../../shared/result'

/** Unanswered requests one address may have waiting at once (a desk retrying, a second tab). */
export const WAITING_PER_ADDRESS = 3
/**
 * Asks one address may make in `ASK_WINDOW_MS`, answered or not: a flood is already held by
 * `WAITING_PER_ADDRESS`; this holds one asking again as fast as it is refused. Room for the
 * director's own laptop starting a few desks and a projector at once (the e2e tests and benches
 * join five or six from one loopback address).
 */
export const ASKS_PER_WINDOW = 10
export const ASK_WINDOW_MS = 60 * 1000

/**
 * The address a request came from, as the socket says (never a header a client can write):
 * IPv4 mapped into IPv6 (`::ffff:10.0.0.7`) is the IPv4 address.
 */
export function clientAddress(remote: string | undefined): string {
  if (remote === undefined) return 'unknown'
  return remote.startsWith('::ffff:') && remote.includes('.') ? remote.slice(7) : remote
}

/** The asks each address made in the last window. */
export class JoinLimits {
  private readonly asks = new Map<string, readonly number[]>()

  /**
   * Why `address` may not ask now, having `waiting` requests unanswered, or undefined when it
   * may; an ask let through is counted.
   */
  admit(address: string, waiting: number, nowMs: number): RuleError | undefined {
    const recent = this.recent(address, nowMs)
    if (waiting >= WAITING_PER_ADDRESS) {
      return {
        code: 'venue.join-limit',
        message: `This device already has ${String(waiting)} requests waiting for the director: wait for an answer (the code on the screen), or ask the director to approve or refuse them.`,
        details: { address, waiting },
      }
    }
    if (recent.length >= ASKS_PER_WINDOW) {
      return {
        code: 'venue.join-limit',
        message: `This device asked to join ${String(recent.length)} times in the last minute: wait a minute, then ask again.`,
        details: { address, asks: recent.length },
      }
    }
    this.asks.set(address, [...recent, nowMs])
    return undefined
  }

  private recent(address: string, nowMs: number): readonly number[] {
    const recent = (this.asks.get(address) ?? []).filter((at) => at > nowMs - ASK_WINDOW_MS)
    if (recent.length === 0) this.asks.delete(address)
    else this.asks.set(address, recent)
    return recent
  }
}
