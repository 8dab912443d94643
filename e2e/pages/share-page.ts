import type { Locator, Page } from '@playwright/test'

/** The Venue network screen (issue 21): sharing the event with the hall's desks. */
export class SharePage {
  readonly heading: Locator
  readonly panel: Locator
  readonly command: Locator
  readonly shareButton: Locator

  constructor(page: Page) {
    this.heading = page.getByRole('heading', { name: 'Venue network', level: 1 })
    this.panel = page.getByRole('region', { name: 'Venue network' })
    this.command = this.panel.getByRole('code')
    this.shareButton = page.getByRole('button', { name: 'Share this event on the venue network' })
  }
}
