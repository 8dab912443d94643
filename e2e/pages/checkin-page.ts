import type { Locator, Page } from '@playwright/test'

/** The registration desk's check-in: find a player by typing, Enter checks them in. */
export class CheckinPage {
  readonly search: Locator
  readonly count: Locator
  readonly status: Locator
  readonly day: Locator
  readonly onlyMissing: Locator
  /** From day 2: players checked in on an earlier day, not yet seen today (issue 19). */
  readonly rollCall: Locator

  constructor(private readonly page: Page) {
    this.search = page.getByLabel('Find player')
    this.count = page.getByLabel('Check-in count')
    // The desk's visible answer to each check-in (issue 28), read out once.
    this.status = page.getByRole('status', { name: 'Last action' })
    this.day = page.getByLabel('Check-in day')
    this.onlyMissing = page.getByLabel('Show only players not checked in')
    this.rollCall = page.getByRole('note', { name: 'Roll call' })
  }

  /** Types part of a name or member id and presses Enter: keyboard only. */
  async checkIn(fragment: string): Promise<void> {
    await this.search.fill(fragment)
    await this.search.press('Enter')
  }

  checkedInButton(name: string): Locator {
    return this.page.getByRole('button', { name: `Checked in: ${name}`, exact: true })
  }
}
