/**
 * COP, Castellano–O'Connor pairing (issue 29): the simulation-based pairing NASPA's biggest events
 * and Let's Play Scrabble use for the second half of long events. What is followed is the public
 * description (letsplayscrabble.com's pairing page, and the policies named in Woogles' `pkg/pair/
 * cop` and `jvc56/tournament_pairing_algorithms`, read, not copied):
 *
 * 1. Simulate the rounds left many times from the standings the round is based on, each round of a
 *    simulation paired King of the Hill on the simulated standings, each game won by the
 *    higher-rated player as NASPA's logistic expectation says, by 1–200 points.
 * 2. A player is *hopeful* for a place when they finish there or higher in at least the
 *    hopefulness share of the simulations for the rounds left (with one round left, a share of 0:
 *    whoever can still reach that place's wins at all, counted exactly with `canCatch`). Players
 *    hopeful for a prize place are the race; a player no one outside the race can pass is an
 *    *absolute* casher (sure of a prize place, counted exactly).
 * 3. Pair to keep control of the race, above every other weight (the "prize race" tier): the leader
 *    plays someone who can still finish first (the closest such by rank: control of their own
 *    fate); each player in a prize place plays someone who can still reach that place; hopefuls
 *    play hopefuls and the rest play the rest. Below that the weights of King of the Hill
 *    (weights.ts: win gaps and repeats in one currency, starts, then rank distance), so hopefuls
 *    meet by rank and those out of contention are paired to avoid repeats.
 *    Class prizes the same way: a player out of the overall race but hopeful for a prize of their
 *    class plays another hopeful of that class.
 * 4. Byes as in every system (fewest, then lowest ranked), or top-down (fewest, then highest
 *    ranked) when the event sets it.
 */
import { seededRng } from '../random'
import { expectationTable, TABLE_REACH } from '../ratings/expected-score'
import type { PlayerId } from '../results/game-result'
import type { PairingContext } from './context'
import { canCatch, ordinal } from './gibson'
import type { CostModel } from './match-pool'
import { kothModel } from './models'
import type { PairingInput, PairingPlayer } from './types'
import { halfWins } from './weights'

/** A class prize: the best `places` of the class's players win one. */
export interface CopClass {
  readonly name: string
  readonly players: readonly PlayerId[]
  readonly places: number
}

/** COP's settings; every one has a default (COP_DEFAULTS). */
export interface CopOptions {
  /** How many times the rounds left are simulated. */
  readonly simulations?: number
  /** Places that win prizes (default: the Gibson settings' prize places, else 3). */
  readonly prizePlaces?: number
  /**
   * The share of simulations a player must finish in a place (or higher) in to be hopeful for it,
   * by rounds left: [one round left, two, three …]; the last applies to more rounds left.
   */
  readonly hopefulness?: readonly number[]
  /** The bye to the highest-ranked of those with the fewest byes (default: the lowest). */
  readonly topDownByes?: boolean
  /** The simulations' seed (default: the round's seed, else the round number). */
  readonly seed?: number
  /** Class prizes raced for like the overall places (default none). */
  readonly classes?: readonly CopClass[]
}

export const COP_DEFAULTS = {
  simulations: 1000,
  prizePlaces: 3,
  // Fewer rounds left: a result moves a player further, so a bigger share counts.
  hopefulness: [0, 0.1, 0.05, 0.01, 0.0025],
  /** The most a game moves spread, for who can still reach whom (Gibson's default). */
  maxSpreadPerRound: 300,
} as const

