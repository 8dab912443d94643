import { expect, type Locator, type Page } from '@playwright/test'

/** Pairing a round, reviewing and publishing it, and its clock for late arrivals. */
export class RoundsPage {
  readonly error: Locator
  readonly warnings: Locator
  readonly lateTable: Locator
  /** "N starts unknown: …", said before the next round is paired. */
  readonly unknownStarts: Locator
  /** Missing results and unknown starts listed before the next round is paired. */
  readonly blockers: Locator
  /** The pairing engine's account of the round just paired (system, repeats, whom it left out). */
  readonly summary: Locator
  /** "Pair only players checked in today": per division (issue 19). */
  readonly onlyCheckedIn: Locator
  /** The division's tables in the hall ("Tables 3–4 (after the divisions before it)"). */
  readonly hallTables: Locator
  /** Two divisions on one table, named (issue 19). */
  readonly tablesShared: Locator
  /** Players checked in on an earlier day but not seen on the desk's day (issue 19). */
  readonly notSeenToday: Locator
  /** What "Pair every division" (A) and "Publish every division" did, division by division. */
  readonly everyDivision: Locator
  /** The round clock beside the pairings: absent ticks, the start, late players. */
  readonly clock: Locator
  /** A player has clinched a prize while Gibsonization is off (issue 28), with its switch. */
  readonly clinched: Locator

  constructor(private readonly page: Page) {
    this.error = page.getByRole('alert')
    this.warnings = page.getByRole('note', { name: 'Pairing warnings' })
    this.lateTable = page.getByRole('table', { name: 'Late players' })
    this.unknownStarts = page.getByRole('note', { name: 'Unknown starts' })
    this.blockers = page.getByRole('list', { name: 'Missing before pairing' })
    this.summary = page.getByRole('list', { name: 'Pairing summary' })
    this.onlyCheckedIn = page.getByLabel('Pair only players checked in today')
    this.hallTables = page.getByLabel('Tables in the hall')
    this.tablesShared = page.getByRole('note', { name: 'Tables shared' })
    this.notSeenToday = page.getByRole('note', { name: 'Not seen today' })
    this.everyDivision = page.getByRole('list', { name: 'Every division' })
    this.clock = page.getByRole('region', { name: 'Round clock' })
    this.clinched = page.getByRole('note', { name: 'Clinched' })
  }

  /** The clock's "Absent: Name (table N)" tick, before the round starts. */
  absentBox(name: string): Locator {
    return this.clock.getByRole('checkbox', { name: new RegExp(`^Absent: ${escape(name)} \\(`) })
  }

  /** The pair button ("Pair round 2", or "Pair round 2 of division B" with several divisions). */
  pairButton(round: number): Locator {
    return this.page.getByRole('button', {
      name: new RegExp(`^Pair round ${round}( of division \\S+)?$`),
    })
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
    await this.pairButton(round).click()
    await expect(this.pairings(round)).toBeVisible()
  }

  /** Pairs with results missing or starts unknown: the list shows, then "pair anyway". */
  async pairAnyway(round: number): Promise<void> {
    await this.pairButton(round).click()
    await expect(this.pairings(round)).toBeHidden()
    await this.page
      .getByRole('button', { name: new RegExp(`^Pair round ${round}.* anyway$`) })
      .click()
    await expect(this.pairings(round)).toBeVisible()
  }

  /** Where the division's tables start (two divisions in one hall never share a table number). */
  async numberTablesFrom(division: string, first: number): Promise<void> {
    await this.page.getByLabel(`First table of division ${division}`).fill(String(first))
    await this.page.getByRole('button', { name: 'Number tables from here' }).click()
    await expect(this.page.getByRole('status').filter({ hasText: 'tables from' })).toContainText(
      `Division ${division}: tables from ${first}`,
    )
  }

  async chooseDivision(name: string): Promise<void> {
    await this.page
      .getByRole('group', { name: 'Division' })
      .getByRole('button', { name: `Division ${name}` })
      .click()
  }

  async publish(round: number): Promise<void> {
    await this.page.getByRole('button', { name: `Publish round ${round}` }).click()
    await expect(this.page.getByRole('button', { name: `Publish round ${round}` })).toBeHidden()
  }

  /** Pairs the shown (last) round again, its locked tables kept. */
  async pairAgain(round: number): Promise<void> {
    await this.page
      .getByRole('button', { name: new RegExp(`^Pair round ${round}.* again$`) })
      .click()
  }

  /** The division buttons; the pressed one is the division on screen. */
  divisionButton(name: string): Locator {
    return this.page
      .getByRole('group', { name: 'Division' })
      .getByRole('button', { name: `Division ${name}` })
  }

  async unpair(round: number): Promise<void> {
    await this.page.getByRole('button', { name: `Unpair round ${round}` }).click()
  }

  pairings(round: number): Locator {
    return this.page.getByRole('table', { name: `Pairings of round ${round}` })
  }

  /** Each pairing as [table, first player, second player]; "bye" for the bye's table. */
  async pairingRows(round: number, columns = 3): Promise<string[][]> {
    const rows = this.pairings(round).locator('tbody tr')
    await rows.first().waitFor()
    const all = await rows.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '')),
    )
    return all.map((cells) => cells.slice(0, columns))
  }

  /**
   * Each game as the review table shows it: table, the two players' names and who starts (a name,
   * or null where the players draw for first).
   */
  async games(
    round: number,
  ): Promise<{ table: string; players: [string, string]; starter: string | null }[]> {
    const rows = await this.pairingRows(round, 4)
    return rows
      .filter((cells) => cells[0] !== 'bye')
      .map(([table = '', a = '', b = '', first = '']) => ({
        table,
        players: [a.replace(/^#\d+ /, ''), b.replace(/^#\d+ /, '')],
        // After its result, a table says who went first (issue 19).
        starter:
          first === 'draw for first' ? null : first.replace(/ (starts( \(.*\))?|went first)$/, ''),
      }))
  }

  /** The director names who starts at a table (overriding the rules' or the program's choice). */
  async chooseStarter(table: string, name: string): Promise<void> {
    await this.page
      .getByRole('combobox', { name: `Who starts at table ${table}` })
      .selectOption({ label: `${name} starts` })
  }

  /** Shows an earlier round for review (the screen shows the latest by default). */
  async showRound(round: number): Promise<void> {
    await this.page.getByLabel('Show round').selectOption(String(round))
    await expect(this.pairings(round)).toBeVisible()
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

  /** A player found missing once the clock runs: absent since the start. */
  async markAbsent(name: string): Promise<void> {
    const select = this.page.getByLabel('Not at their table')
    const value = await select
      .locator('option', { hasText: `${name} (table` })
      .getAttribute('value')
    await select.selectOption(value ?? '')
    await this.page.getByRole('button', { name: 'Mark absent' }).click()
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
