/**
 * Replay benchmark (issue 10): pairs every round of real and synthetic events on their real
 * histories and prints one table row per event. For each round r the engine sees the rounds
 * before r as they really were, pairs round r, and the round is measured; then the event goes on
 * with the real round r (so both engines are judged on the same histories).
 *
 *   npx tsx electron/bench/pairing-replay.ts            # this tree's engine and automatic plan
 *   PAIRING_PLAN=rating-swiss npx tsx electron/bench/pairing-replay.ts
 *                                                  # the weight model alone, on the old plan
 *   PAIRING_ROOT=<a checkout of an older commit> npx tsx electron/bench/pairing-replay.ts
 *                                                  # another tree's engine (at aff415f, the old
 *                                                  # defaults: by rating, then Swiss, no repeats)
 *
 * Round-robin steps of the plan are replayed as Swiss (and King of the Hill last): a schedule
 * cannot follow a history it did not make.
 *
 * Events: the MGI 2022 division (shared/fixtures) and three seeded synthetic events (24 × 23,
 * 45 × 31, 109 × 14). A synthetic event's real history is made here, engine-independent: round 1
 * top half v bottom half by rating, then a greedy Swiss (each top unpaired player meets the next
 * one they have met least), results from an Elo-like model on a seeded generator.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { readTFile } from '../../shared/formats/t-file'
import type { TDivisionFile } from '../../shared/formats/t-file-types'
import { seededRng, type Rng } from '../../shared/random'
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
  name: string
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
    return { pairingInputFromTFile, pairRound, plan: autoPlan, name: 'automatic plan, weights.ts' }
  }
  // The engine before the automatic plan: every division got this plan.
  const old: ReturnType<Engine['plan']> = [
    { fromRound: 1, system: 'rating', basedOn: 'previous', maxRepeats: 0 },
    { fromRound: 2, system: 'swiss', basedOn: 'previous', maxRepeats: 0 },
  ]
  return { pairingInputFromTFile, pairRound, plan: () => old, name: 'old defaults' }
}

// ---- synthetic events -------------------------------------------------------------------------

interface SynthPlayer {
  rating: number
  opponents: number[]
  scores: number[]
  p12: number[]
}

/** A synthetic event as `.t` text: seeded ratings, greedy Swiss pairings, Elo-like results. */
function syntheticEvent(players: number, rounds: number, seed: number): string {
  const rng: Rng = seededRng(seed)
  const field: SynthPlayer[] = Array.from({ length: players }, () => ({
    rating: 900 + rng.int(1300),
    opponents: [],
    scores: [],
    p12: [],
  }))
  const wins = (p: SynthPlayer): number =>
    p.scores.reduce((w, s, k) => {
      const o = p.opponents[k] ?? 0
      if (o === 0) return w + 1
      const theirs = field[o - 1]?.scores[k] ?? 0
      return w + (s > theirs ? 1 : s === theirs ? 0.5 : 0)
    }, 0)
  const spread = (p: SynthPlayer): number =>
    p.scores.reduce((t, s, k) => {
      const o = p.opponents[k] ?? 0
      return t + (o === 0 ? 50 : s - (field[o - 1]?.scores[k] ?? 0))
    }, 0)
  for (let r = 0; r < rounds; r++) {
    const ids = field.map((_, i) => i + 1)
    const order =
      r === 0
        ? ids.sort((a, b) => (field[b - 1]?.rating ?? 0) - (field[a - 1]?.rating ?? 0))
        : ids.sort((a, b) => {
            const pa = field[a - 1] as SynthPlayer
            const pb = field[b - 1] as SynthPlayer
            return wins(pb) - wins(pa) || spread(pb) - spread(pa) || a - b
          })
    let pool = [...order]
    if (pool.length % 2 === 1) {
      // The bye: lowest ranked without one.
      const byes = (id: number): number =>
        field[id - 1]?.opponents.filter((o) => o === 0).length ?? 0
      const bye = [...pool].reverse().sort((a, b) => byes(a) - byes(b))[0] as number
      pool = pool.filter((id) => id !== bye)
      const p = field[bye - 1] as SynthPlayer
      p.opponents.push(0)
      p.scores.push(50)
      p.p12.push(0)
    }
    const pairs: [number, number][] = []
    if (r === 0) {
      const half = pool.length / 2
      for (let k = 0; k < half; k++) pairs.push([pool[k] as number, pool[k + half] as number])
    } else {
      while (pool.length > 0) {
        const [top, ...rest] = pool as [number, ...number[]]
        const met = (o: number): number =>
          field[top - 1]?.opponents.filter((x) => x === o).length ?? 0
        let best = 0
        for (let k = 1; k < rest.length; k++)
          if (met(rest[k] as number) < met(rest[best] as number)) best = k
        const other = rest[best] as number
        pairs.push([top, other])
        pool = rest.filter((id) => id !== other)
      }
    }
    for (const [a, b] of pairs) {
      const pa = field[a - 1] as SynthPlayer
      const pb = field[b - 1] as SynthPlayer
      const first =
        pa.p12.filter((x) => x === 1).length <= pb.p12.filter((x) => x === 1).length ? a : b
      const chance = 1 / (1 + 10 ** ((pb.rating - pa.rating) / 400))
      const loser = 300 + rng.int(150)
      const margin = 1 + rng.int(200)
      const aWins = rng.next() < chance
      pa.opponents.push(b)
      pb.opponents.push(a)
      pa.scores.push(aWins ? loser + margin : loser)
      pb.scores.push(aWins ? loser : loser + margin)
      pa.p12.push(first === a ? 1 : 2)
      pb.p12.push(first === b ? 1 : 2)
    }
  }
  return field
    .map(
      (p, i) =>
        `Synth, P${String(i + 1).padStart(3, '0')} ${String(p.rating)} ${p.opponents.join(' ')}; ${p.scores.join(' ')}; p12 ${p.p12.join(' ')}`,
    )
    .join('\n')
}

