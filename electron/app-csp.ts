/*
 * The Content-Security-Policy of the app's page, in one place for every server of it: Electron
 * main's app:// protocol (electron/main/protocol.ts) and the venue authority serving the same
 * build to desks' browsers (electron/venue/server.ts). No Electron import, so both can load it.
 */
import { err, ok, type Result } from '../shared/result'

/**
 * The one address the app's page may reach beyond its own files while it is paired with an
 * authority (issue 21: "Only the paired address is added to the CSP"): an http(s) origin with a
 * host, nothing else. A path, a wildcard, credentials or another scheme would widen it, so they
 * are refused rather than cut away.
 */
export function pairedConnectSource(address: string): Result<string> {
  let url: URL
  try {
    url = new URL(address)
  } catch {
    return err('venue.paired-address', `the paired address "${address}" is not a URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return err('venue.paired-address', `the paired address "${address}" is not http or https`)
  }
  if (address.includes('*') || url.username !== '' || url.password !== '') {
    return err('venue.paired-address', `the paired address "${address}" is wider than one origin`)
  }
  if (url.pathname !== '/' || url.search !== '' || url.hash !== '') {
    return err('venue.paired-address', `the paired address "${address}" is more than an origin`)
  }
  return ok(url.origin)
}

/**
 * The Content-Security-Policy of the app's page. The shipped app loads only its own files; the
 * dev server's hot reload (a WebSocket on localhost) is allowed only while developing, and the
 * authority the app is paired with (`paired`, an origin `pairedConnectSource` accepts) only while
 * it is: not sharing and not joined, the policy is the single-laptop one.
 */
export function appCsp(dev: boolean, paired: string | null = null): string {
  const own = dev ? "'self' ws://localhost:* ws://127.0.0.1:*" : "'self'"
  const checked = paired === null ? null : pairedConnectSource(paired)
  // The caller passes an origin main made itself: anything else is a programmer error.
  if (checked !== null && !checked.ok) throw new Error(`appCsp: ${checked.error.message}`)
  const connect = checked === null ? own : `${own} ${checked.value}`
  return [
    "default-src 'self'",
    "script-src 'self'",
    // The pairing worker (renderer/src/workers/pairing-worker.ts) is one of the app's own files.
    "worker-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ')
}
