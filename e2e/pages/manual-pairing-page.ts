import type { Locator, Page } from '@playwright/test'

/**
 * The Rounds screen's pairing rules and typed pairings (issue 10): the do-not-pair list, the
 * prize contention settings, and the box where the director types a round's pairings.
 */
export class ManualPairingPage {
  readonly keptApart: Locator
  readonly status: Locator

  constructor(private readonly page: Page) {
    this.keptApart = page.getByRole('list', { name: 'Players kept apart' })
    this.status = page.getByRole('status')
  }

  async keepApart(players: string, reason: 'family' | 'same club' | 'other', note: string) {
    await this.page.getByText('Do-not-pair list of division').click()
    await this.page.getByLabel('Keep apart (numbers or names)').fill(players)
    await this.page.getByLabel('Why').selectOption({ label: reason })
    await this.page.getByLabel('Note').fill(note)
    await this.page.getByRole('button', { name: 'Add to the list' }).click()
  }

  async clubMatesApartUntil(round: number): Promise<void> {
    await this.page.getByLabel('Club-mates do not meet in rounds 1 to').fill(String(round))
    await this.page.getByRole('button', { name: 'Save club rule' }).click()
  }

  async gibsonize(bands: string, maxSpread: number, contenderRounds: number): Promise<void> {
    await this.page.getByText('Prizes and Gibsonization of division').click()
    await this.page.getByLabel('Gibsonize players who have clinched their prize').check()
    await this.page.getByLabel('Paying places (last place of each prize band)').fill(bands)
    await this.page.getByLabel('Most spread one game can move').fill(String(maxSpread))
    await this.page
      .getByLabel('Pair contenders in the last rounds (how many; 0 = never)')
      .fill(String(contenderRounds))
    await this.page.getByRole('button', { name: 'Save prizes' }).click()
  }

  /** Types the pairings of `round`; the players left out go to the system or are refused. */
  async type(round: number, text: string, rest: 'system' | 'refuse' = 'system'): Promise<void> {
    const box = this.page.getByLabel(`Type pairings for round ${round}`)
    if (!(await box.isVisible()))
      await this.page.getByText(`Type the pairings of round ${round}`).click()
    const form = this.page.locator('form', { has: box })
    await form.getByLabel(`Type pairings for round ${round}`).fill(text)
    await form
      .getByRole('radio', {
        name: rest === 'system' ? 'paired by the system' : 'none: every player must be typed',
      })
      .check()
    await form.getByRole('button', { name: 'Pair as typed' }).click()
  }
}
