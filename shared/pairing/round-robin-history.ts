/**
 * A round robin continued from any history that is one (issue 29). Whoever paired the rounds so
 * far (our circle schedule, tsh, another program, the director by hand), while they are a round
 * robin's (every round a perfect matching of the seats, an odd field's one empty seat being the
 * bye; every pair met at most once a cycle), the rest of the cycle is a one-factorization of the
 * pairs not yet met, and it is searched for:
 *
 * - the schedule the history follows is kept where it can be: our circle schedule (round-robin.ts)
 *   while the history is its own, or the order of the cycle played just before (a double round
 *   robin, or the next cycle of a repeated one, plays its cycle again in the same order, so a pair
 *   meets again a whole cycle later, never back to back);
 * - otherwise the pairs not yet met are coloured into the rounds left by Dinitz and Stinson's hill
 *   climbing (fast on the dense graphs a round robin leaves), then, if that finds nothing, by an
 *   exact search that proves there is no completion when it runs to its end. A field split in two
 *   odd halves that have met across (10 players, 5 rounds of 1–5 v 6–10) has none: the rest is two
 *   fields of five that cannot be paired among themselves.
 *
 * Seats are the players by id, as the circle schedule seats them, with an odd field's empty seat
 * last; rounds are given in seats, so the engine (pair-round.ts) pairs them as it pairs the circle.
 */
import { seededRng, type Rng } from '../random'
import type { PlayerId } from '../results/game-result'
import { roundRobinSchedule, type ScheduleRound } from './round-robin'
import type { PastRound } from './types'

export interface RoundRobinRequest {
  /** Every player of the division (withdrawn ones keep their seats), in any order. */
  readonly players: readonly PlayerId[]
  /** The rounds paired before `round` (later rounds are ignored). */
  readonly history: readonly PastRound[]
  /** The round robin step's first round. */
  readonly fromRound: number
  readonly double: boolean
  /** The round to pair. */
  readonly round: number
}

/** The rounds so far and the players they seat: what a plan reads a round robin from. */
export interface SeatedHistory {
  /** Every player of the division by id (a round robin's seats). */
  readonly players: readonly PlayerId[]
  readonly rounds: readonly PastRound[]
}

/** Why the rounds so far are not a round robin's, in the round that first says so. */
export type NotRoundRobin =
  | {
      readonly kind: 'repeat'
      readonly round: number
      readonly players: readonly [PlayerId, PlayerId]
    }
  | {
      /** Players without a game that round beyond the one bye of an odd field. */
      readonly kind: 'unpaired'
      readonly round: number
      readonly players: readonly PlayerId[]
    }
  | {
      /** A pairing names a player who is not in the division, or a player twice. */
      readonly kind: 'not-a-matching'
      readonly round: number
      readonly players: readonly PlayerId[]
    }

export type RoundRobinCourse =
  | {
      readonly kind: 'continues'
      /** The step's rounds from `round` to its last, in seats (`[a, b]` seats a and b meet). */
      readonly rest: readonly ScheduleRound[]
      /** The step's length in rounds. */
      readonly length: number
      /** Every round so far and to come is the circle schedule's own (round-robin.ts). */
      readonly ownSchedule: boolean
      /** The first round of the cycle being played. */
      readonly cycleStart: number
    }
  /** `round` is not in the step's schedule. */
  | { readonly kind: 'over'; readonly length: number }
  | { readonly kind: 'not-round-robin'; readonly why: NotRoundRobin }
  | {
      /**
       * The rounds so far are a round robin's but no way to finish the cycle without a repeat
       * exists (`proven`), or none was found within the search's bounds.
       */
      readonly kind: 'no-completion'
      readonly cycleStart: number
      readonly proven: boolean
    }

/** `[a, b]` with a < b: one way to write each pair, so rounds compare as sets. */
type Edge = readonly [number, number]

const edge = (a: number, b: number): Edge => (a < b ? [a, b] : [b, a])

/** A round as a set of pairs in one canonical order, for comparing rounds written differently. */
const roundKey = (round: ScheduleRound): string =>
  round
    .map(([a, b]) => edge(a, b))
    .sort((x, y) => x[0] - y[0])
    .map(([a, b]) => `${String(a)}-${String(b)}`)
    .join(',')

