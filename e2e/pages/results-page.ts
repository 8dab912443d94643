import { expect, type Locator, type Page } from '@playwright/test'

/** Result entry by keyboard: one line, Enter, the next. */
export class ResultsPage {
  readonly line: Locator
  readonly error: Locator
  readonly lastEntry: Locator
  readonly missing: Locator
  readonly entered: Locator
  /** "Who started at table N?", asked after a drawn table's result was entered without it. */
  readonly starterPrompt: Locator
  readonly unknownStarts: Locator
  /** The question asked before a stored result is replaced (issue 13). */
  readonly correction: Locator
  /** Its "Correct the result" button, which takes the cursor (issue 28: Enter confirms). */
  readonly correctButton: Locator
  readonly undoButton: Locator
  /** The line's own Enter button (issue 28: cut off at 200 % zoom). */
  readonly enterButton: Locator
  /** Issue 30: the tables whose players' phones disagree (or nobody confirmed in time). */
  readonly phoneDisputes: Locator

  constructor(private readonly page: Page) {
    this.line = page.getByLabel('Result line')
    this.error = page.getByRole('alert')
    this.lastEntry = page.locator('.last-entry')
    this.missing = page.getByRole('list', { name: 'Missing results' })
    this.entered = page.getByRole('table', { name: 'Entered results' })
    this.starterPrompt = page.getByRole('group', { name: /^Who started at table \d+\?$/ })
    this.unknownStarts = page.getByRole('list', { name: 'Starts unknown' })
    this.correction = page.getByRole('group', { name: 'Correct a stored result' })
    this.correctButton = this.correction.getByRole('button', { name: 'Correct the result' })
    this.undoButton = page.getByRole('button', { name: 'Undo last command' })
    this.enterButton = page.getByRole('button', { name: 'Enter', exact: true })
    this.phoneDisputes = page.getByRole('region', { name: 'Disputed results from phones' })
  }

  /**
   * Types a line for a game that has a result and confirms the correction it asks for with Enter,
   * as the director does (issue 28: the question takes the cursor on its confirm button).
   */
  async correct(line: string, stored: RegExp | string): Promise<void> {
    await this.type(line)
    await expect(this.correction).toContainText(stored)
    await expect(this.correctButton).toBeFocused()
    await this.page.keyboard.press('Enter')
    await expect(this.correction).toBeHidden()
  }

  async chooseRound(round: number): Promise<void> {
    await this.page
      .getByRole('combobox', { name: 'Round', exact: true })
      .selectOption(String(round))
    await this.line.focus()
  }

  /**
   * Types a line and presses Enter with the keyboard alone (the input has the focus when the
   * screen opens and keeps it after each entry).
   */
  async type(line: string): Promise<void> {
    // The screen focuses the line when it opens: typing before that would go nowhere.
    await expect(this.line).toBeFocused()
    await this.page.keyboard.type(line)
    await this.page.keyboard.press('Enter')
  }

  /**
   * Types a line, Enter, and waits until the screen confirms it. When the screen asks who started
   * (the players drew for first and the line did not say), `starter` answers with its one key;
   * without it the question is left with Esc (the start stays unknown, listed to record later).
   */
  async enter(line: string, starter?: 1 | 2): Promise<void> {
    await this.confirmed(() => this.type(line))
    if (!(await this.starterPrompt.isVisible())) return
    if (starter === undefined) {
      await this.starterPrompt.press('Escape')
    } else {
      await expect(this.starterPrompt).toBeFocused()
      await this.confirmed(() => this.page.keyboard.press(String(starter)))
    }
    await expect(this.starterPrompt).toBeHidden()
    await expect(this.line).toBeFocused()
  }

  /** Does `act` and waits until the screen's last-entry line changes or an error shows. */
  private async confirmed(act: () => Promise<void>): Promise<void> {
    const before = await this.lastEntry.textContent()
    await act()
    await this.page.waitForFunction(
      ([text]) => {
        const shown = document.querySelector('.last-entry')?.textContent ?? ''
        const alert = document.querySelector('[role="alert"]')
        return shown !== text || alert !== null
      },
      [before ?? ''],
    )
  }
}
