/**
 * Replay benchmark (issues 10, 18): pairs every round of real and synthetic events on their real
 * histories, three ways side by side: the program the event used (its real pairings, measured),
 * our default (the automatic plan) and plain Swiss every round. For each round r an engine sees
 * the rounds before r as they really were, pairs round r, and the round is measured; then the
 * event goes on with the real round r (so every program is judged on the same histories).
 *
 *   npx tsx electron/bench/pairing-replay.ts            # this tree's engine and automatic plan
 *   PAIRING_PLAN=rating-swiss npx tsx electron/bench/pairing-replay.ts
 *                                                  # the default row on the old plan's shape
 *   PAIRING_ROOT=<a checkout of an older commit> npx tsx electron/bench/pairing-replay.ts
 *                                                  # another tree's engine (at aff415f, the old
 *                                                  # defaults: by rating, then Swiss, no repeats)
 *
 * The default row pairs each round as `rackside pair` does without --system (the same shared
 * use-cases: `autoPlanForHistory`, the default contention of the last rounds): a schedule step
 * pairs only its own first round, since a schedule cannot follow a history it did not make.
 *
 * Events: the MGI 2022 division (shared/fixtures) and seeded synthetic events
 * (test-support/synthetic-t.ts): greedy Swiss histories of 16 × 20, 24 × 23, 35 × 27, 45 × 31,
 * 47 × 31 and 109 × 14; round robins then King of the Hill of 10 × 30 (three cycles), 12 × 16
 * (one) and 8 × 14 (two). REPLAY_EVENTS=<part of a name> replays only the events it names. A
 * line per event after the table says where the default is worse than the event's own program.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { readTFile } from '../../shared/formats/t-file'
import type { TDivisionFile } from '../../shared/formats/t-file-types'
import { syntheticEventT, type SyntheticEvent } from '../../shared/pairing/test-support/synthetic-t'
import { PRESETS } from '../../shared/rules/presets'

const root = process.env.PAIRING_ROOT ?? join(import.meta.dirname, '..', '..')
const load = async <T>(path: string): Promise<T> =>
  (await import(pathToFileURL(join(root, path)).href)) as T

interface Player {
  readonly id: number
  readonly wins: number
  readonly rank: number
  readonly firsts: number
  readonly seconds: number
  readonly active: boolean
}
interface Paired {
  readonly pairings: readonly { readonly first: number; readonly second: number }[]
  readonly byes: readonly { readonly player: number }[]
}
type Result<T> = { ok: true; value: T } | { ok: false; error: { message: string } }
interface Engine {
  pairingInputFromTFile: (
    file: TDivisionFile,
    request: Record<string, unknown>,
  ) => Result<{
    players: readonly Player[]
    history: readonly { pairs: [number, number][]; round: number }[]
  }>
  pairRound: (input: unknown) => Result<Paired>
  plan: (
    players: number,
    rounds: number,
  ) => readonly {
    fromRound: number
    system: string
    basedOn: 'previous' | 'lagged'
    maxRepeats: number | null
  }[]
  /**
   * This tree's automatic plan on a history it did not see paired, and its default contention
   * (the CLI's own use-cases: shared/tournament/plan.ts, pairing-rules.ts); absent in older trees.
   */
  history?: (
    players: number,
    rounds: number,
    round: number,
  ) => {
    step: { fromRound: number; system: string; maxRepeats: number | null }
    basis: number
    fontesRounds?: number
  }
  contention?: (rounds: number) => unknown
  name: string
}

/** The CLI's automatic plan and default contention, where the tree has them. */
async function historyPlanner(): Promise<Pick<Engine, 'history' | 'contention'>> {
  const plan = await load<{ autoPlanForHistory?: Engine['history'] }>('shared/tournament/plan.ts')
  const rules = await load<{
    defaultContention?: (rounds: number) => unknown
    gibsonOptions?: (settings: unknown, info: { rounds: number }, cap: null) => unknown
  }>('shared/tournament/pairing-rules.ts').catch(() => ({}) as Record<string, undefined>)
  const { defaultContention, gibsonOptions } = rules
  return {
    ...(plan.autoPlanForHistory === undefined ? {} : { history: plan.autoPlanForHistory }),
    ...(defaultContention === undefined || gibsonOptions === undefined
      ? {}
      : {
          contention: (rounds: number) =>
            gibsonOptions(defaultContention(rounds), { rounds }, null),
        }),
  }
}

