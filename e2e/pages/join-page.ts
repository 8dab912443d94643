import { expect, type Locator, type Page } from '@playwright/test'

export type JoinAs = 'A results desk' | 'A check-in desk' | 'A projector'

/**
 * A browser joining an event on the venue network (issue 21): the app opened at the director's
 * laptop's address shows the join screen; the desk asks, shows a pairing code, and waits for the
 * director's approval. Afterwards, the connection badge and the refusals the authority sends back.
 */
export class JoinPage {
  readonly heading: Locator
  readonly code: Locator
  readonly waiting: Locator
  /** "Desk 2 · online", "Desk 2 · offline since 10:02 · 5 waiting", "3 waiting for …". */
  readonly connection: Locator
  /** Refusals of this desk's own proposals, each with the rule's reason. */
  readonly refusals: Locator
  readonly removed: Locator

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Join this event' })
    this.code = page.getByLabel('Pairing code')
    this.waiting = page.getByText('Waiting for the director to approve this desk…')
    this.connection = page.getByRole('status', { name: 'Venue connection' })
    this.refusals = page.getByRole('alert').filter({ hasText: /^The director's laptop refused/ })
    this.removed = page.getByRole('heading', { name: 'This desk was removed by the director' })
  }

  /** Opens the authority's address, asks to join as `role`, returns the code shown to approve. */
  async ask(url: string, role: JoinAs): Promise<string> {
    await this.page.goto(url)
    await expect(this.heading).toBeVisible()
    await this.page
      .getByRole('radiogroup', { name: 'This laptop is' })
      .getByRole('radio', { name: role })
      .check()
    // Issue 27: approving opens the event in the same page; a reload would lose this marker.
    await this.page.evaluate(() => {
      ;(window as unknown as Record<string, unknown>)['racksideJoinMarker'] = true
    })
    await this.page.getByRole('button', { name: 'Ask to join' }).click()
    await expect(this.waiting).toBeVisible()
    await expect(this.code).not.toHaveText('')
    // The code is shown grouped for reading aloud ("ACD 479"); the director types it whole.
    return ((await this.code.textContent()) ?? '').replace(/\s+/g, '')
  }

  /**
   * After the director approved: the join screen gone and, on a result desk, the badge naming it
   * online; a projector opens its full-screen view, which has no badge. All in the same page: the
   * marker left before asking is still there (issue 27).
   */
  async joined(name: string, role: JoinAs, timeout = 30_000): Promise<void> {
    await expect(this.heading).toBeHidden({ timeout })
    if (role === 'A projector') {
      await expect(this.page.getByRole('heading', { level: 2 })).not.toHaveText('', { timeout })
    } else {
      await expect(this.connection).toContainText(`${name} · online`, { timeout })
    }
    const marker = await this.page.evaluate(
      () => (window as unknown as Record<string, unknown>)['racksideJoinMarker'],
    )
    expect(marker, 'the page was not loaded again after the approval (issue 27)').toBe(true)
  }

  /**
   * Reads and dismisses every refusal shown, one after another, until none is left: the text of
   * each, in the order the desk showed them.
   */
  async dismissRefusals(): Promise<string[]> {
    const texts: string[] = []
    for (let shown = await this.refusals.count(); shown > 0; shown = await this.refusals.count()) {
      const first = this.refusals.first()
      const text = (await first.textContent()) ?? ''
      texts.push(text)
      await first.getByRole('button', { name: 'Dismiss' }).click()
      await expect(this.refusals).toHaveCount(shown - 1)
    }
    return texts
  }
}
