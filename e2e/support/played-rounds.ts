import type { Page } from '@playwright/test'
import type { AppShell } from '../pages/app-shell'
import { ResultsPage } from '../pages/results-page'
import { RoundsPage } from '../pages/rounds-page'

/**
 * Pairs `round` of each division on the Rounds screen and enters every table's result on the
 * Results screen: the player listed first wins 400 to 350 plus ten times the table number (so
 * each table's spread differs) and started. Ends on the Results screen.
 */
export async function playRound(
  page: Page,
  shell: AppShell,
  round: number,
  divisions: readonly string[],
): Promise<void> {
  await shell.goTo('Rounds')
  const rounds = new RoundsPage(page)
  const tables = new Map<string, string[]>()
  for (const division of divisions) {
    await rounds.chooseDivision(division)
    await rounds.pair(round)
    const rows = await rounds.pairingRows(round)
    tables.set(
      division,
      rows.flatMap((row) => (row[0] !== undefined && /^\d+$/.test(row[0]) ? [row[0]] : [])),
    )
  }
  await shell.goTo('Results')
  const results = new ResultsPage(page)
  for (const division of divisions) {
    await rounds.chooseDivision(division)
    await results.chooseRound(round)
    for (const table of tables.get(division) ?? []) {
      await results.enter(`${table} ${String(400 + Number(table) * 10)} 350`, 1)
    }
  }
}
