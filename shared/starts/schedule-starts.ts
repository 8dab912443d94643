/**
 * Who starts in a round of a fixed schedule (a round robin), where the pairs of every round to come
 * are known in advance.
 *
 * The preset's rules decide first, exactly as in Swiss (`decideStarterFrom`): fewer firsts starts
 * (MSA 1.3, WSC 1.3, NSA II.F.1), then more seconds where the preset uses NSA II.F.2. Where they
 * leave a tie:
 * - the preset says draw tiles (MSA 1.4, NSA II.F.1): the players draw at the table and the slip
 *   says "draw for first". Nothing is planned: the program does not know who will win the draw.
 * - the preset (or the director) lets the program decide (MSA 1.2): the program chooses, and a
 *   schedule lets it choose well. It looks ahead over the schedule's remaining rounds, applying
 *   the same rules to every later game, and picks the starters of today's tied tables so that, at
 *   the end of the schedule, (1) every player's firsts and seconds differ by at most one,
 *   (2) no pair that meets more than once has had the same starter at every meeting, and
 *   (3) the players drift as little as possible on the way. Ties between equally good plans go,
 *   in order, to the player with more seconds, to the reverse of the pair's last meeting, and to
 *   the seeded draw. The search is deterministic, so the same log gives the same starters.
 *
 * Why plan rather than draw: with fixed pairs, two players both one first up who tie must leave one
 * of them two up, and whether that happens depends on ties broken rounds earlier. A draw leaves
 * about half of double round robins unbalanced at the end; the plan leaves none of the schedules
 * tested (shared/desk/schedule-starts.test.ts). The rules' own decisions are never overridden: the
 * plan only chooses where MSA 1.2 lets the program choose.
 */
import { seededRng } from '../random'
import type { PlayerId } from '../results/game-result'
import type { RuleSet } from '../rules/rule-set'
import {
  decideStarterFrom,
  indexStarts,
  type StartDecision,
  type StartsHistoryEntry,
  type StartsOptions,
} from './starts'

/** The games of one scheduled round: `[a, b]` pairs by player id (order carries no meaning). */
export type ScheduledGames = readonly (readonly [PlayerId, PlayerId])[]

export interface ScheduleStartsInput {
  /** Today's games, in the order the decisions are returned. */
  readonly today: ScheduledGames
  /** The schedule's later rounds, in order, as far as the plan should look. */
  readonly later: readonly ScheduledGames[]
  /** The round number of the last round in `later` (or today's), named in the reason. */
  readonly through: number
  readonly history: readonly StartsHistoryEntry[]
  readonly rules: Pick<RuleSet, 'starts'>
  readonly options?: StartsOptions
}

/**
 * How many games the look-ahead may play out for one round: bounds the time on a big field (about
 * 30 ms on a 2-core laptop) while leaving a 10-player double round robin room to find a plan.
 */
const STEPS = 50_000

/** A key for an unordered pair of player ids. */
const idKey = (a: PlayerId, b: PlayerId): string => (a < b ? `${a}-${b}` : `${b}-${a}`)

/** Never met, in `Sim.same`. */
const NEVER = -2
/** Met with different starters, in `Sim.same`. */
const MIXED = -1

interface Sim {
  readonly firsts: Int16Array
  readonly seconds: Int16Array
  /** Per pair (`x * size + y`, x < y): the one starter of every meeting so far, or NEVER, MIXED. */
  readonly same: Int16Array
  drift: number
}

const cloneSim = (s: Sim): Sim => ({
  firsts: s.firsts.slice(),
  seconds: s.seconds.slice(),
  same: s.same.slice(),
  drift: s.drift,
})

/**
 * The decision for each of today's games. The rules' own decisions are `decideStarterFrom`'s; a
 * tie the program may break is `program-plan`.
 */
