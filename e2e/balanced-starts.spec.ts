import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { FilesPage } from './pages/files-page'
import { PrintPage } from './pages/print-page'
import { ResultsPage } from './pages/results-page'
import { RoundsPage } from './pages/rounds-page'
import { SettingsPage } from './pages/settings-page'
import type { AppShell } from './pages/app-shell'
import type { PlayersPage } from './pages/players-page'
import type { TournamentPage } from './pages/tournament-page'
import type { TournamentsPage } from './pages/tournaments-page'

/*
 * Balanced starts as the desk lives them (issue 9): every round paired from the Rounds screen,
 * every slip typed on the Results screen as table and two scores, with the starter only where the
 * players drew tiles and the screen asks for it. After the event every start is known, followed
 * the preset's rule, and reaches the exported .t as p12 1 or 2.
 */

// The print preview is a sandboxed frame: the trace recorder's script is blocked there and logs a
// console error (see print-round.spec.ts), so these scenarios, which print, run without traces.
test.use({ trace: 'off' })

const PLAYERS = [
  ['Abdullah, Aina', '1900'],
  ['Bakar, Badrul', '1850'],
  ['Chong, Chee Keong', '1800'],
  ['Daud, Dina', '1750'],
  ['Eng, Eddie', '1700'],
  ['Fauzi, Farah', '1650'],
  ['Goh, Gerald', '1600'],
  ['Hamid, Hana', '1550'],
] as const

const ROUNDS = 4

interface Preset {
  label: string
  /** What the preset does when firsts (and, for NSA, seconds) are equal. */
  whenEqual: 'program' | 'tiles'
  /** NSA II.F.2: equal firsts, more seconds starts. */
  moreSeconds: boolean
}

const PRESETS: readonly Preset[] = [
  { label: 'MSA tournament rules', whenEqual: 'program', moreSeconds: false },
  { label: 'NSA tournament rules (1995)', whenEqual: 'tiles', moreSeconds: true },
  { label: 'MSA rules guide', whenEqual: 'program', moreSeconds: false },
]

interface Desk {
  page: Page
  shell: AppShell
  tournaments: TournamentsPage
  tournament: TournamentPage
  players: PlayersPage
}

async function newEvent(desk: Desk, rules: string, name: string): Promise<void> {
  await desk.shell.start()
  await desk.tournaments.create({
    name,
    venue: 'Kuala Lumpur',
    startDate: '2026-12-05',
    endDate: '2026-12-05',
    rounds: String(ROUNDS),
    rules,
  })
  await desk.tournament.addDivision('A')
  await desk.shell.goTo('Players & check-in')
  for (const [player, rating] of PLAYERS) await desk.players.register({ name: player, rating })
}

/** The printed pairings by table of a round, as rows of cell texts. */
async function printedRows(page: Page, shell: AppShell, round: number): Promise<string[][]> {
  await shell.goTo('Print')
  const print = new PrintPage(page)
  await print.choose({ document: 'Pairings by table', round: String(round) })
  // The preview is redrawn when the round changes: read it once it shows the round asked for.
  await expect.poll(() => print.documentHtml()).toContain(`Round ${round} of`)
  const html = await print.documentHtml()
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? ''
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row = '']) =>
    [...row.matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map(([, cell = '']) =>
      cell
        .replace(/<[^>]*>/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    ),
  )
}

/** The p12 values of the exported .t by player name (1 went first, 2 went second). */
async function exportedP12(
  page: Page,
  shell: AppShell,
  path: string,
): Promise<Map<string, string[]>> {
  await shell.goTo('Files')
  const exported = await new FilesPage(page).download('Export .t…', path, 'latin1')
  const lines = exported.text.split('\n').filter((l) => l.trim() !== '')
  expect(lines).toHaveLength(PLAYERS.length)
  return new Map(
    lines.map((line) => [
      line.slice(0, line.search(/\s+\d/)).trim(),
      /;\s*p12((?:\s+\d)+)/.exec(line)?.[1]?.trim().split(/\s+/) ?? [],
    ]),
  )
}

