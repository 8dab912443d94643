/**
 * Bench (issue 21): the venue network, each figure printed beside the same work on one laptop.
 * Drives the built CLI (`rackside serve --json`, rebuilt first, as cli-pair.ts does) on 127.0.0.1
 * and the built browser app (dist-web) it serves:
 * 1. Catching up: a new browser desk joins an event of 10 020 commands (generate-log.ts, 1000
 *    players × 18 rounds): from the director's approval (the `approve` line written to the
 *    authority) to the desk's Overview showing the whole log (round 18 paired, no result missing).
 *    Target under 3 s. Beside it: one laptop opening the same file (Open tournament file…).
 * 2. Desk to desk (issue 27: "with four desks and a typist"): five Node desks
 *    (e2e/support/node-desk.ts: the browser desk's protocol, PouchDB memory + HTTP + replication
 *    without checkpoints + the log's tail of `_changes`),
 *    one of them typing 2 results a second for 20 s; each accepted result's arrival in the four
 *    other desks' copies of the log, measured at the Node desks. Target p95 under 250 ms. Then all
 *    five typing at that pace, reported without a target. Beside it: one laptop, one result typed
 *    in a window reaching a second window of the same browser (the Missing results heading's
 *    count), 20 results.
 * 3. The authority's pace: four Node desks propose 100 results each at once; results decided
 *    and journaled per second, from the `accepted` events' arrival. Target at least 20 a second.
 *    Beside it: `decide` alone on the same proposals in this process (no network, no journal).
 * Exits non-zero when a target is missed.
 *
 *   npm run build && npx tsx e2e/bench/venue.ts
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import type { BrowserContext, Page } from '@playwright/test'
import { decide, recover } from '../../shared/authority/decide'
import { headOfLog } from '../../shared/authority/proposal'
import type { Command, LoggedCommand } from '../../shared/tournament/commands'
import { JoinPage } from '../pages/join-page'
import { NodeDesk } from '../support/node-desk'
import { Authority, stopAllAuthorities } from '../support/serve'
import { writeLongEvent, writeRoundOneEvent, type VenueEventFile } from '../support/venue-event'
import { launchChromium, startPreview } from './harness'

const AUTHORITY_PORT = Number(process.env['BENCH_AUTHORITY_PORT'] ?? 4328)
const CATCH_UP_MS = 3000
const P95_MS = 250
const RESULTS_PER_SECOND = 20
const root = join(import.meta.dirname, '..', '..')
/** `BENCH_VENUE=pace` (or `catch-up`, `desk-to-desk`, comma-separated) runs only those parts. */
const PARTS = new Set((process.env['BENCH_VENUE'] ?? 'catch-up,desk-to-desk,pace').split(','))

const missed: string[] = []
function report(what: string, figure: string, target: string, ok: boolean, alone: string): void {
  console.log(`${what}: ${figure} (target ${target}) ${ok ? 'ok' : 'MISSED'}`)
  console.log(`  one laptop: ${alone}`)
  if (!ok) missed.push(what)
}

const percentile = (values: readonly number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}
const ms = (value: number): string => `${value.toFixed(0)} ms`

/** The result of round 1 at `table` of the event, as the desk's result entry would send it. */
function resultAt(log: readonly LoggedCommand[], table: number): Command {
  const paired = log.find((entry) => entry.command.type === 'pairRound')?.command
  if (paired?.type !== 'pairRound') throw new Error('the event has no round paired')
  const game = paired.pairings.find((p) => p.kind === 'game' && p.table === table)
  if (game?.kind !== 'game') throw new Error(`no table ${String(table)} in round 1`)
  const scores = [300 + (table % 150), 250 + (table % 97)] as const
  return {
    type: 'recordResult',
    division: 'A',
    round: 1,
    game: { table },
    result: {
      kind: 'played',
      players: game.players,
      rawScores: scores,
      overtimeSeconds: [0, 0],
      scores,
    },
    first: game.players[0],
  }
}

/** What Playwright says when the document an `evaluate` ran in was replaced by a navigation. */
const NAVIGATED_AWAY = /Execution context was destroyed|Cannot find context|navigat/i

/**
 * `page.evaluate`, again in the new document when a navigation replaced the one it ran in: a desk
 * loads the app again once approved (issue 27: the bench's first run under load stopped with
 * "Execution context was destroyed").
 */
async function evaluateAcross<T>(page: Page, expression: string): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await page.evaluate<T>(expression)
    } catch (error) {
      if (tries >= 20 || !(error instanceof Error) || !NAVIGATED_AWAY.test(error.message)) {
        throw error
      }
      await page.waitForLoadState('domcontentloaded').catch(() => undefined)
    }
  }
}

