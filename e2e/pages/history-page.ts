import type { Locator, Page } from '@playwright/test'

/** The audit of every command, and undo. */
export class HistoryPage {
  readonly log: Locator
  readonly undone: Locator

  constructor(private readonly page: Page) {
    this.log = page.getByRole('table', { name: 'Command log' })
    this.undone = page.getByRole('status').filter({ hasText: 'Undone:' })
  }

  async undo(): Promise<void> {
    await this.page.getByRole('button', { name: 'Undo last command' }).click()
  }

  /** The described commands, newest first. */
  async texts(): Promise<string[]> {
    await this.log.locator('tbody tr').first().waitFor()
    return this.log.locator('tbody tr td:nth-child(3)').allTextContents()
  }
}
