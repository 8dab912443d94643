/**
 * Australian Draw, as read here: from the top of the standings down, each unpaired player meets
 * the highest-ranked unpaired player they have met least (so a repeat only when nothing else is
 * left), provided the players still below can all be paired; otherwise the next one down.
 *
 * "Nothing else is left" is judged for the whole round, not just for the player choosing: a top
 * player's choice must leave the players below a pairing as good as the best the round has, in
 * this order: fewest pairs over the repeat limit, fewest repeats, fewest back-to-back rematches,
 * fewest meetings in all. Choosing greedily without that check let the top tables take every
 * fresh opponent and left the bottom tables only rematches (a back-to-back third meeting in a
 * 40-player, 9-round event that pairs without a single repeat).
 *
 * Round 1 (no standings yet): the draw is seeded top half against bottom half by rating (seed 1
 * v seed n/2 + 1 …), the usual opening of a seeded draw. Taking "highest unpaired" literally on
 * the rating list would pair seeds 1 v 2 in the first game, which no seeded draw intends; so
 * pair-round.ts pairs round 1 with the rating model and this function from round 2 on.
 */
import { err, ok, type Result } from '../result'
import { meeting, pairKey, timesMet, type PairingContext } from './context'
import type { MatchedPool } from './match-pool'
import { denseMinCostPerfectMatching, type CostEdge } from './matching'
import { packedCost, packTiers, type TierPacking, type TierSpec } from './tiers'
import type { PairingPlayer } from './types'

/** The tiers a round of Australian Draw is judged by, highest first (see above). */
function drawTiers(ctx: PairingContext): TierSpec[] {
  let most = 0
  for (const list of ctx.met.values()) most = Math.max(most, list.length)
  return [
    { name: 'repeats over the limit', max: 1 },
    { name: 'repeats', max: 1 },
    { name: 'back-to-back rematches', max: 1 },
    { name: 'meetings', max: Math.max(most, 1) },
  ]
}

function drawValues(ctx: PairingContext, a: PairingPlayer, b: PairingPlayer): readonly number[] {
  const met = meeting(ctx, a.id, b.id)
  return [
    met.times > ctx.maxRepeats ? 1 : 0,
    met.times > 0 ? 1 : 0,
    met.roundsSince === 1 ? 1 : 0,
    met.times,
  ]
}

/** The least packed cost of pairing all of `players`; null when they cannot all be paired. */
function bestCost(
  ctx: PairingContext,
  players: readonly PairingPlayer[],
  packing: TierPacking,
): bigint | null {
  const n = players.length
  if (n % 2 === 1) return null
  const edges: CostEdge[] = []
  for (let i = 0; i < n; i++) {
    const a = players[i] as PairingPlayer
    for (let j = i + 1; j < n; j++) {
      const b = players[j] as PairingPlayer
      if (ctx.avoid.has(pairKey(a.id, b.id))) continue
      edges.push({ u: i, v: j, cost: packedCost(packing, drawValues(ctx, a, b)) })
    }
  }
  return denseMinCostPerfectMatching(n, edges)?.totalCost ?? null
}

export function australianDraw(
  ctx: PairingContext,
  pool: readonly PairingPlayer[],
  mode: 'strict' | 'as-needed' = 'as-needed',
): Result<MatchedPool> | null {
  const notAvoided = (a: PairingPlayer, b: PairingPlayer): boolean =>
    !ctx.avoid.has(pairKey(a.id, b.id))
  for (const p of pool) {
    if (!pool.some((q) => q.id !== p.id && notAvoided(p, q))) {
      return err('pairing.player.no-opponent', `${p.name} (#${p.id}) has no allowed opponent`, {
        details: { player: p.id },
      })
    }
  }
  const packing = packTiers(drawTiers(ctx), pool.length / 2)
  // Four small tiers over a round fit one exact number for any field a draw is run on.
  if (packing === null) throw new Error('australianDraw: the tiers do not fit one number')
  let target = bestCost(ctx, pool, packing)
  if (target === null) {
    return err('pairing.impossible', `These ${pool.length} players cannot all be paired`)
  }
  const overLimitUnit = BigInt(packing.scale[0] ?? 0)
  if (mode === 'strict' && target >= overLimitUnit) return null

  const pairs: (readonly [PairingPlayer, PairingPlayer])[] = []
  let overLimit = 0
  let rest = [...pool]
  while (rest.length > 0) {
    const [top, ...others] = rest as [PairingPlayer, ...PairingPlayer[]]
    const candidates = others
      .map((p, position) => ({ p, position, met: timesMet(ctx, top.id, p.id) }))
      .filter(({ p }) => notAvoided(top, p))
      .sort((x, y) => x.met - y.met || x.position - y.position)
    let chosen: { p: PairingPlayer; met: number; left: bigint } | undefined
    for (const { p, met } of candidates) {
      const own = BigInt(packedCost(packing, drawValues(ctx, top, p)))
      if (own > target) continue
      const below = bestCost(
        ctx,
        others.filter((q) => q.id !== p.id),
        packing,
      )
      if (below !== null && own + below === target) {
        chosen = { p, met, left: below }
        break
      }
    }
    // The best pairing of `rest` pairs `top` with someone, so some candidate reaches it.
    if (chosen === undefined) throw new Error('australianDraw: lost the best pairing')
    const { p } = chosen
    pairs.push([top, p])
    if (chosen.met > ctx.maxRepeats) overLimit++
    target = chosen.left
    rest = others.filter((q) => q.id !== p.id)
  }
  return ok({ pairs, overLimit, solves: 0, totals: [] })
}
