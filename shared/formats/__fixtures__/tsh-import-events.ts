/**
 * Made-up tsh events for the checks that the CLI (electron/cli/tsh-import-paths.test.ts) and the
 * app (renderer/src/files/exchange.test.ts) import the same files to the same commands (issue 20):
 * the same seeds give the same files on both sides. Each is a `.t` of random Swiss-free rounds
 * (a random matching per round, the odd player out on a bye), with or without a config.tsh that
 * names it in another case (as a file copied between Windows and Linux does).
 */
import { seededRng, shuffled } from '../../random'

export interface TshImportEvent {
  readonly name: string
  readonly fileName: string
  readonly t: string
  /** config.tsh's text, or absent: the .t alone. */
  readonly config?: string
}

const LAST = ['O’Brien', 'Strauß', 'Østby', 'Łukasz', 'Smith', 'Lee', 'Adé', 'Nguyễn', 'Brienne']
const FIRST = ['Ann', 'Zoë', 'Pat', 'Jürgen', 'Kofi', 'Mei', 'Eta', 'Bob']

function randomT(seed: number): { t: string; rounds: number } {
  const rng = seededRng(seed)
  const players = 3 + rng.int(12)
  const rounds = 1 + rng.int(5)
  const ids = Array.from({ length: players }, (_, i) => i + 1)
  const opponents: number[][] = ids.map(() => [])
  const scores: number[][] = ids.map(() => [])
  for (let r = 0; r < rounds; r++) {
    const order = shuffled(ids, rng)
    for (let i = 0; i + 1 < order.length; i += 2) {
      const [a, b] = [order[i] as number, order[i + 1] as number]
      opponents[a - 1]?.push(b)
      opponents[b - 1]?.push(a)
      scores[a - 1]?.push(250 + rng.int(300))
      scores[b - 1]?.push(250 + rng.int(300))
    }
    const odd = order.length % 2 === 1 ? order[order.length - 1] : undefined
    if (odd !== undefined) {
      opponents[odd - 1]?.push(0)
      scores[odd - 1]?.push(50)
    }
  }
  const lines = ids.map((id) => {
    // Unique for up to 72 players: the last name by id mod 9, the first by id div 9 (tsh ends
    // a name at its first number, so no number in it).
    const name = `${LAST[id % LAST.length] ?? ''}, ${FIRST[(Math.floor(id / LAST.length) + seed) % FIRST.length] ?? ''}`
    const rating = 800 + rng.int(1200)
    return `${name.padEnd(24)}${rating} ${(opponents[id - 1] ?? []).join(' ')}; ${(scores[id - 1] ?? []).join(' ')}`
  })
  return { t: `${lines.join('\n')}\n`, rounds }
}

export const RANDOM_TSH_EVENTS: readonly TshImportEvent[] = Array.from({ length: 12 }, (_, k) => {
  const seed = 2026 + k
  const { t, rounds } = randomT(seed)
  const fileName = k % 3 === 0 ? `Div${k}.T` : `div${k}.t`
  const config =
    k % 2 === 0
      ? undefined
      : [
          `division Div_${k} ${fileName.toUpperCase()}`,
          `config event_name = 'Random ${k}'`,
          `config max_rounds = ${rounds + (k % 3)}`,
          `config bye_spread = ${k % 4 === 1 ? 100 : 50}`,
          '',
        ].join('\n')
  return { name: `random event ${k}`, fileName, t, ...(config === undefined ? {} : { config }) }
})
