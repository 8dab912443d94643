/**
 * CLI pairing benchmark (issue 10): a 2000-player tsh `.t` division after 10 random rounds
 * (seeded: random pairings, results from an Elo-like model, the lower id of each game first), then
 * `rackside pair FILE --round 11 --rounds 20 --json` run as a director runs it, through npm, three
 * times. Prints each run's wall time; the target is under 1.5 s on our 2-core machine.
 *
 *   npx tsx electron/bench/cli-pair.ts
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { seededRng } from '../../shared/random'

const PLAYERS = 2000
const ROUNDS = 10

function randomEvent(): string {
  const rng = seededRng(2000)
  const rating = Array.from({ length: PLAYERS }, () => 900 + rng.int(1300))
  const opponents: number[][] = rating.map(() => [])
  const scores: number[][] = rating.map(() => [])
  const starts: number[][] = rating.map(() => [])
  for (let r = 0; r < ROUNDS; r++) {
    const order = Array.from({ length: PLAYERS }, (_, i) => i)
    for (let i = PLAYERS - 1; i > 0; i--) {
      const j = rng.int(i + 1)
      ;[order[i], order[j]] = [order[j] as number, order[i] as number]
    }
    for (let k = 0; k < PLAYERS; k += 2) {
      const a = order[k] as number
      const b = order[k + 1] as number
      const losing = 300 + rng.int(150)
      const margin = 1 + rng.int(200)
      const aWins = rng.next() < 1 / (1 + 10 ** (((rating[b] ?? 0) - (rating[a] ?? 0)) / 400))
      opponents[a]?.push(b + 1)
      opponents[b]?.push(a + 1)
      scores[a]?.push(aWins ? losing + margin : losing)
      scores[b]?.push(aWins ? losing : losing + margin)
      starts[a]?.push(1)
      starts[b]?.push(2)
    }
  }
  const lines = rating.map(
    (r, i) =>
      `Player, No${String(i + 1)} ${String(r)} ${(opponents[i] ?? []).join(' ')}; ${(scores[i] ?? []).join(' ')}; p12 ${(starts[i] ?? []).join(' ')}`,
  )
  return `${lines.join('\n')}\n`
}

const folder = mkdtempSync(join(tmpdir(), 'rackside-cli-bench-'))
try {
  const file = join(folder, 'big.t')
  writeFileSync(file, randomEvent())
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const args = ['run', '-s', 'cli', '--', 'pair', file, '--round', '11', '--rounds', '20', '--json']
  for (let run = 1; run <= 3; run++) {
    const started = performance.now()
    const out = execFileSync(npm, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    const ms = performance.now() - started
    const paired = JSON.parse(out) as { pairings: unknown[]; system: string }
    console.log(
      `[cli pair] ${String(PLAYERS)} players after ${String(ROUNDS)} random rounds, round 11 by ${paired.system}: ${String(paired.pairings.length)} pairings in ${ms.toFixed(0)} ms (run ${String(run)})`,
    )
  }
} finally {
  rmSync(folder, { recursive: true, force: true })
}
