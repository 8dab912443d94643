import { pathToFileURL } from 'node:url'
import type { Locator, Page } from '@playwright/test'

/**
 * The results site (issue 31): online at the web build's `results-site.html?db=ADDRESS`, or a
 * page saved by Files → Save web pages and opened from disk. Its pages are the hall's `/live`
 * pages, so `rows` reads the hall's `/live` pages too.
 */
export class ResultsSitePage {
  /** What the site says about the database it follows (or that the pages were saved). */
  readonly status: Locator
  readonly heading: Locator

  constructor(readonly page: Page) {
    this.status = page.getByRole('status')
    this.heading = page.getByRole('heading', { level: 1 })
  }

  async openOnline(siteUrl: string, database: string): Promise<void> {
    await this.page.goto(`${siteUrl}?db=${encodeURIComponent(database)}`)
  }

  async openFile(path: string): Promise<void> {
    await this.page.goto(pathToFileURL(path).href)
  }

  /** From the event's page, a division's standings or pairings (the first division's: null). */
  async openDivision(division: string | null, page: 'Standings' | 'Pairings'): Promise<void> {
    const items = this.page.getByRole('listitem')
    const item = division === null ? items.first() : items.filter({ hasText: division })
    await item.getByRole('link', { name: page }).click()
  }

  async openPlayer(name: string): Promise<void> {
    await this.page.getByRole('link', { name, exact: true }).first().click()
  }

  /** The page's table, each row's cells as text (headers of rows included). */
  async rows(): Promise<string[][]> {
    return this.page
      .getByRole('table')
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) =>
          [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''),
        ),
      )
  }
}
