/**
 * The seed a new pairing records in its command: randomness enters the log here, once, so folding
 * the same log always draws the same (design.md; shared/ takes the seed as data).
 */
export function freshSeed(): number {
  return Math.floor(Math.random() * 2 ** 31)
}
