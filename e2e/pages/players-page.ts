import { expect, type Locator, type Page } from '@playwright/test'

export interface PlayerEntry {
  name: string
  rating?: string
  memberId?: string
  club?: string
  lifetimeGames?: string
}

/** Registration: the player form, the duplicate warning and the searchable list. */
export class PlayersPage {
  readonly error: Locator
  readonly search: Locator
  readonly duplicateWarning: Locator
  readonly count: Locator

  constructor(private readonly page: Page) {
    this.error = page.getByRole('alert')
    this.search = page.getByLabel('Find player')
    this.duplicateWarning = page.getByRole('alertdialog', { name: 'Possible duplicate' })
    this.count = page.locator('.list-head .muted')
  }

  table(division: string): Locator {
    return this.page.getByRole('table', { name: `Players in division ${division}` })
  }

  rows(division: string): Locator {
    return this.table(division).locator('tbody tr')
  }

  row(division: string, name: string): Locator {
    return this.rows(division).filter({ hasText: name })
  }

  /**
   * Opens the registration form, closed while the division has players (issue 28: the screen is
   * the check-in desk first, its cursor in the search).
   */
  async openForm(): Promise<void> {
    const open = this.page.getByRole('button', { name: /^Register a player in division/ })
    if (await open.isVisible()) await open.click()
  }

  async fill(entry: PlayerEntry): Promise<void> {
    await this.openForm()
    await this.page.getByLabel('Name', { exact: true }).fill(entry.name)
    await this.page.getByLabel('Rating').fill(entry.rating ?? '')
    await this.page.getByLabel('Member id').fill(entry.memberId ?? '')
    await this.page.getByLabel('Club or country').fill(entry.club ?? '')
    await this.page.getByLabel('Lifetime games').fill(entry.lifetimeGames ?? '')
  }

  /** Registers a player the way the desk does: type, Enter, and the form is ready for the next. */
  /**
   * Registers by the keyboard and waits for the desk's answer, as a director reads it before the
   * next step: registered, a same-name question, or a refusal (on a busy machine the next step
   * could otherwise run before the player is stored).
   */
  async register(entry: PlayerEntry): Promise<void> {
    await this.fill(entry)
    await this.page.getByLabel('Club or country').press('Enter')
    const registered = this.page
      .getByRole('status')
      .filter({ hasText: `Registered ${entry.name.trim()} as #` })
    await expect(registered.or(this.duplicateWarning).or(this.error).first()).toBeAttached()
  }

  /** Opens the CSV import and gives it a file; the preview then shows what will be imported. */
  async chooseCsv(name: string, bytes: Buffer): Promise<void> {
    await this.page.getByText('Import a registration CSV').click()
    await this.page
      .getByLabel('Registration CSV file')
      .setInputFiles({ name, mimeType: 'text/csv', buffer: bytes })
  }

  /** The import button, which names how many players it registers. */
  csvImportButton(count: number): Locator {
    return this.page.getByRole('button', {
      name: `Import ${String(count)} ${count === 1 ? 'player' : 'players'}`,
    })
  }

  async chooseDivision(name: string): Promise<void> {
    await this.page
      .getByRole('group', { name: 'Division' })
      .getByRole('button', { name: `Division ${name}` })
      .click()
  }

  async edit(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Edit ${name}`, exact: true }).click()
  }

  /** Withdraws a player from `fromRound` on (the screen proposes the next round to pair). */
  async withdraw(name: string, fromRound?: number): Promise<void> {
    await this.page
      .getByRole('table', { name: /^Players in division/ })
      .getByRole('button', { name: `Withdraw ${name}`, exact: true })
      .click()
    const dialog = this.page.getByRole('alertdialog', { name: `Withdraw ${name}` })
    if (fromRound !== undefined) {
      await dialog.getByLabel('First round not played').fill(String(fromRound))
    }
    await dialog.getByRole('button', { name: `Withdraw ${name}` }).click()
    await dialog.waitFor({ state: 'hidden' })
  }

  /** Keeps a table for the player every round (issue 32); an empty table releases it. */
  async keepTable(name: string, table: string): Promise<void> {
    await this.page
      .getByRole('table', { name: /^Players in division/ })
      .getByRole('button', { name: `Kept table: ${name}`, exact: true })
      .click()
    const dialog = this.page.getByRole('alertdialog', { name: `Keep a table for ${name}` })
    await dialog.getByLabel('Table kept every round (empty: none)').fill(table)
    await dialog.getByRole('button', { name: `Keep table for ${name}` }).click()
    await dialog.waitFor({ state: 'hidden' })
  }

  async save(): Promise<void> {
    await this.page.getByRole('button', { name: 'Save player' }).click()
  }
}
