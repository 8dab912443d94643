/**
 * Australian Draw, as read here: from the top of the standings down, each unpaired player meets
 * the highest-ranked unpaired player they have met least (so a repeat only when nothing else is
 * left), provided the players still below can all be paired; otherwise the next one down.
 *
 * Round 1 (no standings yet): the draw is seeded top half against bottom half by rating (seed 1
 * v seed n/2 + 1 …), the usual opening of a seeded draw. Taking "highest unpaired" literally on
 * the rating list would pair seeds 1 v 2 in the first game, which no seeded draw intends; so
 * pair-round.ts pairs round 1 with the rating model and this function from round 2 on.
 */
import { err, ok, type Result } from '../result'
import { maxWeightMatching } from './blossom'
import { pairKey, timesMet, type PairingContext } from './context'
import type { MatchedPool } from './match-pool'
import type { PairingPlayer } from './types'

/** Whether `players` can all be paired using only pairs `allowed` lets through. */
function pairable(
  players: readonly PairingPlayer[],
  allowed: (a: PairingPlayer, b: PairingPlayer) => boolean,
): boolean {
  const n = players.length
  if (n % 2 === 1) return false
  if (n === 0) return true
  const edges: { u: number; v: number; w: number }[] = []
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (allowed(players[i] as PairingPlayer, players[j] as PairingPlayer)) {
        edges.push({ u: i, v: j, w: 1 })
      }
    }
  }
  return maxWeightMatching(n, edges, true).mate.every((m) => m >= 0)
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
  const withinLimit = (a: PairingPlayer, b: PairingPlayer): boolean =>
    notAvoided(a, b) && timesMet(ctx, a.id, b.id) <= ctx.maxRepeats
  const strict = pairable(pool, withinLimit)
  if (!strict && mode === 'strict') return null
  if (!strict && !pairable(pool, notAvoided)) {
    return err('pairing.impossible', `These ${pool.length} players cannot all be paired`)
  }
  const allowed = strict ? withinLimit : notAvoided

  const pairs: (readonly [PairingPlayer, PairingPlayer])[] = []
  let overLimit = 0
  let rest = [...pool]
  while (rest.length > 0) {
    const [top, ...others] = rest as [PairingPlayer, ...PairingPlayer[]]
    const candidates = others
      .map((p, position) => ({ p, position, met: timesMet(ctx, top.id, p.id) }))
      .filter(({ p }) => allowed(top, p))
      .sort((x, y) => x.met - y.met || x.position - y.position)
    const choice = candidates.find(({ p }) =>
      pairable(
        others.filter((q) => q.id !== p.id),
        allowed,
      ),
    )
    // The whole pool was pairable, so some choice for the top player keeps it so.
    if (choice === undefined) throw new Error('australianDraw: lost a feasible pairing')
    pairs.push([top, choice.p])
    if (choice.met > ctx.maxRepeats) overLimit++
    rest = others.filter((q) => q.id !== choice.p.id)
  }
  return ok({ pairs, overLimit, solves: 0, totals: [] })
}
