import { expect, type Locator, type Page } from '@playwright/test'

/** The tournament's own rules, editable value by value. */
export class SettingsPage {
  readonly error: Locator
  readonly saved: Locator
  /** The event's paper (issue 28): every print path uses it. */
  readonly paperSize: Locator

  constructor(private readonly page: Page) {
    this.error = page.getByRole('alert')
    this.saved = page.getByRole('status').filter({ hasText: 'Rules saved.' })
    // The label wraps the select: its name also holds the options' text.
    this.paperSize = page.getByLabel(/^\s*Paper size\b/)
  }

  field(label: string): Locator {
    return this.page.getByLabel(label)
  }

  /** A rule's value and where the screen says it comes from: a section, or a guess (issue 32). */
  async expectRule(label: string, value: string | RegExp, source: string): Promise<void> {
    await expect(this.field(label)).toHaveValue(value)
    await expect(this.field(label)).toHaveAccessibleDescription(source)
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save rules' }).click()
  }

  /** The division's rating system (issue 22): its select, labelled by the division. */
  ratingSystem(division: string): Locator {
    return this.page.getByLabel(`Rating system of division ${division}`)
  }

  async chooseRatingSystem(division: string, label: string): Promise<void> {
    await this.ratingSystem(division).selectOption({ label })
    await expect(
      this.page.getByRole('status').filter({ hasText: `Division ${division}:` }),
    ).toBeVisible()
  }

  /**
   * A division's tie-breaks after wins, in order, as their words on the screen (issue 32), and
   * its spread cap by round; waits for the screen to say the division's new order.
   */
  async chooseRanking(division: string, keys: readonly string[], caps = ''): Promise<void> {
    const group = this.page.getByRole('group', { name: `Ranking of division ${division}` })
    const selects = group.getByRole('combobox')
    const count = await selects.count()
    for (let i = 0; i < count; i++) {
      const key = keys[i]
      await selects.nth(i).selectOption(key === undefined ? { index: 0 } : { label: key })
    }
    await group.getByLabel('Spread cap by round').fill(caps)
    await group.getByRole('button', { name: `Save ranking of division ${division}` }).click()
    await expect(group.getByRole('status')).toContainText(`Division ${division}: Ranked by wins`)
  }

  async startFrom(preset: string): Promise<void> {
    await this.page.getByLabel('Start from a preset').selectOption({ label: preset })
  }
}