/**
 * Resolves with `Date.now()` in the page when `condition` (a JS expression) first holds; after a
 * navigation, as soon as it holds in the new document.
 */
function whenShown(page: Page, condition: string): Promise<number> {
  return evaluateAcross<number>(
    page,
    `new Promise((resolve) => {
    const check = () => ${condition}
    if (check()) return resolve(Date.now())
    new MutationObserver((_changes, observer) => {
      if (!check()) return
      observer.disconnect()
      resolve(Date.now())
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  })`,
  )
}

/**
 * Has every document the context opens note `Date.now()` when `condition` first holds (a desk
 * may load the app again once approved, which would end a wait set in the page before), and
 * returns a function waiting for that time.
 */
async function noteWhenShown(
  context: BrowserContext,
  condition: string,
): Promise<(page: Page) => Promise<number>> {
  await context.addInitScript(`addEventListener('DOMContentLoaded', () => {
    const check = () => ${condition}
    new MutationObserver((_changes, observer) => {
      if (!check()) return
      observer.disconnect()
      globalThis.benchShownAt = Date.now()
    }).observe(document.body, { childList: true, subtree: true, characterData: true })
  })`)
  // Polled by evaluate: waitForFunction builds its predicate with `new Function`, which the
  // authority's CSP for the desk app (no 'unsafe-eval') forbids.
  return async (page) => {
    for (let waited = 0; waited < 120_000; waited += 100) {
      const at = await evaluateAcross<number | undefined>(page, 'globalThis.benchShownAt')
      if (at !== undefined) return at
      await page.waitForTimeout(100)
    }
    throw new Error('the desk did not show the whole log within two minutes')
  }
}

/**
 * `BENCH_VENUE_PROFILE=1`: the desk's CPU profile over the catch-up, as the functions that were on
 * the stack longest (their own time and what they called). Names read best from a build without
 * minifying: `npx vite build --config vite.web.config.ts --minify false`.
 */
const PROFILE = process.env['BENCH_VENUE_PROFILE'] === '1'

interface ProfileNode {
  readonly id: number
  readonly callFrame: { readonly functionName: string; readonly url: string }
  readonly children?: readonly number[]
}

async function profilePage(page: Page): Promise<() => Promise<string>> {
  const session = await page.context().newCDPSession(page)
  await session.send('Profiler.enable')
  await session.send('Profiler.setSamplingInterval', { interval: 1000 })
  await session.send('Profiler.start')
  return async () => {
    const { profile } = (await session.send('Profiler.stop')) as unknown as {
      profile: {
        nodes: readonly ProfileNode[]
        samples: readonly number[]
        timeDeltas: readonly number[]
      }
    }
    const parent = new Map<number, number>()
    const byId = new Map<number, ProfileNode>()
    for (const node of profile.nodes) {
      byId.set(node.id, node)
      for (const child of node.children ?? []) parent.set(child, node.id)
    }
    const name = (node: ProfileNode): string => {
      const file = node.callFrame.url.split('/').at(-1) ?? ''
      return `${node.callFrame.functionName || '(anonymous)'} ${file}`.trim()
    }
    const inclusive = new Map<string, number>()
    profile.samples.forEach((id, i) => {
      const delta = (profile.timeDeltas[i] ?? 0) / 1000
      const names = new Set<string>()
      for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
        const node = byId.get(at)
        if (node) names.add(name(node))
      }
      for (const each of names) inclusive.set(each, (inclusive.get(each) ?? 0) + delta)
    })
    const top = [...inclusive]
      .filter(([n]) => !/^\((root|program|idle)\)/.test(n))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 40)
    return ['  profile (inclusive ms):', ...top.map(([n, t]) => `    ${ms(t)}  ${n}`)].join('\n')
  }
}

/** Every long task of each document the context opens, at `Date.now()` time: the fold, the render. */
const LONG_TASKS = `globalThis.benchLongTasks = []
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      globalThis.benchLongTasks.push([performance.timeOrigin + entry.startTime, entry.duration])
    }
  }).observe({ type: 'longtask', buffered: true })`

/**
 * Where a catch-up's time goes, from the desk's side: when it heard it was approved, loaded the app
 * again, read the venue info, when its requests for the log's chunks ended (and how much they
 * carried), and how long its page was busy in long tasks (reading, checking and folding the log,
 * the first render) before the whole log showed. Start it before the approval.
 */
