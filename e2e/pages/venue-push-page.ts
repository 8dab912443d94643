import type { Locator, Page } from '@playwright/test'

/** The Venue network screen's "Results online" part (issue 31): the push to a CouchDB online. */
export class VenuePushPage {
  readonly region: Locator
  readonly address: Locator
  readonly password: Locator
  readonly start: Locator
  readonly stop: Locator
  readonly state: Locator
  readonly remember: Locator
  readonly forget: Locator

  constructor(page: Page) {
    this.region = page.getByRole('region', { name: 'Results online' })
    this.address = this.region.getByLabel('Database address')
    // Exact: "Remember the password on this computer" is a label too.
    this.password = this.region.getByLabel('Password', { exact: true })
    this.start = this.region.getByRole('button', { name: 'Start the push' })
    this.stop = this.region.getByRole('button', { name: 'Stop the push' })
    this.state = this.region.getByRole('definition')
    this.remember = this.region.getByLabel('Remember the password on this computer')
    this.forget = this.region.getByRole('button', { name: 'Forget the remembered password' })
  }

  /** The value shown under a term of the push's state ("State", "Last sent", "Waiting", "Why"). */
  value(term: string): Locator {
    return this.region
      .getByRole('term')
      .filter({ hasText: term })
      .locator('xpath=following-sibling::dd[1]')
  }
}
