/**
 * Pairs one round by the chosen system (design.md, "Pairing"): Swiss and its relatives (King of
 * the Hill, seeded by rating, random, Australian Draw) over one minimum-cost matching; round
 * robins and Initial Fontes by schedule; manual from the director's pairs. Then every pairing gets
 * its starter (shared/starts), a table and a reason a director can read.
 */
import { seededRng, shuffled } from '../random'
import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import {
  decideStarterFrom,
  describeStart,
  indexStarts,
  tableDrawSeed,
  type StartDecision,
  type StartsHistoryEntry,
} from '../starts/starts'
import { decideScheduleStarts, type ScheduledGames } from '../starts/schedule-starts'
import { australianDraw } from './australian'
import {
  meeting,
  meetingText,
  pairKey,
  pairingContext,
  ratingOrder,
  record,
  standingsOrder,
  timesMet,
  type PairingContext,
} from './context'
import { copAnalysis, copModel, copPairNote, copSummary, type CopAnalysis } from './cop'
import { fontesGames, seatFontes } from './fontes'
import { pairContention, pairsContention } from './gibson'
import { matchPool, type MatchedPool } from './match-pool'
import { kothModel, randomModel, ratingModel, swissModel } from './models'
import { roundRobinSchedule, type ScheduleRound } from './round-robin'
import { notRoundRobinWords, roundRobinCourse, type RoundRobinCourse } from './round-robin-history'
import type { Bye, PairedRound, Pairing, PairingInput, PairingPlayer } from './types'

/** A pairing before its table and text; `start` set when a schedule decided it in advance. */
interface RawPair {
  readonly a: PairingPlayer
  readonly b: PairingPlayer
  readonly note: string
  /** Seeds of `a` and `b` (Initial Fontes), said in the order the table names its players. */
  readonly seeds?: readonly [number, number]
  readonly start?: StartDecision
}

interface RawRound {
  readonly pairs: readonly RawPair[]
  readonly byes: readonly Bye[]
  readonly overLimit: number
  readonly notes: readonly string[]
  readonly gibsonized: readonly PlayerId[]
}

/**
 * The bye candidates in order: fewest byes (forfeits counted), then lowest ranked; top-down
 * (COP's setting, cop.ts): then highest ranked.
 */
export function byeOrder(pool: readonly PairingPlayer[], topDown = false): PairingPlayer[] {
  const position = new Map(pool.map((p, i) => [p.id, i]))
  const way = topDown ? -1 : 1
  return [...pool].sort(
    (a, b) => a.byes - b.byes || way * ((position.get(b.id) ?? 0) - (position.get(a.id) ?? 0)),
  )
}

function byeReason(
  chosen: PairingPlayer,
  pool: readonly PairingPlayer[],
  skipped: number,
  topDown: boolean,
): string {
  const fewest = Math.min(...pool.map((p) => p.byes))
  const end = topDown ? 'highest' : 'lowest'
  const base = `fewest byes and forfeits (${String(fewest)}); ${end} ranked of them (rank ${String(chosen.rank)})`
  return skipped === 0
    ? base
    : `${base} that leaves a valid pairing (${String(skipped)} ${topDown ? 'higher' : 'lower'}-ranked could not take it)`
}

type PoolPairer = (
  pool: readonly PairingPlayer[],
  mode: 'strict' | 'as-needed',
) => Result<MatchedPool> | null

/**
 * Gives the bye when the pool is odd, then pairs the rest. The candidates are tried in bye order:
 * first, among those with the fewest byes, for a pairing within the repeat limit; failing that,
 * in the same order, for any pairing at all.
 */
function withBye(
  pool: readonly PairingPlayer[],
  pairer: PoolPairer,
  topDown = false,
): Result<{ matched: MatchedPool; bye: Bye | null }> {
  const impossible = err('pairing.impossible', `These ${pool.length} players cannot all be paired`)
  if (pool.length % 2 === 0) {
    const matched = pairer(pool, 'as-needed') ?? impossible
    return matched.ok ? ok({ matched: matched.value, bye: null }) : matched
  }
  const order = byeOrder(pool, topDown)
  const fewest = order[0]?.byes ?? 0
  let firstError: Result<never> | null = null
  for (const mode of ['strict', 'as-needed'] as const) {
    let skipped = 0
    for (const candidate of order) {
      if (mode === 'strict' && candidate.byes > fewest) break
      const rest = pool.filter((p) => p.id !== candidate.id)
      const matched = pairer(rest, mode)
      if (matched?.ok === true) {
        return ok({
          matched: matched.value,
          bye: { player: candidate.id, reason: byeReason(candidate, pool, skipped, topDown) },
        })
      }
      if (matched !== null && !matched.ok) firstError ??= matched
      skipped++
    }
  }
  return firstError ?? impossible
}

