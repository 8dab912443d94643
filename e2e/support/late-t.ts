/**
 * A big event's tsh `.t` file after its first rounds, for the browser benches (issue 20): each
 * round is paired the way a Swiss event is, greedily in standings order (each player meets the
 * next one below not met before), so late score groups are full of earlier opponents, as in a
 * real 2000-player event. Written from the format (formats.md, "tsh `.t`": opponents, `;` scores,
 * `p12` who went first), without the app's code, as the e2e tests build their events.
 */

/** A small seeded generator (a 32-bit LCG): the same file for the same seed. */
function generator(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

export function lateSwissT(players: number, rounds: number, seed: number): string {
  if (players % 2 === 1) throw new Error('lateSwissT needs an even field')
  const random = generator(seed)
  const rating = Array.from({ length: players }, () => 1000 + Math.floor(random() * 1000))
  const wins = new Float64Array(players)
  const spread = new Float64Array(players)
  const firsts = new Int32Array(players)
  const met = new Set<number>()
  const opponents: number[][] = Array.from({ length: players }, () => [])
  const scores: number[][] = Array.from({ length: players }, () => [])
  const starts: number[][] = Array.from({ length: players }, () => [])
  for (let round = 1; round <= rounds; round++) {
    const order = Array.from({ length: players }, (_, i) => i).sort(
      (a, b) =>
        (wins[b] ?? 0) - (wins[a] ?? 0) ||
        (spread[b] ?? 0) - (spread[a] ?? 0) ||
        (rating[b] ?? 0) - (rating[a] ?? 0) ||
        a - b,
    )
    const taken = new Uint8Array(players)
    for (let k = 0; k < players; k++) {
      const a = order[k] ?? 0
      if (taken[a] === 1) continue
      let b = -1
      for (let m = k + 1; m < players; m++) {
        const c = order[m] ?? 0
        if (taken[c] === 1) continue
        if (b === -1) b = c
        if (!met.has(a * players + c)) {
          b = c
          break
        }
      }
      taken[a] = 1
      taken[b] = 1
      met.add(a * players + b).add(b * players + a)
      // The stronger player wins more often; scores 300–500, never a tie.
      const edge = ((rating[a] ?? 0) - (rating[b] ?? 0)) / 800
      const aWins = random() < 0.5 + edge / 2
      const high = 400 + Math.floor(random() * 100)
      const low = 300 + Math.floor(random() * 99)
      const [sa, sb] = aWins ? [high, low] : [low, high]
      const aFirst = (firsts[a] ?? 0) <= (firsts[b] ?? 0)
      firsts[aFirst ? a : b] = (firsts[aFirst ? a : b] ?? 0) + 1
      for (const [p, q, mine, theirs, first] of [
        [a, b, sa, sb, aFirst],
        [b, a, sb, sa, !aFirst],
      ] as const) {
        opponents[p]?.push(q + 1)
        scores[p]?.push(mine)
        starts[p]?.push(first ? 1 : 2)
        wins[p] = (wins[p] ?? 0) + (mine > theirs ? 1 : 0)
        spread[p] = (spread[p] ?? 0) + mine - theirs
      }
    }
  }
  const lines = rating.map(
    (r, i) =>
      `Player, No${i + 1} ${r} ${(opponents[i] ?? []).join(' ')}; ${(scores[i] ?? []).join(' ')}; p12 ${(starts[i] ?? []).join(' ')}`,
  )
  return `${lines.join('\n')}\n`
}
