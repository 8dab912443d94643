import type { Locator, Page } from '@playwright/test'

export interface NewTournament {
  name: string
  venue: string
  startDate: string
  endDate: string
  rounds: string
  rules: string
}

/** The list of tournaments and the form that creates one. */
export class TournamentsPage {
  readonly heading: Locator
  readonly table: Locator
  readonly emptyMessage: Locator
  readonly error: Locator

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Tournaments', level: 1 })
    this.table = page.getByRole('table', { name: 'Tournaments' })
    this.emptyMessage = page.getByText('No tournaments on this computer yet')
    this.error = page.getByRole('alert')
  }

  async create(t: NewTournament): Promise<void> {
    await this.page.getByRole('button', { name: 'New tournament' }).click()
    await this.page.getByLabel('Tournament name').fill(t.name)
    await this.page.getByLabel('Venue').fill(t.venue)
    await this.page.getByLabel('First day').fill(t.startDate)
    await this.page.getByLabel('Last day').fill(t.endDate)
    await this.page.getByLabel('Rounds').fill(t.rounds)
    await this.page.getByLabel('Rules').selectOption({ label: t.rules })
    await this.page.getByRole('button', { name: 'Create tournament' }).click()
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ hasText: name })
  }

  async open(name: string): Promise<void> {
    await this.table.getByRole('link', { name }).click()
  }
}