function checkLocks(
  ctx: PairingContext,
  eligible: ReadonlySet<PlayerId>,
): Result<{ pairs: RawPair[]; bye: Bye | null; used: Set<PlayerId> }> {
  const used = new Set<PlayerId>()
  const take = (id: PlayerId): Result<PairingPlayer> => {
    const p = ctx.byId.get(id)
    if (p === undefined) {
      return err('pairing.locked.unknown-player', `Locked pairing names unknown player #${id}`, {
        details: { player: id },
      })
    }
    if (!eligible.has(id)) {
      return err('pairing.locked.inactive', `${p.name} (#${id}) is not playing this round`, {
        details: { player: id },
      })
    }
    if (used.has(id)) {
      return err('pairing.locked.twice', `${p.name} (#${id}) is in two locked pairings`, {
        details: { player: id },
      })
    }
    used.add(id)
    return ok(p)
  }
  const pairs: RawPair[] = []
  for (const [x, y] of ctx.input.constraints?.locked ?? []) {
    const a = take(x)
    if (!a.ok) return a
    const b = take(y)
    if (!b.ok) return b
    pairs.push({ a: a.value, b: b.value, note: 'locked by the director' })
  }
  let bye: Bye | null = null
  const lockedBye = ctx.input.constraints?.lockedBye
  if (lockedBye !== undefined) {
    const p = take(lockedBye)
    if (!p.ok) return p
    bye = { player: p.value.id, reason: 'set by the director' }
  }
  return ok({ pairs, bye, used })
}

const rawFromMatched = (matched: MatchedPool, note: string): RawPair[] =>
  matched.pairs.map(([a, b]) => ({ a, b, note }))

