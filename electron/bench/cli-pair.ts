/**
 * CLI pairing benchmark (issues 18 and 20): a late round of a 2000-player tsh `.t` division whose
 * history was paired the way a Swiss event is (test-support/late-event.ts: each player meets the
 * next one in the standings not met before), run as a director runs it, through the built
 * command line (`node out/cli/rackside.mjs`, rebuilt first), three times each:
 * - Swiss, round 19 of 20 after 18 rounds: target under 1 s;
 * - King of the Hill, round 20 of 20 after 19 rounds: target under 1.5 s.
 * The targets are the goals on a quiet 2-core machine; each run prints its figure, the
 * target and the load average, since a shared machine slows every figure down.
 *
 *   npx tsx electron/bench/cli-pair.ts
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { EventSoFar } from '../../shared/pairing/input'
import { swissLikeEvent } from '../../shared/pairing/test-support/late-event'

const PLAYERS = 2000
const root = fileURLToPath(new URL('../../', import.meta.url))
const cli = join(root, 'out', 'cli', 'rackside.mjs')

/** The division as a tsh `.t` file after its first `rounds` rounds. */
function tFile(event: EventSoFar, rounds: number): string {
  const opponents = new Map<number, number[]>()
  const scores = new Map<number, number[]>()
  const starts = new Map<number, number[]>()
  for (const e of event.entrants) {
    opponents.set(e.id, [])
    scores.set(e.id, [])
    starts.set(e.id, [])
  }
  for (const game of event.games) {
    if (game.round > rounds || game.result.kind !== 'played') continue
    const [a, b] = game.result.players
    const [sa, sb] = game.result.scores
    opponents.get(a)?.push(b)
    opponents.get(b)?.push(a)
    scores.get(a)?.push(sa)
    scores.get(b)?.push(sb)
    starts.get(a)?.push(game.first === a ? 1 : 2)
    starts.get(b)?.push(game.first === b ? 1 : 2)
  }
  const lines = event.entrants.map(
    (e) =>
      `Player, No${String(e.id)} ${String(e.rating)} ${(opponents.get(e.id) ?? []).join(' ')}; ${(scores.get(e.id) ?? []).join(' ')}; p12 ${(starts.get(e.id) ?? []).join(' ')}`,
  )
  return `${lines.join('\n')}\n`
}

// Always rebuilt, so the figures are those of the code as it is now.
execFileSync(
  process.execPath,
  [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.cli.config.ts'],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
)

const CASES = [
  { system: 'swiss', round: 19, targetMs: 1000 },
  { system: 'koth', round: 20, targetMs: 1500 },
] as const

const event = swissLikeEvent({ players: PLAYERS, rounds: 19, seed: 2000 })
const folder = mkdtempSync(join(tmpdir(), 'rackside-cli-bench-'))
try {
  for (const { system, round, targetMs } of CASES) {
    const file = join(folder, `late-${system}.t`)
    writeFileSync(file, tFile(event, round - 1))
    const args = [cli, 'pair', file, '--round', String(round), '--rounds', '20']
    for (let run = 1; run <= 3; run++) {
      const load = loadavg()[0] ?? 0
      const started = performance.now()
      const out = execFileSync(process.execPath, [...args, '--system', system, '--json'], {
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      })
      const ms = performance.now() - started
      const paired = JSON.parse(out) as { pairings: unknown[] }
      const verdict = ms < targetMs ? 'met' : 'MISSED'
      console.log(
        `[cli pair] ${String(PLAYERS)} players, Swiss-like history, round ${String(round)} of 20 by ${system}: ${String(paired.pairings.length)} pairings in ${ms.toFixed(0)} ms, target < ${String(targetMs)} ms: ${verdict} (run ${String(run)}, load ${load.toFixed(2)})`,
      )
    }
  }
} finally {
  rmSync(folder, { recursive: true, force: true })
}
