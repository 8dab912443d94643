/**
 * Prize contention and Gibsonization (design.md, "Pairing").
 *
 * From the games still to play and the most spread one game can move, every player gets a best
 * and a worst possible finish. A player whose best and worst finish fall in the same paying band
 * has clinched their prize: their remaining games cannot change it, so they are kept away from
 * the players still playing for a prize (Gibsonized): paired among themselves, against the
 * highest-ranked player out of contention, or given the bye. In the last rounds a player holding
 * a paying place meets someone who can still catch them, so the places are settled over the board.
 *
 * How finishes are bounded: pair by pair. `best` counts only the players the player cannot reach
 * even winning every game by the most spread while they lose every game by as much; `worst`
 * counts every player who could end level with or ahead of them. Real results cannot make all of
 * those happen at once (players meet each other), so `best` is optimistic and `worst` pessimistic:
 * nobody is Gibsonized who could still move, and nobody is called out of contention who is not.
 * A tie on wins and spread counts as being caught.
 *
 * How much one game can move: `maxSpreadPerRound` is what one player can gain or lose in a game,
 * so a chaser who wins while the leader loses closes twice it a round. tsh's default is 500 a
 * game, a 1,000-point swing a round (NASPA Advisory Board ruling, 25 October 2016; see
 * TSH_GIBSON_SPREAD in shared/tournament/pairing-rules.ts).
 *
 * Our reading of the two references the issue names (no sentence of either is copied):
 * - tsh's ChewPair "contenders": in the final rounds, players who can still win a prize are paired
 *   with each other rather than with the field; a Gibsonized player takes the bye before the
 *   lowest-ranked player does. Its flights shrink as the end nears (12 players at the top, then
 *   8, 4 and 2 with three, two and one round left): in the final round #1 meets #2 whenever
 *   anyone can still catch #1, however often they have met. Earlier, the leaders meet players
 *   who can catch them with the fewest repeats, avoiding last round's opponent.
 * - COP's control-loss rule: a leader must not finish against an opponent who cannot affect the
 *   race while someone who can overtake them plays elsewhere; the leader's opponent is one of the
 *   players who could still pass them if the leader lost.
 *
 * So a leader's opponent is chosen among the players who can still catch them: never last
 * round's opponent when another will do; then, in the final round, the highest-ranked (the
 * closest race: tsh's final flight of two), and before it the fewest meetings, then the highest.
 * A repeat is taken rather than leave a leader without a catcher; only the director's repeat
 * limit and do-not-pair list rule a catcher out.
 */
import { pairKey, timesMet, type PairingContext } from './context'
import type { Bye, GibsonOptions, PairingPlayer, PairingSystem } from './types'
import type { PlayerId } from '../results/game-result'

/**
 * The systems the contention rules pair ahead of: those that pair on the standings. A schedule
 * (round robin, Initial Fontes), a draw or a seeding keeps its own pairings.
 */
export const pairsContention = (system: PairingSystem): boolean => {
  switch (system) {
    case 'swiss':
    case 'koth':
    case 'australian':
      return true
    case 'round-robin':
    case 'double-round-robin':
    case 'fontes':
    case 'random':
    case 'rating':
    case 'manual':
    case 'cop':
      // COP keeps control of the prize race itself (cop.ts).
      return false
  }
}

/** Default prize bands: first, second and third place each pay differently. */
export const DEFAULT_PRIZE_BANDS: readonly number[] = [1, 2, 3]

/**
 * Can `chaser` still end level with or ahead of `target` in `games` games, if the chaser wins
 * them all by `maxSpread` and the target loses them all by as much? (The worst case for the
 * target: a tie on wins is then decided by spread.)
 */
export function canCatch(
  chaser: PairingPlayer,
  target: PairingPlayer,
  games: number,
  maxSpread: number,
): boolean {
  const wins = chaser.wins + games
  if (wins !== target.wins) return wins > target.wins
  return chaser.spread + games * maxSpread >= target.spread - games * maxSpread
}