async function engine(): Promise<Engine> {
  const { pairingInputFromTFile } = await load<Pick<Engine, 'pairingInputFromTFile'>>(
    'shared/pairing/from-t-file.ts',
  )
  const { pairRound } = await load<Pick<Engine, 'pairRound'>>('shared/pairing/pair-round.ts')
  if (process.env.PAIRING_PLAN === 'rating-swiss') {
    // The weight model alone: the old plan's shape (rating, then Swiss each round), no limit.
    const shape: ReturnType<Engine['plan']> = [
      { fromRound: 1, system: 'rating', basedOn: 'previous', maxRepeats: null },
      { fromRound: 2, system: 'swiss', basedOn: 'previous', maxRepeats: null },
    ]
    return {
      pairingInputFromTFile,
      pairRound,
      plan: () => shape,
      name: 'rating then Swiss, weights.ts',
    }
  }
  if (existsSync(join(root, 'shared/pairing/auto-plan.ts'))) {
    const { autoPlan } = await load<{ autoPlan: Engine['plan'] }>('shared/pairing/auto-plan.ts')
    return {
      pairingInputFromTFile,
      pairRound,
      plan: autoPlan,
      ...(await historyPlanner()),
      name: 'automatic plan, weights.ts',
    }
  }
  // The engine before the automatic plan: every division got this plan.
  const old: ReturnType<Engine['plan']> = [
    { fromRound: 1, system: 'rating', basedOn: 'previous', maxRepeats: 0 },
    { fromRound: 2, system: 'swiss', basedOn: 'previous', maxRepeats: 0 },
  ]
  return { pairingInputFromTFile, pairRound, plan: () => old, name: 'old defaults' }
}

interface Row {
  event: string
  program: string
  rounds: number
  repeats: number
  backToBack: number
  winDiffSum: number
  winDiffMax: number
  bothDueToStart: number
  startsOffBy2: number
  leader: string
  msPerRound: number
}

const PROGRAMS = ['event', 'default', 'swiss'] as const
type Program = (typeof PROGRAMS)[number]
const PROGRAM_WORDS: Readonly<Record<Program, string>> = {
  event: "event's own",
  default: 'default',
  swiss: 'Swiss',
}

interface Step {
  readonly fromRound: number
  readonly system: string
  readonly basedOn: 'previous' | 'lagged'
  readonly maxRepeats: number | null
}

/** The steps a program pairs by; null for the event's own pairings. */
function stepsOf(e: Engine, program: Program, active: number, total: number): Step[] | null {
  switch (program) {
    case 'event':
      return null
    case 'swiss':
      return [{ fromRound: 1, system: 'swiss', basedOn: 'previous', maxRepeats: null }]
    case 'default':
      // A round-robin schedule cannot follow a history it did not make: such steps are replayed
      // as Swiss (King of the Hill in the last round), which is what the plan does past its cycles.
      return e
        .plan(active, total)
        .flatMap((s) =>
          s.system === 'round-robin' || s.system === 'double-round-robin'
            ? [
                { ...s, system: 'swiss' },
                ...(total >= 5 ? [{ ...s, fromRound: total, system: 'koth' }] : []),
              ]
            : [s],
        )
  }
}

/** Round `round` as the event really paired it: who started (p12 1) first. */
function realRound(file: TDivisionFile, round: number): Paired {
  const pairings: { first: number; second: number }[] = []
  const byes: { player: number }[] = []
  for (const line of file.players) {
    const opponent = line.opponents[round - 1]
    if (opponent === undefined) continue
    if (opponent === 0) {
      if ((line.scores[round - 1] ?? 0) !== 0) byes.push({ player: line.id })
      continue
    }
    if (line.id > opponent) continue
    const p12 = line.tags.find((t) => t.name === 'p12')?.values[round - 1]
    pairings.push(
      p12 === '2' ? { first: opponent, second: line.id } : { first: line.id, second: opponent },
    )
  }
  return { pairings, byes }
}

