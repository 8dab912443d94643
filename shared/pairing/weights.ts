/**
 * THE WEIGHT MODEL — what Swiss and King of the Hill minimise, in one place.
 *
 * A round is one minimum-cost perfect matching. Each possible pairing gets a vector of costs,
 * and the round's sums are compared tier by tier, highest first: a lower tier only ever decides
 * between pairings that tie on every tier above it (exactly, for any field size: lex-matching.ts).
 *
 * Hard limits, before any cost: pairs on a do-not-pair list (`constraints.avoid`) never meet, and
 * neither do pairs past the director's "Maximum repeats" while any pairing within it exists
 * (default: no limit, repeats only cost). Locked pairs and the Gibson block are settled first.
 *
 * 1. Win difference and repeats, in one currency (half-wins squared), because a director weighs
 *    one against the other: a rematch is worth avoiding at the price of a small win gap, never
 *    of a large one.
 *    - Win difference: (2·Δwins)². Nonlinear: one 2-win gap (16) costs more than two 1-win gaps
 *      (4 + 4), so the gaps a round cannot avoid are spread thin instead of piled on one table.
 *        3–0 v 3–0: 0   3–0 v 2–1: 4   3–0 v 1–2: 16   3–0 v 0–3: 36   2.5–0.5 v 2–1: 1
 *    - Repeats: P·m² + recency, m = times met before, P the price of a first rematch long ago
 *      (repeatPrice). Recency: 4P if they met last round, P two rounds ago, ⌈P/3⌉ three rounds
 *      ago, else 0. P is set by what a director would give up to avoid a rematch: the win gaps
 *      that event can afford, so it grows with the event's length R; and a field of N players
 *      smaller than R must repeat, so there it falls with (N/R)²:
 *        P = max(9, round(16 · R · min(1, (N/R)²)))   (R unknown: the round being paired)
 *      16R is one gap of 2√R wins, four times the spread (√R/2 wins) of a final record; tuned on
 *      the replay bench (electron/bench/pairing-replay.ts) so the default repeats less than the
 *      event's own program while its win gaps stay well below it. The floor 9 keeps any rematch
 *      dearer than two 1-win gaps (8). Worked numbers:
 *        59 players, 12 rounds: P = 192. First rematch long ago 192 (a 6-win gap is 144, a
 *          7-win gap 196), three rounds ago 256, back to back 960; third meeting long ago 768.
 *        35 players, 27 rounds: P = 432; back to back 2160 (a 23-win gap).
 *        10 players, 30 rounds (a triple round robin and more): P = 53; third meeting long ago
 *          212, a second meeting back to back 265: the repeats a small field must make go to
 *          the pairs met least and longest ago.
 *        4 players, 12 rounds: P = 21; fourth meeting, third in a row: 9·21 + 84 = 273.
 *      So round 2 never repeats round 1 to save half a win (1 against at least 45), and a
 *      rematch long ago no longer loses to two 1-win gaps (the issue 18 case: 6 against 8).
 * 2. Repeats over the limit, only when no pairing keeps the limit: the number of meetings past
 *    it. It sits below tier 1, so the relaxation never buys a wider win gap; the round summary
 *    and the CLI's `--json` name every such pairing.
 * 3. Start balance (NSA II.F: starts balanced where possible): a player with more seconds than
 *    firsts is due to start, more firsts than seconds due to reply. Pairing two players due the
 *    same way costs 1 (one of them must go against the balance); any other pairing costs 0.
 * 4. Rank distance (positions in the standings the round is based on):
 *    - Swiss (tsh's sense): inside a score group of g players, the top half meets the bottom
 *      half: group positions a < b cost |b − a − ⌊g/2⌋| (group of 8: 1 v 5, 2 v 6 … all 0).
 *    - Swiss with the "neighbours" setting: b − a − 1 inside a group (1 v 2, 3 v 4 … all 0).
 *    - King of the Hill: (j − i)² − 1 over the whole standings (1 v 2, 3 v 4 is the unique best).
 *    A pair from different score groups costs its distance in the standings, j − i − 1, so a
 *    player who must float meets the nearest player of the next group.
 * 5. Spread difference, in points: the last tie-break, the closer spreads meet.
 */
