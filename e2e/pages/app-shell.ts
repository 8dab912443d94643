import { expect, type Locator, type Page } from '@playwright/test'

export const SECTIONS = [
  'Overview',
  'Players & check-in',
  'Rounds',
  'Results',
  'Standings',
  'Print',
  'Prizes',
  'Files',
  'History',
  'Settings',
] as const

export type Section = (typeof SECTIONS)[number]

/** The navigation every screen shares. */
export class AppShell {
  readonly nav: Locator
  /** The banner every screen shows when another window changed or replaced the tournament. */
  readonly changedElsewhere: Locator

  constructor(private readonly page: Page) {
    this.nav = page.getByRole('navigation', { name: 'Main' })
    this.changedElsewhere = page.getByRole('region', { name: 'Changed in another window' })
  }

  async start(): Promise<void> {
    await this.page.goto('/')
  }

  async reload(): Promise<void> {
    await this.page.reload()
  }

  /**
   * Follows a navigation link and waits until the app is there: a screen loads on first use, and
   * a click meant for the new screen must not land on the old one (both have division buttons).
   */
  async goTo(section: Section | 'Tournaments'): Promise<void> {
    const link = this.nav.getByRole('link', { name: section, exact: true })
    await link.click()
    if (section !== 'Tournaments') await expect(link).toHaveAttribute('aria-current', 'page')
  }
}