function replay(e: Engine, name: string, text: string, program: Program): Row {
  const { file } = readTFile(text)
  const total = Math.max(...file.players.map((p) => p.opponents.length))
  const active = file.players.length
  const plan = stepsOf(e, program, active, total)
  const row: Row = {
    event: name,
    program: PROGRAM_WORDS[program],
    rounds: 0,
    repeats: 0,
    backToBack: 0,
    winDiffSum: 0,
    winDiffMax: 0,
    bothDueToStart: 0,
    startsOffBy2: 0,
    leader: '',
    msPerRound: 0,
  }
  const leaderRanks: number[] = []
  let ms = 0
  for (let round = 1; round <= total; round++) {
    const starts = { rules: PRESETS.nsa1995, options: {} }
    let paired: Paired
    let request: Record<string, unknown> = { round, basedOn: round - 1, system: 'swiss', starts }
    if (plan === null) {
      paired = realRound(file, round)
    } else {
      let step = plan[0]
      for (const s of plan) if (s.fromRound <= round) step = s
      if (step === undefined) throw new Error('empty plan')
      let basedOn = step.basedOn === 'lagged' ? Math.max(0, round - 2) : round - 1
      let system = step.system
      let maxRepeats = step.maxRepeats
      let fontesRounds = step.system === 'fontes' ? (plan[1]?.fromRound ?? 4) - 1 : undefined
      let gibson: unknown
      let roundRobinStart: number | undefined
      if (program === 'default' && e.history !== undefined) {
        // As `rackside pair` pairs it without --system: the same shared use-cases.
        const auto = e.history(active, total, round)
        ;({ basis: basedOn, fontesRounds } = auto)
        ;({ system, maxRepeats } = auto.step)
        gibson = e.contention?.(total)
        if (system === 'round-robin' || system === 'double-round-robin') {
          roundRobinStart = auto.step.fromRound
        }
      }
      request = {
        round,
        rounds: total,
        basedOn,
        system,
        maxRepeats,
        seed: round,
        starts,
        ...(fontesRounds === undefined ? {} : { fontesRounds }),
        ...(gibson === undefined ? {} : { gibson }),
        ...(roundRobinStart === undefined ? {} : { roundRobinStart }),
      }
      const input = e.pairingInputFromTFile(file, request)
      if (!input.ok) throw new Error(`${name} round ${String(round)}: ${input.error.message}`)
      const t0 = performance.now()
      const result = e.pairRound(input.value)
      ms += performance.now() - t0
      if (!result.ok) throw new Error(`${name} round ${String(round)}: ${result.error.message}`)
      paired = result.value
    }
    // Measured on the standings after the last round, whatever the round was paired on.
    const now = e.pairingInputFromTFile(file, { ...request, basedOn: round - 1, system: 'swiss' })
    if (!now.ok) throw new Error(now.error.message)
    const byId = new Map(now.value.players.map((p) => [p.id, p]))
    const met = new Map<string, number[]>()
    for (const past of now.value.history) {
      for (const [a, b] of past.pairs) {
        const key = `${String(Math.min(a, b))}-${String(Math.max(a, b))}`
        met.set(key, [...(met.get(key) ?? []), past.round])
      }
    }
    const tally = new Map(now.value.players.map((p) => [p.id, p.firsts - p.seconds]))
    for (const p of paired.pairings) {
      const a = byId.get(p.first)
      const b = byId.get(p.second)
      if (a === undefined || b === undefined) continue
      const rounds =
        met.get(`${String(Math.min(a.id, b.id))}-${String(Math.max(a.id, b.id))}`) ?? []
      if (rounds.length > 0) row.repeats++
      if (rounds.includes(round - 1)) row.backToBack++
      const gap = Math.abs(a.wins - b.wins)
      row.winDiffSum += gap
      row.winDiffMax = Math.max(row.winDiffMax, gap)
      if (a.seconds > a.firsts && b.seconds > b.firsts) row.bothDueToStart++
      tally.set(a.id, (tally.get(a.id) ?? 0) + 1)
      tally.set(b.id, (tally.get(b.id) ?? 0) - 1)
    }
    for (const d of tally.values()) if (Math.abs(d) >= 2) row.startsOffBy2++
    if (round > total - 3 && round > 1) {
      const leader = [...now.value.players].sort((x, y) => x.rank - y.rank || x.id - y.id)[0]
      const game = paired.pairings.find((p) => p.first === leader?.id || p.second === leader?.id)
      const opponent =
        game === undefined
          ? undefined
          : byId.get(game.first === leader?.id ? game.second : game.first)
      leaderRanks.push(opponent?.rank ?? 0)
    }
    row.rounds++
  }
  row.leader = leaderRanks.map((r) => (r === 0 ? 'bye' : String(r))).join(', ')
  row.msPerRound = ms / Math.max(1, row.rounds)
  return row
}

