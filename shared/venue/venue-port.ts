/*
 * The port an event is shared on (issue 27: "a venue address that stays"). A desk keeps its pass
 * and its unsent results per address (localStorage and IndexedDB belong to an origin), so an event
 * keeps one port from one share to the next; the director may choose it before sharing.
 */
import { err, ok, type Result } from '../result'

/** Where the first share of an event looks for a free port, upward. */
export const FIRST_VENUE_PORT = 8770
/** Below 1024 a port needs the administrator's rights on most systems. */
export const MIN_VENUE_PORT = 1024
export const MAX_VENUE_PORT = 65535

/** The port the director typed (or a number), checked: a whole number from 1024 to 65535. */
export function checkVenuePort(value: string | number): Result<number> {
  const text = String(value).trim()
  if (!/^\d+$/.test(text)) {
    return err('venue.port.not-a-number', `The port must be a whole number, not "${text}".`)
  }
  const port = Number(text)
  if (port < MIN_VENUE_PORT || port > MAX_VENUE_PORT) {
    return err(
      'venue.port.range',
      `The port must be from ${String(MIN_VENUE_PORT)} to ${String(MAX_VENUE_PORT)}, not ${text}.`,
      { details: { port } },
    )
  }
  return ok(port)
}

/**
 * The ports to try in order, at most `count`: `from` and upward (back to 1024 after 65535),
 * skipping `avoid` (ports other events keep, so two events never share an address and a desk's
 * pass for one is never sent to the other).
 */
export function portsFrom(from: number, avoid: ReadonlySet<number>, count: number): number[] {
  const span = MAX_VENUE_PORT - MIN_VENUE_PORT + 1
  const ports: number[] = []
  for (let i = 0; i < span && ports.length < count; i++) {
    const port = MIN_VENUE_PORT + ((from - MIN_VENUE_PORT + i) % span)
    if (!avoid.has(port)) ports.push(port)
  }
  return ports
}
