import { expect, type Locator, type Page } from '@playwright/test'

/** Pairing a round, reviewing and publishing it, and its clock for late arrivals. */
export class RoundsPage {
  readonly error: Locator
  readonly warnings: Locator
  readonly lateTable: Locator

  constructor(private readonly page: Page) {
    this.error = page.getByRole('alert')
    this.warnings = page.getByRole('note', { name: 'Pairing warnings' })
    this.lateTable = page.getByRole('table', { name: 'Late players' })
  }

  /** Opens the division's pairing plan; its plan in words is the first paragraph. */
  async openPlan(division: string): Promise<Locator> {
    const panel = this.page.locator('details', { hasText: `Pairing plan of division ${division}` })
    await panel.getByText(`Pairing plan of division ${division}`).click()
    return panel
  }

  async setRepeatsAllowed(step: number, value: string): Promise<void> {
    await this.page.getByLabel(`Step ${step} repeats allowed`).fill(value)
    await this.page.getByRole('button', { name: 'Save plan' }).click()
  }

  async pair(round: number): Promise<void> {
    await this.page.getByRole('button', { name: `Pair round ${round}`, exact: true }).click()
    await expect(this.pairings(round)).toBeVisible()
  }

  async publish(round: number): Promise<void> {
    await this.page.getByRole('button', { name: `Publish round ${round}` }).click()
    await expect(this.page.getByRole('button', { name: `Publish round ${round}` })).toBeHidden()
  }

  async unpair(round: number): Promise<void> {
    await this.page.getByRole('button', { name: `Unpair round ${round}` }).click()
  }

  pairings(round: number): Locator {
    return this.page.getByRole('table', { name: `Pairings of round ${round}` })
  }

  /** Each pairing as [table, first player, second player]; "bye" for the bye's table. */
  async pairingRows(round: number): Promise<string[][]> {
    const rows = this.pairings(round).locator('tbody tr')
    await rows.first().waitFor()
    const all = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
    )
    return all.map((cells) => cells.slice(0, 3))
  }

  async swap(a: number, b: number): Promise<void> {
    await this.page.getByLabel('Swap player number').fill(String(a))
    await this.page.getByLabel('with player number').fill(String(b))
    await this.page.getByRole('button', { name: 'Swap', exact: true }).click()
  }

  async startClock(round: number, absent: readonly string[]): Promise<void> {
    for (const name of absent) {
      await this.page.getByLabel(new RegExp(`Absent: ${escape(name)} \\(`)).check()
    }
    await this.page.getByRole('button', { name: `Start round ${round} clock` }).click()
  }

  timeLeft(name: string): Locator {
    return this.page.getByLabel(`Time left for ${name}`)
  }

  async confirmForfeit(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `Confirm forfeit by ${name}` }).click()
  }

  async arrived(name: string): Promise<void> {
    await this.page.getByRole('button', { name: `${name} arrived` }).click()
  }
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