/** What the simulations said about each player, by id. */
export interface CopAnalysis {
  readonly simulations: number
  readonly roundsLeft: number
  readonly prizePlaces: number
  readonly threshold: number
  readonly seed: number
  /** Position in the standings the round is based on, from 0. */
  readonly position: ReadonlyMap<PlayerId, number>
  /** The best place (from 0) the player is hopeful for; absent when none of the prize places. */
  readonly hope: ReadonlyMap<PlayerId, number>
  /** Share of simulations the player finished in the prize places. */
  readonly cashShare: ReadonlyMap<PlayerId, number>
  /** Share of simulations the player finished first. */
  readonly firstShare: ReadonlyMap<PlayerId, number>
  /** Players sure of a prize place whatever happens. */
  readonly absolute: ReadonlySet<PlayerId>
  readonly topDownByes: boolean
  /** Out of the overall race but hopeful for a class prize: the class and best class place. */
  readonly classHope: ReadonlyMap<PlayerId, { readonly name: string; readonly place: number }>
}

/** The settings in force for a round, defaults filled in. */
export function copSettings(input: PairingInput): {
  simulations: number
  prizePlaces: number
  hopefulness: readonly number[]
  topDownByes: boolean
  seed: number
  roundsLeft: number
  maxSpread: number
  classes: readonly CopClass[]
} {
  const cop = input.cop ?? {}
  const bands = input.gibson?.prizeBands
  const prizePlaces =
    cop.prizePlaces ??
    input.gibson?.prizePlaces ??
    (bands === undefined ? undefined : bands[bands.length - 1]) ??
    COP_DEFAULTS.prizePlaces
  const total = input.rounds ?? input.gibson?.totalRounds ?? input.round
  return {
    simulations: Math.max(1, Math.round(cop.simulations ?? COP_DEFAULTS.simulations)),
    prizePlaces: Math.max(1, prizePlaces),
    hopefulness: cop.hopefulness ?? COP_DEFAULTS.hopefulness,
    topDownByes: cop.topDownByes ?? false,
    seed: cop.seed ?? input.seed ?? input.round,
    // The round being paired is the first of those simulated.
    roundsLeft: Math.max(1, total - input.basedOn),
    maxSpread: input.gibson?.maxSpreadPerRound ?? COP_DEFAULTS.maxSpreadPerRound,
    classes: (cop.classes ?? []).filter((c) => c.places > 0),
  }
}

/** The hopefulness share for `roundsLeft` rounds left. */
export function hopefulnessFor(table: readonly number[], roundsLeft: number): number {
  if (table.length === 0) return 0
  return table[Math.min(roundsLeft, table.length) - 1] ?? 0
}

const SPREAD_BITS = 22
const SPREAD_CLAMP = 2 ** (SPREAD_BITS - 1) - 1

/** Class prizes in the simulations: each position's class (−1: none) and each class's places. */
export interface SimulatedClasses {
  readonly classOf: Int32Array
  readonly places: readonly number[]
}

/**
 * Finishing places over `simulations` runs of the rounds left: counts[i · places + q] is how often
 * the player at position i finished in place q (from 0), for the first `places` places; with
 * classes, classCounts[i · most + q] how often they finished q-th of their class (`most`: the
 * most places of any class).
 */