function matchingSystem(
  ctx: PairingContext,
  ordered: readonly PairingPlayer[],
  pool: readonly PairingPlayer[],
  hasBye: boolean,
): Result<RawRound> {
  const { input } = ctx
  const notes: string[] = []
  const pairs: RawPair[] = []
  const byes: Bye[] = []
  const gibsonized: PlayerId[] = []
  let rest = [...pool]
  // COP simulates once for the round, on the whole field, whoever then takes the bye.
  const cop: CopAnalysis | null = input.system === 'cop' ? copAnalysis(input, pool) : null

  // Prize contention and Gibsonization (shared/pairing/gibson.ts) pair first; the system the rest.
  // Without Gibsonization the bye is settled before them, as tsh gives it (the lowest-ranked of
  // those with the fewest byes): contention pairs around that player and never takes their turn.
  const byeFirst =
    !hasBye && pool.length % 2 === 1 && input.gibson?.gibsonize === false
      ? byeOrder(pool)[0]
      : undefined
  const contended = pairsContention(input.system)
    ? pairContention(
        ctx,
        ordered,
        byeFirst === undefined ? pool : pool.filter((p) => p.id !== byeFirst.id),
        hasBye || byeFirst !== undefined,
      )
    : null
  if (contended !== null) {
    pairs.push(...contended.pairs)
    if (contended.bye !== null) byes.push(contended.bye)
    gibsonized.push(...contended.gibsonized)
    notes.push(...contended.notes)
    rest = byeFirst === undefined ? [...contended.rest] : [...contended.rest, byeFirst]
  }

  const pairer: PoolPairer = (players, mode) => {
    switch (input.system) {
      case 'swiss':
        return matchPool(ctx, players, swissModel(ctx, players), mode)
      case 'koth':
        return matchPool(ctx, players, kothModel(ctx, players), mode)
      case 'rating': {
        const byRating = ratingOrder(players)
        return matchPool(ctx, byRating, ratingModel(ctx, byRating), mode)
      }
      case 'random': {
        const drawn = shuffled(players, seededRng(input.seed ?? 0))
        return matchPool(ctx, drawn, randomModel(ctx, drawn), mode)
      }
      case 'australian': {
        // Round 1 (australian.ts): no standings yet, so top half v bottom half by rating.
        if (input.basedOn > 0) return australianDraw(ctx, players, mode)
        const byRating = ratingOrder(players)
        return matchPool(ctx, byRating, ratingModel(ctx, byRating), mode)
      }
      case 'cop':
        if (cop === null) throw new Error('COP pairs without its simulations')
        return matchPool(ctx, players, copModel(ctx, players, cop), mode)
      case 'round-robin':
      case 'double-round-robin':
      case 'fontes':
      case 'manual':
        throw new Error(`${input.system} is not a matching system`)
    }
  }
  if ((hasBye || byes.length > 0) && rest.length % 2 === 1) {
    return err('pairing.odd', 'The bye is already given but an odd number of players is left')
  }
  const topDown = cop?.topDownByes ?? false
  let paired = withBye(rest, pairer, topDown)
  if (!paired.ok && contended !== null && contended.pairs.length > 0) {
    // The contention pairs left the rest unpairable: give the system back the last ones made
    // first, so the leader's pair (made before the lower places') is the last to go.
    const given = pool.filter((p) => !byes.some((b) => b.player === p.id))
    let kept = pairs.length
    while (!paired.ok && kept > 0) {
      kept--
      const seated = new Set(pairs.slice(0, kept).flatMap((p) => [p.a.id, p.b.id]))
      rest = given.filter((p) => !seated.has(p.id))
      paired = withBye(rest, pairer, topDown)
    }
    const dropped = pairs.length - kept
    pairs.splice(kept)
    notes.push(
      `${dropped === 1 ? 'a contention pairing' : `${String(dropped)} contention pairings`} dropped: the other players could not all be paired around them`,
    )
  }
  if (!paired.ok) return paired
  const note = systemNote(input)
  if (cop === null) pairs.push(...rawFromMatched(paired.value.matched, note))
  else {
    // Each COP table says why its players meet (cop.ts, copPairNote).
    pairs.push(
      ...paired.value.matched.pairs.map(([a, b]) => ({ a, b, note: copPairNote(cop, a, b) })),
    )
    notes.push(copSummary(cop))
  }
  if (paired.value.bye !== null) byes.push(paired.value.bye)
  return ok({ pairs, byes, overLimit: paired.value.matched.overLimit, notes, gibsonized })
}

function systemNote(input: PairingInput): string {
  switch (input.system) {
    case 'swiss':
    case 'australian':
      return ''
    case 'koth':
      return 'King of the Hill'
    case 'rating':
      return 'top half vs bottom half by rating'
    case 'random':
      // The seed is in the pairRound command (History, exports), not in what players read.
      return 'random draw'
    case 'round-robin':
    case 'double-round-robin':
    case 'fontes':
    case 'manual':
    case 'cop':
      return ''
  }
}

