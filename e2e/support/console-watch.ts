import type { Page } from '@playwright/test'

/**
 * Console errors and uncaught page errors of the pages a venue test drives, as the e2e fixture
 * fails on them (e2e/fixtures.ts), with one narrow exception: while the test itself cuts the
 * network (a desk offline, the authority killed), and a short while after (the first retry may
 * fail as the authority comes back), the browser logs each failed request as
 * "Failed to load resource: net::ERR_…". Those are the outage the test made, not a defect; any
 * other message, and every uncaught error (PouchDB's unhandled rejection when a server drops is
 * one the desk must handle), still fails the test.
 */
const CAUSED_BY_OUTAGE = /^Failed to load resource: net::ERR_[A-Z_]+$/
/**
 * CouchDB replication reads its checkpoint (`GET …/_local/<id>`) before it has written one: the
 * 404 is the protocol's "none yet" (a new desk, or an authority restarted on fresh databases), and
 * the browser logs every 404 as an error. Only that resource is let through.
 */
const NO_CHECKPOINT_YET = /^Failed to load resource: the server responded with a status of 404/
const CHECKPOINT_URL = /\/db\/[^/]+\/_local\//
/** The browser retries after the link is back; a failure that late is still the outage's. */
const GRACE_MS = 15_000
/**
 * Failures only the test's own outage can cause: nothing listens on the authority's port only
 * while the test has killed it, a request open when it was killed is reset (venue.spec's desk
 * polling `/venue/info` at the SIGKILL, told past the grace in CI at 1eeea8b), and the browser is
 * offline only while the test says so. Playwright
 * hands console messages to the test process late on a busy machine (seen: past the grace), so
 * these are the outage's whenever they arrive after it began; an authority that died by itself is
 * caught by the test's own checks (its process, its `listening` count, the logs compared).
 */
const ONLY_AN_OUTAGE =
  /^Failed to load resource: net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|INTERNET_DISCONNECTED)$/
export class ConsoleWatch {
  private readonly problems: string[] = []
  private readonly outages: { from: number; to: number }[] = []

  watch(page: Page, name: string): void {
    page.on('console', (message) => {
      if (message.type() !== 'error') return
      const text = message.text()
      const url = message.location().url
      if (CAUSED_BY_OUTAGE.test(text) && this.inOutage(Date.now())) return
      if (ONLY_AN_OUTAGE.test(text) && this.afterAnOutageBegan(Date.now())) return
      if (NO_CHECKPOINT_YET.test(text) && CHECKPOINT_URL.test(url)) return
      this.problems.push(`${name}: console error: ${text} (${url})`)
    })
    page.on('pageerror', (error) => this.problems.push(`${name}: page error: ${error.message}`))
  }

  /** The test cuts the network now; `end` when it is back. */
  outage(): { end: () => void } {
    const interval = { from: Date.now(), to: Number.POSITIVE_INFINITY }
    this.outages.push(interval)
    return { end: () => void (interval.to = Date.now()) }
  }

  private inOutage(at: number): boolean {
    return this.outages.some(({ from, to }) => at >= from && at <= to + GRACE_MS)
  }

  private afterAnOutageBegan(at: number): boolean {
    return this.outages.some(({ from }) => at >= from)
  }

  found(): readonly string[] {
    return this.problems
  }
}