function watchCatchUp(page: Page): (from: number, shown: number) => Promise<string> {
  const seen: { at: number; path: string; bytes: number }[] = []
  let loadedAt = NaN
  page.on('load', () => (loadedAt = Date.now()))
  page.on('requestfinished', (request) => {
    const at = Date.now()
    const path = new URL(request.url()).pathname
    void request
      .sizes()
      .then((sizes) => seen.push({ at, path, bytes: sizes.responseBodySize }))
      .catch(() => seen.push({ at, path, bytes: 0 }))
  })
  return async (from, shown) => {
    const after = (at: number): string => (Number.isNaN(at) ? '?' : ms(at - from))
    const first = (test: (path: string) => boolean): number =>
      seen.find((r) => r.at >= from && test(r.path))?.at ?? NaN
    const logRequests = seen.filter(
      (r) =>
        r.at >= from && r.at <= shown && /^\/db\/log-/.test(r.path) && !r.path.includes('_local'),
    )
    const lastLog = logRequests.length === 0 ? NaN : Math.max(...logRequests.map((r) => r.at))
    const bytes = logRequests.reduce((sum, r) => sum + r.bytes, 0)
    const tasks = (
      await evaluateAcross<[number, number][] | undefined>(page, 'globalThis.benchLongTasks')
    )?.filter(([at]) => at >= from && at <= shown)
    const busy = (tasks ?? []).reduce((sum, [, duration]) => sum + duration, 0)
    const largest = (tasks ?? [])
      .map(([at, duration]) => `${ms(duration)} at ${after(at)}`)
      .sort((a, b) => Number.parseInt(b) - Number.parseInt(a))
      .slice(0, 4)
    return [
      '  where the catch-up went (ms after the approval):',
      `    approval seen by the waiting desk ${after(first((p) => p.startsWith('/venue/join/')))}, app loaded again ${after(loadedAt)}, venue info ${after(first((p) => p === '/venue/info'))}`,
      `    log requests done ${after(lastLog)} (${String(logRequests.length)} requests, ${(bytes / 1e6).toFixed(1)} MB), whole log shown ${after(shown)}`,
      `    log requests: ${logRequests.map((r) => `${r.path.split('/').at(-1) ?? ''} ${after(r.at)}`).join(', ')}`,
      `    page busy in long tasks ${ms(busy)}; largest: ${largest.join(', ') || 'none'}`,
    ].join('\n')
  }
}

/**
 * The whole log on screen: the Overview's "Today at the desk" row of division A (round 18 paired,
 * no result missing), where one laptop opens a file, or the Results screen's "Missing results in
 * round 18: 0", where an approved desk opens. A desk holds a prefix of the log until the rest
 * arrives (`logFromChunks`), and only the whole log has round 18's last result.
 */
const WHOLE_LOG_SHOWN = `[...document.querySelectorAll('table[aria-label="Today at the desk"] tbody tr')]
  .some((tr) => /\\b18\\b/.test(tr.cells[2]?.textContent ?? '') && (tr.cells[3]?.textContent ?? '').trim() === 'none')
  || [...document.querySelectorAll('h2')].some((h) => h.textContent === 'Missing results in round 18: 0')`

// The CLI as a director runs it, rebuilt from the sources (VENUE_CLI=source runs those instead).
if (process.env['VENUE_CLI'] !== 'source') {
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.cli.config.ts'],
    { cwd: root, stdio: 'inherit' },
  )
}
console.log(`load average ${loadavg()[0]?.toFixed(1) ?? '?'}`)

