/**
 * The conformance kit's event generator (issue 29): a whole division paired round by round by
 * Rackside's own plan (`planRound`, the same use-case `rackside pair` runs on a `.t`), results
 * drawn by rating, written as a tsh `.t`. Pure and deterministic: the same options give the same
 * bytes, so a file that another program pairs differently can be made again from its seed.
 */
import type { TDivisionFile, TPlayerLine, TTag } from '../../formats/t-file-types'
import { factsText, RACKSIDE_TAG, writtenForm, type RoundEntry } from '../../formats/t-rackside-tag'
import { serializeTFile } from '../../formats/t-file'
import { withdrawalRound } from '../../formats/t-import'
import { seededRng, type Rng } from '../../random'
import { err, ok, type Result } from '../../result'
import { PRESETS } from '../../rules/presets'
import type { PresetId } from '../../rules/rule-set'
import { MAX_ROUNDS } from '../../tournament/validation'
import { planRound } from './plan-round'

export interface GenerateOptions {
  readonly seed: number
  readonly players: number
  readonly rounds: number
  readonly preset: PresetId
  /** Ratings are spread evenly over this many points around 1500 (0: everyone 1500). */
  readonly ratingSpread: number
  /** Percent of games forfeited (a no-show, at the preset's forfeit spread); default 0. */
  readonly forfeits?: number
  /** Players who join in round 2 or 3 (their missed rounds unplayed, as tsh's); default 0. */
  readonly lateEntries?: number
  /**
   * Players who leave after a round drawn from the ones they played, written as tsh writes a
   * withdrawal (formats.md): `off 0` and no opponent, score 0, in every later round; default 0.
   */
  readonly withdrawals?: number
}

export const GENERATE_DEFAULTS = {
  players: 16,
  rounds: 7,
  preset: 'nsa1995',
  ratingSpread: 600,
} as const satisfies Omit<GenerateOptions, 'seed'>

/** Enough for any field a director runs as one division; more only makes the run slow. */
export const MAX_GENERATED_PLAYERS = 1000

export interface GeneratedEvent {
  readonly file: TDivisionFile
  readonly text: string
}

const SURNAMES =
  'Abbott Baker Carter Dunn Ellis Fraser Grant Hughes Irwin Jones Khan Lim Moreno Nair Osei Patel Quinn Reyes Singh Tan Umar Vega Wong Xu Young Zhou'.split(
    ' ',
  )
const GIVEN =
  'Ana Ben Chloe Dev Eli Fay Gus Hana Ivan Jo Kai Lea Max Nia Omar Pia Raj Sam Tia Uma Vic Wen Xin Yui Zac Amy'.split(
    ' ',
  )

/** Unique up to 676 players: every surname takes each given name once. */
const nameOf = (index: number): string => {
  const round = Math.floor(index / SURNAMES.length)
  const surname = SURNAMES[index % SURNAMES.length] ?? ''
  const given = GIVEN[(index + round) % GIVEN.length] ?? ''
  return round < GIVEN.length ? `${surname}, ${given}` : `${surname}, ${given} ${String(round)}`
}

/**
 * The higher-rated player's chance: 56 % a few points apart, up to 68 % at 400 points or more
 * (issue 29: real events have the favourite win 56–68 % of games); even when rated alike.
 */
export function favouriteWins(gap: number): number {
  if (gap === 0) return 0.5
  return 0.56 + 0.12 * Math.min(1, Math.abs(gap) / 400)
}

interface Seat {
  readonly opponent: number
  readonly score: number
  /** tsh's p12: 0 no game, 1 went first, 2 went second. */
  readonly p12: 0 | 1 | 2
  /** What the columns alone cannot say (a forfeit, a missed round), in the `rackside` tag. */
  readonly entry?: RoundEntry
}

/** A played game's two scores, winner's first: plausible club totals, one tie in a hundred. */
function scores(rng: Rng): readonly [number, number] {
  const winner = 330 + rng.int(190)
  if (rng.int(100) === 0) return [winner, winner]
  return [winner, winner - 1 - rng.int(180)]
}

type Entrant = Omit<TPlayerLine, 'opponents' | 'scores' | 'tags'> & {
  readonly firstRound: number
  /** The last round the player plays before withdrawing; null: plays to the end. */
  readonly leavesAfter: number | null
}

/** tsh's `off`: the spread a withdrawn player is given in each later round (0: unplayed). */
const OFF_SPREAD = 0

/**
 * The `rackside` tag of a line (t-rackside-tag.ts): a late entry's first round, its odd rounds,
 * and the round of a withdrawal where tsh's reading of `off` would name another.
 */
