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
 *    - Repeats: 6·m² + recency, m = times met before; recency 24 if they met last round, 6 two
 *      rounds ago, 2 three rounds ago, else 0. It grows with each meeting and with recency:
 *        first rematch, long ago: 6 (dearer than a 1-win gap, cheaper than two of them)
 *        first rematch, back to back: 30 (dearer than a 2-win gap, cheaper than a 3-win gap)
 *        third meeting, long ago: 24   fourth meeting, third in a row: 54 + 24 = 78 (> 4 wins)
 *      So round 2 never repeats round 1 to save half a win (1 against 30), and a leader meets a
 *      player 4 wins behind (64) before an old opponent a third time (24).
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

const RECENCY = [0, 24, 6, 2] as const

/** Tier 1, repeat part: 6·m² plus 24, 6 or 2 when the last meeting was 1, 2 or 3 rounds ago. */
export function repeatCost(met: Meeting): number {
  if (met.times === 0) return 0
  const since = met.roundsSince ?? Infinity
  const recency = since >= 1 && since <= 3 ? (RECENCY[since] ?? 0) : 0
  return 6 * met.times * met.times + recency
}

/** The largest repeat cost when no pair has met more than `times` times. */
export const repeatCostMax = (times: number): number =>
  times === 0 ? 0 : 6 * times * times + RECENCY[1]

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
