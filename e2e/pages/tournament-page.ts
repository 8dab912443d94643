import { expect, type Locator, type Page } from '@playwright/test'

/** A tournament's overview: its details and divisions. */
export class TournamentPage {
  readonly divisions: Locator
  readonly error: Locator

  constructor(private readonly page: Page) {
    this.divisions = page.getByRole('list', { name: 'Divisions' })
    this.error = page.getByRole('alert')
  }

  heading(name: string): Locator {
    return this.page.getByRole('heading', { name, level: 1 })
  }

  fact(term: string): Locator {
    return this.page.locator('dt', { hasText: term }).locator('+ dd')
  }

  /** Adds a division and waits until the list shows it, as a director would before the next. */
  async addDivision(name: string): Promise<void> {
    await this.tryAddDivision(name)
    await expect(this.division(name)).toBeVisible()
  }

  /** Asks for a division that may be refused (an empty or a repeated name). */
  async tryAddDivision(name: string): Promise<void> {
    await this.page.getByLabel('Division name').fill(name)
    await this.page.getByRole('button', { name: 'Add division' }).click()
  }

  division(name: string): Locator {
    return this.divisions.getByRole('listitem').filter({ hasText: `Division ${name}` })
  }
}
