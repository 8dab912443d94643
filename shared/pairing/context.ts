/** What every pairing system reads: who is in the round, who met whom, and the limits. */
import type { PlayerId } from '../results/game-result'
import type { PairingInput, PairingPlayer } from './types'
import type { Meeting } from './weights'

/** A key for an unordered pair of player ids (ids are small whole numbers). */
export const pairKey = (a: PlayerId, b: PlayerId): number =>
  a < b ? a * 2 ** 26 + b : b * 2 ** 26 + a

export interface PairingContext {
  readonly input: PairingInput
  readonly byId: ReadonlyMap<PlayerId, PairingPlayer>
  /** The rounds each pair met in (paired rounds count, results in or not). */
  readonly met: ReadonlyMap<number, readonly number[]>
  /** The director's limit on meetings; Infinity when there is none (null in the input). */
  readonly maxRepeats: number
  /** The same limit as the weight model reads it: null = no limit. */
  readonly limit: number | null
  readonly avoid: ReadonlySet<number>
}

export function pairingContext(input: PairingInput): PairingContext {
  const byId = new Map<PlayerId, PairingPlayer>()
  for (const p of input.players) byId.set(p.id, p)
  const met = new Map<number, number[]>()
  for (const past of input.history) {
    if (past.round >= input.round) continue
    for (const [a, b] of past.pairs) {
      const key = pairKey(a, b)
      const list = met.get(key)
      if (list === undefined) met.set(key, [past.round])
      else list.push(past.round)
    }
  }
  const avoid = new Set<number>()
  for (const [a, b] of input.constraints?.avoid ?? []) avoid.add(pairKey(a, b))
  const limit = input.maxRepeats ?? null
  return { input, byId, met, maxRepeats: limit ?? Infinity, limit, avoid }
}

/** How often a pair met before this round, and how many rounds ago the last time. */
export function meeting(ctx: PairingContext, a: PlayerId, b: PlayerId): Meeting {
  const rounds = ctx.met.get(pairKey(a, b))
  if (rounds === undefined || rounds.length === 0) return { times: 0, roundsSince: null }
  let last = 0
  for (const r of rounds) last = Math.max(last, r)
  return { times: rounds.length, roundsSince: ctx.input.round - last }
}

export const timesMet = (ctx: PairingContext, a: PlayerId, b: PlayerId): number =>
  ctx.met.get(pairKey(a, b))?.length ?? 0

/**
 * Standings order: rank, then wins, fewer losses, spread, rating, id (design.md, "Standings"),
 * so players sharing a rank still have one fixed order.
 */
export function standingsOrder(players: readonly PairingPlayer[]): PairingPlayer[] {
  return [...players].sort(
    (a, b) =>
      a.rank - b.rank ||
      b.wins - a.wins ||
      a.losses - b.losses ||
      b.spread - a.spread ||
      b.rating - a.rating ||
      a.id - b.id,
  )
}

/** Pre-event order: rating, then id. */
export function ratingOrder(players: readonly PairingPlayer[]): PairingPlayer[] {
  return [...players].sort((a, b) => b.rating - a.rating || a.id - b.id)
}

/** "3–1", "2.5–1.5". */
export const record = (p: PairingPlayer): string => `${String(p.wins)}–${String(p.losses)}`

export function meetingText(ctx: PairingContext, a: PlayerId, b: PlayerId): string {
  const rounds = ctx.met.get(pairKey(a, b)) ?? []
  if (rounds.length === 0) return 'no earlier meeting'
  const times =
    rounds.length === 1 ? 'once' : rounds.length === 2 ? 'twice' : `${rounds.length} times`
  return `met ${times} before (round ${[...rounds].sort((x, y) => x - y).join(', ')})`
}
