/**
 * Registration bench (issue 20: "registration linear up to the 20,000-row limit"): a registration
 * list of 5,000, 10,000 and 20,000 rows (CSV_LIMITS.rows), Latin-1 as Excel saves it, read, planned
 * in slices of 250 as the Players screen does (every row checked, duplicates found) and registered
 * by one `registerPlayers` command, the median of 3 each. Prints each step's time and its ratio to
 * the 5,000-row figure (linear is ×2 and ×4). Exits non-zero when 20,000 rows cost more than ×6 of
 * 5,000 (quadratic is ×16) or take 2 s or more in all.
 *
 *   npx tsx electron/bench/registration-scaling.ts
 */
import { loadavg } from 'node:os'
import {
  planCsvRegistrationInSlices,
  readCsvPlayersBytes,
  registrationCommand,
} from '../../shared/formats/csv-registration'
import { CSV_LIMITS } from '../../shared/formats/csv-players'
import { encodeText } from '../../shared/formats/text-codec'
import { rulesFromPreset } from '../../shared/rules/presets'
import { apply } from '../../shared/tournament/apply'
import type { Command } from '../../shared/tournament/commands'
import type { TournamentState } from '../../shared/tournament/types'

const SIZES = [5_000, 10_000, CSV_LIMITS.rows] as const
const RUNS = 3
const MAX_RATIO = 6
const TARGET_MS = 2_000

function event(): TournamentState {
  let state: TournamentState | undefined
  const commands: Command[] = [
    {
      type: 'createTournament',
      info: { name: 'T', venue: '', startDate: '2026-01-10', endDate: '2026-01-10', rounds: 7 },
      rules: rulesFromPreset('nsa1995'),
    },
    { type: 'addDivision', name: 'A' },
  ]
  for (const command of commands) {
    const next = apply(state, command, 'bench')
    if (!next.ok) throw new Error(next.error.message)
    state = next.value
  }
  if (state === undefined) throw new Error('no event')
  return state
}

/** `rows` players, one in fifty a duplicate of an earlier row (skipped), as real lists have. */
function csvBytes(rows: number): Uint8Array {
  const lines = ['Surname;Given name;Rating;Member ID;Club;Country;Email']
  for (let i = 0; i < rows; i += 1) {
    const n = i % 50 === 49 ? i - 1 : i
    lines.push(`Müller${n};Jürgen;${1000 + (n % 1000)};M${n};Köln;DEU;j${n}@example.org`)
  }
  const bytes = encodeText(lines.join('\r\n'), 'latin1')
  if (!bytes.ok) throw new Error(bytes.error.message)
  return bytes.value
}

const median = (values: readonly number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

const start = event()
const figures: { rows: number; read: number; plan: number; apply: number; total: number }[] = []
for (const rows of SIZES) {
  const bytes = csvBytes(rows)
  const runs: { read: number; plan: number; apply: number }[] = []
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now()
    const read = readCsvPlayersBytes(bytes)
    const t1 = performance.now()
    // In slices of 250 with progress between them, as the Players screen checks a list.
    const steps = planCsvRegistrationInSlices(start, 'A', read.rows, 250)
    let step = steps.next()
    while (step.done !== true) step = steps.next()
    const plan = step.value
    const t2 = performance.now()
    const command = registrationCommand('A', plan)
    if (command === null) throw new Error('nothing to register')
    const after = apply(start, command, 'bench')
    const t3 = performance.now()
    const registered = after.ok ? (after.value.divisions[0]?.players.length ?? 0) : -1
    if (registered !== rows - Math.floor(rows / 50)) {
      throw new Error(`${rows} rows registered ${registered} players`)
    }
    runs.push({ read: t1 - t0, plan: t2 - t1, apply: t3 - t2 })
  }
  const read = median(runs.map((r) => r.read))
  const plan = median(runs.map((r) => r.plan))
  const applied = median(runs.map((r) => r.apply))
  figures.push({
    rows,
    read,
    plan,
    apply: applied,
    total: median(runs.map((r) => r.read + r.plan + r.apply)),
  })
}

const [base] = figures
if (base === undefined) throw new Error('no figures')
for (const f of figures) {
  const ratio = (key: 'read' | 'plan' | 'apply' | 'total'): string =>
    `×${(f[key] / base[key]).toFixed(1)}`
  console.log(
    `registration of ${f.rows} rows: read ${f.read.toFixed(0)} ms (${ratio('read')}), ` +
      `plan ${f.plan.toFixed(0)} ms (${ratio('plan')}), apply ${f.apply.toFixed(0)} ms (${ratio('apply')}), ` +
      `total ${f.total.toFixed(0)} ms (${ratio('total')} of ${base.rows} rows; linear ×${f.rows / base.rows})`,
  )
}
const last = figures[figures.length - 1]
const ratio = last === undefined ? NaN : last.total / base.total
console.log(
  `20,000 / 5,000 rows: ×${ratio.toFixed(1)} (at most ×${MAX_RATIO}); 20,000 rows in ${(last?.total ?? NaN).toFixed(0)} ms (target under ${TARGET_MS} ms); load average ${loadavg()[0]?.toFixed(1)}`,
)
if (!(ratio <= MAX_RATIO) || !((last?.total ?? Infinity) < TARGET_MS)) process.exitCode = 1
