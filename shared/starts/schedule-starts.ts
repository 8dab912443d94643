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
 * and schedule-starts.test.ts beside this file) and in doubles of 4 to 20 players, whose first cycle
 * is planned for its reversal (`mirrorPlan`, issue 29). The rules' own decisions are never
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
 *   schedule too large for the budget that `mirrorPlan` does not cover).
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
  const mirrored =
    firstsStart && !secondsStart
      ? mirrorPlan(rounds, played, firstRound, ids, firsts, seconds, todayRuled)
      : null
  if (mirrored !== null) {
    return ruled.map((decision, t) => {
      if (free[t] !== true) return decision
      const starter = ids[mirrored[t] as number] as PlayerId
      return { starter, reason: { kind: 'program-plan', through: input.through } }
    })
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

/** How many games one target's search in `mirrorPlan` may play, and how many targets it tries. */
const MIRROR_STEPS = 20_000
const MIRROR_TARGETS = 64

/**
 * Today's starters (local indices) in the first cycle of a double round robin whose second cycle
 * repeats the first round for round (`roundRobinSchedule`), or null where the look-ahead is not
 * that or no plan is found (the general search then decides). Issue 29.
 *
 * In a double every pair meets twice, so "every pair alternates" means the second cycle is the
 * first reversed, game for game; the only freedom is in the first cycle. The reversed cycle obeys
 * fewer-firsts-starts (MSA 1.3) exactly when, for every first-cycle game of round j that a started
 * against b, b has no more firsts than a before round j of the second cycle:
 *   T[b] + S[b](<j) <= T[a] + S[a](<j)
 * where T is each player's firsts at the end of the first cycle and S(<j) the first cycle's seconds
 * before round j (a reversed second is a first). Played forwards, the general search only learns
 * this in the second cycle, half a schedule after the choice that broke it, and for doubles of 14,
 * 16, 17, 18 and 20 players ran out of its budget. Here T is guessed first (everyone as near to
 * half their games as can be; which players get the odd first is tried in a fixed order), and then
 * each game's check is local: the search over the first cycle prunes at once. Everyone ends the
 * double exactly balanced where they were balanced before it (each first has its reversed second).
 */
function mirrorPlan(
  rounds: readonly ScheduledGames[],
  history: readonly StartsHistoryEntry[],
  firstRound: number,
  ids: readonly PlayerId[],
  firstsNow: Int16Array,
  secondsNow: Int16Array,
  todayRuled: Int16Array | readonly number[],
): Int16Array | null {
  const size = ids.length
  const local = new Map(ids.map((id, i) => [id, i]))
  const cycle = size % 2 === 0 ? size - 1 : size
  const ahead = rounds.length - cycle
  const done = cycle - ahead
  if (ahead < 1 || done < 0) return null
  const key = (a: number, b: number): number => (a < b ? a * size + b : b * size + a)

  // The first cycle's rounds: the ones played (with their starters) and the ones still ahead.
  const games: [number, number][][] = []
  const starters: number[][] = []
  for (let j = 0; j < done; j++) {
    const round: [number, number][] = []
    const first: number[] = []
    for (const { round: r, result, first: f } of history) {
      if (r !== firstRound - done + j) continue
      if (result.kind === 'bye') continue
      if (result.kind !== 'played' || f === null) return null
      const [a, b] = result.players.map((id) => local.get(id))
      const s = local.get(f)
      if (a === undefined || b === undefined || s === undefined) return null
      round.push([a, b])
      first.push(s)
    }
    games.push(round)
    starters.push(first)
  }
  for (let j = 0; j < ahead; j++) {
    games.push((rounds[j] ?? []).map(([a, b]) => [local.get(a) as number, local.get(b) as number]))
  }
  // The second cycle must meet the first's pairs round for round, each pair once.
  const seen = new Set<number>()
  for (let j = 0; j < cycle; j++) {
    const here = (games[j] ?? []).map(([a, b]) => key(a, b))
    const there = new Set(
      (rounds[ahead + j] ?? []).map(([a, b]) =>
        key(local.get(a) as number, local.get(b) as number),
      ),
    )
    if (here.length !== there.size || here.some((k) => !there.has(k) || seen.has(k))) return null
    for (const k of here) seen.add(k)
  }

  // Each player's seconds in the first cycle's played rounds: where today's count starts from.
  const secondsBefore = new Int16Array(size)
  for (let j = 0; j < done; j++)
    (games[j] ?? []).forEach(([a, b], g) => {
      const s = starters[j]?.[g] as number
      const o = s === a ? b : a
      secondsBefore[o] = (secondsBefore[o] as number) + 1
    })
  const left = new Int16Array(size)
  for (let j = done; j < cycle; j++)
    for (const [a, b] of games[j] ?? []) {
      left[a] = (left[a] as number) + 1
      left[b] = (left[b] as number) + 1
    }
  // The targets: each player's firsts at the end of the first cycle, as near half as reachable.
  const low = new Int16Array(size)
  const odd: number[] = []
  let extra = 0
  for (let p = 0; p < size; p++) {
    const f = firstsNow[p] as number
    const total = f + (secondsNow[p] as number) + (left[p] as number)
    const lo = Math.max(f, Math.floor(total / 2))
    const hi = Math.min(f + (left[p] as number), Math.ceil(total / 2))
    if (lo > hi) return null
    low[p] = lo
    extra -= lo - f
    if (hi > lo) odd.push(p)
  }
  for (let j = done; j < cycle; j++) extra += (games[j] ?? []).length
  if (extra < 0 || extra > odd.length) return null

  for (let t = 0; t < MIRROR_TARGETS; t++) {
    const target = low.slice()
    const order = [...odd].sort((x, y) => mix(ids[x] as number, t) - mix(ids[y] as number, t))
    for (const p of order.slice(0, extra)) target[p] = (target[p] as number) + 1
    // A played game the target cannot reverse (a director's override against the rules) needs
    // its starter further ahead of its opponent at the end of the cycle: move one first over.
    const s1 = new Int16Array(size)
    for (let j = 0; j < done; j++) {
      const round = games[j] ?? []
      for (let g = 0; g < round.length; g++) {
        const [a, b] = round[g] as [number, number]
        const s = starters[j]?.[g] as number
        const o = s === a ? b : a
        const short =
          (s1[o] as number) - (s1[s] as number) - (target[s] as number) + (target[o] as number)
        if (short > 0 && (target[o] as number) > (firstsNow[o] as number)) {
          target[s] = (target[s] as number) + 1
          target[o] = (target[o] as number) - 1
        }
        s1[o] = (s1[o] as number) + 1
      }
    }
    const choice = mirrorSearch(
      games,
      starters,
      done,
      target,
      firstsNow,
      secondsBefore,
      left,
      todayRuled,
    )
    if (choice !== null) return choice
  }
  return null
}

/** The first cycle's search for one target (`mirrorPlan`); today's starters or null. */
function mirrorSearch(
  games: readonly (readonly [number, number][])[],
  starters: readonly (readonly number[])[],
  done: number,
  target: Int16Array,
  firstsNow: Int16Array,
  secondsBefore: Int16Array,
  leftNow: Int16Array,
  todayRuled: Int16Array | readonly number[],
): Int16Array | null {
  // Where the played rounds already break the target's reversal, no plan can mend them. A player
  // plays once a round, so a second can count as soon as it is checked.
  const s1 = new Int16Array(target.length)
  for (let j = 0; j < done; j++) {
    const round = games[j] ?? []
    for (let g = 0; g < round.length; g++) {
      const [a, b] = round[g] as [number, number]
      const s = starters[j]?.[g] as number
      const o = s === a ? b : a
      if ((s1[o] as number) - (s1[s] as number) > (target[s] as number) - (target[o] as number))
        return null
      s1[o] = (s1[o] as number) + 1
    }
  }
  const flat: [number, number, number][] = []
  for (let j = done; j < games.length; j++)
    for (const [a, b] of games[j] ?? []) flat.push([a, b, j])
  const f = firstsNow.slice()
  const seconds = secondsBefore.slice()
  const left = leftNow.slice()
  const choice = new Int16Array((games[done] ?? []).length)
  const dead = new Set<string>()
  let steps = 0
  const go = (g: number): boolean => {
    if (g === flat.length) return true
    const [x, y, j] = flat[g] as [number, number, number]
    const opens = g === 0 || (flat[g - 1] as [number, number, number])[2] !== j
    const state = opens ? `${j}:${f.join(',')}` : ''
    if (opens && dead.has(state)) return false
    const fixed = j === done ? (todayRuled[g] as number) : -1
    const fx = f[x] as number
    const fy = f[y] as number
    let options: number[]
    if (fixed >= 0) options = [fixed]
    else if (fx !== fy) options = [fx < fy ? x : y]
    else {
      // The one further from its target starts first: it has fewer games left to get there.
      const nx = ((target[x] as number) - fx) * (left[y] as number)
      const ny = ((target[y] as number) - fy) * (left[x] as number)
      options = nx >= ny ? [x, y] : [y, x]
    }
    for (const s of options) {
      const o = s === x ? y : x
      if (++steps > MIRROR_STEPS) return false
      if (
        (seconds[o] as number) - (seconds[s] as number) >
        (target[s] as number) - (target[o] as number)
      )
        continue
      f[s] = (f[s] as number) + 1
      left[s] = (left[s] as number) - 1
      left[o] = (left[o] as number) - 1
      const ok =
        (f[s] as number) <= (target[s] as number) &&
        (f[o] as number) + (left[o] as number) >= (target[o] as number)
      // o plays no other game this round, so its second can count at once.
      seconds[o] = (seconds[o] as number) + 1
      if (ok && go(g + 1)) {
        if (j === done) choice[g] = s
        return true
      }
      seconds[o] = (seconds[o] as number) - 1
      f[s] = (f[s] as number) - 1
      left[s] = (left[s] as number) + 1
      left[o] = (left[o] as number) + 1
      if (steps > MIRROR_STEPS) return false
    }
    if (opens) dead.add(state)
    return false
  }
  return go(0) ? choice : null
}