function roundRobin(
  ctx: PairingContext,
  eligible: ReadonlySet<PlayerId>,
  double: boolean,
): Result<RawRound> {
  const { input } = ctx
  const seatsOf = [...input.players].sort((a, b) => a.id - b.id)
  const seats = seatsOf.length + (seatsOf.length % 2)
  if (seats < 2) return err('pairing.round-robin.too-few', 'A round robin needs two players')
  // The rounds to come: the circle schedule's own, or the round robin the history is, continued
  // (round-robin-history.ts, issue 29); a history that is none keeps the schedule, as asked.
  const fromRound = input.roundRobinStart ?? 1
  const course = roundRobinCourse({
    players: seatsOf.map((p) => p.id),
    history: input.history,
    fromRound,
    double,
    round: input.round,
  })
  const schedule = roundRobinSchedule(seats, double)
  const index = input.round - fromRound
  const rest = course.kind === 'continues' ? course.rest : schedule.slice(index)
  const today = index < 0 ? undefined : rest[0]
  if (today === undefined) {
    return err(
      'pairing.round-robin.over',
      `Round ${String(input.round)} is not in the ${String(schedule.length)}-round schedule`,
    )
  }
  const notes = roundRobinNotes(course, fromRound, input.round)
  const byes: Bye[] = []
  const note = `round robin, round ${String(index + 1)} of ${String(schedule.length)}`
  // The seats of a round who play: both players still in the event.
  const gamesOf = (round: ScheduleRound): [PairingPlayer, PairingPlayer][] =>
    round.flatMap(([x, y]) => {
      const a = seatsOf[x]
      const b = seatsOf[y]
      return a !== undefined && b !== undefined && eligible.has(a.id) && eligible.has(b.id)
        ? [[a, b]]
        : []
    })
  const games = gamesOf(today)
  for (const [x, y] of today) {
    const a = seatsOf[x]
    const b = seatsOf[y]
    const aIn = a !== undefined && eligible.has(a.id)
    const bIn = b !== undefined && eligible.has(b.id)
    const reason = `${note}: no opponent this round`
    if (aIn && !bIn) {
      byes.push({ player: a.id, reason, ...(b === undefined ? {} : { absentOpponent: b.id }) })
    } else if (bIn && !aIn) {
      byes.push({ player: b.id, reason, ...(a === undefined ? {} : { absentOpponent: a.id }) })
    }
  }
  // Who starts is the preset's rule, as in Swiss; where the rules tie and the program decides
  // (MSA 1.2), it looks ahead to the schedule's last round (shared/starts/schedule-starts.ts).
  const ids = (pairs: readonly [PairingPlayer, PairingPlayer][]): ScheduledGames =>
    pairs.map(([a, b]) => [a.id, b.id] as const)
  const starts = decideScheduleStarts({
    today: ids(games),
    later: rest.slice(1).map((round) => ids(gamesOf(round))),
    through: input.round + schedule.length - 1 - index,
    history: input.starts.history ?? syntheticHistory(input.players),
    rules: input.starts.rules,
    ...(input.starts.options === undefined ? {} : { options: input.starts.options }),
  })
  const pairs = games.map(([a, b], g): RawPair => {
    const start = starts[g]
    return start === undefined ? { a, b, note } : { a, b, note, start }
  })
  return ok({ pairs, byes, overLimit: 0, notes, gibsonized: [] })
}

/** What the summary says of a round robin that is not the circle schedule's own (issue 29). */
function roundRobinNotes(course: RoundRobinCourse, fromRound: number, round: number): string[] {
  const span = (from: number): string =>
    round - 1 === from
      ? `round ${String(from)} is`
      : `rounds ${String(from)}–${String(round - 1)} are`
  switch (course.kind) {
    case 'continues':
      if (course.ownSchedule || round === fromRound) return []
      return [`${span(fromRound)} a round robin; continuing it without a repeat`]
    case 'over':
      return []
    case 'not-round-robin':
      return [
        `${span(fromRound)} not a round robin (${notRoundRobinWords(course.why)}): paired by the round-robin schedule, which may repeat games`,
      ]
    case 'no-completion':
      return [
        `${span(fromRound)} a round robin, but ${course.proven ? 'no way to finish it without a repeat exists' : 'no way to finish it without a repeat was found'}: paired by the round-robin schedule, which repeats games`,
      ]
  }
}

/** The Fontes pods live in fontes.ts; re-exported here for callers of the old place. */
export { fontesPods } from './fontes'

/** Why the bye went where it did: by rating before round 1, by the basis standings after. */
function fontesByeReason(
  chosen: PairingPlayer,
  ordered: readonly PairingPlayer[],
  basedOn: number,
): string {
  const fewest = Math.min(...ordered.map((p) => p.byes))
  const where =
    basedOn === 0
      ? `by rating, before any game (seed ${String(ordered.indexOf(chosen) + 1)})`
      : `on the standings after round ${String(basedOn)} (rank ${String(chosen.rank)})`
  return `fewest byes and forfeits (${String(fewest)}); lowest ranked of them ${where}`
}

/** Pods counted from 1 for people: "pod 3", "pods 2, 3 and 5". */
function podsText(pods: readonly number[]): string {
  const names = pods.map((k) => String(k + 1))
  const last = names.pop() ?? ''
  return names.length === 0 ? `pod ${last}` : `pods ${names.join(', ')} and ${last}`
}

/**
 * Initial Fontes (fontes.ts seats the pods). The bye goes as in every system: fewest byes, then
 * the lowest ranked on the standings the round is based on (rating order before round 1). The
 * pods are seated on the field without round 1's bye holder and kept for every Fontes round; a
 * later bye holder's scheduled opponent meets the round-1 bye holder if the weights agree.
 *
 * A scheduled game between players who met already (a field that changed since round 1) or must
 * not meet is not played: those players are paired by the weights. When that leaves a repeat or
 * no pairing at all, the pods around them are paired by the weights too, widening pod by pod up
 * to the whole round; a round that can be paired is never refused.
 */
