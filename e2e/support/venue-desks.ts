import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { JoinPage, type JoinAs } from '../pages/join-page'
import { ResultsPage } from '../pages/results-page'
import type { ConsoleWatch } from './console-watch'
import type { Authority } from './serve'

/*
 * Browser desks of a venue test (issue 21, issue 27): each joins in a context of its own (its own
 * IndexedDB, as another laptop has), approved by the director on the authority's standard input.
 */

const opened = new Set<BrowserContext>()

/**
 * Closes every context `joinDesk` opened (afterEach): a desk left open keeps asking a stopped
 * authority for the rest of the worker's tests.
 */
export async function closeAllDesks(): Promise<void> {
  const contexts = [...opened]
  opened.clear()
  await Promise.allSettled(contexts.map((context) => context.close()))
}

export interface JoinedDesk {
  /** The name the director gave it. */
  readonly name: string
  readonly page: Page
  readonly join: JoinPage
  readonly deskId: string
  /** The role the authority approved it in. */
  readonly role: string
}

/** Opens `authority`'s address in `context` (a new one unless given) and joins as `name`. */
export async function joinDesk(
  browser: Browser,
  authority: Authority,
  watch: ConsoleWatch,
  name: string,
  options: {
    readonly role?: JoinAs
    readonly context?: BrowserContext
    readonly as?: string
    /** How long the join may take to show (a loaded machine). */
    readonly timeout?: number
  } = {},
): Promise<JoinedDesk> {
  const role = options.role ?? 'A results desk'
  const context = options.context ?? (await browser.newContext())
  opened.add(context)
  const page = await context.newPage()
  watch.watch(page, name)
  const join = new JoinPage(page)
  const code = await join.ask(authority.url, role)
  await authority.waitFor('desk', (event) => event.code === code)
  const approved = await authority.approve(
    code,
    options.as === undefined ? name : `${name} as ${options.as}`,
  )
  await join.joined(name, role, options.timeout)
  return { name, page, join, deskId: approved.desk.id, role: approved.desk.role }
}

/** A result line for `table` whose scores name the table, so a result's source is known. */
export const resultLine = (table: number): string => `${table} ${300 + table}* ${200 + table}`

/**
 * Types each table's line at the Results screen as an operator does; a line the desk itself
 * refuses fails at once, naming it (typed on, the next line would replace it).
 */
export async function typeResults(
  page: Page,
  tables: readonly number[],
  line: (table: number) => string = resultLine,
): Promise<void> {
  const results = new ResultsPage(page)
  const screenError = page.getByRole('alert').filter({ hasNotText: /^The director's laptop/ })
  for (const table of tables) {
    await results.enter(line(table))
    await expect(screenError, `the desk refused "${line(table)}"`).toHaveCount(0, {
      timeout: 1,
    })
  }
}

/** The results in a log: table → the entries that recorded it (more than one is a failure). */
export function resultsByTable(log: readonly LoggedCommand[]): Map<number, LoggedCommand[]> {
  const byTable = new Map<number, LoggedCommand[]>()
  for (const entry of log) {
    const command = entry.command
    if (command.type !== 'recordResult' && command.type !== 'correctResult') continue
    const table = 'table' in command.game ? command.game.table : -1
    byTable.set(table, [...(byTable.get(table) ?? []), entry])
  }
  return byTable
}

/**
 * The generation of the event's databases a browser desk replicates (its local copies are named
 * `rackside-venue-log-<tournament>-g<generation>`, renderer/src/venue/browser-link.ts): the newest
 * it holds.
 */
export async function replicaGeneration(page: Page): Promise<number> {
  const names = await page.evaluate(async () =>
    (await indexedDB.databases()).map((info) => info.name ?? ''),
  )
  const generations = names.flatMap((name) => {
    const found = /^_pouch_rackside-venue-log-.+-g(\d+)$/.exec(name)?.[1]
    return found === undefined ? [] : [Number(found)]
  })
  const newest = generations.sort((a, b) => a - b).at(-1)
  if (newest === undefined)
    throw new Error(`no replica of a venue log in this browser: ${names.join(', ')}`)
  return newest
}