/** A past round in seats, or why it is no round robin's round. */
function seatRound(
  past: PastRound | undefined,
  round: number,
  ids: readonly PlayerId[],
  seats: number,
): ScheduleRound | NotRoundRobin {
  const seatOf = new Map(ids.map((id, i) => [id, i]))
  const used = new Set<number>()
  const pairs: Edge[] = []
  for (const [a, b] of past?.pairs ?? []) {
    const x = seatOf.get(a)
    const y = seatOf.get(b)
    if (x === undefined || y === undefined || x === y || used.has(x) || used.has(y)) {
      return { kind: 'not-a-matching', round, players: [a, b] }
    }
    used.add(x)
    used.add(y)
    pairs.push(edge(x, y))
  }
  const out = ids.flatMap((id, i) => (used.has(i) ? [] : [id]))
  const odd = seats > ids.length
  if (out.length > (odd ? 1 : 0) || (odd && out.length === 0)) {
    return { kind: 'unpaired', round, players: out }
  }
  // An odd field's player without a game sits at the empty seat: that is the round's bye.
  const sitting = out[0]
  if (sitting !== undefined) pairs.push(edge(seatOf.get(sitting) ?? 0, seats - 1))
  return pairs
}

/** "#3 and #7 met again in round 4", for a history that is not a round robin's. */
export function notRoundRobinWords(why: NotRoundRobin): string {
  const names = (ids: readonly PlayerId[]): string => ids.map((id) => `#${String(id)}`).join(', ')
  switch (why.kind) {
    case 'repeat':
      return `#${String(why.players[0])} and #${String(why.players[1])} met again in round ${String(why.round)}`
    case 'unpaired':
      return `${names(why.players)} had no game in round ${String(why.round)}`
    case 'not-a-matching':
      return `round ${String(why.round)} pairs ${names(why.players)} as no round robin can`
  }
}

const sameRound = (a: ScheduleRound, b: ScheduleRound | undefined): boolean =>
  b !== undefined && roundKey(a) === roundKey(b)

const isRound = (r: ScheduleRound | NotRoundRobin): r is ScheduleRound => Array.isArray(r)

/**
 * Whether every game of a past round is a game of the circle schedule's round (absentees aside).
 * A round not paired yet (a plan looked at ahead of its rounds) is left to the schedule.
 */
function followsCircle(
  past: PastRound | undefined,
  today: ScheduleRound,
  ids: readonly PlayerId[],
) {
  if (past === undefined) return true
  const seatOf = new Map(ids.map((id, i) => [id, i]))
  const scheduled = new Set(today.map(([a, b]) => roundKey([edge(a, b)])))
  return past.pairs.every(([a, b]) => {
    const x = seatOf.get(a)
    const y = seatOf.get(b)
    return x !== undefined && y !== undefined && scheduled.has(roundKey([edge(x, y)]))
  })
}

/**
 * The last course worked out, by what it was worked out from: the desk asks for the same round
 * several times (the plan, the engine, the review), and a search is not free.
 */
let last: { readonly key: string; readonly course: RoundRobinCourse } | null = null

/** How the step goes on from the history: its rounds to come, or why it cannot. */
export function roundRobinCourse(request: RoundRobinRequest): RoundRobinCourse {
  const { players, history, fromRound, double, round } = request
  // Only the rounds the course reads: the step's, and the cycle before it.
  const from = fromRound - players.length - 1
  const seen = history.filter((r) => r.round >= from && r.round < round)
  const key = JSON.stringify([players, fromRound, double, round, seen])
  if (last?.key === key) return last.course
  const course = workOutCourse(request)
  last = { key, course }
  return course
}

