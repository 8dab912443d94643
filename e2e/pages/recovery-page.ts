import { expect, type Locator, type Page } from '@playwright/test'

/** The recovery view of a log that does not open (issues 20 and 28). */
export class RecoveryPage {
  readonly heading: Locator
  readonly alert: Locator
  /** The form that mends the failing command (issue 28). */
  readonly mendForm: Locator
  readonly mendPreview: Locator
  readonly mendAndOpen: Locator

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Recover this tournament' })
    this.alert = page.getByRole('alert').first()
    this.mendForm = page.getByRole('dialog', { name: /^Mend command \d+$/ })
    this.mendPreview = this.mendForm.getByRole('status')
    this.mendAndOpen = this.mendForm.getByRole('button', { name: 'Mend and open' })
  }

  /** Opens the mend form of command `number` (1-based, as the view counts); it takes the cursor. */
  async openMend(number: number): Promise<void> {
    await this.page.getByRole('button', { name: `Mend command ${String(number)}…` }).click()
    await expect(this.mendForm).toHaveAccessibleName(`Mend command ${String(number)}`)
    await expect(this.mendForm.getByRole('textbox').first()).toBeFocused()
  }

  /** Types `value` into the mend form's field labelled `label` ("Score of #5"). */
  async setField(label: string, value: string): Promise<void> {
    await this.mendForm.getByLabel(label, { exact: true }).fill(value)
  }
}
