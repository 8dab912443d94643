import { test as base, expect } from '@playwright/test'
import { LAGOS_OPEN } from './data'
import { AppShell } from './pages/app-shell'
import { PlayersPage } from './pages/players-page'
import { TournamentPage } from './pages/tournament-page'
import { TournamentsPage } from './pages/tournaments-page'

interface Pages {
  shell: AppShell
  tournaments: TournamentsPage
  tournament: TournamentPage
  players: PlayersPage
}

/**
 * Every test gets a fresh browser context (so an empty IndexedDB) and fails on any console error
 * or uncaught page error: a director would see a broken screen where we see a log line.
 */
export const test = base.extend<Pages & { failOnConsoleErrors: undefined }>({
  failOnConsoleErrors: [
    async ({ page }, use) => {
      const problems: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console error: ${message.text()}`)
      })
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
      await use(undefined)
      expect(problems, 'the page logged errors').toEqual([])
    },
    { auto: true },
  ],
  shell: async ({ page }, use) => use(new AppShell(page)),
  tournaments: async ({ page }, use) => use(new TournamentsPage(page)),
  tournament: async ({ page }, use) => use(new TournamentPage(page)),
  players: async ({ page }, use) => use(new PlayersPage(page)),
})

/** The director's first minute: a new tournament with division A, then the registration desk. */
export async function openRegistrationDesk({
  shell,
  tournaments,
  tournament,
}: Pick<Pages, 'shell' | 'tournaments' | 'tournament'>): Promise<void> {
  await shell.start()
  await tournaments.create(LAGOS_OPEN)
  await tournament.addDivision('A')
  await shell.goTo('Players & check-in')
}

export { expect }
