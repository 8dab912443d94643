/**
 * Bench (issue 33): every screen a director opens, at 2000 players × 20 rounds, in the browser
 * build. Opens a made-up event (shared/tournament/test-support/generate-log.ts: 20 rounds played of
 * 24, so rounds remain and Prizes says who can still reach each place; a prize table with places,
 * classes and game prizes, as a real event's), then opens each screen of the main navigation in
 * turn, RUNS times, and records per screen the time from the click to the screen shown (its
 * heading and main table or form in the page, then the frame after) and the longest task
 * meanwhile and in the second after (PerformanceObserver 'longtask', reset before each click).
 * Targets: every longest task under 50 ms, every screen shown in under 100 ms. Prints the median
 * and the longest task per screen and the input; exits non-zero when a target is missed.
 * BENCH_PLAYERS=1000 runs it at another size; BENCH_RUNS the number of opens per screen;
 * BENCH_SCREENS=Prizes,History only those screens (each still opened from the one before it).
 * BENCH_PROFILE=Results also samples the page's JavaScript while that screen opens (and the second
 * after) and prints where the time went, by function; build with `--minify false` to read names.
 *
 *   npx vite build --config vite.web.config.ts && npx tsx e2e/bench/screens.ts
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CDPSession, Page } from '@playwright/test'
import { launchChromium, startPreview } from './harness'
import { writeTournamentFile } from '../../shared/formats/tournament-file'
import type { LoggedCommand } from '../../shared/tournament/commands'
import { generateLog } from '../../shared/tournament/test-support/generate-log'

const PLAYERS = Number(process.env['BENCH_PLAYERS'] ?? 2000)
const ROUNDS = 20
const EVENT_ROUNDS = 24
const RUNS = Number(process.env['BENCH_RUNS'] ?? 5)
const LONGEST_TASK_MS = 50
const SHOWN_MS = 100
/** How long after a screen shows its tasks still count: work put off to the next task is its. */
const AFTER_MS = 1000

/**
 * Each screen: its link in the main navigation, and what must be in the page for it to count as
 * shown (a CSS selector; the heading's text is checked too).
 */
const SCREENS = [
  {
    link: 'Overview',
    heading: 'Benchmark Open',
    shown: 'table[aria-label="Today at the desk"], ul[aria-label="Divisions"]',
  },
  { link: 'Players & check-in', heading: 'Players', shown: 'button[aria-label^="Edit "]' },
  { link: 'Rounds', heading: 'Rounds', shown: '[aria-label="Round actions"]' },
  { link: 'Results', heading: 'Results', shown: 'form.result-line input' },
  { link: 'Standings', heading: 'Standings', shown: 'button[aria-label^="History of "]' },
  { link: 'Print', heading: 'Print', shown: 'h1' },
  { link: 'Prizes', heading: 'Prizes', shown: 'table[aria-label="Prize winners"]' },
  { link: 'Files', heading: 'Files', shown: 'h1' },
  { link: 'History', heading: 'History', shown: 'button[aria-label^="Undo #"]' },
  { link: 'Settings', heading: 'Settings', shown: 'h1' },
] as const

