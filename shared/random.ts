/**
 * Seeded randomness. Random pairings and computer tile draws record their seed in the command, so
 * folding the same log always gives the same tournament (design.md, "a tournament is a log").
 */
export interface Rng {
  /** A float in [0, 1). */
  next(): number
  /** An integer in [0, n). */
  int(n: number): number
}

/** mulberry32: small, fast, and good enough for draws and shuffles; not for security. */
export function seededRng(seed: number): Rng {
  let state = seed >>> 0
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (n) => {
      if (!Number.isInteger(n) || n < 1)
        throw new Error(`Rng.int needs a whole number above 0, not ${n}`)
      return Math.floor(next() * n)
    },
  }
}

export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1)
    const a = out[i] as T
    out[i] = out[j] as T
    out[j] = a
  }
  return out
}
