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
 *   schedule lets it choose well. It plays the schedule's remaining rounds out, applying the same
 *   rules to every later game, and searches the program's choices at every later tie for a plan
 *   in which, at the end of the schedule, (1) every player's firsts and seconds differ by at most
 *   one and (2) no pair that meets more than once has had the same starter at every meeting;
 *   first among plans where (3) no choice of the program leaves a player two off balance on the
 *   way. Only today's choices are kept: the next round plans again from the starts recorded, so a
 *   forfeit or a director's override is planned around.
 *
 * The search is depth-first, game by game, trying first the choice a director would expect: the
 * player with more seconds, then the reverse of the pair's last meeting (or of every meeting, when
 * one player started them all), then the player who started every meeting against more of the
 * players he is still to meet (he needs a first in hand to go second in those), then a fixed
 * draw. It drops a choice as soon as a player has too few games left to get back within one or a
 * pair's last meeting repeats its starter, and it remembers the states (every player's firsts and
 * seconds and the starters so far of the pairs that meet again) from which the end cannot be
 * reached, so it proves a pass impossible instead of retrying it. The choice order depends only on
 * the state, not on the seed or on which round is today, so each round finds the plan the round
 * before found, in a few steps. The search is deterministic: the same log gives the same starters.
 *
 * Why plan rather than draw: with fixed pairs, two players both one first up who tie must leave one
 * of them two up, and whether that happens depends on ties broken rounds earlier. A draw leaves
 * about half of double round robins unbalanced at the end. The plan meets (1) and (2) in every
 * round robin of 2 to 16 players over one to three cycles tested (shared/desk/schedule-starts.test.ts
 * and schedule-starts.test.ts beside this file), except doubles of 14 and 16, where the budget runs
 * out: they keep (1) and leave some pairs with one starter. The rules' own decisions are never
 * overridden: the plan only chooses where MSA 1.2 lets the program choose.
 */
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
 * How many games one pass of the search may play out: bounds a round's time where a pass cannot
 * succeed (under 200 ms a round for a 16- or 20-player double on a busy 2-core machine), and
 * leaves every schedule up to 12-player doubles room to finish (they use under 30,000).
 */
const STEPS = 200_000

/**
 * What a pass of the search requires of the plan, strictest first; the first pass that finds a
 * plan decides today's ties.
 * - `steady`: at the end every player is within one of balanced and no pair that meets twice or
 *   more had the same starter every time; on the way, no choice of the program leaves a player two
 *   or more off balance (what the review would warn about, pair-next.ts).
 * - `balanced`: the same end, whatever happens on the way.
 * - `players`: only the players' end balance (a history where some pair cannot alternate, or a
 *   double of 14 or more players, where the budget runs out first).
 * - `preferred`: nothing; the preferred choice at every tie (no plan ends balanced).
 */
const PASSES = ['steady', 'balanced', 'players', 'preferred'] as const
type Pass = (typeof PASSES)[number]

/** A pair's starters so far, in `same`: never met, different starters, or always x or always y. */
const NEVER = 0
const MIXED = 1
const LOW = 2
const HIGH = 3

