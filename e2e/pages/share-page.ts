import type { Locator, Page } from '@playwright/test'

/** The Venue network screen (issue 21): sharing the event with the hall's desks. */
export class SharePage {
  readonly heading: Locator
  readonly panel: Locator
  readonly command: Locator
  readonly shareButton: Locator
  readonly stopButton: Locator
  readonly addresses: Locator
  readonly desks: Locator
  readonly status: Locator

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Venue network', level: 1 })
    this.panel = page.getByRole('region', { name: 'Venue network' })
    this.command = this.panel.getByRole('code')
    this.shareButton = page.getByRole('button', { name: 'Share this event on the venue network' })
    this.stopButton = page.getByRole('button', { name: 'Stop sharing' })
    this.addresses = page.getByRole('list', { name: 'Addresses' })
    this.desks = page.getByRole('region', { name: 'Desks' })
    this.status = this.panel.getByRole('status')
  }

  /** A desk's join request, named by the code it shows. */
  request(code: string): Locator {
    return this.page.getByRole('group', { name: `Join request ${code}` })
  }

  qrCode(url: string): Locator {
    return this.page.getByRole('img', { name: `QR code for ${url}` })
  }
}