function fontes(
  ctx: PairingContext,
  eligible: ReadonlySet<PlayerId>,
  ordered: readonly PairingPlayer[],
): Result<RawRound> {
  const { input } = ctx
  const rounds = input.fontesRounds ?? 3
  if (rounds < 1 || rounds % 2 === 0) {
    return err(
      'pairing.fontes.rounds',
      `Initial Fontes pairs an odd number of rounds, not ${rounds}`,
    )
  }
  if (input.round < 1 || input.round > rounds) {
    return err(
      'pairing.fontes.over',
      `Initial Fontes pairs rounds 1 to ${String(rounds)}, not round ${String(input.round)}`,
    )
  }
  const byRating = ratingOrder(input.players.filter((p) => eligible.has(p.id)))
  let bye: Bye | null = null
  let outside: PairingPlayer | undefined
  if (byRating.length % 2 === 1) {
    const chosen = byeOrder(ordered)[0] as PairingPlayer
    bye = { player: chosen.id, reason: fontesByeReason(chosen, ordered, input.basedOn) }
    const first = input.history.find((r) => r.round === 1)?.byes.find((id) => eligible.has(id))
    outside = (first === undefined ? undefined : ctx.byId.get(first)) ?? chosen
  }
  const field = byRating.filter((p) => p.id !== outside?.id)
  const seating = seatFontes(field, rounds + 1, (a, b) => ctx.avoid.has(pairKey(a.id, b.id)))
  const notes: string[] = []
  for (const m of seating.moves) {
    notes.push(
      `Initial Fontes: ${m.player.name} plays in pod ${String(m.to + 1)} instead of pod ${String(m.from + 1)} (in place of ${m.swappedWith.name}, of the same rating band) to keep away from ${m.apartFrom.name}`,
    )
  }
  for (const [a, b] of seating.together) {
    notes.push(
      `Initial Fontes: no pod can take ${a.name} or ${b.name} without seating another pair that must not meet; their scheduled game is paired by the weights`,
    )
  }
  const podOf = new Map<PlayerId, number>()
  seating.pods.forEach((pod, k) => {
    for (const p of pod) podOf.set(p.id, k)
  })
  const seed = (p: PairingPlayer): number => byRating.indexOf(p) + 1
  const scheduled: RawPair[] = []
  for (const [a, b, k] of fontesGames(seating.pods, input.round)) {
    if (a.id === bye?.player || b.id === bye?.player) continue
    if (timesMet(ctx, a.id, b.id) > 0 || ctx.avoid.has(pairKey(a.id, b.id))) continue
    const size = seating.pods[k]?.length ?? 0
    scheduled.push({
      a,
      b,
      note: `Initial Fontes: pod of ${String(size)}`,
      seeds: [seed(a), seed(b)],
    })
  }
  const onSchedule = new Set(scheduled.flatMap((p) => [p.a.id, p.b.id]))
  const loosePods = new Set<number>()
  for (const p of ordered) {
    const k = podOf.get(p.id)
    if (k !== undefined && p.id !== bye?.player && !onSchedule.has(p.id)) loosePods.add(k)
  }
  const byWeights = (players: readonly PairingPlayer[]): Result<MatchedPool> | null =>
    matchPool(ctx, players, swissModel(ctx, players), 'as-needed')
  const repeatsIn = (m: MatchedPool): number =>
    m.pairs.filter(([a, b]) => timesMet(ctx, a.id, b.id) > 0).length

  // Widen the players paired by the weights until the pairing has no repeat: first only those
  // without a scheduled game, then their pods, then the pods within 1, 2, 4 … of those (doubling,
  // so a field of hundreds of pods needs a handful of matchings, not one per pod).
  let best: { matched: MatchedPool; released: ReadonlySet<number>; repeats: number } | null = null
  const podCount = seating.pods.length
  for (let radius = -1; ; radius = radius < 1 ? radius + 1 : radius * 2) {
    if (radius >= 0 && loosePods.size === 0) break
    const released = new Set<number>()
    for (let k = 0; k < podCount && radius >= 0; k++) {
      for (const l of loosePods) if (Math.abs(k - l) <= radius) released.add(k)
    }
    const pool = ordered.filter((p) => {
      if (p.id === bye?.player) return false
      const k = podOf.get(p.id)
      return !onSchedule.has(p.id) || (k !== undefined && released.has(k))
    })
    const matched = byWeights(pool)
    if (matched?.ok === true) {
      const repeats = repeatsIn(matched.value)
      if (best === null || repeats < best.repeats) {
        best = { matched: matched.value, released, repeats }
      }
      if (repeats === 0) break
    }
    if (released.size === podCount) break
  }

  if (best === null) {
    // Not even the whole field pairs around this bye: pair everyone by the weights, bye included.
    const all = withBye(ordered, (players, mode) =>
      matchPool(ctx, players, swissModel(ctx, players), mode),
    )
    if (!all.ok) return all
    notes.push(
      'Initial Fontes: the whole round is paired by the weights: the schedule and its bye leave no pairing that keeps every pair that must not meet apart',
    )
    return ok({
      pairs: rawFromMatched(all.value.matched, 'Initial Fontes: paired by the weights'),
      byes: all.value.bye === null ? [] : [all.value.bye],
      overLimit: all.value.matched.overLimit,
      notes,
      gibsonized: [],
    })
  }
  const { matched, released } = best
  const pairs = scheduled.filter((p) => !released.has(podOf.get(p.a.id) ?? -1))
  if (released.size > 0) {
    const which = [...released].sort((x, y) => x - y)
    notes.push(
      released.size === podCount
        ? 'Initial Fontes: the whole round is paired by the weights: the schedule could not be kept without a repeat'
        : `Initial Fontes: ${podsText(which)} paired by the weights this round: their scheduled games would have been repeats or pairs that must not meet`,
    )
  }
  pairs.push(
    ...rawFromMatched(
      matched,
      released.size === 0
        ? 'Initial Fontes: no scheduled opponent'
        : 'Initial Fontes: paired by the weights',
    ),
  )
  return ok({
    pairs,
    byes: bye === null ? [] : [bye],
    overLimit: matched.overLimit,
    notes,
    gibsonized: [],
  })
}