import type { PairingPlayer } from './types'

export const halfWins = (p: PairingPlayer): number => Math.round(p.wins * 2)

/** Tier 1, win part: (2·Δwins)². */
export const winGapCost = (a: PairingPlayer, b: PairingPlayer): number =>
  (halfWins(a) - halfWins(b)) ** 2

/** How long ago a pair last met: rounds since, or null when never. */
export interface Meeting {
  readonly times: number
  readonly roundsSince: number | null
}

/** Tier 2: meetings above the limit (null = no limit). */
export const overLimitCost = (met: Meeting, limit: number | null): number =>
  limit === null ? 0 : Math.max(0, met.times - limit)

/**
 * P, what a first rematch long ago costs in tier-1 units (header, tier 1): `field` active
 * players, pairing `round` of an event of `rounds` (pass the round itself when unknown).
 */
export function repeatPrice(field: number, round: number, rounds: number): number {
  const length = Math.max(round, rounds)
  return Math.max(9, Math.round(16 * length * Math.min(1, (field / length) ** 2)))
}

/** Recency in units of the price: last round 4×, two rounds ago 1×, three rounds ago ⅓×. */
const recency = (since: number, price: number): number =>
  since === 1 ? 4 * price : since === 2 ? price : since === 3 ? Math.ceil(price / 3) : 0

/** Tier 1, repeat part: price·m², plus the recency of the last meeting. */
export function repeatCost(met: Meeting, price: number): number {
  if (met.times === 0) return 0
  return price * met.times * met.times + recency(met.roundsSince ?? 0, price)
}

/** The largest repeat cost when no pair has met more than `times` times. */
export const repeatCostMax = (times: number, price: number): number =>
  times === 0 ? 0 : price * times * times + recency(1, price)

/** +1 due to start (more seconds than firsts), −1 due to reply, 0 balanced. */
export const dueToStart = (p: PairingPlayer): number => Math.sign(p.seconds - p.firsts)

/** Tier 3: 1 when both are due to start, or both due to reply. */
export const startClashCost = (a: PairingPlayer, b: PairingPlayer): number => {
  const d = dueToStart(a)
  return d !== 0 && d === dueToStart(b) ? 1 : 0
}

export const RANK_MODES = ['halves', 'neighbours'] as const
/** Swiss inside a score group: top half v bottom half (tsh), or neighbours (KOTH-style). */
export type RankMode = (typeof RANK_MODES)[number]

/**
 * Score groups of a pool in standings order: for each position, where its group starts and
 * how many players it holds (players on the same wins are next to each other).
 */
export function scoreGroups(pool: readonly PairingPlayer[]): {
  readonly start: Int32Array
  readonly size: Int32Array
} {
  const n = pool.length
  const start = new Int32Array(n)
  const size = new Int32Array(n)
  let from = 0
  for (let i = 1; i <= n; i++) {
    const same =
      i < n && halfWins(pool[i] as PairingPlayer) === halfWins(pool[from] as PairingPlayer)
    if (same) continue
    for (let k = from; k < i; k++) {
      start[k] = from
      size[k] = i - from
    }
    from = i
  }
  return { start, size }
}

/** Tier 4 for Swiss, positions i < j of the pool in standings order. */
export function swissRankCost(
  groups: ReturnType<typeof scoreGroups>,
  i: number,
  j: number,
  mode: RankMode,
): number {
  const gi = groups.start[i] as number
  if (gi !== groups.start[j]) return j - i - 1
  const d = j - i
  switch (mode) {
    case 'halves':
      return Math.abs(d - Math.floor((groups.size[i] as number) / 2))
    case 'neighbours':
      return d - 1
  }
}

/** Tier 4 for King of the Hill: (j − i)² − 1. */
export const kothRankCost = (i: number, j: number): number => (j - i) ** 2 - 1

/** Tier 5: spread difference in whole points. */
export const spreadCost = (a: PairingPlayer, b: PairingPlayer): number =>
  Math.round(Math.abs(a.spread - b.spread))
