import { expect, type Locator, type Page } from '@playwright/test'

/** The hall's screen (issue 19): pages of each panel, divisions side by side. */
export class ProjectorPage {
  readonly heading: Locator
  readonly pageLine: Locator

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 2 })
    this.pageLine = page.locator('.page-line')
  }

  async open(tournamentId: string): Promise<void> {
    await this.page.goto(`/#/projector/${tournamentId}`)
    await expect(this.heading).not.toHaveText('')
  }

  /** One division's column on the screen. */
  column(division: string): Locator {
    return this.page.getByRole('region', { name: `Division ${division}` })
  }

  columns(): Locator {
    return this.page.getByRole('region', { name: /^Division / })
  }

  /** The rows of a division's table on the page shown, each as its cells' text. */
  async rows(division: string): Promise<string[][]> {
    const rows = this.column(division).locator('tbody tr')
    return rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
    )
  }

  /** Presses → until the heading names `panel` (at most one round of every screen). */
  async showPanel(panel: RegExp): Promise<void> {
    for (let n = 0; n < 40 && !panel.test((await this.heading.textContent()) ?? ''); n++) {
      await this.page.keyboard.press('ArrowRight')
    }
    await expect(this.heading).toHaveText(panel)
  }

  /** What the screen shows now, to tell one screen from the next. */
  async where(): Promise<string> {
    const divisions = await this.columns().evaluateAll((all) =>
      all.map((c) => c.getAttribute('aria-label') ?? '').join('+'),
    )
    return `${(await this.heading.textContent()) ?? ''} | ${divisions} | ${(await this.pageLine.textContent()) ?? ''}`
  }

  /**
   * Cells on screen that show fewer than `least` characters of their text (all of it when
   * shorter), measured from the DOM: a cell that overflows is measured with its own font, what
   * its box holds beside the ellipsis (issue 28: names cut to 1–2 letters).
   */
  async cutCells(least: number): Promise<string[]> {
    return this.page.locator('main').evaluate((main, want) => {
      const context = document.createElement('canvas').getContext('2d')
      if (!context) return ['no canvas to measure with']
      const cut: string[] = []
      for (const cell of main.querySelectorAll('td')) {
        const text = cell.textContent?.trim() ?? ''
        if (cell.scrollWidth <= cell.clientWidth) continue
        const style = getComputedStyle(cell)
        context.font = style.font
        const room =
          cell.clientWidth -
          parseFloat(style.paddingLeft) -
          parseFloat(style.paddingRight) -
          context.measureText('…').width
        let shown = 0
        while (shown < text.length && context.measureText(text.slice(0, shown + 1)).width <= room)
          shown++
        if (shown < Math.min(want, text.length)) cut.push(`"${text}" shows ${String(shown)}`)
      }
      return cut
    }, least)
  }

  async setSecondsPerPage(seconds: number): Promise<void> {
    await this.page.getByText('Projector settings').click()
    const field = this.page.getByLabel('Seconds per page')
    await field.fill(String(seconds))
    await field.press('Enter')
    await field.blur()
  }

  async showDivision(name: string, shown: boolean): Promise<void> {
    const box = this.page.getByRole('checkbox', { name: `Division ${name}` })
    await box.setChecked(shown)
  }
}