/**
 * Games against placeholder opponents (negative ids) that give each player their tallied firsts
 * and seconds, for callers that keep only the tallies.
 */
function syntheticHistory(players: readonly PairingPlayer[]): StartsHistoryEntry[] {
  const out: StartsHistoryEntry[] = []
  let ghost = -1
  for (const p of players) {
    let round = 1
    for (let k = 0; k < p.firsts + p.seconds; k++, round++, ghost--) {
      const first = k < p.firsts ? p.id : ghost
      out.push({
        round,
        first,
        result: {
          kind: 'played',
          players: [p.id, ghost],
          rawScores: [0, 0],
          overtimeSeconds: [0, 0],
          scores: [0, 0],
        },
      })
    }
  }
  return out
}

function finish(
  ctx: PairingContext,
  ordered: readonly PairingPlayer[],
  raw: RawRound,
): PairedRound {
  const { input } = ctx
  const position = new Map(ordered.map((p, i) => [p.id, i]))
  const pos = (p: PairingPlayer): number => position.get(p.id) ?? ordered.length
  // The real history, or one made up from the tallies when the caller keeps only those.
  const startsIndex = indexStarts(
    input.starts.history ?? syntheticHistory(input.players),
    input.starts.options,
  )
  const nameOf = (id: PlayerId): string => ctx.byId.get(id)?.name ?? `#${String(id)}`

  // Top tables to the top of the standings; a reserved table is kept.
  const sorted = [...raw.pairs].sort(
    (x, y) => Math.min(pos(x.a), pos(x.b)) - Math.min(pos(y.a), pos(y.b)),
  )
  const reservedOf = (pair: RawPair): number | undefined =>
    pair.a.reservedTable ?? pair.b.reservedTable
  const taken = new Set<number>()
  for (const pair of sorted) {
    const t = reservedOf(pair)
    if (t !== undefined) taken.add(t)
  }
  let next = 1
  const pairings: Pairing[] = sorted.map((pair) => {
    let table = reservedOf(pair)
    if (table === undefined) {
      while (taken.has(next)) next++
      table = next++
    }
    // The higher-ranked player is named first unless the rules say otherwise.
    const [hi, lo] = pos(pair.a) <= pos(pair.b) ? [pair.a, pair.b] : [pair.b, pair.a]
    const meeting = meetingText(ctx, hi.id, lo.id)
    // MSA 1.2: the program's draw uses one seed per table out of the round's (as `apply` does).
    const options = input.starts.options
    const seed = options?.seed
    const decision =
      pair.start ??
      decideStarterFrom(
        hi.id,
        lo.id,
        startsIndex,
        input.starts.rules,
        seed === undefined ? options : { ...options, seed: tableDrawSeed(seed, table) },
      )
    const first = decision.starter ?? hi.id
    // Seeds and records in the order the table names its players (first, then second), so
    // "Ito v Baker" reads "seeds 9 and 2" when Ito is seed 9 (issue 19).
    const [x, y] = first === hi.id ? [hi, lo] : [lo, hi]
    const seeds =
      pair.seeds === undefined
        ? ''
        : `, seeds ${String(x === pair.a ? pair.seeds[0] : pair.seeds[1])} and ${String(x === pair.a ? pair.seeds[1] : pair.seeds[0])}`
    const note = pair.note === '' ? '' : `${pair.note}${seeds}; `
    const head = `${note}${record(x)} vs ${record(y)}, ${meeting}`
    return {
      table,
      first,
      second: y.id,
      start: decision,
      reason: `${head}; ${describeStart(decision, nameOf)}`,
    }
  })
  pairings.sort((x, y) => x.table - y.table)
  return {
    round: input.round,
    system: input.system,
    basedOn: input.basedOn,
    pairings,
    byes: raw.byes,
    summary: summarize(ctx, raw, nameOf),
  }
}

