import { roundHalfUp } from './segment-rating'
import type { IndexedGame } from './segment-games'

/**
 * ABSP ratings after rounds 1..`last` (issue 22, "Newcomers", and tsh's `ABSP` module): a player's
 * new rating is the mean, over their games, of the opponent's rating +50 for a win, −50 for a loss
 * (0 for a tie), the opponent's rating clamped to within 40 of a rated player's own; at least 40
 * (80 for a newcomer). Newcomers are rated first against rated opponents only, then again counting
 * newcomers at that first value; rated players then count newcomers at their second value.
 */
export function abspRatings(
  pre: readonly number[],
  games: readonly (readonly IndexedGame[])[],
  last: number,
): number[] {
  const n = pre.length
  const first: (number | undefined)[] = new Array<number | undefined>(n).fill(undefined)
  const result: number[] = pre.slice()
  const rate = (
    p: number,
    opponentRating: (o: number) => number | undefined,
  ): number | undefined => {
    const own = pre[p] ?? 0
    const list = games[p] ?? []
    if (list.length === 0 || (list[0]?.round ?? last + 1) > last) return undefined
    let sum = 0
    let count = 0
    for (const g of list) {
      if (g.round > last) break
      if (g.opponent < 0) continue
      let r = opponentRating(g.opponent)
      if (r === undefined || r === 0) continue
      if (own !== 0 && (pre[g.opponent] ?? 0) !== 0) r = Math.max(own - 40, Math.min(own + 40, r))
      sum += r + 50 * Math.sign(g.score - 0.5)
      count++
    }
    const mean = count > 0 ? sum / count : own
    return roundHalfUp(Math.max(own !== 0 ? 40 : 80, mean))
  }
  for (let p = 0; p < n; p++) if (pre[p] === 0) first[p] = rate(p, (o) => pre[o])
  for (let p = 0; p < n; p++) {
    if (pre[p] !== 0) continue
    const r = rate(p, (o) => (pre[o] ?? 0) || first[o])
    if (r !== undefined) result[p] = r
  }
  const newcomers = result.slice()
  for (let p = 0; p < n; p++) {
    if (pre[p] === 0) continue
    const r = rate(p, (o) => (pre[o] ?? 0) || newcomers[o])
    if (r !== undefined) result[p] = r
  }
  return result
}