export function simulateFinishes(
  players: readonly PairingPlayer[],
  roundsLeft: number,
  simulations: number,
  places: number,
  seed: number,
  classes: SimulatedClasses = { classOf: new Int32Array(players.length).fill(-1), places: [] },
): { readonly counts: Int32Array; readonly classCounts: Int32Array } {
  const n = players.length
  const counts = new Int32Array(n * places)
  const most = Math.max(0, ...classes.places)
  const classCounts = new Int32Array(n * most)
  const seen = new Int32Array(classes.places.length)
  if (n === 0) return { counts, classCounts }
  const rng = seededRng(seed)
  const odds = expectationTable('logistic')
  const rating = Int32Array.from(players, (p) => Math.round(p.rating))
  const hw0 = Int32Array.from(players, halfWins)
  const sp0 = Float64Array.from(players, (p) => Math.round(p.spread))
  let top = 0
  for (const w of hw0) top = Math.max(top, w)
  top += 2 * roundsLeft + 1
  // One number per player that sorts ascending into the simulated standings: more wins, then
  // more spread, then the real standings' order (packed: wins, spread, position).
  const indexBits = Math.max(1, Math.ceil(Math.log2(n + 1)))
  const spreadScale = 2 ** indexBits
  const winScale = 2 ** (indexBits + SPREAD_BITS)
  const hw = new Int32Array(n)
  const sp = new Float64Array(n)
  const keys = new Float64Array(n)
  const order = new Int32Array(n)
  const rank = (): void => {
    for (let i = 0; i < n; i++) {
      const s = Math.max(-SPREAD_CLAMP, Math.min(SPREAD_CLAMP, sp[i] as number))
      keys[i] = ((top - (hw[i] as number)) * winScale +
        (SPREAD_CLAMP - s) * spreadScale +
        i) as number
    }
    keys.sort()
    for (let k = 0; k < n; k++) order[k] = (keys[k] as number) % spreadScale
  }
  for (let s = 0; s < simulations; s++) {
    hw.set(hw0)
    sp.set(sp0)
    for (let r = 0; r < roundsLeft; r++) {
      rank()
      for (let k = 0; k + 1 < n; k += 2) {
        const a = order[k] as number
        const b = order[k + 1] as number
        const d = Math.max(
          -TABLE_REACH,
          Math.min(TABLE_REACH, (rating[a] as number) - (rating[b] as number)),
        )
        const margin = 1 + rng.int(200)
        const [w, l] = rng.next() < (odds[d + TABLE_REACH] as number) ? [a, b] : [b, a]
        hw[w] = (hw[w] as number) + 2
        sp[w] = (sp[w] as number) + margin
        sp[l] = (sp[l] as number) - margin
      }
      if (n % 2 === 1) {
        // The lowest simulated player sits out with a bye, as a KOTH round's bye falls.
        const last = order[n - 1] as number
        hw[last] = (hw[last] as number) + 2
        sp[last] = (sp[last] as number) + 50
      }
    }
    rank()
    for (let q = 0; q < places && q < n; q++) {
      const i = order[q] as number
      counts[i * places + q] = (counts[i * places + q] as number) + 1
    }
    if (most === 0) continue
    seen.fill(0)
    for (let k = 0; k < n; k++) {
      const i = order[k] as number
      const c = classes.classOf[i] as number
      if (c < 0) continue
      const q = seen[c] as number
      if (q >= (classes.places[c] as number)) continue
      seen[c] = q + 1
      classCounts[i * most + q] = (classCounts[i * most + q] as number) + 1
    }
  }
  return { counts, classCounts }
}