function summarize(
  ctx: PairingContext,
  raw: RawRound,
  nameOf: (id: PlayerId) => string,
): PairedRound['summary'] {
  let repeats = 0
  let widest = 0
  let backToBack = 0
  const overLimitPairs: (readonly [PlayerId, PlayerId])[] = []
  const groups = new Map<number, { players: number; outside: number }>()
  const group = (wins: number): { players: number; outside: number } => {
    let g = groups.get(wins)
    if (g === undefined) {
      g = { players: 0, outside: 0 }
      groups.set(wins, g)
    }
    return g
  }
  for (const { a, b } of raw.pairs) {
    const met = meeting(ctx, a.id, b.id)
    if (met.times > 0) repeats++
    if (met.roundsSince === 1) backToBack++
    if (met.times > ctx.maxRepeats) overLimitPairs.push([a.id, b.id])
    widest = Math.max(widest, Math.abs(a.wins - b.wins))
    for (const [p, q] of [
      [a, b],
      [b, a],
    ] as const) {
      const g = group(p.wins)
      g.players++
      if (p.wins !== q.wins) g.outside++
    }
  }
  for (const bye of raw.byes) {
    const p = ctx.byId.get(bye.player)
    if (p !== undefined) group(p.wins).players++
  }
  const scoreGroups = [...groups.entries()]
    .sort((x, y) => y[0] - x[0])
    .map(([wins, g]) => ({ wins, players: g.players, pairedOutside: g.outside }))
  const parts: string[] = [
    ctx.input.basedOn === 0
      ? `${systemName(ctx.input)} on the ratings, before any game`
      : `${systemName(ctx.input)} on the standings after round ${String(ctx.input.basedOn)}`,
    `${String(raw.pairs.length)} pairings, ${repeats === 0 ? 'no repeats' : `${String(repeats)} repeat${repeats === 1 ? '' : 's'}`}${backToBack > 0 ? ` (${String(backToBack)} back to back)` : ''}`,
    `widest win gap ${String(widest)}`,
    `score groups: ${scoreGroups
      .map(
        (g) =>
          `${String(g.players)} on ${String(g.wins)} ${g.wins === 1 ? 'win' : 'wins'}${g.pairedOutside > 0 ? ` (${String(g.pairedOutside)} paired outside)` : ''}`,
      )
      .join(', ')}`,
  ]
  if (overLimitPairs.length > 0) {
    // The limit gives way only when no pairing keeps it (weights.ts, tier 2).
    const named = overLimitPairs.map(([a, b]) => `${nameOf(a)} v ${nameOf(b)}`).join(', ')
    parts.push(
      `over the repeat limit of ${String(ctx.maxRepeats)}: ${named} (no pairing of the round keeps it)`,
    )
  }
  for (const bye of raw.byes) parts.push(`bye: ${nameOf(bye.player)}, ${bye.reason}`)
  for (const id of raw.gibsonized) parts.push(`${nameOf(id)} is Gibsonized`)
  parts.push(...raw.notes)
  return {
    repeats,
    overLimit: Math.max(raw.overLimit, overLimitPairs.length),
    overLimitPairs,
    backToBack,
    widestWinGap: widest,
    scoreGroups,
    gibsonized: raw.gibsonized,
    lines: parts,
    text: parts.join('; '),
  }
}