/** A 32-bit integer hash (the murmur3 finaliser): the search's state keys are XORs of these. */
function mix(value: number, salt: number): number {
  let h = Math.imul(value ^ salt, 0x9e3779b1)
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b)
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35)
  return (h ^ (h >>> 16)) >>> 0
}

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

  const firsts = new Int16Array(size)
  const seconds = new Int16Array(size)
  for (const [id, starts] of index) {
    const i = local.get(id)
    if (i === undefined) continue
    for (const s of starts.values()) {
      // A bye or forfeit is neither a first nor a second (rules.md, "Who plays first").
      if (s === 'first') firsts[i] = (firsts[i] as number) + 1
      else if (s === 'second') seconds[i] = (seconds[i] as number) + 1
    }
  }
  /** Per pair: who started every meeting so far (NEVER, MIXED, LOW, HIGH). */
  const same = new Uint8Array(size * size)
  /** Per pair: who started their last meeting (-1 for none). */
  const lastStarter = new Int16Array(size * size).fill(-1)
  /** Meetings per pair to the end of the look-ahead, the history's included. */
  const meetings = new Int16Array(size * size)
  const meet = (x: number, y: number, starter: number, sm: Uint8Array, last: Int16Array): void => {
    const pair = pairAt(x, y)
    const side = starter === Math.min(x, y) ? LOW : HIGH
    const seen = sm[pair] as number
    sm[pair] = seen === NEVER || seen === side ? side : MIXED
    last[pair] = starter
  }
  const played = [...input.history].sort((x, y) => x.round - y.round)
  for (const { result, first } of played) {
    if (result.kind !== 'played' || first === null) continue
    const [ia, ib] = result.players.map((id) => local.get(id))
    if (ia === undefined || ib === undefined) continue
    meetings[pairAt(ia, ib)] = (meetings[pairAt(ia, ib)] as number) + 1
    meet(ia, ib, at(first), same, lastStarter)
  }

  // The look-ahead's games in order, flat: game g is `xs[g]` v `ys[g]` in round `roundOf[g]`.
  const rounds = [today, ...input.later]
  const total = rounds.reduce((n, games) => n + games.length, 0)
  const xs = new Int16Array(total)
  const ys = new Int16Array(total)
  const roundOf = new Int16Array(total)
  /** Whether game g opens its round: where the search compares states. */
  const opens = new Uint8Array(total)
  /** Per pair: the index of its last game in the look-ahead, or -1. */
  const lastGame = new Int32Array(size * size).fill(-1)
  /** Per round and player: the player's games in later rounds. */
  const after = new Int16Array(rounds.length * size)
  let g = 0
  rounds.forEach((games, r) => {
    if (games.length > 0) opens[g] = 1
    for (const [a, b] of games) {
      const x = at(a)
      const y = at(b)
      xs[g] = x
      ys[g] = y
      roundOf[g] = r
      meetings[pairAt(x, y)] = (meetings[pairAt(x, y)] as number) + 1
      lastGame[pairAt(x, y)] = g
      for (let q = 0; q < r; q++) {
        after[q * size + x] = (after[q * size + x] as number) + 1
        after[q * size + y] = (after[q * size + y] as number) + 1
      }
      g++
    }
  })
  const firstRound = input.through - rounds.length + 1
  const firstsStart = rules.starts.fewerFirstsStarts
  const secondsStart = firstsStart && rules.starts.moreSecondsStarts
  const todayRuled = ruled.map((d, t) => (free[t] === true ? -1 : at(d.starter as PlayerId)))

  const plan = (pass: Pass): Int16Array | null => {
    const f = firsts.slice()
    const s = seconds.slice()
    const sm = same.slice()
    const last = lastStarter.slice()
    const choice = new Int16Array(today.length)
    /** States (round and hash) from which the pass's end cannot be reached. */
    const dead = new Set<number>()
    let steps = 0
    let aborted = false
    // The state's hash, kept as games are played and taken back: every player's firsts and
    // seconds, and the starters so far of each pair that meets twice or more and meets again.
    let h1 = 0
    let h2 = 0
    const toggle = (value: number): void => {
      h1 ^= mix(value, 0x27d4eb2f)
      h2 ^= mix(value, 0x165667b1)
    }
    /** A player's count of firsts (0) or seconds (1), in the hash. */
    const count = (i: number, firstOrSecond: number, n: number): void =>
      toggle(((i * 2 + firstOrSecond) * 4096 + n) * 2)
    /** A pair's starters so far, in the hash while it meets again (and twice or more in all). */
    const pairState = (pair: number): void => {
      if ((meetings[pair] as number) >= 2) toggle((pair * 4 + (sm[pair] as number)) * 2 + 1)
    }
    for (let i = 0; i < size; i++) {
      count(i, 0, f[i] as number)
      count(i, 1, s[i] as number)
    }
    for (let pair = 0; pair < lastGame.length; pair++)
      if ((lastGame[pair] as number) >= 0) pairState(pair)
    /** The rules' starter in a later round, or -1 when they tie. */
    const ruledLater = (x: number, y: number): number => {
      const fx = f[x] as number
      const fy = f[y] as number
      if (firstsStart && fx !== fy) return fx < fy ? x : y
      const sx = s[x] as number
      const sy = s[y] as number
      if (secondsStart && sx !== sy) return sx > sy ? x : y
      return -1
    }
    /** How many players `p` started every meeting against and meets again after game g, less the reverse. */
    const owed = (p: number, g: number): number => {
      let n = 0
      for (let q = 0; q < size; q++) {
        if (q === p) continue
        const pair = pairAt(p, q)
        if ((lastGame[pair] as number) <= g || (meetings[pair] as number) < 2) continue
        const seen = sm[pair] as number
        if (seen === LOW || seen === HIGH) n += (seen === LOW) === p < q ? 1 : -1
      }
      return n
    }
    /**
     * A tie's preferred starter (the module comment says why). It depends on the state and the
     * round only, so each round's search follows the plan the round before found.
     */
    const preferred = (x: number, y: number, r: number, g: number): number => {
      const sx = s[x] as number
      const sy = s[y] as number
      if (sx !== sy) return sx > sy ? x : y
      const pair = pairAt(x, y)
      const seen = sm[pair] as number
      if (seen === LOW || seen === HIGH) return (seen === LOW) === x < y ? y : x
      const before = last[pair] as number
      if (before >= 0) return before === x ? y : x
      const ox = owed(x, g)
      const oy = owed(y, g)
      if (ox !== oy) return ox > oy ? x : y
      const draw = mix((ids[x] as number) * 65536 + (ids[y] as number), firstRound + r) & 1
      return draw === 0 ? Math.min(x, y) : Math.max(x, y)
    }
    /** Whether game g, just played, leaves the pass's end reachable. */
    const reachable = (g: number, x: number, y: number): boolean => {
      if (pass === 'preferred') return true
      const r = roundOf[g] as number
      for (const p of [x, y]) {
        const off = Math.abs((f[p] as number) - (s[p] as number))
        if (off - (after[r * size + p] as number) > 1) return false
      }
      if (pass === 'players') return true
      const pair = pairAt(x, y)
      const seen = sm[pair] as number
      return !(lastGame[pair] === g && (meetings[pair] as number) >= 2 && seen !== MIXED)
    }
    const go = (g: number): boolean => {
      if (g === total) return true
      const r = roundOf[g] as number
      const x = xs[g] as number
      const y = ys[g] as number
      // Which round it is, and 53 bits of the state's two hashes.
      const key =
        opens[g] === 1 && g > 0 && pass !== 'preferred'
          ? ((h1 ^ mix(r, 0x5bd1e995)) >>> 0) * 0x200000 + ((h2 ^ r) & 0x1fffff)
          : -1
      if (key >= 0 && dead.has(key)) return false
      const forced = r === 0 ? (todayRuled[g] as number) : ruledLater(x, y)
      const want = forced >= 0 ? forced : preferred(x, y, r, g)
      const pair = pairAt(x, y)
      for (const starter of forced >= 0 ? [forced] : [want, want === x ? y : x]) {
        const other = starter === x ? y : x
        const fs = f[starter] as number
        const so = s[other] as number
        // The program's choice may not put either player two or more off balance.
        if (
          forced < 0 &&
          pass === 'steady' &&
          (fs > (s[starter] as number) || so < (f[other] as number))
        ) {
          continue
        }
        if (++steps > STEPS) {
          aborted = true
          return false
        }
        const seen = sm[pair] as number
        const lastBefore = last[pair] as number
        const [old1, old2] = [h1, h2]
        count(starter, 0, fs)
        count(starter, 0, fs + 1)
        count(other, 1, so)
        count(other, 1, so + 1)
        pairState(pair)
        f[starter] = fs + 1
        s[other] = so + 1
        meet(x, y, starter, sm, last)
        // A pair that will not meet again drops out of the state.
        if (lastGame[pair] !== g) pairState(pair)
        if (reachable(g, x, y) && go(g + 1)) {
          if (r === 0) choice[g] = starter
          return true
        }
        f[starter] = fs
        s[other] = so
        sm[pair] = seen
        last[pair] = lastBefore
        h1 = old1
        h2 = old2
        if (aborted) return false
      }
      if (key >= 0) dead.add(key)
      return false
    }
    const found = go(0)
    return found ? choice : null
  }
  let best: Int16Array | null = null
  for (const pass of PASSES) {
    best = plan(pass)
    if (best !== null) break
  }
  return ruled.map((decision, t) => {
    if (free[t] !== true) return decision
    const starter = ids[best?.[t] as number] as PlayerId
    return { starter, reason: { kind: 'program-plan', through: input.through } }
  })
}
