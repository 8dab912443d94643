import { seededRng } from '../../random'
import type { RatedGame, RatingPlayer } from '../estimate'

/**
 * A random event for benchmarks and property tests: `players` players (a share of them unrated),
 * `rounds` rounds of random pairings, a bye for the odd one out, results favouring the higher
 * rating. Same seed, same event.
 */
export function generateRatingEvent(options: {
  readonly players: number
  readonly rounds: number
  readonly seed: number
  readonly unratedShare?: number
}): RatingPlayer[] {
  const rng = seededRng(options.seed)
  const n = options.players
  const ratings = Array.from({ length: n }, () =>
    rng.next() < (options.unratedShare ?? 0.1) ? 0 : 600 + Math.floor(rng.next() * 1600),
  )
  const lifetime = Array.from({ length: n }, () => Math.floor(rng.next() * 400))
  const games: RatedGame[][] = Array.from({ length: n }, () => [])
  for (let round = 1; round <= options.rounds; round++) {
    const order = Array.from({ length: n }, (_, i) => i)
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(rng.next() * (i + 1))
      const t = order[i] ?? 0
      order[i] = order[j] ?? 0
      order[j] = t
    }
    for (let k = 0; k + 1 < n; k += 2) {
      const a = order[k] ?? 0
      const b = order[k + 1] ?? 0
      const edge = ((ratings[a] || 1500) - (ratings[b] || 1500)) / 800
      const x = rng.next()
      const score: RatedGame['score'] = x < 0.02 ? 0.5 : x < 0.5 + edge ? 1 : 0
      games[a]?.push({ round, opponent: b + 1, score })
      games[b]?.push({ round, opponent: a + 1, score: (1 - score) as RatedGame['score'] })
    }
    if (n % 2 === 1) games[order[n - 1] ?? 0]?.push({ round, opponent: 0, score: 1 })
  }
  return ratings.map((rating, i) => ({
    id: i + 1,
    rating,
    lifetimeGames: lifetime[i] ?? 0,
    games: games[i] ?? [],
  }))
}
