import { readFileSync } from 'node:fs'
import type { Download, Locator, Page } from '@playwright/test'

/** Open, import, save and export: on the Tournaments list and on a tournament's Files screen. */
export class FilesPage {
  readonly error: Locator
  readonly status: Locator

  constructor(private readonly page: Page) {
    this.error = page.getByRole('alert')
    this.status = page.getByRole('status')
  }

  /** Clicks a button that opens the file picker and gives it `path`. */
  private async pick(button: string, path: string): Promise<void> {
    const chooser = this.page.waitForEvent('filechooser')
    await this.page.getByRole('button', { name: button }).click()
    await (await chooser).setFiles(path)
  }

  async importOptions(options: { rules?: string; rounds?: string }): Promise<void> {
    if (options.rules !== undefined) {
      await this.page.getByLabel('Rules for a tsh import').selectOption({ label: options.rules })
    }
    if (options.rounds !== undefined) {
      await this.page.getByLabel('Rounds in the event').fill(options.rounds)
    }
  }

  /** The config.tsh the next `.t` import takes the event's name, date and rules from. */
  async chooseConfig(path: string): Promise<void> {
    await this.pick('Choose config.tsh for a .t import…', path)
  }

  /** What the last tsh import did not use, shown on the imported tournament's overview. */
  importReport(): Locator {
    return this.page.getByRole('region', { name: /^Imported from / })
  }

  /** Issue 27: while sharing, a desk's saved copy handed to the venue network. */
  async handInDeskCopy(path: string): Promise<void> {
    await this.pick('Hand in a desk’s saved copy…', path)
  }

  async importT(path: string): Promise<void> {
    await this.pick('Import tsh .t file…', path)
  }

  async importTsh(path: string): Promise<void> {
    await this.pick('Import tsh .tsh archive…', path)
  }

  /**
   * Opens our tournament file. `replace` answers the "replace it?" question the app asks when the
   * tournament is already stored; leave it out when no question is expected.
   */
  async openTournament(path: string, replace?: boolean): Promise<void> {
    if (replace !== undefined) {
      this.page.once('dialog', (dialog) => void (replace ? dialog.accept() : dialog.dismiss()))
    }
    await this.pick('Open tournament file…', path)
  }

  /** Clicks a save or export button and returns the downloaded file's text and name. */
  async download(
    button: string,
    path: string,
    encoding: BufferEncoding = 'utf8',
  ): Promise<{ name: string; text: string }> {
    const started = this.page.waitForEvent('download')
    await this.page.getByRole('button', { name: button }).click()
    const download: Download = await started
    await download.saveAs(path)
    return { name: download.suggestedFilename(), text: readFileSync(path, encoding) }
  }

  /** What the TOU export covers and the high word score of each division. */
  async touOptions(options: {
    scope?: 'this division' | 'the whole event'
    highWords?: Record<string, string>
  }): Promise<void> {
    if (options.scope !== undefined) {
      await this.page.getByLabel('TOU covers').selectOption({ label: options.scope })
    }
    for (const [division, score] of Object.entries(options.highWords ?? {})) {
      await this.page.getByLabel(`High word score, division ${division} (TOU)`).fill(score)
    }
  }

  async chooseDivision(name: string): Promise<void> {
    // The label's name holds its options' names too ("Division A B"), and the TOU fields name
    // a division: the select whose name starts with the word.
    await this.page.getByRole('combobox', { name: /^Division/ }).selectOption(name)
  }
}
