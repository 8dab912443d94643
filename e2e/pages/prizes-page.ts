import type { Locator, Page } from '@playwright/test'

/** The Prizes screen: the division's prize table editor, its winners, game lists and teams. */
export class PrizesPage {
  readonly winners: Locator
  /** Who can still reach each place prize, while rounds remain. */
  readonly contenders: Locator
  readonly status: Locator
  readonly error: Locator

  constructor(private readonly page: Page) {
    this.winners = page.getByRole('table', { name: 'Prize winners' })
    this.contenders = page.getByRole('list', { name: 'Contenders' })
    this.status = page.getByRole('status')
    this.error = page.getByRole('alert')
  }

  async division(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Division ${name}`, exact: true }).click()
  }

  /** Adds a prize of `kind` (its label, e.g. "Place") with its value, at the end of the list. */
  async addPrize(kind: string, value: string): Promise<void> {
    await this.page.getByLabel('New prize').selectOption({ label: kind })
    await this.page.getByRole('button', { name: 'Add prize' }).click()
    const rows = this.page.getByRole('table', { name: 'Prizes to award' }).locator('tbody tr')
    const n = await rows.count()
    await this.page.getByLabel(`Prize ${n} value`).fill(value)
  }

  async value(n: number, text: string): Promise<void> {
    await this.page.getByLabel(`Prize ${n} value`).fill(text)
  }

  async ties(label: string): Promise<void> {
    await this.page.getByLabel('Ties').selectOption({ label })
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save prize table' }).click()
  }

  /** The "tied with …: spread decided it" note under prize `n`'s winner. */
  tieNote(n: number): Locator {
    return this.winnerRow(n).getByText(/tied with .*: spread decided it/)
  }

  /** The winners row of prize `n` (from 1). */
  winnerRow(n: number): Locator {
    return this.winners.locator('tbody tr').nth(n - 1)
  }
}