/** A paying band: places `from` to `to` (1 = first place). */
export interface PrizeBand {
  readonly from: number
  readonly to: number
}

/**
 * The bands from their last places (tsh's `prize_bands`, e.g. [1, 2, 3] or [1, 3, 10]: first;
 * second and third; fourth to tenth). Without bands, `prizePlaces` places each pay (default 3).
 */
export function prizeBands(options: GibsonOptions): readonly PrizeBand[] {
  const ends =
    options.prizeBands ??
    (options.prizePlaces === undefined
      ? DEFAULT_PRIZE_BANDS
      : Array.from({ length: Math.max(1, options.prizePlaces) }, (_, i) => i + 1))
  const bands: PrizeBand[] = []
  let from = 1
  for (const end of [...ends].sort((a, b) => a - b)) {
    if (!Number.isInteger(end) || end < from) continue
    bands.push({ from, to: end })
    from = end + 1
  }
  return bands
}

/** "1st place", "places 2–3". */
export function bandText(band: PrizeBand): string {
  return band.from === band.to
    ? `${ordinal(band.from)} place`
    : `places ${String(band.from)}–${String(band.to)}`
}

export function ordinal(n: number): string {
  const ones = n % 10
  const teen = n % 100 >= 11 && n % 100 <= 13
  const suffix = teen ? 'th' : ones === 1 ? 'st' : ones === 2 ? 'nd' : ones === 3 ? 'rd' : 'th'
  return `${String(n)}${suffix}`
}

export interface Contention {
  /** Games each player still plays, this round included. */
  readonly gamesLeft: number
  readonly bands: readonly PrizeBand[]
  /** The last place that pays. */
  readonly lastPaid: number
  readonly best: ReadonlyMap<PlayerId, number>
  readonly worst: ReadonlyMap<PlayerId, number>
  /**
   * Players who have clinched their band, in standings order, with the band; empty when the
   * options turn Gibsonization off.
   */
  readonly gibsonized: readonly { readonly player: PairingPlayer; readonly band: PrizeBand }[]
  /** Players not Gibsonized who can still finish in a paying place. */
  readonly contenders: ReadonlySet<PlayerId>
}

const bandOf = (bands: readonly PrizeBand[], place: number): PrizeBand | undefined =>
  bands.find((b) => place >= b.from && place <= b.to)

/**
 * Every player's best and worst possible finish, who has clinched a band and who still plays for
 * a prize; null when no game is left after `basedOn` (the last round with results in).
 * `ordered` is the standings order of the players still in the event, best first.
 */
export function contention(
  ordered: readonly PairingPlayer[],
  basedOn: number,
  options: GibsonOptions,
): Contention | null {
  const gamesLeft = options.totalRounds - basedOn
  if (gamesLeft <= 0 || ordered.length < 2) return null
  const max = options.maxSpreadPerRound
  const bands = prizeBands(options)
  const lastPaid = bands[bands.length - 1]?.to ?? 0
  // `canCatch` pair by pair, counted by binary search over the records sorted by wins then spread,
  // so a field of thousands costs n log n rather than n².
  const keys = ordered
    .map((p) => [p.wins, p.spread] as const)
    .sort((a, b) => a[0] - b[0] || a[1] - b[1])
  /** Players whose (wins, spread) is above (w, s), or at least (w, s) when not `strict`. */
  const countFrom = (w: number, s: number, strict: boolean): number => {
    let lo = 0
    let hi = keys.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const [kw, ks] = keys[mid] as readonly [number, number]
      const below = kw < w || (kw === w && (strict ? ks <= s : ks < s))
      if (below) lo = mid + 1
      else hi = mid
    }
    return keys.length - lo
  }
  const reach = gamesLeft * max * 2
  const best = new Map<PlayerId, number>()
  const worst = new Map<PlayerId, number>()
  for (const p of ordered) {
    // Out of reach: more wins than p can get, or as many and more spread than p can close.
    best.set(p.id, 1 + countFrom(p.wins + gamesLeft, p.spread + reach, true))
    // Can catch p: p losing out and they winning out leaves them level or ahead (p counts itself).
    worst.set(p.id, countFrom(p.wins - gamesLeft, p.spread - reach, false))
  }
  const gibsonized: { player: PairingPlayer; band: PrizeBand }[] = []
  const contenders = new Set<PlayerId>()
  // With Gibsonization off nobody is set apart: a clinched player plays on like any contender,
  // and the review must not treat them (their bye, their opponent) as Gibsonized.
  const gibsonize = options.gibsonize !== false
  for (const p of ordered) {
    const high = bandOf(bands, best.get(p.id) ?? Infinity)
    const low = bandOf(bands, worst.get(p.id) ?? Infinity)
    if (gibsonize && high !== undefined && high === low) gibsonized.push({ player: p, band: high })
    else if ((best.get(p.id) ?? Infinity) <= lastPaid) contenders.add(p.id)
  }
  return { gamesLeft, bands, lastPaid, best, worst, gibsonized, contenders }
}

