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
  type StartsHistoryEntry,
} from '../starts/starts'
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
import { pairContention, pairsContention } from './gibson'
import { matchPool, type MatchedPool } from './match-pool'
import { kothModel, randomModel, ratingModel, swissModel } from './models'
import { circleSchedule, roundRobinSchedule } from './round-robin'
import type { Bye, PairedRound, Pairing, PairingInput, PairingPlayer } from './types'

/** A pairing before its starter, table and text: `first` set when a schedule decides starts. */
interface RawPair {
  readonly a: PairingPlayer
  readonly b: PairingPlayer
  readonly note: string
  readonly scheduledFirst?: PlayerId
}

interface RawRound {
  readonly pairs: readonly RawPair[]
  readonly byes: readonly Bye[]
  readonly overLimit: number
  readonly notes: readonly string[]
  readonly gibsonized: readonly PlayerId[]
}

/** The bye candidates in order: fewest byes (forfeits counted), then lowest ranked. */
function byeOrder(pool: readonly PairingPlayer[]): PairingPlayer[] {
  const position = new Map(pool.map((p, i) => [p.id, i]))
  return [...pool].sort(
    (a, b) => a.byes - b.byes || (position.get(b.id) ?? 0) - (position.get(a.id) ?? 0),
  )
}

function byeReason(chosen: PairingPlayer, pool: readonly PairingPlayer[], skipped: number): string {
  const fewest = Math.min(...pool.map((p) => p.byes))
  const base = `fewest byes and forfeits (${String(fewest)}); lowest ranked of them (rank ${String(chosen.rank)})`
  return skipped === 0
    ? base
    : `${base} that leaves a valid pairing (${String(skipped)} lower-ranked could not take it)`
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
): Result<{ matched: MatchedPool; bye: Bye | null }> {
  const impossible = err('pairing.impossible', `These ${pool.length} players cannot all be paired`)
  if (pool.length % 2 === 0) {
    const matched = pairer(pool, 'as-needed') ?? impossible
    return matched.ok ? ok({ matched: matched.value, bye: null }) : matched
  }
  const order = byeOrder(pool)
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
          bye: { player: candidate.id, reason: byeReason(candidate, pool, skipped) },
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

  // Prize contention and Gibsonization (shared/pairing/gibson.ts) pair first; the system the rest.
  const contended = pairsContention(input.system)
    ? pairContention(ctx, ordered, pool, hasBye)
    : null
  if (contended !== null) {
    pairs.push(...contended.pairs)
    if (contended.bye !== null) byes.push(contended.bye)
    gibsonized.push(...contended.gibsonized)
    notes.push(...contended.notes)
    rest = [...contended.rest]
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
  let paired = withBye(rest, pairer)
  if (!paired.ok && contended !== null && contended.pairs.length > 0) {
    // The contention pairs left the rest unpairable: give the system back the last ones made
    // first, so the leader's pair (made before the lower places') is the last to go.
    const given = pool.filter((p) => !byes.some((b) => b.player === p.id))
    let kept = pairs.length
    while (!paired.ok && kept > 0) {
      kept--
      const seated = new Set(pairs.slice(0, kept).flatMap((p) => [p.a.id, p.b.id]))
      rest = given.filter((p) => !seated.has(p.id))
      paired = withBye(rest, pairer)
    }
    const dropped = pairs.length - kept
    pairs.splice(kept)
    notes.push(
      `${dropped === 1 ? 'a contention pairing' : `${String(dropped)} contention pairings`} dropped: the other players could not all be paired around them`,
    )
  }
  if (!paired.ok) return paired
  const note = systemNote(input)
  pairs.push(...rawFromMatched(paired.value.matched, note))
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
  const schedule = roundRobinSchedule(seats, double)
  const index = input.round - (input.roundRobinStart ?? 1)
  const today = schedule[index]
  if (today === undefined) {
    return err(
      'pairing.round-robin.over',
      `Round ${String(input.round)} is not in the ${String(schedule.length)}-round schedule`,
    )
  }
  const pairs: RawPair[] = []
  const byes: Bye[] = []
  const note = `round robin, round ${String(index + 1)} of ${String(schedule.length)}`
  for (const [x, y] of today) {
    const a = seatsOf[x]
    const b = seatsOf[y]
    const aIn = a !== undefined && eligible.has(a.id)
    const bIn = b !== undefined && eligible.has(b.id)
    if (aIn && bIn) pairs.push({ a, b, note, scheduledFirst: a.id })
    else if (aIn) byes.push({ player: a.id, reason: `${note}: no opponent this round` })
    else if (bIn) byes.push({ player: b.id, reason: `${note}: no opponent this round` })
  }
  return ok({ pairs, byes, overLimit: 0, notes: [], gibsonized: [] })
}

/**
 * The pods of Initial Fontes over an even field in rating order (tsh's InitFontes as read here):
 * the field is cut into `groups` rating bands (rounds + 1 of them); pod k takes the k-th player of
 * every band, so each pod has one player from each band and plays a round robin inside itself.
 * When the field is not a multiple of `groups`, the remainder r (even) is spread over the bands —
 * r bands, evenly spaced from the top, get one player more — and those extra players join the last
 * pod, which then plays the first rounds of a round robin of its larger size.
 */
export function fontesPods<T>(field: readonly T[], groups: number): T[][] {
  const q = Math.floor(field.length / groups)
  const r = field.length - q * groups
  const extra = new Set<number>()
  for (let k = 0; k < r; k++) extra.add(Math.floor(((k + 0.5) * groups) / r))
  const bands: T[][] = []
  let at = 0
  for (let g = 0; g < groups; g++) {
    const size = q + (extra.has(g) ? 1 : 0)
    bands.push(field.slice(at, at + size))
    at += size
  }
  const pods: T[][] = []
  for (let k = 0; k < q; k++) pods.push(bands.map((band) => band[k] as T))
  const extras = bands.filter((band) => band.length > q).map((band) => band[q] as T)
  if (extras.length > 0) {
    if (pods.length === 0) pods.push(extras)
    else (pods[pods.length - 1] as T[]).push(...extras)
  }
  return pods
}

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
  // Seeds by rating. An odd field first gives the bye: fewest byes, then the lowest seed.
  const byRating = ratingOrder(input.players.filter((p) => eligible.has(p.id)))
  const byes: Bye[] = []
  let field = byRating
  if (field.length % 2 === 1) {
    const chosen = byeOrder(byRating)[0] as PairingPlayer
    byes.push({ player: chosen.id, reason: byeReason(chosen, byRating, 0) })
    field = byRating.filter((p) => p.id !== chosen.id)
  }
  const pairs: RawPair[] = []
  const paired = new Set<PlayerId>()
  const groups = rounds + 1
  for (const pod of fontesPods(field, groups)) {
    const schedule = pod.length >= 2 && pod.length % 2 === 0 ? circleSchedule(pod.length) : []
    for (const [x, y] of schedule[input.round - 1] ?? []) {
      const a = pod[x] as PairingPlayer
      const b = pod[y] as PairingPlayer
      // A field that changed since round 1 can seat two old opponents together: they are paired
      // by the weights below instead.
      if (timesMet(ctx, a.id, b.id) > 0 || ctx.avoid.has(pairKey(a.id, b.id))) continue
      pairs.push({
        a,
        b,
        note: `Initial Fontes: pod of ${String(pod.length)}, seeds ${String(byRating.indexOf(a) + 1)} and ${String(byRating.indexOf(b) + 1)}`,
      })
      paired.add(a.id)
      paired.add(b.id)
    }
  }
  // Players without a scheduled opponent are paired among themselves, Swiss-style.
  const left = ordered.filter(
    (p) => eligible.has(p.id) && !paired.has(p.id) && !byes.some((b) => b.player === p.id),
  )
  const rest = withBye(left, (players, mode) =>
    matchPool(ctx, players, swissModel(ctx, players), mode),
  )
  if (!rest.ok) return rest
  pairs.push(...rawFromMatched(rest.value.matched, 'Initial Fontes: no scheduled opponent'))
  return ok({
    pairs,
    byes: rest.value.bye === null ? byes : [...byes, rest.value.bye],
    overLimit: rest.value.matched.overLimit,
    notes: [],
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
    // The higher-ranked player is named first unless a schedule or the rules say otherwise.
    const [hi, lo] = pos(pair.a) <= pos(pair.b) ? [pair.a, pair.b] : [pair.b, pair.a]
    const meeting = meetingText(ctx, hi.id, lo.id)
    const head = `${pair.note === '' ? '' : `${pair.note}; `}${record(hi)} vs ${record(lo)}, ${meeting}`
    if (pair.scheduledFirst !== undefined) {
      const first = pair.scheduledFirst === pair.a.id ? pair.a : pair.b
      const second = first === pair.a ? pair.b : pair.a
      return {
        table,
        first: first.id,
        second: second.id,
        start: null,
        reason: `${head}; ${first.name} starts: the schedule`,
      }
    }
    // MSA 1.2: the program's draw uses one seed per table out of the round's (as `apply` does).
    const options = input.starts.options
    const seed = options?.seed
    const decision = decideStarterFrom(
      hi.id,
      lo.id,
      startsIndex,
      input.starts.rules,
      seed === undefined ? options : { ...options, seed: tableDrawSeed(seed, table) },
    )
    const first = decision.starter ?? hi.id
    return {
      table,
      first,
      second: first === hi.id ? lo.id : hi.id,
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
  }
}

/**
 * A round robin's schedule cannot move a player, so a pair on the do-not-pair list that it seats
 * together is named in the summary, for the director to change by hand. (Initial Fontes leaves
 * such a pair to the pairing of the rest; the matching systems never seat one.)
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