function racksideTag(entrant: Entrant, own: readonly Seat[], withdrawnFrom: number | null): TTag[] {
  const rounds = new Map<number, RoundEntry>()
  own.forEach((s, i) => {
    if (s.entry !== undefined) rounds.set(i + 1, s.entry)
  })
  const facts = {
    ...(entrant.firstRound > 1 ? { firstRound: entrant.firstRound } : {}),
    ...(withdrawnFrom === null ? {} : { withdrawnFrom }),
    rounds,
  }
  return rounds.size === 0 && entrant.firstRound === 1 && withdrawnFrom === null
    ? []
    : [{ name: RACKSIDE_TAG, values: factsText(facts) }]
}

/** The division as it stands before `round` is paired (withdrawals made by then only). */
function fileOf(
  lines: readonly Entrant[],
  seats: readonly (readonly Seat[])[],
  header: string,
  round: number,
): TDivisionFile {
  return {
    comments: [{ line: 1, text: header }],
    players: lines.map((entrant, i) => {
      const own = seats[i] ?? []
      const { id, line, name, ratingText, rating, leavesAfter } = entrant
      const left = leavesAfter !== null && leavesAfter < round
      const columns = {
        id,
        line,
        name,
        ratingText,
        rating,
        opponents: own.map((s) => s.opponent),
        scores: own.map((s) => s.score),
      }
      const off = left ? [{ name: 'off', values: [String(OFF_SPREAD)] }] : []
      // Named in the tag only where the columns read as tsh reads them say another round.
      const from =
        left && withdrawalRound({ ...columns, tags: [] }, [OFF_SPREAD]) !== leavesAfter + 1
          ? leavesAfter + 1
          : null
      return {
        ...columns,
        tags: [
          ...(own.length === 0 ? [] : [{ name: 'p12', values: own.map((s) => String(s.p12)) }]),
          ...off,
          ...racksideTag(entrant, own, from),
        ],
      }
    }),
  }
}

function checked(options: GenerateOptions): Result<GenerateOptions> {
  const whole = (n: number, low: number, high: number) =>
    Number.isInteger(n) && n >= low && n <= high
  if (!whole(options.players, 2, MAX_GENERATED_PLAYERS)) {
    return err(
      'conformance.generate.players',
      `An event is generated for 2 to ${String(MAX_GENERATED_PLAYERS)} players, not ${String(options.players)}`,
    )
  }
  if (!whole(options.rounds, 1, MAX_ROUNDS)) {
    return err(
      'conformance.generate.rounds',
      `An event is generated for 1 to ${String(MAX_ROUNDS)} rounds, not ${String(options.rounds)}`,
    )
  }
  if (!whole(options.forfeits ?? 0, 0, 50)) {
    return err(
      'conformance.generate.forfeits',
      `Forfeits are a whole percent of the games from 0 to 50, not ${String(options.forfeits)}`,
    )
  }
  const late = options.lateEntries ?? 0
  if (!whole(late, 0, Math.floor(options.players / 2)) || (late > 0 && options.rounds < 2)) {
    return err(
      'conformance.generate.late',
      `Late entries are at most half the field, in an event of 2 rounds or more, not ${String(late)}`,
    )
  }
  const leaving = options.withdrawals ?? 0
  if (!whole(leaving, 0, Math.floor(options.players / 2)) || (leaving > 0 && options.rounds < 2)) {
    return err(
      'conformance.generate.withdrawals',
      `Withdrawals are at most half the field, in an event of 2 rounds or more, not ${String(leaving)}`,
    )
  }
  if (!whole(options.ratingSpread, 0, 3000)) {
    return err(
      'conformance.generate.spread',
      `The rating spread is a whole number of points from 0 to 3000, not ${String(options.ratingSpread)}`,
    )
  }
  return ok(options)
}

