import type { Locator, Page } from '@playwright/test'

export const SECTIONS = [
  'Overview',
  'Players & check-in',
  'Rounds',
  'Results',
  'Standings',
  'Prizes',
  'Print',
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

  async goTo(section: Section | 'Tournaments'): Promise<void> {
    await this.nav.getByRole('link', { name: section, exact: true }).click()
  }
}