// ---- the replay -------------------------------------------------------------------------------

interface Row {
  event: string
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

function replay(e: Engine, name: string, text: string): Row {
  const { file } = readTFile(text)
  const total = Math.max(...file.players.map((p) => p.opponents.length))
  const active = file.players.length
  // A round-robin schedule cannot follow a history it did not make: such steps are replayed as
  // Swiss (King of the Hill in the last round), which is what the plan does past its cycles.
  const plan = e
    .plan(active, total)
    .flatMap((s) =>
      s.system === 'round-robin' || s.system === 'double-round-robin'
        ? [
            { ...s, system: 'swiss' },
            ...(total >= 5 ? [{ ...s, fromRound: total, system: 'koth' }] : []),
          ]
        : [s],
    )
  const row: Row = {
    event: name,
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
    let step = plan[0]
    for (const s of plan) if (s.fromRound <= round) step = s
    if (step === undefined) throw new Error('empty plan')
    const basedOn = step.basedOn === 'lagged' ? Math.max(0, round - 2) : round - 1
    const starts = { rules: PRESETS.nsa1995, options: {} }
    const request = {
      round,
      basedOn,
      system: step.system,
      maxRepeats: step.maxRepeats,
      seed: round,
      starts,
      ...(step.system === 'fontes' ? { fontesRounds: (plan[1]?.fromRound ?? 4) - 1 } : {}),
      ...(step.system === 'round-robin' || step.system === 'double-round-robin'
        ? { roundRobinStart: step.fromRound }
        : {}),
    }
    const input = e.pairingInputFromTFile(file, request)
    if (!input.ok) throw new Error(`${name} round ${String(round)}: ${input.error.message}`)
    const t0 = performance.now()
    const paired = e.pairRound(input.value)
    ms += performance.now() - t0
    if (!paired.ok) throw new Error(`${name} round ${String(round)}: ${paired.error.message}`)
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
    for (const p of paired.value.pairings) {
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
      const game = paired.value.pairings.find(
        (p) => p.first === leader?.id || p.second === leader?.id,
      )
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
const events: [string, string][] = [
  ['MGI 2022 A (59 × 12)', fixture],
  ['synthetic 24 × 23', syntheticEvent(24, 23, 2423)],
  ['synthetic 45 × 31', syntheticEvent(45, 31, 4531)],
  ['synthetic 109 × 14', syntheticEvent(109, 14, 10914)],
]
const rows = events.map(([name, text]) => replay(e, name, text))
const head = [
  'event',
  'rounds',
  'repeats',
  'back-to-back',
  'Σ win diff',
  'max win diff',
  'both due to start',
  'starts off by 2+',
  "leader's opp. ranks (last 3)",
  'ms/round',
]
const cells = rows.map((r) => [
  r.event,
  String(r.rounds),
  String(r.repeats),
  String(r.backToBack),
  String(r.winDiffSum),
  String(r.winDiffMax),
  String(r.bothDueToStart),
  String(r.startsOffBy2),
  r.leader,
  r.msPerRound.toFixed(1),
])
const widths = head.map((h, k) => Math.max(h.length, ...cells.map((c) => (c[k] ?? '').length)))
const line = (c: readonly string[]): string =>
  `| ${c.map((x, k) => x.padEnd(widths[k] ?? 0)).join(' | ')} |`
console.log(`Pairing replay: ${e.name} (${root})`)
console.log(line(head))
console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
for (const c of cells) console.log(line(c))
