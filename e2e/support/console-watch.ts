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
/** The browser retries after the link is back; a failure that late is still the outage's. */
const GRACE_MS = 15_000

export class ConsoleWatch {
  private readonly problems: string[] = []
  private readonly outages: { from: number; to: number }[] = []

  watch(page: Page, name: string): void {
    page.on('console', (message) => {
      if (message.type() !== 'error') return
      const text = message.text()
      if (CAUSED_BY_OUTAGE.test(text) && this.inOutage(Date.now())) return
      this.problems.push(`${name}: console error: ${text}`)
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

  found(): readonly string[] {
    return this.problems
  }
}
