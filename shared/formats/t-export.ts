/**
 * A division of the folded state as a tsh `.t` file (design.md, "interchange: a `.t` file is an
 * export of the folded state"; formats.md, "tsh `.t`"). Write it with `serializeTFile`.
 *
 * Per player and round:
 * - a played game: the opponent's number and the player's own score (after overtime);
 * - a bye: opponent 0 and its spread; a double forfeit: 0 and −spread;
 * - a forfeit not rated (the preset's `forfeitRated`, or `lateArrival.forfeitRated` for a lateness
 *   forfeit): opponent 0 and +spread for the winner, −spread for the loser, tsh's form that keeps a
 *   game out of the ratings (NSA VII.J.2: forfeits are not rated);
 * - a rated forfeit: a game against the other player, the winner scoring the spread and the loser
 *   0, so tsh rates it and ranks it the same (a win or loss by the spread);
 * - a forfeit with no margin (NEON's walk-out: a win and 0 margin): tsh has no such game (0 with
 *   opponent 0 is "not played"), so the winner gets +1 and the loser −1 with opponent 0, and the
 *   `penalty` tag gives the point back (−1 for the winner, +1 for the loser): tsh then ranks a win
 *   and a loss with no spread, as Rackside does; t-import reads the pair back as that walk-out;
 * - not paired (or an unplayed result): opponent 0, score 0; after a withdrawal, score is the
 *   player's `off` value (the score tsh gives a withdrawn player in every later round, 0 unless
 *   the import said otherwise);
 * - a game whose result is not in yet: the opponent, and no score (the score list stops there).
 *
 * Tags: Rackside owns `p12` (from who went first, or the printed starter while there is no result),
 * `penalty` (the director's penalties, as tsh's negative spread change per round) and `off` (the
 * withdrawal): these are regenerated where the player's line had them, or added in tsh's
 * alphabetical place when there is something to say. Every other tag an imported player had
 * (`board`, `rrank`, `newr`, `team`, …) is written back exactly as imported, even when results
 * changed since: Rackside does not recompute tsh's derived tags.
 */
import { err, ok, type Result } from '../result'
import type { PlayerId } from '../results/game-result'
import type {
  Division,
  KeptTag,
  Pairing,
  Player,
  RecordedResult,
  Round,
  TournamentState,
} from '../tournament/types'
import type { TDivisionFile, TFileLayout, TPlayerLine } from './t-file-types'
import { classTagValues } from './tsh-prizes'

export const TAGS_OWNED_BY_RACKSIDE = ['p12', 'off', 'penalty'] as const

export interface TExportOptions {
  /** Comment lines to keep (e.g. those of the file the division was imported from). */
  readonly comments?: TDivisionFile['comments']
  readonly layout?: TFileLayout
}

interface Seat {
  readonly opponent: number
  /** null: a game without a result yet. */
  readonly score: number | null
  /** `p12`: 0 no game, 1 first, 2 second, 3 draw for first, 4 unknown. */
  readonly p12: 0 | 1 | 2 | 3 | 4
  /** Spread added through the `penalty` tag this round (a zero-margin forfeit's point back). */
  readonly adjust?: number
}

/** The ±1 a zero-margin forfeit is written with in a `.t` (see the file comment). */
export const ZERO_MARGIN_POINT = 1

const UNPAIRED: Seat = { opponent: 0, score: 0, p12: 0 }

function startCode(
  pairing: Pairing,
  recorded: RecordedResult | null,
  player: PlayerId,
): Seat['p12'] {
  if (pairing.kind === 'bye') return 0
  const first = recorded?.first ?? null
  if (first !== null) return first === player ? 1 : 2
  const start = pairing.start
  switch (start.kind) {
    case 'rule':
    case 'schedule':
    case 'director':
      if (start.starter === null) return 3
      // With a result in and no first recorded, nobody knows who went first.
      if (recorded !== null) return 4
      return start.starter === player ? 1 : 2
    case 'undecided':
      return 4
  }
}

function seatOf(round: Round, player: PlayerId): Seat | null {
  const index = round.pairings.findIndex((p) =>
    p.kind === 'game' ? p.players.includes(player) : p.player === player,
  )
  const pairing = round.pairings[index]
  if (pairing === undefined) return null
  const recorded = round.results[index] ?? null
  const result = recorded?.result
  if (result === undefined) {
    if (pairing.kind === 'bye') return UNPAIRED
    const opponent = pairing.players[0] === player ? pairing.players[1] : pairing.players[0]
    return { opponent, score: null, p12: startCode(pairing, null, player) }
  }
  switch (result.kind) {
    case 'played': {
      const own = result.players[0] === player ? 0 : 1
      return {
        opponent: result.players[1 - own] ?? 0,
        score: result.scores[own] ?? 0,
        p12: startCode(pairing, recorded, player),
      }
    }
    case 'bye':
      return { opponent: 0, score: result.spread, p12: 0 }
    case 'forfeit': {
      const won = result.winner === player
      if (result.spread === 0) {
        const point = won ? ZERO_MARGIN_POINT : -ZERO_MARGIN_POINT
        return { opponent: 0, score: point, p12: 0, adjust: -point }
      }
      if (result.rated) {
        return {
          opponent: won ? result.loser : result.winner,
          score: won ? result.spread : 0,
          p12: startCode(pairing, recorded, player),
        }
      }
      return { opponent: 0, score: won ? result.spread : -result.spread, p12: 0 }
    }
    case 'doubleForfeit':
      return { opponent: 0, score: -result.spread, p12: 0 }
    case 'unplayed':
      return UNPAIRED
  }
}