/** A pair the contention rules made, with its reason. */
export interface ContentionPair {
  readonly a: PairingPlayer
  readonly b: PairingPlayer
  readonly note: string
}

export interface ContentionPairing {
  readonly pairs: readonly ContentionPair[]
  readonly bye: Bye | null
  /** The players left for the system to pair, in the pool's order. */
  readonly rest: readonly PairingPlayer[]
  readonly gibsonized: readonly PlayerId[]
  readonly notes: readonly string[]
}

/**
 * How many players at the top tsh's ChewPair pairs as one flight of contenders with `gamesLeft`
 * games left (its default flight cap): 2, 4, 8, then 12.
 */
export const flightCap = (gamesLeft: number): number =>
  gamesLeft <= 1 ? 2 : gamesLeft >= 4 ? 12 : (gamesLeft - 1) * 4

const gamesText = (n: number): string => `${String(n)} game${n === 1 ? '' : 's'}`

/**
 * The pairings the contention rules decide before the system pairs the rest, or null when the
 * options are off or no game is left. `pool` is who is still to pair (standings order);
 * `byeTaken` says the director already gave the bye.
 */
export function pairContention(
  ctx: PairingContext,
  ordered: readonly PairingPlayer[],
  pool: readonly PairingPlayer[],
  byeTaken: boolean,
): ContentionPairing | null {
  const options = ctx.input.gibson
  if (options === undefined) return null
  const state = contention(ordered, ctx.input.basedOn, options)
  if (state === null) return null
  const { gamesLeft } = state
  const max = options.maxSpreadPerRound
  const unpaired = new Set(pool.map((p) => p.id))
  const position = new Map(ordered.map((p, i) => [p.id, i]))
  const pairs: ContentionPair[] = []
  const notes: string[] = []
  let bye: Bye | null = null
  const lastRound = ctx.input.round - 1
  const allowed = (a: PairingPlayer, b: PairingPlayer): boolean =>
    !ctx.avoid.has(pairKey(a.id, b.id)) && timesMet(ctx, a.id, b.id) <= ctx.maxRepeats
  const backToBack = (a: PairingPlayer, b: PairingPlayer): boolean =>
    (ctx.met.get(pairKey(a.id, b.id)) ?? []).includes(lastRound)
  /**
   * The candidate to meet `a`: allowed, not met last round when another will do, then (unless
   * `closest`) the fewest meetings, then the first in `candidates`' order.
   */
  const pick = (
    a: PairingPlayer,
    candidates: readonly PairingPlayer[],
    closest = false,
  ): PairingPlayer | null => {
    const fit = candidates.filter((b) => b.id !== a.id && unpaired.has(b.id) && allowed(a, b))
    const fresh = fit.filter((b) => !backToBack(a, b))
    const from = fresh.length > 0 ? fresh : fit
    if (closest) return from[0] ?? null
    let best: PairingPlayer | null = null
    let fewest = Infinity
    for (const b of from) {
      const met = timesMet(ctx, a.id, b.id)
      if (met < fewest) {
        best = b
        fewest = met
      }
    }
    return best
  }
  const take = (a: PairingPlayer, b: PairingPlayer, note: string): void => {
    pairs.push({ a, b, note })
    unpaired.delete(a.id)
    unpaired.delete(b.id)
  }

  const gibsonized = options.gibsonize === false ? [] : state.gibsonized
  const clinched = new Map(gibsonized.map((g) => [g.player.id, g.band]))
  const inPool = gibsonized.filter((g) => unpaired.has(g.player.id))
  const clinchText = (p: PairingPlayer): string =>
    `${p.name} has clinched ${bandText(clinched.get(p.id) ?? { from: 0, to: 0 })} with ${gamesText(gamesLeft)} left`

  // tsh: the bye goes to a Gibsonized player before the lowest-ranked one, as long as they have
  // had no more byes than anyone else (a bye cannot move a clinched player, so nobody loses).
  if (pool.length % 2 === 1 && !byeTaken && inPool.length > 0) {
    const fewest = Math.min(...pool.map((p) => p.byes))
    const taker = [...inPool].reverse().find((g) => g.player.byes === fewest)
    if (taker !== undefined) {
      bye = {
        player: taker.player.id,
        reason: `Gibsonized: ${clinchText(taker.player)}; a Gibsonized player takes the bye before the lowest-ranked`,
      }
      unpaired.delete(taker.player.id)
    }
  }
  // Gibsonized players meet each other first: neither game can change a prize.
  const waiting = inPool.map((g) => g.player).filter((p) => unpaired.has(p.id))
  for (const a of waiting) {
    if (!unpaired.has(a.id)) continue
    const b = pick(a, waiting)
    if (b !== null) {
      take(a, b, `Gibsonized: both have clinched their prize (${clinchText(a)}; ${clinchText(b)})`)
    }
  }
  // Then the highest-ranked player out of contention.
  const outOfContention = pool.filter((p) => !clinched.has(p.id) && !state.contenders.has(p.id))
  for (const a of waiting) {
    if (!unpaired.has(a.id)) continue
    const b = pick(a, outOfContention)
    if (b === null) {
      notes.push(`${a.name} is Gibsonized but every possible opponent is still in contention`)
    } else {
      take(a, b, `Gibsonized: ${clinchText(a)}; vs the highest-ranked player out of contention`)
    }
  }

  // The last rounds: whoever holds a paying place meets a player who can still catch them (tsh's
  // contenders, COP's control loss); in the final round the highest-ranked such player.
  const contenderRounds = options.contenderRounds ?? 0
  if (ctx.input.round > options.totalRounds - contenderRounds) {
    const finalRound = ctx.input.round >= options.totalRounds
    const open = pool.filter((p) => !clinched.has(p.id))
    for (const leader of open) {
      const place = (position.get(leader.id) ?? Infinity) + 1
      if (place > state.lastPaid) break
      if (!unpaired.has(leader.id)) continue
      const below = open.filter((q) => (position.get(q.id) ?? 0) > place - 1 && unpaired.has(q.id))
      const catchers = below.filter((q) => canCatch(q, leader, gamesLeft, max))
      // tsh: when everyone left is a contender, ChewPair pairs them all Swiss; only its final
      // flight of two sets #1 against #2 whatever the field.
      if (!finalRound && catchers.length === below.length) continue
      // Before the final round, within tsh's flight when a catcher there will do, so the fewest
      // repeats never reach far down the field for a leader.
      const reach = place - 1 + flightCap(gamesLeft)
      const near = catchers.filter((q) => (position.get(q.id) ?? 0) < reach)
      const b = pick(leader, finalRound || near.length === 0 ? catchers : near, finalRound)
      if (b !== null) {
        take(
          leader,
          b,
          `contenders: ${leader.name} holds ${ordinal(place)} place and ${b.name} can still catch them in the ${gamesText(gamesLeft)} left`,
        )
      }
    }
  }

  return {
    pairs,
    bye,
    rest: pool.filter((p) => unpaired.has(p.id)),
    gibsonized: gibsonized.map((g) => g.player.id).filter((id) => pool.some((p) => p.id === id)),
    notes,
  }
}
