import { expect, type Locator, type Page } from '@playwright/test'

/** Issue 32: the Players screen's roster commands, each reviewed in a dialog before it is given. */
export class RosterPage {
  readonly lastAction: Locator

  constructor(private readonly page: Page) {
    this.lastAction = page.getByRole('status', { name: 'Last action' })
  }

  renameDialog(division: string): Locator {
    return this.page.getByRole('dialog', { name: `Rename division ${division}` })
  }

  /** Opens the rename, types the name and asks for the review; returns the dialog. */
  async reviewRename(division: string, name: string): Promise<Locator> {
    const dialog = this.renameDialog(division)
    if (!(await dialog.isVisible())) {
      await this.page.getByRole('button', { name: `Rename division ${division}` }).click()
    }
    await dialog.getByLabel('New name').fill(name)
    await dialog.getByRole('button', { name: 'Review the rename' }).click()
    return dialog
  }

  async rename(division: string, name: string): Promise<void> {
    const dialog = await this.reviewRename(division, name)
    await expect(dialog.getByRole('note', { name: 'Rename review' })).toContainText(
      `Division ${division} becomes division ${name}`,
    )
    await dialog.getByRole('button', { name: `Rename ${division} to ${name}` }).click()
    await expect(this.lastAction).toHaveText(`Division ${division} is now division ${name}.`)
  }

  deleteDialog(name: string): Locator {
    return this.page.getByRole('alertdialog', { name: `Delete ${name}` })
  }

  /** Opens the deletion's review from the player's row; returns the dialog. */
  async reviewDelete(name: string): Promise<Locator> {
    await this.page
      .getByRole('table', { name: /^Players in division/ })
      .getByRole('button', { name: `Delete ${name}`, exact: true })
      .click()
    return this.deleteDialog(name)
  }

  async delete(name: string): Promise<void> {
    const dialog = await this.reviewDelete(name)
    await dialog.getByRole('button', { name: `Delete ${name}`, exact: true }).click()
    await expect(this.lastAction).toHaveText(`The registration of ${name} was deleted.`)
  }

  moveDialog(name: string): Locator {
    return this.page.getByRole('alertdialog', { name: `Move ${name}` })
  }

  /** Opens the move's review from the player's row and chooses the division; returns the dialog. */
  async reviewMove(name: string, to: string): Promise<Locator> {
    await this.page
      .getByRole('table', { name: /^Players in division/ })
      .getByRole('button', { name: `Move ${name}`, exact: true })
      .click()
    const dialog = this.moveDialog(name)
    await dialog.getByLabel('Move to division').selectOption(to)
    return dialog
  }

  async move(name: string, to: string, id: number): Promise<void> {
    const dialog = await this.reviewMove(name, to)
    await dialog.getByRole('button', { name: `Move ${name} to ${to}` }).click()
    await expect(this.lastAction).toHaveText(`${name} moved to division ${to} as #${String(id)}.`)
  }

  /** A player who has played: the director's choice of what becomes of the games (issue 32). */
  async chooseGames(dialog: Locator, games: 'carry' | 'drop'): Promise<void> {
    await dialog
      .getByRole('radio', { name: games === 'carry' ? /^Carry the games/ : /^Drop the games/ })
      .check()
  }

  mergeDialog(division: string): Locator {
    return this.page.getByRole('dialog', { name: `Merge division ${division}` })
  }

  /** Opens "Merge into…" on the division shown, chooses the one it joins and asks for the review. */
  async reviewMerge(division: string, into: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Merge into…' }).click()
    const dialog = this.mergeDialog(division)
    await dialog.getByLabel(`Merge division ${division} into`).selectOption(into)
    await dialog.getByRole('button', { name: 'Review the merge' }).click()
    return dialog
  }

  /** The review's table of the lines a move changes in a division's standings. */
  standingsChange(dialog: Locator, division: string, round: number): Locator {
    return dialog.getByRole('table', { name: `Standings of ${division} after round ${round}` })
  }

  splitDialog(division: string): Locator {
    return this.page.getByRole('dialog', { name: `Split division ${division}` })
  }

  /**
   * Opens "Split division…" on the division shown, names the new division, says who stays (the top
   * `count`, or those rated `atLeast` or more) and asks for the review; returns the dialog.
   */
  async reviewSplit(
    division: string,
    name: string,
    by: { readonly count: number } | { readonly atLeast: number },
  ): Promise<Locator> {
    const dialog = this.splitDialog(division)
    if (!(await dialog.isVisible())) {
      await this.page.getByRole('button', { name: 'Split division…' }).click()
    }
    await dialog.getByLabel('New division').fill(name)
    if ('count' in by) {
      await dialog.getByLabel('Split by').selectOption('top')
      await dialog.getByLabel(`Players who stay in ${division}`).fill(String(by.count))
    } else {
      await dialog.getByLabel('Split by').selectOption('rating')
      await dialog.getByLabel(`Lowest rating that stays in ${division}`).fill(String(by.atLeast))
    }
    await dialog.getByRole('button', { name: 'Review the split' }).click()
    return dialog
  }
}
