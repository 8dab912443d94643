import type { Locator, Page } from '@playwright/test'

/** The Venue network screen's "Results online" part (issue 31): the push to a CouchDB online. */
export class VenuePushPage {
  readonly region: Locator
  readonly address: Locator
  readonly password: Locator
  readonly start: Locator
  readonly stop: Locator
  readonly state: Locator

  constructor(page: Page) {
    this.region = page.getByRole('region', { name: 'Results online' })
    this.address = this.region.getByLabel('Database address')
    this.password = this.region.getByLabel('Password')
    this.start = this.region.getByRole('button', { name: 'Start the push' })
    this.stop = this.region.getByRole('button', { name: 'Stop the push' })
    this.state = this.region.getByRole('definition')
  }

  /** The value shown under a term of the push's state ("State", "Last sent", "Waiting", "Why"). */
  value(term: string): Locator {
    return this.region
      .getByRole('term')
      .filter({ hasText: term })
      .locator('xpath=following-sibling::dd[1]')
  }
}
