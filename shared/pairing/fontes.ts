/**
 * The seating of Initial Fontes (tsh's InitFontes as read here): the field in rating order is cut
 * into `groups` rating bands (rounds + 1 of them); pod k takes the k-th player of every band, so
 * each pod has one player from each band and plays a round robin inside itself over the Fontes
 * rounds. When the field is not a multiple of `groups`, the remainder r (even) is spread over the
 * bands — r bands, evenly spaced from the top, get one player more — and those extra players join
 * the last pod, which then plays the first rounds of a round robin of its larger size.
 *
 * Pairs that must not meet (design.md, "Pairing") are kept apart here, before any round is
 * played, so the pods stay the same for every Fontes round: a listed pair sharing a pod is split
 * by swapping one of them with the player of the same rating band in the nearest pod where the
 * swap leaves neither pod with a listed pair. Bands are kept, so every pod still has one player of
 * each band. A pair no swap can split (a family larger than the number of pods) is reported; the
 * caller pairs its scheduled game by the weights instead.
 */
import { circleSchedule } from './round-robin'

interface Seat<T> {
  readonly player: T
  readonly band: number
}

function seatsByBand<T>(field: readonly T[], groups: number): Seat<T>[][] {
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
  const pods: Seat<T>[][] = []
  for (let k = 0; k < q; k++) pods.push(bands.map((band, g) => ({ player: band[k] as T, band: g })))
  const extras: Seat<T>[] = []
  bands.forEach((band, g) => {
    if (band.length > q) extras.push({ player: band[q] as T, band: g })
  })
  if (extras.length > 0) {
    if (pods.length === 0) pods.push(extras)
    else (pods[pods.length - 1] as Seat<T>[]).push(...extras)
  }
  return pods
}

/** The pods of an even field in rating order, before any pair is kept apart (see above). */
export function fontesPods<T>(field: readonly T[], groups: number): T[][] {
  return seatsByBand(field, groups).map((pod) => pod.map((s) => s.player))
}

export interface FontesMove<T> {
  readonly player: T
  /** The other player of the same band, who took `player`'s seat. */
  readonly swappedWith: T
  /** Pods counted from 0 (pod 0 holds the top seed). */
  readonly from: number
  readonly to: number
  /** The listed partner the move keeps `player` away from. */
  readonly apartFrom: T
}

export interface FontesSeating<T> {
  readonly pods: readonly (readonly T[])[]
  readonly moves: readonly FontesMove<T>[]
  /** Listed pairs still sharing a pod: no swap of one band keeps them apart. */
  readonly together: readonly (readonly [T, T])[]
}

function listedPairs<T>(
  pod: readonly Seat<T>[],
  mustNotMeet: (a: T, b: T) => boolean,
): [Seat<T>, Seat<T>][] {
  const out: [Seat<T>, Seat<T>][] = []
  for (let i = 0; i < pod.length; i++) {
    for (let j = i + 1; j < pod.length; j++) {
      const a = pod[i] as Seat<T>
      const b = pod[j] as Seat<T>
      if (mustNotMeet(a.player, b.player)) out.push([a, b])
    }
  }
  return out
}

/**
 * The pods with listed pairs split (see above). Deterministic in its inputs, so every Fontes
 * round seats the same field and list alike.
 */
export function seatFontes<T>(
  field: readonly T[],
  groups: number,
  mustNotMeet: (a: T, b: T) => boolean,
): FontesSeating<T> {
  const pods = seatsByBand(field, groups)
  const moves: FontesMove<T>[] = []
  const count = (pod: readonly Seat<T>[]): number => listedPairs(pod, mustNotMeet).length
  // Each swap taken lowers the number of listed pairs sharing a pod, so this ends.
  for (let k = 0; k < pods.length; k++) {
    for (;;) {
      const pod = pods[k] as Seat<T>[]
      const clash = listedPairs(pod, mustNotMeet)[0]
      if (clash === undefined) break
      const found = nearestSwap(pods, k, clash, count)
      if (found === null) break
      const { mover, to, seat } = found
      const other = pods[to] as Seat<T>[]
      const at = pod.indexOf(mover)
      const taker = other[seat] as Seat<T>
      pod[at] = taker
      other[seat] = mover
      moves.push({
        player: mover.player,
        swappedWith: taker.player,
        from: k,
        to,
        apartFrom: (clash[0] === mover ? clash[1] : clash[0]).player,
      })
    }
  }
  const together: [T, T][] = []
  for (const pod of pods) {
    for (const [a, b] of listedPairs(pod, mustNotMeet)) together.push([a.player, b.player])
  }
  return { pods: pods.map((pod) => pod.map((s) => s.player)), moves, together }
}

/**
 * The nearest pod (then the lower-seeded of the two listed players, then downwards first) whose
 * player of the mover's band can change places with the mover so that the two pods hold fewer
 * listed pairs than before (the mover leaving splits the clash itself).
 */
function nearestSwap<T>(
  pods: readonly (readonly Seat<T>[])[],
  k: number,
  clash: readonly [Seat<T>, Seat<T>],
  count: (pod: readonly Seat<T>[]) => number,
): { mover: Seat<T>; to: number; seat: number } | null {
  const home = pods[k] as readonly Seat<T>[]
  const [higher, lower] = clash
  for (let d = 1; d < pods.length; d++) {
    for (const mover of [lower, higher]) {
      for (const to of [k + d, k - d]) {
        const other = pods[to]
        if (other === undefined) continue
        for (let seat = 0; seat < other.length; seat++) {
          const taker = other[seat] as Seat<T>
          if (taker.band !== mover.band) continue
          const homeAfter = home.map((s) => (s === mover ? taker : s))
          const otherAfter = other.map((s) => (s === taker ? mover : s))
          if (count(homeAfter) + count(otherAfter) < count(home) + count(other)) {
            return { mover, to, seat }
          }
        }
      }
    }
  }
  return null
}

/** The games round `round` (from 1) of the Fontes schedule seats, pod by pod. */
export function fontesGames<T>(pods: readonly (readonly T[])[], round: number): [T, T, number][] {
  const games: [T, T, number][] = []
  pods.forEach((pod, k) => {
    if (pod.length < 2 || pod.length % 2 === 1) return
    for (const [x, y] of circleSchedule(pod.length)[round - 1] ?? []) {
      games.push([pod[x] as T, pod[y] as T, k])
    }
  })
  return games
}