function systemName(input: PairingInput): string {
  switch (input.system) {
    case 'swiss':
      return 'Swiss'
    case 'koth':
      return 'King of the Hill'
    case 'round-robin':
      return 'Round robin'
    case 'double-round-robin':
      return 'Double round robin'
    case 'random':
      return 'Random draw'
    case 'rating':
      return 'Seeded by rating'
    case 'fontes':
      return 'Initial Fontes'
    case 'australian':
      return 'Australian Draw'
    case 'manual':
      return 'Manual pairing'
    case 'cop':
      return 'COP'
  }
}

/**
 * A round robin's schedule cannot move a player, so a pair on the do-not-pair list that it seats
 * together is named in the summary, for the director to change by hand. (Initial Fontes moves
 * one of them to another pod, fontes.ts; the matching systems never seat one.)
 */
function unkeptAvoids(ctx: PairingContext, pairs: readonly RawPair[]): string[] {
  return pairs
    .filter((p) => ctx.avoid.has(pairKey(p.a.id, p.b.id)))
    .map(
      (p) =>
        `${systemName(ctx.input)} seats ${p.a.name} and ${p.b.name} together although they must not meet: the schedule cannot move them; change the table by hand`,
    )
}

/** Pairs `input.round`; every active player is paired once or has a bye, or the error says who. */
export function pairRound(input: PairingInput): Result<PairedRound> {
  if (!Number.isInteger(input.round) || input.round < 1) {
    return err('pairing.round.invalid', `Round ${String(input.round)} is not a round number`)
  }
  if (input.basedOn !== input.round - 1 && input.basedOn !== input.round - 2) {
    return err(
      'pairing.based-on.invalid',
      `Round ${String(input.round)} can be paired on the standings after round ${String(input.round - 1)} or ${String(input.round - 2)}, not ${String(input.basedOn)}`,
    )
  }
  if (input.basedOn < 0) {
    return err('pairing.based-on.invalid', `There is no round ${String(input.basedOn)}`)
  }
  const ctx = pairingContext(input)
  const eligiblePlayers = input.players.filter(
    (p) => p.active && (p.firstRound ?? 1) <= input.round,
  )
  const eligible = new Set(eligiblePlayers.map((p) => p.id))
  const ordered = standingsOrder(eligiblePlayers)
  const locks = checkLocks(ctx, eligible)
  if (!locks.ok) return locks
  const { pairs: locked, bye: lockedBye, used } = locks.value
  const pool = ordered.filter((p) => !used.has(p.id))

  let raw: Result<RawRound>
  switch (input.system) {
    case 'round-robin':
    case 'double-round-robin':
    case 'fontes':
      if (used.size > 0) {
        return err(
          'pairing.locked.schedule',
          'A scheduled system cannot keep locked pairings: pair this round manually',
        )
      }
      raw =
        input.system === 'fontes'
          ? fontes(ctx, eligible, ordered)
          : roundRobin(ctx, eligible, input.system === 'double-round-robin')
      break
    case 'manual': {
      const missing = pool[0]
      if (missing !== undefined) {
        return err(
          'pairing.manual.unpaired',
          `${missing.name} (#${String(missing.id)}) is neither paired nor given the bye`,
          { details: { player: missing.id } },
        )
      }
      raw = ok({ pairs: [], byes: [], overLimit: 0, notes: [], gibsonized: [] })
      break
    }
    case 'swiss':
    case 'koth':
    case 'rating':
    case 'random':
    case 'australian':
    case 'cop':
      raw = matchingSystem(ctx, ordered, pool, lockedBye !== null)
      break
  }
  if (!raw.ok) return raw
  const all: RawRound = {
    ...raw.value,
    notes: [...raw.value.notes, ...unkeptAvoids(ctx, raw.value.pairs)],
    pairs: [...locked, ...raw.value.pairs],
    byes: lockedBye === null ? raw.value.byes : [lockedBye, ...raw.value.byes],
  }
  return ok(finish(ctx, ordered, all))
}
