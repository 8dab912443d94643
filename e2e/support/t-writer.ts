/**
 * tsh `.t` text for e2e events, written by hand from the format (formats.md, "tsh `.t`"): a name,
 * a rating, opponents by round; `;` scores; tags (`p12` who went first, `board` the table). The
 * app imports it through the Files screen, so the tests build events without reaching into the
 * app's code.
 */

export const EVIL_NAME = '<b>Ann & "Bo"</b>'

const SURNAMES = ['Wellington', 'Victor', 'Umujose', 'Oshodi', 'Nwali', 'Ryan', 'Etim', 'Karo']
const GIVEN = ['Jighere', 'Godwin', 'Emmanuel', 'Sunday', 'Enoch', 'Jacob', 'Nsikak', 'Eta']

export interface PlannedGame {
  readonly table: number
  /** Player numbers; `starter` is 0 or 1 (who plays first), null for a draw at the table. */
  readonly players: readonly [number, number]
  readonly starter: 0 | 1 | null
}

export interface PlannedEvent {
  readonly names: readonly string[]
  /** Round 1 (played) and round 2 (paired, no scores yet). */
  readonly round1: readonly PlannedGame[]
  readonly round2: readonly PlannedGame[]
  readonly text: string
}

/** 1 -> "A", 26 -> "Z", 27 -> "Aa" … */
function letters(n: number): string {
  let out = ''
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) {
    out = String.fromCharCode(97 + ((k - 1) % 26)) + out
  }
  return out.charAt(0).toUpperCase() + out.slice(1)
}

function nameOf(i: number): string {
  if (i === 0) return EVIL_NAME
  const surname = SURNAMES[i % SURNAMES.length] ?? 'Player'
  const given = GIVEN[Math.floor(i / SURNAMES.length) % GIVEN.length] ?? 'X'
  // Past 64 players a letter suffix keeps names unique; a digit at the end would read as a rating.
  const round = Math.floor(i / (SURNAMES.length * GIVEN.length))
  return `${surname}, ${given}${round === 0 ? '' : ` ${letters(round)}`}`
}

/**
 * `count` players (even): round 1 pairs player p with p + count/2 at table p, the lower number
 * first; round 2 pairs 1-2, 3-4, … at tables 1, 2, …; the first `decided` tables of round 2 have the
 * odd-numbered player starting, the rest draw for first (p12 3).
 */
export function plannedEvent(
  count: number,
  decided: number,
  options: {
    /** Player i's name (0-based); the names above when absent. */
    readonly names?: (i: number) => string
    /** The first table's number (issue 28: four-digit tables); 1 when absent. */
    readonly firstTable?: number
  } = {},
): PlannedEvent {
  const half = count / 2
  const first = options.firstTable ?? 1
  const names = Array.from({ length: count }, (_, i) => (options.names ?? nameOf)(i))
  const round1: PlannedGame[] = Array.from({ length: half }, (_, i) => ({
    table: i + first,
    players: [i + 1, i + 1 + half],
    starter: 0,
  }))
  const round2: PlannedGame[] = Array.from({ length: half }, (_, i) => ({
    table: i + first,
    players: [2 * i + 1, 2 * i + 2],
    starter: i < decided ? 0 : null,
  }))
  const seat = (games: readonly PlannedGame[], p: number) => {
    const game = games.find((g) => g.players.includes(p))
    if (game === undefined) throw new Error(`player ${p} is not paired`)
    const index = game.players.indexOf(p)
    const opponent = game.players[1 - index] ?? 0
    const p12 = game.starter === null ? 3 : game.starter === index ? 1 : 2
    return { game, opponent, p12, index }
  }
  const lines = names.map((name, i) => {
    const p = i + 1
    const r1 = seat(round1, p)
    const r2 = seat(round2, p)
    // Round 1: the first-named player scores 400 + table, the other 380 + 7 × (table mod 5),
    // tables counted from 1 whatever the first one's number.
    const table = r1.game.table - first + 1
    const score = r1.index === 0 ? 400 + table : 380 + 7 * (table % 5)
    return `${name} ${2000 - 10 * i} ${r1.opponent} ${r2.opponent}; ${score}; p12 ${r1.p12} ${r2.p12}; board ${r1.game.table} ${r2.game.table}`
  })
  return { names, round1, round2, text: `${lines.join('\n')}\n` }
}