const e = await engine()
const fixture = readFileSync(
  join(import.meta.dirname, '..', '..', 'shared', 'formats', '__fixtures__', 'mgi-2022', 'a.t'),
  'latin1',
)
const synthetic = (event: SyntheticEvent): [string, string] => [
  event.program === 'greedy-swiss'
    ? `synthetic ${String(event.players)} × ${String(event.rounds)}`
    : `synthetic ${String(event.players)} × ${String(event.rounds)}, ${String(event.cycles ?? 1)} RR + KOTH`,
  syntheticEventT(event),
]
const events: [string, string][] = [
  ['MGI 2022 A (59 × 12)', fixture],
  synthetic({ players: 24, rounds: 23, seed: 2423, program: 'greedy-swiss' }),
  synthetic({ players: 35, rounds: 27, seed: 3527, program: 'greedy-swiss' }),
  synthetic({ players: 45, rounds: 31, seed: 4531, program: 'greedy-swiss' }),
  synthetic({ players: 47, rounds: 31, seed: 4731, program: 'greedy-swiss' }),
  synthetic({ players: 109, rounds: 14, seed: 10914, program: 'greedy-swiss' }),
  synthetic({ players: 10, rounds: 30, seed: 1030, program: 'round-robin-then-koth', cycles: 3 }),
  synthetic({ players: 12, rounds: 16, seed: 1216, program: 'round-robin-then-koth', cycles: 1 }),
  synthetic({ players: 8, rounds: 14, seed: 814, program: 'round-robin-then-koth', cycles: 2 }),
  synthetic({ players: 16, rounds: 20, seed: 1620, program: 'greedy-swiss' }),
]
const only = process.env.REPLAY_EVENTS
const rows = events
  .filter(([name]) => only === undefined || name.includes(only))
  .flatMap(([name, text]) => PROGRAMS.map((program) => replay(e, name, text, program)))
const head = [
  'event',
  'program',
  'rounds',
  'repeats',
  'back-to-back',
  'Σ win gap',
  'max win gap',
  'both due to start',
  'starts off by 2+',
  "leader's opp. ranks (last 3)",
  'ms/round',
]
const cells = rows.map((r) => [
  r.event,
  r.program,
  String(r.rounds),
  String(r.repeats),
  String(r.backToBack),
  String(r.winDiffSum),
  String(r.winDiffMax),
  String(r.bothDueToStart),
  String(r.startsOffBy2),
  r.leader,
  r.program === PROGRAM_WORDS.event ? '' : r.msPerRound.toFixed(1),
])
const widths = head.map((h, k) => Math.max(h.length, ...cells.map((c) => (c[k] ?? '').length)))
const line = (c: readonly string[]): string =>
  `| ${c.map((x, k) => x.padEnd(widths[k] ?? 0)).join(' | ')} |`
console.log(`Pairing replay: ${e.name} (${root})`)
console.log(line(head))
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
for (const c of cells) console.log(line(c))

// Issue 18's test, event by event: the default no worse than the event's own program.
const CRITERIA = [
  ['repeats', (r: Row) => r.repeats],
  ['back-to-back', (r: Row) => r.backToBack],
  ['Σ win gap', (r: Row) => r.winDiffSum],
  ['both due to start', (r: Row) => r.bothDueToStart],
] as const
for (const own of rows.filter((r) => r.program === PROGRAM_WORDS.event)) {
  const ours = rows.find((r) => r.event === own.event && r.program === PROGRAM_WORDS.default)
  if (ours === undefined) continue
  const worse = CRITERIA.filter(([, of]) => of(ours) > of(own)).map(
    ([what, of]) => `${what} ${String(of(ours))} against ${String(of(own))}`,
  )
  console.log(
    `${own.event}: default ${worse.length === 0 ? "no worse than the event's own" : `worse on ${worse.join(', ')}`}`,
  )
}
