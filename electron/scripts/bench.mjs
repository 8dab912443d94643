// `npm run bench` runs this: every benchmark in turn, even after one misses its target, so one run
// prints every figure against its goal; then a summary, and a non-zero exit if any step missed or
// failed. Each step can also be run alone with the command printed beside it.
import { spawnSync } from 'node:child_process'
import { loadavg } from 'node:os'

const STEPS = [
  ['unit-level benches (vitest bench)', 'vitest bench --run --exclude **/live-*.bench.ts'],
  ["the phones' live pages at 2000 players", 'vitest bench --run shared/venue/live-pages.bench.ts'],
  ['pairing replay: the event, the default plan and Swiss', 'tsx electron/bench/pairing-replay.ts'],
  ['pair through the built CLI at 2000 players', 'tsx electron/bench/cli-pair.ts'],
  ['the conformance kit: 300 generated events verify clean', 'tsx electron/bench/conformance.ts'],
  ['registration up to 20,000 rows', 'tsx electron/bench/registration-scaling.ts'],
  ['the venue authority: results a second, each fsynced', 'tsx electron/bench/venue-authority.ts'],
  ['the browser build the next steps drive', 'vite build --config vite.web.config.ts'],
  ['500 result slips to PDF', 'tsx e2e/bench/slips-to-pdf.ts'],
  ['opening a tournament file at 1000 and 2000 players', 'tsx e2e/bench/open-file.ts'],
  ['the projector at 2000 players', 'tsx e2e/bench/projector.ts'],
  ['pairing and showing round 21 at 2000 players', 'tsx e2e/bench/pair-round.ts'],
  ['one result at 2000 players, other screens following', 'tsx e2e/bench/result-entry.ts'],
  ['every screen opened at 2000 players × 20 rounds', 'tsx e2e/bench/screens.ts'],
  [
    'the venue network beside one laptop: catching up, desk to desk, the authority',
    'tsx e2e/bench/venue.ts',
  ],
]

const only = process.argv.slice(2)
const results = []
for (const [what, command] of STEPS) {
  if (only.length > 0 && !only.some((word) => command.includes(word))) continue
  const load = loadavg()[0].toFixed(1)
  console.log(`\n=== ${what}: npx ${command} (load average ${load})`)
  const started = performance.now()
  const run = spawnSync('npx', command.split(' '), { stdio: 'inherit' })
  const seconds = ((performance.now() - started) / 1000).toFixed(0)
  results.push({ what, command, status: run.status ?? 1, seconds })
}

console.log('\n=== Summary')
for (const r of results) {
  const verdict = r.status === 0 ? 'ok' : 'MISSED OR FAILED'
  console.log(`${verdict.padEnd(16)} ${r.what} (${r.seconds} s): npx ${r.command}`)
}
process.exit(results.every((r) => r.status === 0) ? 0 : 1)