/** The event: generated rounds, more rounds to come, and a prize table. */
function benchLog(): readonly LoggedCommand[] {
  const generated = generateLog({
    players: PLAYERS,
    rounds: ROUNDS,
    seed: PLAYERS,
    starts: 'given',
  })
  const log = generated.map((entry) =>
    entry.command.type === 'createTournament'
      ? {
          ...entry,
          command: { ...entry.command, info: { ...entry.command.info, rounds: EVENT_ROUNDS } },
        }
      : entry,
  )
  const all = { kind: 'all' } as const
  const place = (n: number, value: string, group: 'all' | 'B' = 'all') => ({
    kind: 'place' as const,
    place: n,
    group: group === 'all' ? all : ({ kind: 'class', name: group } as const),
    value,
    exclusive: true,
  })
  const last = log[log.length - 1]
  return [
    ...log,
    {
      seq: log.length,
      at: last?.at ?? '2026-03-16T18:00:00.000Z',
      command: {
        type: 'setPrizes',
        division: 'A',
        prizes: {
          prizes: [
            place(1, '$1000'),
            place(2, '$500'),
            place(3, '$250'),
            place(4, '$100'),
            place(5, '$50'),
            place(1, '$200', 'B'),
            place(2, '$100', 'B'),
            { kind: 'high-game', place: 1, group: all, value: '$50', exclusive: false },
            { kind: 'high-loss', place: 1, group: all, value: '$25', exclusive: false },
            { kind: 'low-win', place: 1, group: all, value: 'Book', exclusive: false },
            { kind: 'upset', place: 1, group: all, value: '$25', exclusive: false },
            { kind: 'spread', place: 1, group: all, value: '$25', exclusive: false },
            {
              kind: 'session',
              place: 1,
              group: all,
              value: '$25',
              rounds: { from: 11, to: 20 },
              exclusive: false,
            },
          ],
          ties: 'spread',
          classes: {
            kind: 'rating',
            bands: [
              { name: 'A', minRating: 1500 },
              { name: 'B', minRating: 0 },
            ],
          },
          flags: [],
        },
      },
    },
  ]
}

/**
 * Clicks the screen's link inside the page and resolves, one frame after the screen is in the
 * page, with the time from the click. Text, not a function: tsx would wrap a named function in a
 * helper the page does not have.
 */
const OPEN = (link: string, heading: string, shown: string): string => `new Promise((resolve) => {
  const watch = globalThis.benchWatch
  watch.longestTask = 0
  const isShown = () =>
    [...document.querySelectorAll('h1')].some((h) => h.textContent.trim() === ${JSON.stringify(heading)}) &&
    document.querySelector(${JSON.stringify(shown)}) !== null
  const nav = document.querySelector('nav[aria-label="Main"]')
  const anchor = [...nav.querySelectorAll('a')].find((a) => a.firstChild?.textContent.trim() === ${JSON.stringify(link)})
  const started = performance.now()
  const done = () => requestAnimationFrame(() => resolve(performance.now() - started))
  const observer = new MutationObserver(() => {
    if (!isShown()) return
    observer.disconnect()
    done()
  })
  observer.observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true })
  anchor.click()
  if (isShown()) { observer.disconnect(); done() }
})`

const WATCH_TASKS = `
  const watch = { longestTask: 0 }
  globalThis.benchWatch = watch
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) watch.longestTask = Math.max(watch.longestTask, entry.duration)
  }).observe({ type: 'longtask' })
`

/** A CPU profile as Chromium's Profiler.stop gives it, as much of it as is read. */
interface CpuProfile {
  readonly nodes: readonly {
    readonly id: number
    readonly callFrame: { functionName: string; url: string; lineNumber: number }
    readonly children?: readonly number[]
  }[]
  readonly samples: readonly number[]
  readonly timeDeltas: readonly number[]
}

/** Time per function in the profile: its own (self) and with what it called (total), in ms. */
function profileLines(profile: CpuProfile, top = 25): string[] {
  const parent = new Map<number, number>()
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id)
  const name = (id: number): string => {
    const frame = byId.get(id)?.callFrame
    if (frame === undefined) return '?'
    return `${frame.functionName || '(anonymous)'} ${frame.url.split('/').pop() ?? ''}:${frame.lineNumber + 1}`
  }
  const self = new Map<string, number>()
  const total = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000
    self.set(name(id), (self.get(name(id)) ?? 0) + ms)
    const seen = new Set<string>()
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const n = name(at)
      if (seen.has(n)) continue
      seen.add(n)
      total.set(n, (total.get(n) ?? 0) + ms)
    }
  })
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top)
  return [
    'self:',
    ...sorted(self).map(([n, ms]) => `  ${ms.toFixed(1).padStart(8)} ms  ${n}`),
    'total:',
    ...sorted(total).map(([n, ms]) => `  ${ms.toFixed(1).padStart(8)} ms  ${n}`),
  ]
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? NaN
}

