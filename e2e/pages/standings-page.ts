import { expect, type Locator, type Page } from '@playwright/test'

/** Standings after any round, and each player's history. */
export class StandingsPage {
  constructor(private readonly page: Page) {}

  table(): Locator {
    return this.page.getByRole('table', { name: /^Standings of division/ })
  }

  async afterRound(round: number | 'latest'): Promise<void> {
    // The table's own name ("… after round 2") holds the words too: the select is the combobox.
    const select = this.page.getByRole('combobox', { name: /^After round/ })
    if (round === 'latest') await select.selectOption({ index: 0 })
    else await select.selectOption(String(round))
  }

  /** Each row as [rank, name, wins, losses, spread, firsts, seconds]. */
  async rows(): Promise<string[][]> {
    await this.table().locator('tbody tr').first().waitFor()
    // The New rating column is worked out just after the rows show (issue 20), the table busy.
    await expect(this.table()).not.toHaveAttribute('aria-busy', 'true')
    return this.table()
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
      )
  }

  /** The column headings, e.g. […, 'Seconds', 'New rating']. */
  async headings(): Promise<string[]> {
    return this.table().locator('thead th').allTextContents()
  }

  async openHistory(name: string): Promise<Locator> {
    await this.page.getByRole('button', { name: `History of ${name}` }).click()
    return this.page.getByRole('table', { name: `History of ${name}` })
  }
}