/** The simulations and the classification for a round's field (`ordered`: standings order). */
export function copAnalysis(input: PairingInput, ordered: readonly PairingPlayer[]): CopAnalysis {
  const settings = copSettings(input)
  const { simulations, roundsLeft, maxSpread } = settings
  const places = Math.min(settings.prizePlaces, Math.max(1, ordered.length))
  const threshold = hopefulnessFor(settings.hopefulness, roundsLeft)
  const classIndex = new Map<PlayerId, number>()
  settings.classes.forEach((c, k) => {
    for (const id of c.players) if (!classIndex.has(id)) classIndex.set(id, k)
  })
  const classOf = Int32Array.from(ordered, (p) => classIndex.get(p.id) ?? -1)
  const classPlaces = settings.classes.map((c) => c.places)
  const { counts, classCounts } = simulateFinishes(
    ordered,
    roundsLeft,
    simulations,
    places,
    settings.seed,
    { classOf, places: classPlaces },
  )
  const most = Math.max(0, ...classPlaces)
  // Each class's players in standings order, for who holds a class place now.
  const members = settings.classes.map((_, k) => ordered.filter((_, i) => classOf[i] === k))
  const reaches = (
    p: PairingPlayer,
    at: number,
    holder: PairingPlayer | undefined,
    share: number,
  ) =>
    threshold <= 0
      ? holder !== undefined && (at <= 0 || canCatch(p, holder, roundsLeft, maxSpread))
      : share > 0 && share >= threshold * simulations
  const position = new Map<PlayerId, number>()
  const hope = new Map<PlayerId, number>()
  const cashShare = new Map<PlayerId, number>()
  const firstShare = new Map<PlayerId, number>()
  const absolute = new Set<PlayerId>()
  const classHope = new Map<PlayerId, { name: string; place: number }>()
  ordered.forEach((p, i) => {
    position.set(p.id, i)
    let cumulative = 0
    let best: number | undefined
    for (let q = 0; q < places; q++) {
      cumulative += counts[i * places + q] as number
      if (best !== undefined) continue
      // Share 0: whoever can still reach the place at all, counted exactly, not by chance.
      if (reaches(p, i - q, ordered[q], cumulative)) best = q
    }
    if (best !== undefined) hope.set(p.id, best)
    const k = classOf[i] as number
    const cls = settings.classes[k]
    if (best === undefined && cls !== undefined) {
      const own = members[k] ?? []
      const at = own.indexOf(p)
      let share = 0
      for (let q = 0; q < cls.places && q < most; q++) {
        share += classCounts[i * most + q] as number
        if (reaches(p, at - q, own[q], share)) {
          classHope.set(p.id, { name: cls.name, place: q })
          break
        }
      }
    }
    cashShare.set(p.id, cumulative / simulations)
    firstShare.set(p.id, (counts[i * places] as number) / simulations)
    // Sure of a prize place: fewer than `places` others can still end level with or above them.
    let catchers = 0
    for (const other of ordered) {
      if (other.id !== p.id && canCatch(other, p, roundsLeft, maxSpread)) catchers++
      if (catchers >= places) break
    }
    if (catchers < places) absolute.add(p.id)
  })
  return {
    simulations,
    roundsLeft,
    prizePlaces: places,
    threshold,
    seed: settings.seed,
    position,
    hope,
    cashShare,
    firstShare,
    absolute,
    topDownByes: settings.topDownByes,
    classHope,
  }
}

/**
 * The prize-race tier of a pair (0 kept, 1 broken): a player in a prize place plays someone who
 * can still reach that place (the leader someone who can still finish first); hopefuls play
 * hopefuls, the rest the rest.
 */
export function raceCost(cop: CopAnalysis, a: PairingPlayer, b: PairingPlayer): number {
  const ha = cop.hope.get(a.id)
  const hb = cop.hope.get(b.id)
  if (ha === undefined && hb === undefined) {
    const ca = cop.classHope.get(a.id)
    const cb = cop.classHope.get(b.id)
    if (ca === undefined && cb === undefined) return 0
    return ca?.name === cb?.name ? 0 : 1
  }
  if (ha === undefined || hb === undefined) return 1
  const pa = cop.position.get(a.id) ?? 0
  const pb = cop.position.get(b.id) ?? 0
  const [upper, lower] = pa <= pb ? [pa, hb] : [pb, ha]
  const defended = Math.min(upper, cop.prizePlaces - 1)
  return lower > defended ? 1 : 0
}

/** King of the Hill's weights under the prize-race tier (see the header, 3). */
export function copModel(
  ctx: PairingContext,
  pool: readonly PairingPlayer[],
  cop: CopAnalysis,
): CostModel {
  const base = kothModel(ctx, pool)
  const race = Uint8Array.from(pool, (p) => (cop.hope.has(p.id) || cop.classHope.has(p.id) ? 1 : 0))
  const cost = (i: number, j: number): number =>
    race[i] === 0 && race[j] === 0
      ? 0
      : raceCost(cop, pool[i] as PairingPlayer, pool[j] as PairingPlayer)
  return {
    tiers: [{ name: 'prize race', max: 1, sumMax: Math.floor(pool.length / 2) }, ...base.tiers],
    limitAt: base.limitAt + 1,
    values: (i, j, met) => [cost(i, j), ...base.values(i, j, met)],
    unmetFor: (scale) => {
      const [s = 0, ...rest] = scale
      const below = base.unmetFor(rest)
      return s === 0 ? below : (i, j) => s * cost(i, j) + below(i, j)
    },
    near: base.near,
  }
}