export function generateEvent(options: GenerateOptions): Result<GeneratedEvent> {
  const valid = checked(options)
  if (!valid.ok) return valid
  const { seed, players, rounds, preset, ratingSpread } = options
  const rng = seededRng(seed)
  const step = players > 1 ? ratingSpread / (players - 1) : 0
  // Rated evenly across the spread, in a random order so ids say nothing of strength.
  const ratings = Array.from({ length: players }, (_, i) =>
    Math.round(1500 + ratingSpread / 2 - i * step),
  )
  for (let i = ratings.length - 1; i > 0; i--) {
    const j = rng.int(i + 1)
    ;[ratings[i], ratings[j]] = [ratings[j] ?? 0, ratings[i] ?? 0]
  }
  // Drawn only when asked for, so an event without late entries is the one an older kit made.
  const lateIds = new Set(
    (options.lateEntries ?? 0) === 0
      ? []
      : Array.from({ length: players }, (_, i) => i + 1)
          .map((id) => ({ id, key: rng.next() }))
          .sort((a, b) => a.key - b.key)
          .slice(0, options.lateEntries ?? 0)
          .map((e) => e.id),
  )
  const firstRounds = ratings.map((_, i) =>
    lateIds.has(i + 1) ? 2 + rng.int(Math.min(2, rounds - 1)) : 1,
  )
  // Drawn only when asked for too; a withdrawal comes after a round the player was in the field.
  const leavers = new Map(
    (options.withdrawals ?? 0) === 0
      ? []
      : Array.from({ length: players }, (_, i) => i + 1)
          .filter((id) => (firstRounds[id - 1] ?? 1) < rounds)
          .map((id) => ({ id, key: rng.next() }))
          .sort((a, b) => a.key - b.key)
          .slice(0, options.withdrawals ?? 0)
          .map(({ id }) => {
            const first = firstRounds[id - 1] ?? 1
            return [id, first + rng.int(rounds - first)] as const
          }),
  )
  const lines: Entrant[] = ratings.map((rating, i) => ({
    id: i + 1,
    line: i + 2,
    name: nameOf(i),
    ratingText: String(rating),
    rating,
    firstRound: firstRounds[i] ?? 1,
    leavesAfter: leavers.get(i + 1) ?? null,
  }))
  const { byeSpread, forfeitSpread, forfeitRated } = PRESETS[preset].results
  const forfeits = options.forfeits ?? 0
  const extras = [
    ...(forfeits > 0 ? [` --forfeits ${String(forfeits)}`] : []),
    ...(lateIds.size > 0 ? [` --late ${String(lateIds.size)}`] : []),
    ...(leavers.size > 0 ? [` --withdrawals ${String(leavers.size)}`] : []),
  ].join('')
  const header = `# rackside generate --seed ${String(seed)} --players ${String(players)} --rounds ${String(rounds)} --preset ${preset} --spread ${String(ratingSpread)}${extras}`
  const seats: Seat[][] = lines.map(() => [])
  for (let round = 1; round <= rounds; round++) {
    const file = fileOf(lines, seats, header, round)
    const planned = planRound(file, { round, rounds, preset, plan: null, seed })
    if (!planned.ok) return planned
    const seated = new Set<number>()
    const seat = (id: number, value: Seat) => {
      seats[id - 1]?.push(value)
      seated.add(id)
    }
    for (const pairing of planned.value.paired.pairings) {
      const { first, second, start } = pairing
      if (forfeits > 0 && rng.int(100) < forfeits) {
        const [winner, loser] = rng.int(2) === 0 ? [first, second] : [second, first]
        const forfeit = (won: boolean, opponent: number): Seat => {
          const entry: RoundEntry = {
            kind: 'forfeit',
            won,
            opponent,
            spread: forfeitSpread,
            reason: 'no-show',
            rated: forfeitRated,
          }
          const written = writtenForm(entry)
          return { opponent: written.opponent, score: written.score ?? 0, p12: 0, entry }
        }
        seat(winner, forfeit(true, loser))
        seat(loser, forfeit(false, winner))
        continue
      }
      // A draw at the table: either player may have gone first.
      const starter = start.starter ?? (rng.int(2) === 0 ? first : second)
      const gap = (lines[first - 1]?.rating ?? 0) - (lines[second - 1]?.rating ?? 0)
      const firstWins = rng.next() < (gap >= 0 ? favouriteWins(gap) : 1 - favouriteWins(gap))
      const [won, lost] = scores(rng)
      const [a, b] = firstWins ? [won, lost] : [lost, won]
      seat(first, { opponent: second, score: a, p12: starter === first ? 1 : 2 })
      seat(second, { opponent: first, score: b, p12: starter === second ? 1 : 2 })
    }
    for (const bye of planned.value.paired.byes)
      seat(bye.player, { opponent: 0, score: byeSpread, p12: 0 })
    for (const line of lines) {
      if (seated.has(line.id)) continue
      if (line.leavesAfter !== null && line.leavesAfter < round) {
        seat(line.id, { opponent: 0, score: OFF_SPREAD, p12: 0 })
        continue
      }
      const entry: RoundEntry = { kind: 'unplayed', opponent: 0 }
      seat(line.id, { opponent: 0, score: 0, p12: 0, entry })
    }
  }
  const file = fileOf(lines, seats, header, rounds + 1)
  return ok({ file, text: serializeTFile(file) })
}