function workOutCourse(request: RoundRobinRequest): RoundRobinCourse {
  const ids = [...new Set(request.players)].sort((a, b) => a - b)
  const seats = ids.length + (ids.length % 2)
  if (seats < 2) return { kind: 'over', length: 0 }
  const cycle = seats - 1
  const length = request.double ? 2 * cycle : cycle
  const index = request.round - request.fromRound
  if (index < 0 || index >= length) return { kind: 'over', length }
  const circle = roundRobinSchedule(seats, request.double)
  const byRound = new Map(request.history.map((r) => [r.round, r]))
  const cycleStart = request.fromRound + Math.floor(index / cycle) * cycle

  // Our own schedule, absentees' seats included, goes on as it always has.
  const step = Array.from({ length: index }, (_, k) => request.fromRound + k)
  const ownSoFar = step.every((r) =>
    followsCircle(byRound.get(r), circle[r - request.fromRound] ?? [], ids),
  )
  const template = previousCycle(byRound, cycleStart, cycle, ids, seats)
  const circleOrder = template === null || template.every((r, k) => sameRound(r, circle[k]))
  if (ownSoFar && circleOrder) {
    return { kind: 'continues', rest: circle.slice(index), length, ownSchedule: true, cycleStart }
  }

  // Otherwise the history must be a round robin's, cycle by cycle.
  const played: ScheduleRound[] = []
  let met = new Set<string>()
  for (const r of step) {
    if ((r - request.fromRound) % cycle === 0) met = new Set()
    const seated = seatRound(byRound.get(r), r, ids, seats)
    if (!isRound(seated)) return { kind: 'not-round-robin', why: seated }
    for (const [a, b] of seated) {
      const key = `${String(a)}-${String(b)}`
      if (met.has(key)) {
        const players = [ids[a] ?? 0, ids[b] ?? 0] as const
        return { kind: 'not-round-robin', why: { kind: 'repeat', round: r, players } }
      }
      met.add(key)
    }
    played.push(seated)
  }
  const current = played.slice(cycleStart - request.fromRound)
  const order = template ?? circle.slice(0, cycle)
  let cycleRest: readonly ScheduleRound[]
  if (current.every((r, k) => sameRound(r, order[k]))) {
    cycleRest = order.slice(current.length)
  } else {
    const found = completeCycle(seats, current, cycleStart)
    if (found === 'impossible' || found === 'unknown') {
      return { kind: 'no-completion', cycleStart, proven: found === 'impossible' }
    }
    cycleRest = found
  }
  // A double round robin's second cycle plays the first again in the same order.
  const secondCycle = request.double && cycleStart === request.fromRound
  const rest = secondCycle ? [...cycleRest, ...current, ...cycleRest] : [...cycleRest]
  const ownSchedule = ownSoFar && rest.every((r, k) => sameRound(r, circle[index + k]))
  return { kind: 'continues', rest, length, ownSchedule, cycleStart }
}

/** The whole cycle played just before `cycleStart` in seats, when it is a complete round robin. */
function previousCycle(
  byRound: ReadonlyMap<number, PastRound>,
  cycleStart: number,
  cycle: number,
  ids: readonly PlayerId[],
  seats: number,
): ScheduleRound[] | null {
  if (cycleStart - cycle < 1) return null
  const rounds: ScheduleRound[] = []
  const met = new Set<string>()
  for (let r = cycleStart - cycle; r < cycleStart; r++) {
    const seated = seatRound(byRound.get(r), r, ids, seats)
    if (!isRound(seated)) return null
    for (const [a, b] of seated) {
      const key = `${String(a)}-${String(b)}`
      if (met.has(key)) return null
      met.add(key)
    }
    rounds.push(seated)
  }
  return rounds
}

/**
 * The rounds left of a cycle over `seats` (even) after `played`: a one-factorization of the pairs
 * not yet met. 'impossible' when none exists (proven), 'unknown' when the search gave up.
 */
export function completeCycle(
  seats: number,
  played: readonly ScheduleRound[],
  seed = 0,
): ScheduleRound[] | 'impossible' | 'unknown' {
  const left = seats - 1 - played.length
  if (left <= 0) return []
  const met = new Set<number>()
  for (const round of played) for (const [a, b] of round) met.add(a * seats + b).add(b * seats + a)
  const edges: Edge[] = []
  for (let a = 0; a < seats; a++) {
    for (let b = a + 1; b < seats; b++) if (!met.has(a * seats + b)) edges.push([a, b])
  }
  return factorize(seats, edges, left, seed + played.length * 7)
}

/**
 * `edges` (a `left`-regular graph over `seats`) as `left` perfect matchings: hill climbing, then
 * the exact search. 'impossible' when none exists (proven), 'unknown' when the search gave up.
 */
export function factorize(
  seats: number,
  edges: readonly Edge[],
  left: number,
  seed = 0,
): ScheduleRound[] | 'impossible' | 'unknown' {
  if (left <= 0) return []
  if (oddComponent(seats, edges)) return 'impossible'
  const rng = seededRng(0x29 + seats * 131 + seed)
  // Each climb is short: one that stalls is restarted rather than left to wander.
  for (let attempt = 0; attempt < 60; attempt++) {
    const coloured = hillClimb(seats, edges, left, rng)
    if (coloured !== null) return rounds(coloured, edges, left)
  }
  const exact = exactColouring(seats, edges, left)
  return typeof exact === 'string' ? exact : rounds(exact, edges, left)
}

function rounds(colours: readonly number[], edges: readonly Edge[], left: number): ScheduleRound[] {
  const out: Edge[][] = Array.from({ length: left }, () => [])
  edges.forEach((e, i) => out[colours[i] ?? 0]?.push(e))
  return out
}