const keptTag = (player: Player, name: string): KeptTag | undefined =>
  player.tsh?.tags.find((t) => t.name === name)

/** The score tsh gives a withdrawn player in later rounds: the first `off` value, else 0. */
function offScore(player: Player): number {
  const value = keptTag(player, 'off')?.values[0]
  return value !== undefined && /^[-+]?\d+$/.test(value) ? Number(value) : 0
}

function playerLine(division: Division, player: Player, line: number): TPlayerLine {
  const seats: Seat[] = division.rounds.map((round) => {
    const seat = seatOf(round, player.id)
    if (seat !== null) return seat
    const withdrawn = player.status.kind === 'withdrawn' && round.number >= player.status.fromRound
    return withdrawn ? { ...UNPAIRED, score: offScore(player) } : UNPAIRED
  })
  // Scores stop before the first game still waiting for its result, as tsh writes them; a known
  // score after such a game would need a value there, and 0 is what tsh would show.
  let scored = seats.length
  while (scored > 0 && seats[scored - 1]?.score === null) scored -= 1
  const scores = seats.slice(0, scored).map((s) => s.score ?? 0)

  const generated = new Map<string, readonly string[] | null>()
  // tsh decides p12 when it pairs and keeps it when the game is then forfeited or the player
  // leaves: where Rackside has no game to say anything about, the imported value stays.
  const keptP12 = keptTag(player, 'p12')?.values
  const p12 = seats.map((s, k) => (s.p12 === 0 ? (keptP12?.[k] ?? '0') : String(s.p12)))
  generated.set(
    'p12',
    keptP12 !== undefined || p12.some((v) => v === '1' || v === '2' || v === '3') ? p12 : null,
  )
  const penaltyRounds = division.penalties.filter((p) => p.player === player.id)
  const keptPenalty = keptTag(player, 'penalty')
  const adjusted = seats.flatMap((s, k) => (s.adjust === undefined ? [] : [k + 1]))
  const penaltyLength = Math.max(
    keptPenalty?.values.length ?? 0,
    ...penaltyRounds.map((p) => p.round),
    ...adjusted,
  )
  generated.set(
    'penalty',
    penaltyLength === 0
      ? null
      : Array.from({ length: penaltyLength }, (_, k) =>
          String(
            -penaltyRounds.filter((p) => p.round === k + 1).reduce((t, p) => t + p.points, 0) +
              (seats[k]?.adjust ?? 0),
          ),
        ),
  )
  // `off` is regenerated for a withdrawn player; otherwise it is written back as imported (a
  // withdrawal after the event's last round, which the log cannot hold).
  generated.set(
    'off',
    player.status.kind === 'withdrawn'
      ? (keptTag(player, 'off')?.values ?? ['0'])
      : (keptTag(player, 'off')?.values ?? null),
  )

  // The rating class of the division's prize table (issue 14), else the tag as imported.
  generated.set('class', classTagValues(division, player))

  const tags: KeptTag[] = []
  for (const t of player.tsh?.tags ?? []) {
    if (!generated.has(t.name)) {
      tags.push(t)
      continue
    }
    const values = generated.get(t.name) ?? null
    generated.delete(t.name)
    if (values !== null) tags.push({ name: t.name, values })
  }
  // Owned tags the line did not have go in tsh's alphabetical place.
  for (const [name, values] of generated) {
    if (values === null) continue
    const at = tags.findIndex((t) => t.name > name)
    tags.splice(at < 0 ? tags.length : at, 0, { name, values })
  }

  // The rating as imported (`01500`, or `1500.5` counted as unrated) while it is unchanged.
  const kept = player.tsh?.ratingText
  const keepText =
    kept !== undefined &&
    (Number(kept) === player.rating || (player.rating === 0 && !/^[-+]?\d+$/.test(kept)))
  return {
    id: player.id,
    line,
    name: player.name,
    ratingText: keepText ? kept : String(player.rating),
    rating: keepText && Number(kept) !== player.rating ? null : player.rating,
    opponents: seats.map((s) => s.opponent),
    scores,
    tags,
  }
}

export function exportTDivision(
  state: TournamentState,
  divisionName: string,
  options: TExportOptions = {},
): Result<TDivisionFile> {
  const division = state.divisions.find((d) => d.name === divisionName)
  if (division === undefined) {
    return err('division.missing', `There is no division ${divisionName}.`)
  }
  // Player lines take the line numbers the comments leave free, so each comment goes back to its
  // place when the players are the ones it was read with.
  const commentLines = new Set((options.comments ?? []).map((c) => c.line))
  let line = 0
  const players = division.players.map((player) => {
    line += 1
    while (commentLines.has(line)) line += 1
    return playerLine(division, player, line)
  })
  return ok({
    players,
    comments: options.comments ?? [],
    ...(options.layout === undefined ? {} : { layout: options.layout }),
  })
}
