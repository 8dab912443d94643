import { expect } from '@playwright/test'
import type { AppShell } from '../pages/app-shell'
import type { PlayersPage } from '../pages/players-page'
import type { TournamentPage } from '../pages/tournament-page'
import type { NewTournament, TournamentsPage } from '../pages/tournaments-page'

/**
 * Issue 19's hall: three divisions in one room, A registered from a Latin-1 CSV (as Excel on
 * Windows saves it), B typed in at the desk, C small enough to play a round robin (8 players
 * over 7 rounds, shared/pairing/auto-plan.ts).
 */
export const HALL: NewTournament = {
  name: 'Accra Hall Open',
  venue: 'Accra',
  startDate: '2026-12-05',
  endDate: '2026-12-06',
  rounds: '7',
  rules: 'NSA tournament rules (1995)',
}

const SURNAMES = ['Ansah', 'Boateng', 'Çelik', 'Danso', 'Éboué', 'Frimpong', 'Gyamfi', 'Hördt']
const GIVEN = ['Kwame', 'Akosua', 'Yaw', 'Efua', 'Kofi', 'Ama', 'Kojo', 'Abena', 'Kwesi', 'Adwoa']

/** Distinct names per division ("Ansah, Kwame B"), ratings falling by 20 from 1900. */
export function hallPlayers(division: string, count: number): { name: string; rating: string }[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `${SURNAMES[i % SURNAMES.length] ?? ''}, ${GIVEN[i % GIVEN.length] ?? ''} ${division}${i >= 10 ? i : ''}`,
    rating: String(1900 - i * 20),
  }))
}

/**
 * Players ("Surname, Given") as the registration CSV the importer reads: `;`-separated, CRLF,
 * Latin-1 bytes, the way Excel on Windows saves one.
 */
export function registrationCsv(players: readonly { name: string; rating: string }[]): Buffer {
  const rows = players.map(({ name, rating }) => {
    const [surname = '', given = ''] = name.split(', ')
    return `${surname};${given};${rating}`
  })
  return Buffer.from(['Nachname;Vorname;Rating', ...rows].join('\r\n'), 'latin1')
}

interface Pages {
  shell: AppShell
  tournaments: TournamentsPage
  tournament: TournamentPage
  players: PlayersPage
}

export type HallSizes = Readonly<Record<'A' | 'B' | 'C', number>>

/** A by CSV, B and C typed in; ends on the Players screen with division C chosen. */
export async function newHall(pages: Pages, sizes: HallSizes): Promise<void> {
  const { shell, tournaments, tournament, players } = pages
  await shell.start()
  await tournaments.create(HALL)
  for (const name of ['A', 'B', 'C']) await tournament.addDivision(name)
  await shell.goTo('Players & check-in')
  await players.chooseDivision('A')
  await importCsv(players, 'A', 'hall-a.csv', hallPlayers('A', sizes.A))
  for (const name of ['B', 'C'] as const) {
    await players.chooseDivision(name)
    for (const player of hallPlayers(name, sizes[name])) await players.register(player)
    await expect(players.rows(name)).toHaveCount(sizes[name])
  }
}

/** Registers players into the division on screen from a CSV file, as the desk's import does. */
export async function importCsv(
  players: PlayersPage,
  division: string,
  file: string,
  list: readonly { name: string; rating: string }[],
): Promise<void> {
  await players.chooseCsv(file, registrationCsv(list))
  await players.csvImportButton(list.length).click()
  await expect(players.rows(division)).toHaveCount(list.length)
}
