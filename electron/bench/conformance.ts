/**
 * The conformance kit over 300 events (issue 29): each generated from its seed (6–40 players,
 * 5–15 rounds, rating spreads of 0–1000 points, every preset, a third with forfeits, a third
 * with late entries and a third with withdrawals), written as a `.t`, read back as
 * `rackside verify` reads it, and verified: every round must be what our plan pairs from the
 * position before it, with no finding at all (not even a note). Prints the count, the slowest
 * event and the time; exits 1 naming the seed of any event with a finding, so
 * `rackside generate --seed N …` makes it again.
 *
 *   npx tsx electron/bench/conformance.ts [COUNT]
 */
import { loadavg } from 'node:os'
import { readTFile } from '../../shared/formats/t-file'
import { generateEvent } from '../../shared/pairing/conformance/generate'
import { verifyEvent } from '../../shared/pairing/conformance/verify'
import { seededRng } from '../../shared/random'
import { PRESET_IDS } from '../../shared/rules/rule-set'

const count = Number(process.argv[2] ?? 300)
const rng = seededRng(2029)
const presets = PRESET_IDS.filter((p) => p !== 'custom')
const started = performance.now()
let failed = 0
let slowest = { ms: 0, what: '' }
let rounds = 0
for (let seed = 1; seed <= count; seed++) {
  const players = 6 + rng.int(35)
  const eventRounds = 5 + rng.int(11)
  const ratingSpread = rng.int(11) * 100
  const preset = presets[rng.int(presets.length)] ?? 'nsa1995'
  // One event in three with forfeits, one in three with late entries.
  const forfeits = rng.int(3) === 0 ? 1 + rng.int(10) : 0
  const lateEntries = rng.int(3) === 0 ? 1 + rng.int(Math.floor(players / 4)) : 0
  // Drawn from their own seed so the events before withdrawals came in stay the same.
  const withdrawals = seed % 3 === 2 ? 1 + (seed % Math.floor(players / 4)) : 0
  const what = `rackside generate --seed ${String(seed)} --players ${String(players)} --rounds ${String(eventRounds)} --spread ${String(ratingSpread)} --preset ${preset} --forfeits ${String(forfeits)} --late ${String(lateEntries)} --withdrawals ${String(withdrawals)}`
  const t0 = performance.now()
  const event = generateEvent({
    seed,
    players,
    rounds: eventRounds,
    ratingSpread,
    preset,
    forfeits,
    lateEntries,
    withdrawals,
  })
  if (!event.ok) {
    failed += 1
    console.log(`FAILED ${what}: ${event.error.message}`)
    continue
  }
  const { file } = readTFile(event.value.text)
  const report = verifyEvent(file, { preset, plan: null, seed })
  rounds += report.rounds
  const ms = performance.now() - t0
  if (ms > slowest.ms) slowest = { ms, what }
  if (report.findings.length > 0) {
    failed += 1
    console.log(`FINDINGS ${what}:`)
    for (const f of report.findings.slice(0, 5)) console.log(`  ${f.message} [${f.code}]`)
  }
}
const seconds = (performance.now() - started) / 1000
console.log(
  `${String(count - failed)} of ${String(count)} generated events verify clean (${String(rounds)} rounds) in ${seconds.toFixed(1)} s; slowest ${slowest.ms.toFixed(0)} ms: ${slowest.what} (load average ${(loadavg()[0] ?? 0).toFixed(1)})`,
)
process.exit(failed === 0 ? 0 : 1)