export function decideScheduleStarts(input: ScheduleStartsInput): StartDecision[] {
  const { today, rules } = input
  const options = input.options ?? {}
  const index = indexStarts(input.history, options)
  // The seed only matters where the look-ahead is not used (the director's reverse-order option).
  const ruled = today.map(([a, b]) =>
    decideStarterFrom(a, b, index, rules, { ...options, seed: options.seed ?? 0 }),
  )
  const free = ruled.map((d) => d.reason.kind === 'program-draw')
  // The director's reverse-order option reads each player's round-by-round starts, which the
  // look-ahead does not keep: that option decides as it does in Swiss.
  if (!free.includes(true) || options.reverseLastDifferingOrder === true) return ruled

  const ids = [...new Set([...today, ...input.later].flat(2))].sort((x, y) => x - y)
  const size = ids.length
  const local = new Map(ids.map((id, i) => [id, i]))
  const at = (id: PlayerId): number => local.get(id) as number
  const pairAt = (x: number, y: number): number => (x < y ? x * size + y : y * size + x)

  const start: Sim = {
    firsts: new Int16Array(size),
    seconds: new Int16Array(size),
    same: new Int16Array(size * size).fill(NEVER),
    drift: 0,
  }
  for (const [id, starts] of index) {
    const i = local.get(id)
    if (i === undefined) continue
    for (const s of starts.values()) {
      if (s === 'first') start.firsts[i] = (start.firsts[i] as number) + 1
      else start.seconds[i] = (start.seconds[i] as number) + 1
    }
  }
  /** Meetings per pair to the end of the look-ahead, the history's included. */
  const meetings = new Int16Array(size * size)
  const lastStarter = new Map<string, PlayerId>()
  const played = [...input.history].sort((x, y) => x.round - y.round)
  for (const { result, first } of played) {
    if (result.kind !== 'played' || first === null) continue
    const [a, b] = result.players
    lastStarter.set(idKey(a, b), first)
    const ia = local.get(a)
    const ib = local.get(b)
    if (ia === undefined || ib === undefined) continue
    const pair = pairAt(ia, ib)
    meetings[pair] = (meetings[pair] as number) + 1
    const seen = start.same[pair] as number
    start.same[pair] = seen === NEVER || seen === at(first) ? at(first) : MIXED
  }
  const rounds = [today, ...input.later].map((games) =>
    games.map(([a, b]): readonly [number, number] => [at(a), at(b)]),
  )
  for (const games of rounds) {
    for (const [x, y] of games) meetings[pairAt(x, y)] = (meetings[pairAt(x, y)] as number) + 1
  }
  const coin = seededRng(options.seed ?? 0)
  const heads = today.map(() => coin.int(2) === 0)

  const firstsStart = rules.starts.fewerFirstsStarts
  const secondsStart = firstsStart && rules.starts.moreSecondsStarts
  /** The rules' starter in a later round, or -1 when they tie. */
  const ruledLater = (s: Sim, x: number, y: number): number => {
    const fx = s.firsts[x] as number
    const fy = s.firsts[y] as number
    if (firstsStart && fx !== fy) return fx < fy ? x : y
    const sx = s.seconds[x] as number
    const sy = s.seconds[y] as number
    if (secondsStart && sx !== sy) return sx > sy ? x : y
    return -1
  }
  /** A tie's preferred starter (the module comment says why). */
  const preferred = (s: Sim, x: number, y: number, game: number | null): number => {
    const sx = s.seconds[x] as number
    const sy = s.seconds[y] as number
    if (sx !== sy) return sx > sy ? x : y
    const same = s.same[pairAt(x, y)] as number
    if (same >= 0) return same === x ? y : x
    if (game === null) return Math.min(x, y)
    // Today: the pair's last meeting even if one of them has since left the schedule, then the draw.
    const last = lastStarter.get(idKey(ids[x] as PlayerId, ids[y] as PlayerId))
    if (last !== undefined) return last === ids[x] ? y : x
    return heads[game] === true ? Math.min(x, y) : Math.max(x, y)
  }
  let steps = 0
  const play = (s: Sim, x: number, y: number, starter: number): void => {
    steps++
    const other = starter === x ? y : x
    s.firsts[starter] = (s.firsts[starter] as number) + 1
    s.seconds[other] = (s.seconds[other] as number) + 1
    const pair = pairAt(x, y)
    const seen = s.same[pair] as number
    s.same[pair] = seen === NEVER || seen === starter ? starter : MIXED
  }
  const imbalance = (s: Sim): number => {
    let over = 0
    for (let i = 0; i < size; i++) {
      over += Math.max(0, Math.abs((s.firsts[i] as number) - (s.seconds[i] as number)) - 1)
    }
    return over
  }
  const cost = (s: Sim): number => {
    let sameEvery = 0
    for (let pair = 0; pair < s.same.length; pair++) {
      // Only pairs that meet twice or more: one meeting has one starter by definition.
      if ((s.same[pair] as number) >= 0 && (meetings[pair] as number) >= 2) sameEvery++
    }
    return imbalance(s) * 1e6 + sameEvery * 1e3 + s.drift
  }

  // Limited discrepancy search: the preferred choice at every tie, then the plans that take the
  // other choice at one tie, then at two, until the budget is spent or a plan is perfect.
  let bestCost = Infinity
  let best: number[] = []
  const choice: number[] = today.map(() => -1)
  const search = (s: Sim, r: number, g: number, discrepancies: number): void => {
    if (steps >= STEPS || bestCost === 0) return
    const games = rounds[r]
    if (games === undefined) {
      const c = cost(s)
      if (c < bestCost) {
        bestCost = c
        best = [...choice]
      }
      return
    }
    if (g === games.length) {
      s.drift += imbalance(s)
      search(s, r + 1, 0, discrepancies)
      return
    }
    const [x, y] = games[g] as readonly [number, number]
    const ruledStarter = r === 0 ? ruled[g]?.starter : undefined
    const forced =
      r > 0 ? ruledLater(s, x, y) : free[g] === true ? -1 : at(ruledStarter as PlayerId)
    if (forced >= 0) {
      play(s, x, y, forced)
      search(s, r, g + 1, discrepancies)
      return
    }
    const want = preferred(s, x, y, r === 0 ? g : null)
    if (discrepancies > 0) {
      const other = cloneSim(s)
      if (r === 0) choice[g] = want === x ? y : x
      play(other, x, y, want === x ? y : x)
      search(other, r, g + 1, discrepancies - 1)
    }
    if (r === 0) choice[g] = want
    play(s, x, y, want)
    search(s, r, g + 1, discrepancies)
  }
  for (let k = 0; steps < STEPS && bestCost > 0; k++) {
    search(cloneSim(start), 0, 0, k)
    // Every tie taken the other way already: nothing new to try.
    if (k > rounds.flat().length) break
  }
  return ruled.map((decision, g) => {
    if (free[g] !== true) return decision
    const starter = ids[best[g] as number] as PlayerId
    return { starter, reason: { kind: 'program-plan', through: input.through } }
  })
}
