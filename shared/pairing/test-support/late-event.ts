/**
 * A big event's history paired the way a Swiss event is, cheaply, for the late-round benches
 * (issue 18 "Speed holds"): pairing round 19 of a real 2000-player event takes 2.5–3× longer
 * than round 11 after random rounds, because score groups are full of earlier opponents and
 * every player is due to start or to reply. Running our own engine for 18 rounds at 2000 players
 * would take minutes, so each round here is paired greedily in standings order (wins, spread):
 * each player meets the next one below not met before, as a director pairing by hand would, and
 * the player with fewer firsts starts. Results follow the Elo-like model of simulate.ts.
 */
import { seededRng } from '../../random'
import type { StartsHistoryEntry } from '../../starts/starts'
import type { Entrant, EventSoFar } from '../input'
import type { PastRound } from '../types'
import { entrants, playGame } from './simulate'

export function swissLikeEvent(options: {
  readonly players: number
  readonly rounds: number
  readonly seed: number
}): EventSoFar {
  const { players, rounds } = options
  if (players % 2 === 1) throw new Error('swissLikeEvent needs an even field')
  const rng = seededRng(options.seed)
  const field = entrants(players, rng)
  const wins = new Float64Array(players)
  const spread = new Float64Array(players)
  const firsts = new Int32Array(players)
  const met = new Set<number>()
  const paired: PastRound[] = []
  const games: StartsHistoryEntry[] = []
  for (let round = 1; round <= rounds; round++) {
    const order = Array.from({ length: players }, (_, i) => i).sort(
      (a, b) =>
        (wins[b] as number) - (wins[a] as number) ||
        (spread[b] as number) - (spread[a] as number) ||
        (field[b]?.rating ?? 0) - (field[a]?.rating ?? 0) ||
        a - b,
    )
    const taken = new Uint8Array(players)
    const pairs: (readonly [number, number])[] = []
    for (let k = 0; k < players; k++) {
      const a = order[k] as number
      if (taken[a] === 1) continue
      let partner = -1
      for (let m = k + 1; m < players; m++) {
        const b = order[m] as number
        if (taken[b] === 1) continue
        if (partner === -1) partner = b
        if (!met.has(a * players + b)) {
          partner = b
          break
        }
      }
      taken[a] = 1
      taken[partner] = 1
      met.add(a * players + partner).add(partner * players + a)
      const aFirst = (firsts[a] as number) <= (firsts[partner] as number)
      const first = aFirst ? a : partner
      const second = aFirst ? partner : a
      firsts[first] = (firsts[first] as number) + 1
      const game = playGame(
        round,
        field[first] as Entrant,
        field[second] as Entrant,
        first + 1,
        rng,
      )
      games.push(game)
      pairs.push([first + 1, second + 1])
      if (game.result.kind === 'played') {
        const [s1, s2] = game.result.scores
        wins[first] = (wins[first] as number) + (s1 > s2 ? 1 : s1 === s2 ? 0.5 : 0)
        wins[second] = (wins[second] as number) + (s2 > s1 ? 1 : s1 === s2 ? 0.5 : 0)
        spread[first] = (spread[first] as number) + s1 - s2
        spread[second] = (spread[second] as number) + s2 - s1
      }
    }
    paired.push({ round, pairs, byes: [] })
  }
  return { entrants: field, paired, games }
}
