import { expect, type Locator, type Page } from '@playwright/test'

/** The Print screen: what to print, and the preview of the very document that is printed. */
export class PrintPage {
  readonly preview: Locator
  readonly error: Locator

  constructor(private readonly page: Page) {
    this.preview = page.getByTitle('Print preview')
    this.error = page.getByRole('alert')
  }

  /**
   * A select by its label. The label wraps the select, so its accessible name also holds the
   * options' text: match the label's first word, or "Round" would find a division named ROUND.
   */
  private select(label: string): Locator {
    return this.page.getByLabel(new RegExp(`^\\s*${label}\\b`))
  }

  async choose(options: {
    document?: string
    division?: string
    round?: string
    paper?: 'A4' | 'Letter'
  }): Promise<void> {
    if (options.document !== undefined) {
      await this.select('Document').selectOption({ label: options.document })
    }
    if (options.division !== undefined) {
      await this.select('Division').selectOption(options.division)
    }
    if (options.round !== undefined) {
      await this.select('Round').selectOption(options.round)
    }
    if (options.paper !== undefined) {
      await this.select('Paper size').selectOption(options.paper)
      // The choice is the event's (issue 28): the preview follows once the log has it.
      await expect(this.preview).toHaveAttribute(
        'srcdoc',
        new RegExp(`@page \\{ size: ${options.paper === 'A4' ? 'A4' : 'letter'}\\b`),
      )
    }
  }

  async tables(first: string, last: string): Promise<void> {
    await this.page.getByLabel('First table').fill(first)
    await this.page.getByLabel('Last table').fill(last)
  }

  /** The HTML document the preview shows, which is what Print and Save as PDF send. */
  async documentHtml(): Promise<string> {
    const html = await this.preview.getAttribute('srcdoc')
    if (html === null) throw new Error('the preview has no document')
    return html
  }
}
