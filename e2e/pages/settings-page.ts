import type { Locator, Page } from '@playwright/test'

/** The tournament's own rules, editable value by value. */
export class SettingsPage {
  readonly error: Locator
  readonly saved: Locator

  constructor(private readonly page: Page) {
    this.error = page.getByRole('alert')
    this.saved = page.getByRole('status').filter({ hasText: 'Rules saved.' })
  }

  field(label: string): Locator {
    return this.page.getByLabel(label)
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save rules' }).click()
  }

  async startFrom(preset: string): Promise<void> {
    await this.page.getByLabel('Start from a preset').selectOption({ label: preset })
  }
}