const placeWords = (q: number): string => (q === 0 ? 'first' : `${ordinal(q + 1)} place`)

const percent = (share: number): string =>
  share > 0 && share < 0.01 ? 'under 1%' : `${String(Math.round(share * 100))}%`

/** One table explained in words: "#3 needs to play #1: both can still finish first". */
export function copPairNote(cop: CopAnalysis, a: PairingPlayer, b: PairingPlayer): string {
  const pa = cop.position.get(a.id) ?? 0
  const pb = cop.position.get(b.id) ?? 0
  const [hi, lo] = pa <= pb ? [a, b] : [b, a]
  const tag = (p: PairingPlayer): string => `#${String((cop.position.get(p.id) ?? 0) + 1)}`
  const hh = cop.hope.get(hi.id)
  const hl = cop.hope.get(lo.id)
  const ch = cop.classHope.get(hi.id)
  const cl = cop.classHope.get(lo.id)
  if (hh === undefined && hl === undefined && ch !== undefined && ch.name === cl?.name) {
    return `COP: ${tag(lo)} plays ${tag(hi)}: both can still win a ${ch.name} class prize`
  }
  if (hh === undefined && hl === undefined && (ch ?? cl) !== undefined) {
    const [hope, out] = ch === undefined ? [lo, hi] : [hi, lo]
    return `COP: ${tag(hope)} can still win a class prize but meets ${tag(out)}, who cannot: no contender was left free`
  }
  if (hh === undefined && hl === undefined) {
    return `COP: ${tag(hi)} and ${tag(lo)} can no longer reach the prize places; paired to avoid repeats`
  }
  if (hh === undefined || hl === undefined) {
    const [hope, out] = hh === undefined ? [lo, hi] : [hi, lo]
    return `COP: ${tag(hope)} can still reach the prize places but meets ${tag(out)}, who cannot: no contender was left free`
  }
  const shares = `${percent(cop.firstShare.get(hi.id) ?? 0)} and ${percent(cop.firstShare.get(lo.id) ?? 0)} of ${String(cop.simulations)} simulations`
  if (hh === 0 && hl === 0) {
    return `COP: ${tag(lo)} needs to play ${tag(hi)}: both can still finish first (first in ${shares})`
  }
  const place = Math.max(hh, hl)
  const sure = [hi, lo].filter((p) => cop.absolute.has(p.id)).map(tag)
  const sureText =
    sure.length === 0
      ? ''
      : `; ${sure.join(' and ')} ${sure.length === 1 ? 'is' : 'are'} sure of a prize`
  return `COP: ${tag(lo)} plays ${tag(hi)}: both can still finish ${placeWords(place)} or higher${sureText}`
}

/** The round's summary line: how many are still in the race. */
export function copSummary(cop: CopAnalysis): string {
  const hopeful = cop.hope.size
  const first = [...cop.hope.values()].filter((q) => q === 0).length
  const share =
    cop.threshold <= 0
      ? 'counted exactly'
      : `hopeful at ${percent(cop.threshold)} of the simulations`
  const classes =
    cop.classHope.size === 0
      ? ''
      : `; ${String(cop.classHope.size)} more can still win a class prize`
  return `COP: ${String(cop.simulations)} simulations of the ${String(cop.roundsLeft)} round${cop.roundsLeft === 1 ? '' : 's'} left (seed ${String(cop.seed)}): ${String(hopeful)} can still finish in the top ${String(cop.prizePlaces)}, ${String(first)} can still finish first (${share}); ${String(cop.absolute.size)} sure of a prize place${classes}`
}
