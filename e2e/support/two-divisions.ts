import type { Page } from '@playwright/test'
import type { AppShell } from '../pages/app-shell'
import { RoundsPage } from '../pages/rounds-page'
import type { PlayersPage } from '../pages/players-page'
import type { TournamentPage } from '../pages/tournament-page'
import type { NewTournament, TournamentsPage } from '../pages/tournaments-page'

/** A small event of one or two divisions for the desk's trap tests (issue 11). */
export const TAMALE: NewTournament = {
  name: 'Tamale Two Divisions',
  venue: 'Tamale',
  startDate: '2026-12-05',
  endDate: '2026-12-06',
  rounds: '3',
  rules: 'NSA tournament rules (1995)',
}

/**
 * Four players over three rounds play a round robin (auto-plan.ts): round 1 pairs A's Adu–Dede and
 * Baah–Cudjoe, B's Ewusi–Hagan and Fosu–Gyan. No one has started yet, so under NSA every table
 * draws for first (NSA II.F.1) and lists the higher-ranked player (by rating) first.
 */
export const DIVISIONS = {
  A: ['Adu, Ama', 'Baah, Kojo', 'Cudjoe, Efua', 'Dede, Yaw'],
  B: ['Ewusi, Kwesi', 'Fosu, Abla', 'Gyan, Esi', 'Hagan, Kofi'],
} as const

interface Pages {
  shell: AppShell
  tournaments: TournamentsPage
  tournament: TournamentPage
  players: PlayersPage
}

export async function newEvent(pages: Pages, divisions: readonly ('A' | 'B')[]): Promise<void> {
  await pages.shell.start()
  await pages.tournaments.create(TAMALE)
  for (const name of divisions) await pages.tournament.addDivision(name)
  await pages.shell.goTo('Players & check-in')
  for (const name of divisions) {
    if (divisions.length > 1) await pages.players.chooseDivision(name)
    for (const [i, player] of DIVISIONS[name].entries()) {
      await pages.players.register({ name: player, rating: String(1800 - i * 100) })
    }
  }
}

/** Pairs round 1 of each division on the Rounds screen, in the order given; stays on Rounds. */
export async function pairRoundOne(
  page: Page,
  shell: AppShell,
  divisions: readonly ('A' | 'B')[],
): Promise<RoundsPage> {
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  for (const name of divisions) {
    await rounds.chooseDivision(name)
    await rounds.pair(1)
  }
  return rounds
}
