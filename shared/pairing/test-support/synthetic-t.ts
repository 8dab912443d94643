/**
 * Synthetic events as tsh `.t` text, for the replay bench and the weight tests: a seeded field, a
 * history paired by a simple director-like program, results from an Elo-like model. The programs
 * are written here, independent of the engine, so the engine is judged against a history it did
 * not make:
 *
 * - `greedy-swiss`: round 1 top half v bottom half by rating; then, in standings order, each
 *   unpaired player meets the next one they have met least (tsh's habit: a repeat only when the
 *   field runs out of new opponents, whatever the win gap).
 * - `round-robin-then-koth`: whole cycles of the circle method, then King of the Hill (1 v 2,
 *   3 v 4 in the standings) skipping only last round's opponent.
 */
import { seededRng, type Rng } from '../../random'

export const SYNTHETIC_PROGRAMS = ['greedy-swiss', 'round-robin-then-koth'] as const
export type SyntheticProgram = (typeof SYNTHETIC_PROGRAMS)[number]

export interface SyntheticEvent {
  readonly players: number
  readonly rounds: number
  readonly seed: number
  readonly program: SyntheticProgram
  /** Round-robin cycles before King of the Hill (`round-robin-then-koth` only). */
  readonly cycles?: number
}

interface Synth {
  readonly rating: number
  readonly opponents: number[]
  readonly scores: number[]
  readonly p12: number[]
}

/** Round `k` (0-based) of the circle method over ids 1..n (n even): player n stays put. */
function circleRound(n: number, k: number): [number, number][] {
  const m = n - 1
  const pairs: [number, number][] = [[n, (k % m) + 1]]
  for (let d = 1; d < n / 2; d++) {
    pairs.push([((k + d) % m) + 1, ((k - d + m) % m) + 1])
  }
  return pairs
}

export function syntheticEventT(event: SyntheticEvent): string {
  const { players, rounds, program } = event
  const rng: Rng = seededRng(event.seed)
  const field: Synth[] = Array.from({ length: players }, () => ({
    rating: 900 + rng.int(1300),
    opponents: [],
    scores: [],
    p12: [],
  }))
  const at = (id: number): Synth => field[id - 1] as Synth
  const wins = (p: Synth): number =>
    p.scores.reduce((w, s, k) => {
      const o = p.opponents[k] ?? 0
      if (o === 0) return w + 1
      const theirs = at(o).scores[k] ?? 0
      return w + (s > theirs ? 1 : s === theirs ? 0.5 : 0)
    }, 0)
  const spread = (p: Synth): number =>
    p.scores.reduce((t, s, k) => {
      const o = p.opponents[k] ?? 0
      return t + (o === 0 ? 50 : s - (at(o).scores[k] ?? 0))
    }, 0)
  const timesMet = (a: number, b: number): number => at(a).opponents.filter((x) => x === b).length
  // The circle method needs an even field: a phantom n + 1 means the bye.
  const even = players % 2 === 0 ? players : players + 1
  const cycleLength = even - 1
  const robinRounds = program === 'round-robin-then-koth' ? (event.cycles ?? 1) * cycleLength : 0
  for (let r = 0; r < rounds; r++) {
    const ids = field.map((_, i) => i + 1)
    const order =
      r === 0
        ? ids.sort((a, b) => at(b).rating - at(a).rating || a - b)
        : ids.sort((a, b) => wins(at(b)) - wins(at(a)) || spread(at(b)) - spread(at(a)) || a - b)
    const pairs: [number, number][] = []
    let bye: number | null = null
    if (r < robinRounds) {
      for (const [a, b] of circleRound(even, r % cycleLength)) {
        if (a > players) bye = b
        else if (b > players) bye = a
        else pairs.push([a, b])
      }
    } else {
      let pool = [...order]
      if (pool.length % 2 === 1) {
        // The bye: the lowest ranked with the fewest byes.
        const byes = (id: number): number => at(id).opponents.filter((o) => o === 0).length
        bye = [...pool].reverse().sort((a, b) => byes(a) - byes(b))[0] as number
        pool = pool.filter((id) => id !== bye)
      }
      if (r === 0) {
        const half = pool.length / 2
        for (let k = 0; k < half; k++) pairs.push([pool[k] as number, pool[k + half] as number])
      }
      while (r > 0 && pool.length > 0) {
        const [top, ...rest] = pool as [number, ...number[]]
        let best = 0
        if (program === 'greedy-swiss') {
          for (let k = 1; k < rest.length; k++)
            if (timesMet(top, rest[k] as number) < timesMet(top, rest[best] as number)) best = k
        } else {
          const last = at(top).opponents[r - 1]
          if (rest[0] === last && rest.length > 1) best = 1
        }
        const other = rest[best] as number
        pairs.push([top, other])
        pool = rest.filter((id) => id !== other)
      }
    }
    if (bye !== null) {
      const p = at(bye)
      p.opponents.push(0)
      p.scores.push(50)
      p.p12.push(0)
    }
    for (const [a, b] of pairs) {
      const pa = at(a)
      const pb = at(b)
      const first =
        pa.p12.filter((x) => x === 1).length <= pb.p12.filter((x) => x === 1).length ? a : b
      const chance = 1 / (1 + 10 ** ((pb.rating - pa.rating) / 400))
      const loser = 300 + rng.int(150)
      const margin = 1 + rng.int(200)
      const aWins = rng.next() < chance
      pa.opponents.push(b)
      pb.opponents.push(a)
      pa.scores.push(aWins ? loser + margin : loser)
      pb.scores.push(aWins ? loser : loser + margin)
      pa.p12.push(first === a ? 1 : 2)
      pb.p12.push(first === b ? 1 : 2)
    }
  }
  return field
    .map(
      (p, i) =>
        `Synth, P${String(i + 1).padStart(3, '0')} ${String(p.rating)} ${p.opponents.join(' ')}; ${p.scores.join(' ')}; p12 ${p.p12.join(' ')}`,
    )
    .join('\n')
}