/** A connected part of the graph with an odd number of players has no perfect matching. */
function oddComponent(seats: number, edges: readonly Edge[]): boolean {
  const parent = Array.from({ length: seats }, (_, i) => i)
  const find = (x: number): number => {
    let r = x
    while (parent[r] !== r) r = parent[r] ?? r
    return r
  }
  for (const [a, b] of edges) parent[find(a)] = find(b)
  const size = new Map<number, number>()
  for (let v = 0; v < seats; v++) size.set(find(v), (size.get(find(v)) ?? 0) + 1)
  return [...size.values()].some((n) => n % 2 === 1)
}

/**
 * Dinitz and Stinson's hill climbing, as for one-factorizations: take an uncoloured pair v–w and a
 * round c that v still lacks; if w lacks it too, they meet in c; otherwise w's game in c is undone
 * and v–w takes its place. Coloured pairs never decrease; on the dense graphs left by a round robin
 * this finishes in a few passes. Null after its step budget.
 */
function hillClimb(seats: number, edges: readonly Edge[], left: number, rng: Rng): number[] | null {
  const index = new Map<number, number>()
  edges.forEach(([a, b], i) => index.set(a * seats + b, i).set(b * seats + a, i))
  const colour = new Array<number>(edges.length).fill(-1)
  // at[v * left + c]: v's opponent in round c, or -1.
  const at = new Array<number>(seats * left).fill(-1)
  const open: number[] = edges.map((_, i) => i)
  const where = edges.map((_, i) => i)
  const drop = (i: number): void => {
    const k = where[i] ?? 0
    const last = open.pop() as number
    if (last !== i) {
      open[k] = last
      where[last] = k
    }
  }
  const add = (i: number): void => {
    where[i] = open.length
    open.push(i)
  }
  const budget = 12 * edges.length + 1000
  for (let step = 0; step < budget && open.length > 0; step++) {
    const i = open[rng.int(open.length)] as number
    const [x, y] = edges[i] as Edge
    const [v, w] = rng.int(2) === 0 ? [x, y] : [y, x]
    const lacking: number[] = []
    for (let c = 0; c < left; c++) if (at[v * left + c] === -1) lacking.push(c)
    const c = lacking[rng.int(lacking.length)] as number
    const u = at[w * left + c] ?? -1
    if (u !== -1) {
      const j = index.get(w * seats + u) as number
      colour[j] = -1
      at[w * left + c] = -1
      at[u * left + c] = -1
      add(j)
    }
    colour[i] = c
    at[v * left + c] = w
    at[w * left + c] = v
    drop(i)
  }
  return open.length === 0 ? colour : null
}

/**
 * An exact search: the pair with the fewest rounds it can still go in first, each of those in
 * turn (a round no pair is in yet is tried once: the rounds left are interchangeable). It ends
 * with a colouring, 'impossible' when it has tried everything, or 'unknown' past its budget.
 */
function exactColouring(
  seats: number,
  edges: readonly Edge[],
  left: number,
): number[] | 'impossible' | 'unknown' {
  const colour = new Array<number>(edges.length).fill(-1)
  const at = new Array<number>(seats * left).fill(-1)
  const usedRounds = new Array<number>(left).fill(0)
  let work = 0
  const budget = 20_000_000
  const free = (i: number, c: number): boolean => {
    const [a, b] = edges[i] as Edge
    return at[a * left + c] === -1 && at[b * left + c] === -1
  }
  const search = (done: number): boolean | 'unknown' => {
    if (done === edges.length) return true
    let best = -1
    let fewest = left + 1
    for (let i = 0; i < edges.length; i++) {
      if (colour[i] !== -1) continue
      let n = 0
      for (let c = 0; c < left; c++) if (free(i, c)) n++
      work += left
      if (n < fewest) {
        fewest = n
        best = i
        if (n <= 1) break
      }
    }
    if (work > budget) return 'unknown'
    if (fewest === 0) return false
    const [a, b] = edges[best] as Edge
    let triedEmpty = false
    for (let c = 0; c < left; c++) {
      if (!free(best, c)) continue
      if (usedRounds[c] === 0) {
        if (triedEmpty) continue
        triedEmpty = true
      }
      colour[best] = c
      at[a * left + c] = b
      at[b * left + c] = a
      usedRounds[c] = (usedRounds[c] ?? 0) + 1
      const found = search(done + 1)
      if (found !== false) return found
      colour[best] = -1
      at[a * left + c] = -1
      at[b * left + c] = -1
      usedRounds[c] = (usedRounds[c] ?? 0) - 1
    }
    return false
  }
  const found = search(0)
  if (found === 'unknown') return 'unknown'
  return found ? colour : 'impossible'
}