const { server, url } = await startPreview(4740)
const browser = await launchChromium()
try {
  const log = benchLog()
  const folder = mkdtempSync(join(tmpdir(), 'rackside-bench-'))
  const path = join(folder, `screens-${PLAYERS}.json`)
  writeFileSync(path, writeTournamentFile('bench-screens', log, '2026-03-16T18:00:00.000Z'), 'utf8')
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } })
  const page: Page = await context.newPage()
  page.setDefaultTimeout(180_000)
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  await page.goto(url)
  const chooser = page.waitForEvent('filechooser')
  await page.getByRole('button', { name: 'Open tournament file…' }).click()
  await (await chooser).setFiles(path)
  await page.getByRole('heading', { name: 'Benchmark Open', level: 1 }).waitFor()
  await page.waitForTimeout(2000)
  await page.evaluate(WATCH_TASKS)
  // The first Overview is opened from Settings, as every other screen from the one before it.
  await page.evaluate<number>(OPEN('Settings', 'Settings', 'h1'))
  await page.waitForTimeout(AFTER_MS)

  const shown = new Map<string, number[]>()
  const tasks = new Map<string, number[]>()
  const only = process.env['BENCH_SCREENS']?.split(',')
  const profiled = process.env['BENCH_PROFILE']
  const cdp: CDPSession | null = profiled === undefined ? null : await context.newCDPSession(page)
  await cdp?.send('Profiler.enable')
  await cdp?.send('Profiler.setSamplingInterval', { interval: 200 })
  for (let run = 0; run < RUNS; run++) {
    for (const [i, screen] of SCREENS.entries()) {
      if (only !== undefined && !only.includes(screen.link)) continue
      if (only !== undefined) {
        const before = SCREENS[i === 0 ? SCREENS.length - 1 : i - 1] ?? screen
        await page.evaluate<number>(OPEN(before.link, before.heading, before.shown))
        await page.waitForTimeout(AFTER_MS)
      }
      const profiling = cdp !== null && screen.link === profiled
      if (profiling) await cdp.send('Profiler.start')
      const ms = await page.evaluate<number>(OPEN(screen.link, screen.heading, screen.shown))
      await page.waitForTimeout(AFTER_MS)
      if (profiling) {
        const { profile } = await cdp.send('Profiler.stop')
        console.log(`[screens] ${screen.link}, open ${run + 1}:`)
        for (const line of profileLines(profile as CpuProfile)) console.log(line)
      }
      const task = await page.evaluate<number>('globalThis.benchWatch.longestTask')
      shown.set(screen.link, [...(shown.get(screen.link) ?? []), ms])
      tasks.set(screen.link, [...(tasks.get(screen.link) ?? []), task])
    }
  }
  await context.close()
  if (errors.length > 0) throw new Error(`the page reported errors: ${errors.join(' | ')}`)

  const load = (loadavg()[0] ?? 0).toFixed(2)
  console.log(
    `[screens] ${PLAYERS} players × ${ROUNDS} rounds played of ${EVENT_ROUNDS} (${log.length} commands, a prize table of 13 prizes), ` +
      `each screen opened ${RUNS} times from the one before it (load ${load}); targets: shown < ${SHOWN_MS} ms, longest task < ${LONGEST_TASK_MS} ms`,
  )
  let missed = false
  for (const screen of SCREENS) {
    if (only !== undefined && !only.includes(screen.link)) continue
    const times = shown.get(screen.link) ?? []
    const longest = Math.max(...(tasks.get(screen.link) ?? [0]))
    const ms = median(times)
    const ok = ms < SHOWN_MS && longest < LONGEST_TASK_MS
    if (!ok) missed = true
    console.log(
      `${screen.link.padEnd(20)} shown median ${ms.toFixed(0).padStart(5)} ms (${times.map((t) => t.toFixed(0)).join(', ')}), ` +
        `longest task ${longest.toFixed(0).padStart(4)} ms (tasks ${(tasks.get(screen.link) ?? []).map((t) => t.toFixed(0)).join(', ')}) ${ok ? 'met' : 'MISSED'}`,
    )
  }
  if (missed) process.exitCode = 1
} finally {
  await browser.close()
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
}