for (const preset of PRESETS) {
  test(`${preset.label}: 8 players, 4 rounds, every start known and by the rule`, async ({
    page,
    shell,
    tournaments,
    tournament,
    players,
  }, testInfo) => {
    // Four rounds through the screens, printing and exporting: long on a busy 2-core machine.
    test.setTimeout(300_000)
    await newEvent(
      { page, shell, tournaments, tournament, players },
      preset.label,
      `${preset.label} starts`,
    )
    const rounds = new RoundsPage(page)
    const results = new ResultsPage(page)
    const firsts = new Map<string, number>()
    const seconds = new Map<string, number>()
    /** Each player's starts round by round, as the .t's p12 should say them. */
    const starts = new Map<string, string[]>(PLAYERS.map(([name]) => [name, []]))
    const count = (tally: Map<string, number>, name: string) => tally.get(name) ?? 0
    let drawn = 0

    for (let round = 1; round <= ROUNDS; round++) {
      await shell.goTo('Rounds')
      await expect(rounds.unknownStarts).toBeHidden()
      await rounds.pair(round)
      const games = await rounds.games(round)
      expect(games).toHaveLength(PLAYERS.length / 2)
      for (const {
        table,
        players: [a, b],
        starter,
      } of games) {
        const where = `round ${round} table ${table}`
        if (count(firsts, a) !== count(firsts, b)) {
          // MSA 1.3, NSA II.F.1: the player with fewer firsts starts.
          expect(starter, where).toBe(count(firsts, a) < count(firsts, b) ? a : b)
        } else if (preset.moreSeconds && count(seconds, a) !== count(seconds, b)) {
          // NSA II.F.2: equal firsts, more seconds starts.
          expect(starter, where).toBe(count(seconds, a) > count(seconds, b) ? a : b)
        } else if (preset.whenEqual === 'program') {
          // MSA 1.2: the program decides, and the pairings name the starter.
          expect([a, b], where).toContain(starter)
        } else {
          // NSA II.F.1: the players draw tiles.
          expect(starter, where).toBeNull()
        }
      }
      await rounds.publish(round)

      await shell.goTo('Results')
      await expect(results.line).toBeFocused()
      for (const {
        table,
        players: [a, b],
        starter,
      } of games) {
        const n = Number(table)
        const scores = [400 + n * 7 + round, 380 - n * 3]
        let went = starter
        if (starter !== null) {
          await results.enter(`${table} ${scores[0]} ${scores[1]}`)
        } else if (n % 2 === 1) {
          // The slip's tick box typed as a * after the starter's score.
          drawn++
          await results.enter(`${table} ${scores[0]} ${scores[1]}*`)
          went = b
        } else {
          // Typed the usual way: the screen asks, one key answers.
          drawn++
          await results.enter(`${table} ${scores[0]} ${scores[1]}`, 1)
          went = a
        }
        await expect(results.error).toBeHidden()
        const other = went === a ? b : a
        firsts.set(went ?? '', count(firsts, went ?? '') + 1)
        seconds.set(other, count(seconds, other) + 1)
        starts.get(went ?? '')?.push('1')
        starts.get(other)?.push('2')
      }
      await expect(results.missing.getByRole('listitem')).toHaveCount(0)
      await expect(results.unknownStarts.getByRole('listitem')).toHaveCount(0)
    }
    // NSA draws tiles at equal firsts, so the desk was asked; MSA and its guide never print a draw.
    if (preset.whenEqual === 'tiles') expect(drawn).toBeGreaterThan(0)
    else expect(drawn).toBe(0)

    // After round 4 no start is unknown, in any round.
    for (let round = 1; round <= ROUNDS; round++) {
      await results.chooseRound(round)
      await expect(
        page.getByRole('heading', { name: `Starts unknown in round ${round}: 0` }),
      ).toBeVisible()
    }
    // Every game counted one first and one second.
    for (const [player] of PLAYERS) {
      expect(count(firsts, player) + count(seconds, player), player).toBe(ROUNDS)
    }

    // The exported .t has p12 1 or 2 for every game, as the desk recorded it.
    const p12 = await exportedP12(page, shell, testInfo.outputPath('starts.t'))
    expect(p12).toEqual(starts)
    for (const values of p12.values()) {
      expect(values).toHaveLength(ROUNDS)
      for (const value of values) expect(['1', '2']).toContain(value)
    }

    if (preset.label === 'MSA rules guide') {
      // "The starting player is announced with pairings for every match": round 1 too.
      const rows = await printedRows(page, shell, 1)
      expect(rows).toHaveLength(PLAYERS.length / 2)
      for (const cells of rows) {
        expect(
          cells.filter((c) => c.endsWith(' *')),
          cells.join(' | '),
        ).toHaveLength(1)
        expect(cells).not.toContain('Draw')
      }
    }
  })
}