const browser = await launchChromium()
const { server, url: previewUrl } = await startPreview(4329, true)
const desks: NodeDesk[] = []
try {
  // 1. A new browser desk catches up a 10 020-command log.
  if (PARTS.has('catch-up')) {
    const long = writeLongEvent(mkdtempSync(join(tmpdir(), 'rackside-venue-bench-')), 10_000)
    const authority = await Authority.start({ eventFile: long.path, port: AUTHORITY_PORT })
    const context = await browser.newContext()
    const shownAt = await noteWhenShown(context, WHOLE_LOG_SHOWN)
    await context.addInitScript(LONG_TASKS)
    const page = await context.newPage()
    page.setDefaultTimeout(120_000)
    const joining = new JoinPage(page)
    const code = await joining.ask(authority.url, 'A results desk')
    await authority.waitFor('desk', (event) => event.code === code)
    const timeline = watchCatchUp(page)
    const profile = PROFILE ? await profilePage(page) : undefined
    const approvedAt = Date.now()
    await authority.approve(code, 'Desk 9')
    const shown = await shownAt(page)
    const catchUp = shown - approvedAt
    console.log(await timeline(approvedAt, shown))
    if (profile) console.log(await profile())
    await context.close()
    await authority.stop()

    const alone = await browser.newContext()
    const director = await alone.newPage()
    director.setDefaultTimeout(120_000)
    await director.goto(previewUrl)
    const chooser = director.waitForEvent('filechooser')
    await director.getByRole('button', { name: 'Open tournament file…' }).click()
    const opened = whenShown(director, WHOLE_LOG_SHOWN)
    const pickedAt = Date.now()
    await (await chooser).setFiles(long.path)
    const open = (await opened) - pickedAt
    await alone.close()
    report(
      `a new browser desk catches up ${String(long.log.length)} commands`,
      ms(catchUp),
      `under ${ms(CATCH_UP_MS)}`,
      catchUp < CATCH_UP_MS,
      `opening the same file takes ${ms(open)}`,
    )
  }

  // The Node desks of 2 and 3 are set up only for them.
  if (PARTS.has('desk-to-desk') || PARTS.has('pace')) {
    // 2 and 3 share one event: round 1 over 700 tables; tables 1–240 for 2, 241–640 for 3.
    const round = writeRoundOneEvent(mkdtempSync(join(tmpdir(), 'rackside-venue-bench-')), 700)
    const authority = await Authority.start({ eventFile: round.path, port: AUTHORITY_PORT })
    for (let n = 1; n <= 5; n++) desks.push(await NodeDesk.join(authority, `Desk ${String(n)}`))
    const head = headOfLog(round.log)

    // 2. Issue 27's goal: a typist's result (2 a second for 20 s) reaching four other desks; then
    // every desk typing at that pace, reported beside it without a target.
    if (PARTS.has('desk-to-desk')) {
      let table = 1
      const deskToDesk = async (
        writers: readonly NodeDesk[],
      ): Promise<{ latencies: number[]; expected: number; split: string }> => {
        const perDesk = 40
        const since = authority.mark()
        const proposed: string[] = []
        await Promise.all(
          writers.map(async (desk) => {
            for (let i = 0; i < perDesk; i++) {
              proposed.push(await desk.propose(resultAt(round.log, table++), head))
              await new Promise((resolve) => setTimeout(resolve, 500))
            }
          }),
        )
        await authority.waitForCount('accepted', proposed.length, () => true, 120_000, since)
        const everywhere = (): boolean =>
          desks.every((desk) => proposed.every((id) => desk.seen.has(id)))
        for (let waited = 0; !everywhere() && waited < 30_000; waited += 100) {
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        const latencies: number[] = []
        for (const writer of writers) {
          for (const id of proposed) {
            const at = writer.proposedAt.get(id)
            if (at === undefined) continue
            for (const reader of desks) {
              const seen = reader.seen.get(id)
              if (reader !== writer && seen !== undefined) latencies.push(seen - at)
            }
          }
        }
        // Where the time goes: to the authority's `accepted` line (push, decide, journal), then
        // from it to the other desks (the chunk written, pulled and held).
        const decidedAt = new Map<string, number>()
        authority.events.forEach((event, i) => {
          const at = authority.readAt[i]
          if (i >= since && event.event === 'accepted' && at !== undefined) {
            decidedAt.set(event.proposal, at)
          }
        })
        const toDecided: number[] = []
        const toDesks: number[] = []
        for (const writer of writers) {
          for (const id of proposed) {
            const at = writer.proposedAt.get(id)
            const decided = decidedAt.get(id)
            if (at === undefined || decided === undefined) continue
            toDecided.push(decided - at)
            for (const reader of desks) {
              const seen = reader.seen.get(id)
              if (reader !== writer && seen !== undefined) toDesks.push(seen - decided)
            }
          }
        }
        const split = `to accepted p95 ${ms(percentile(toDecided, 95))} (median ${ms(percentile(toDecided, 50))}), accepted to the other desks p95 ${ms(percentile(toDesks, 95))} (median ${ms(percentile(toDesks, 50))})`
        return { latencies, expected: proposed.length * (desks.length - 1), split }
      }
      const typist = await deskToDesk(desks.slice(0, 1))
      const everyone = await deskToDesk(desks)
      const alone = await oneLaptopDeskToDesk(round)
      const p95 = percentile(typist.latencies, 95)
      const figures = (latencies: readonly number[]): string =>
        `p95 ${ms(percentile(latencies, 95))}, median ${ms(percentile(latencies, 50))}`
      report(
        `one result desk to desk, a typist and four desks (${String(typist.latencies.length)} of ${String(typist.expected)} arrivals, at Node desks)`,
        figures(typist.latencies),
        `p95 under ${ms(P95_MS)}`,
        typist.latencies.length === typist.expected && p95 < P95_MS,
        `a result typed in one window reaches another: ${figures(alone)}`,
      )
      console.log(`  the typist's results: ${typist.split}`)
      console.log(
        `  all five desks typing 2 a second (${String(everyone.latencies.length)} of ${String(everyone.expected)} arrivals, no target): ${figures(everyone.latencies)}; ${everyone.split}`,
      )
    }

    // 3. The authority's pace: 400 results proposed at once by four desks.
    if (PARTS.has('pace')) {
      const since = authority.mark()
      const perDesk = 100
      const writers = desks.slice(0, 4)
      await Promise.all(
        writers.map(async (desk, d) => {
          for (let i = 0; i < perDesk; i++) {
            await desk.propose(resultAt(round.log, 241 + d * perDesk + i), head)
          }
        }),
      )
      const total = writers.length * perDesk
      await authority.waitForCount('accepted', total, () => true, 300_000, since)
      const times = authority.readAt.filter(
        (_, i) => i >= since && authority.events[i]?.event === 'accepted',
      )
      const first = times[0] ?? NaN
      const last = times.at(-1) ?? NaN
      const perSecond = ((times.length - 1) * 1000) / (last - first)
      const refused = authority.all('refused', () => true, since).length

      // One laptop: `decide` alone, the same 400 proposals on the same log.
      const start = recover(round.tournamentId, round.log)
      if (!start.ok) throw new Error(`the event does not recover: ${start.error.message}`)
      let state = start.value
      const started = performance.now()
      for (let i = 0; i < total; i++) {
        const command = resultAt(round.log, 241 + i)
        const proposal = {
          proposalId: `p${String(i)}`,
          desk: { id: 'd1', role: 'desk' },
          builtOn: head,
          command,
        } as const
        state = decide(state, proposal, new Date().toISOString()).next
      }
      const alonePerSecond = (total * 1000) / (performance.now() - started)
      report(
        `the authority decides and journals ${String(total)} results${refused > 0 ? ` (${String(refused)} refused)` : ''}`,
        `${perSecond.toFixed(0)} a second`,
        `at least ${String(RESULTS_PER_SECOND)} a second`,
        refused === 0 && perSecond >= RESULTS_PER_SECOND,
        `decide alone, no network or journal: ${alonePerSecond.toFixed(0)} a second`,
      )
    }
    await Promise.all(desks.map((desk) => desk.close()))
    desks.length = 0
    await authority.stop()
  }
} finally {
  await Promise.all(desks.map((desk) => desk.close()))
  await stopAllAuthorities()
  await browser.close()
  await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
}

/**
 * One laptop: the event opened in one window, a second window on the same Results screen; each of
 * 20 results typed in the first, the time until the second's Missing results count drops.
 */
async function oneLaptopDeskToDesk(event: VenueEventFile): Promise<number[]> {
  const context = await browser.newContext()
  try {
    const desk = await context.newPage()
    desk.setDefaultTimeout(120_000)
    await desk.goto(previewUrl)
    const chooser = desk.waitForEvent('filechooser')
    await desk.getByRole('button', { name: 'Open tournament file…' }).click()
    await (await chooser).setFiles(event.path)
    await desk.getByRole('heading', { name: 'Benchmark Open', level: 1 }).waitFor()
    const results = `${previewUrl.replace(/\/$/, '')}/#/t/${event.tournamentId}/results`
    await desk.goto(results)
    const other = await context.newPage()
    other.setDefaultTimeout(120_000)
    await other.goto(results)
    const line = desk.getByLabel('Result line')
    await line.waitFor()
    await other.getByRole('heading', { name: /^Missing results in round 1: / }).waitFor()
    // "Missing results in round 1: 598": the count every window on the Results screen shows.
    const missing = `Number(/: (\\d+)$/.exec([...document.querySelectorAll('h2')].find((h) =>
      h.textContent.startsWith('Missing results in round'))?.textContent ?? '')?.[1] ?? NaN)`
    const latencies: number[] = []
    for (let table = 401; table <= 420; table++) {
      const before = await evaluateAcross<number>(other, missing)
      if (Number.isNaN(before)) throw new Error('the second window shows no Missing results count')
      const arrived = whenShown(other, `${missing} < ${String(before)}`)
      await line.fill(`${String(table)} 400* 350`)
      const typedAt = Date.now()
      await line.press('Enter')
      latencies.push((await arrived) - typedAt)
    }
    return latencies
  } finally {
    await context.close()
  }
}

if (missed.length > 0) {
  console.log(`missed: ${missed.join('; ')}`)
  process.exitCode = 1
}