test('NSA II.F.1: a start left unknown is announced before pairing and recorded later', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}) => {
  test.setTimeout(180_000)
  await newEvent(
    { page, shell, tournaments, tournament, players },
    'NSA tournament rules (1995)',
    'Late starters',
  )
  const rounds = new RoundsPage(page)
  await shell.goTo('Rounds')
  await rounds.pair(1)
  const games = await rounds.games(1)
  await rounds.publish(1)
  await shell.goTo('Results')
  const results = new ResultsPage(page)
  // Typing on past the question leaves the start unknown and loses no character of the next line.
  await expect(results.line).toBeFocused()
  await results.type('1 420 400')
  await expect(results.starterPrompt).toBeFocused()
  await page.keyboard.type('ab')
  await expect(results.starterPrompt).toBeHidden()
  await expect(results.line).toHaveValue('ab')
  await expect(results.line).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Backspace')
  for (const { table } of games.slice(1)) await results.enter(`${table} 420 400`)
  // Every start of round 1 was left unknown: listed beside the missing results.
  await expect(results.unknownStarts.getByRole('listitem')).toHaveCount(4)

  await shell.goTo('Rounds')
  await expect(rounds.unknownStarts).toContainText('4 starts unknown: round 1 table 1')

  // Recorded later: by a line naming who went first, and by a click in the list.
  await shell.goTo('Results')
  const [one, ...others] = games
  if (one === undefined) throw new Error('round 1 has no games')
  const [surname = ''] = one.players[1].split(',')
  await results.enter(`${one.table} first ${surname}`)
  await expect(results.lastEntry).toContainText(`${one.players[1]} went first`)
  await expect(results.unknownStarts.getByRole('listitem')).toHaveCount(3)
  for (const game of others) {
    await results.unknownStarts
      .getByRole('button', { name: `${game.players[0]} went first` })
      .click()
    await expect(results.lastEntry).toContainText(`${game.players[0]} went first`)
  }
  await expect(results.unknownStarts.getByRole('listitem')).toHaveCount(0)
  await shell.goTo('Rounds')
  await expect(rounds.unknownStarts).toBeHidden()
  // Round 2 balances the starts now known (NSA II.F.1): a round-1 starter never starts against a
  // player who went second.
  await rounds.pair(2)
  const starters = new Set([one.players[1], ...others.map((g) => g.players[0])])
  for (const game of await rounds.games(2)) {
    const [a, b] = game.players
    if (starters.has(a) !== starters.has(b)) {
      expect(game.starter).toBe(starters.has(a) ? b : a)
    }
  }
})

test('"Rackside draws, reproducibly" chosen in Settings pairs rounds 1–3 and prints every starter', async ({
  page,
  shell,
  tournaments,
  tournament,
  players,
}, testInfo) => {
  test.setTimeout(300_000)
  await newEvent(
    { page, shell, tournaments, tournament, players },
    'NSA tournament rules (1995)',
    'Program starts',
  )
  const settings = new SettingsPage(page)
  await shell.goTo('Settings')
  await settings.field('Otherwise').selectOption({ label: 'Rackside draws, reproducibly' })
  await settings.save()
  await expect(settings.saved).toBeVisible()

  const rounds = new RoundsPage(page)
  const results = new ResultsPage(page)
  const seen: Awaited<ReturnType<RoundsPage['games']>>[] = []
  for (let round = 1; round <= 3; round++) {
    await shell.goTo('Rounds')
    await rounds.pair(round)
    await expect(rounds.error).toBeHidden()
    let games = await rounds.games(round)
    for (const game of games) expect(game.players).toContain(game.starter)
    if (round === 3) {
      // The director overrides one table's starter before publishing; it is kept and printed.
      const [table1] = games
      if (table1 === undefined) throw new Error('round 3 has no table 1')
      const other = table1.players.find((p) => p !== table1.starter) ?? ''
      await rounds.chooseStarter(table1.table, other)
      await expect.poll(async () => (await rounds.games(round))[0]?.starter).toBe(other)
      games = await rounds.games(round)
    }
    seen.push(games)
    await rounds.publish(round)
    await shell.goTo('Results')
    for (const { table } of games) await results.enter(`${table} 410 390`)
    await expect(results.unknownStarts.getByRole('listitem')).toHaveCount(0)
  }
  for (let round = 1; round <= 3; round++) {
    const rows = await printedRows(page, shell, round)
    expect(rows).toHaveLength(PLAYERS.length / 2)
    for (const cells of rows) {
      expect(
        cells.filter((c) => c.endsWith(' *')),
        cells.join(' | '),
      ).toHaveLength(1)
    }
  }

  // Same log, same starters: the saved file, opened again, folds to the same starts.
  await shell.goTo('Files')
  const files = new FilesPage(page)
  await files.download('Save tournament file…', testInfo.outputPath('program-starts.json'))
  await shell.goTo('Tournaments')
  await files.openTournament(testInfo.outputPath('program-starts.json'), true)
  await expect(page.getByRole('heading', { name: 'Program starts', level: 1 })).toBeVisible()
  await shell.goTo('Rounds')
  for (let round = 1; round <= 3; round++) {
    await rounds.showRound(round)
    expect(await rounds.games(round)).toEqual(seen[round - 1])
  }
})
