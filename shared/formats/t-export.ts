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
 * Where tsh has no form for a result (a bye at 0 or below, a forfeit or double forfeit at spread 0,
 * a game still waiting for its result when later rounds have scores) the columns hold what tsh
 * ranks the same way, the `rackside` tag (t-rackside-tag.ts) says what it was, and the export
 * lists it in its notes for the director. The tag also names every forfeit's and unplayed game's
 * opponent, a late entry's first round and a withdrawal's round, so Rackside reads its own file
 * back to the same pairings and standings.
 *
 * Tags: Rackside owns `p12` (from who went first, or the printed starter while there is no result),
 * `penalty` (the director's penalties, as tsh's negative spread change per round) and `off` (the
 * withdrawal) and `lifeg` (lifetime games, when the player has them and they differ from the
 * imported tag's): these are regenerated where the player's line had them, or added in tsh's
 * alphabetical place when there is something to say. `newr`, the rating estimate after each round,
 * is written as tsh writes it from the division's rating system (shared/ratings: the one the
 * director chose, else the preset's), replacing an imported one; a line imported without one stays
 * without until the director chooses a system; under `none` an imported `newr` goes back as it came. Every other tag an imported
 * player had (`board`, `rrank`, `team`, …) is written back exactly as imported, even when results
 * changed since: Rackside does not recompute tsh's other derived tags.
 */
import { divisionRatingEstimates, ratingSystemFor } from '../ratings/division-ratings'
import { lifetimeGamesFromTags } from '../ratings/lifetime-games'
import { rankedFrom } from '../tournament/views'
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
import {
  factsText,
  RACKSIDE_TAG,
  writtenForm,
  type RacksideFacts,
  type RoundEntry,
} from './t-rackside-tag'
import { classTagValues } from './tsh-prizes'

export const TAGS_OWNED_BY_RACKSIDE = [
  'p12',
  'off',
  'penalty',
  'rackside',
  'naspa',
  'id',
  'newr',
  'lifeg',
] as const

/**
 * Where tsh keeps a member id (formats.md): `naspa` for NASPA's ids (two letters and six digits,
 * what NASPA's ratings need), `id` for any other; an imported line keeps the tag it had.
 */
export const MEMBER_ID_TAGS = ['naspa', 'id'] as const
const NASPA_ID = /^[A-Z]{2}\d{6}$/i

export interface TExportOptions {
  /** Comment lines to keep (e.g. those of the file the division was imported from). */
  readonly comments?: TDivisionFile['comments']
  readonly layout?: TFileLayout
  /**
   * `rating-file`: the division for a rating file (TOU), never written as `.t` text, so a name tsh
   * would misread is no reason to refuse. Default `tsh`.
   */
  readonly purpose?: 'tsh' | 'rating-file'
}

interface Seat {
  readonly opponent: number
  /** null: a game without a result yet. */
  readonly score: number | null
  /** `p12`: 0 no game, 1 first, 2 second, 3 draw for first, 4 unknown. */
  readonly p12: 0 | 1 | 2 | 3 | 4
  /** Spread added through the `penalty` tag this round (a zero-margin forfeit's point back). */
  readonly adjust?: number
  /** What the `rackside` tag says about the round. */
  readonly entry?: RoundEntry
  /** Why tsh's columns do not say all of it (a note for the director). */
  readonly note?: string
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
      // Any win with opponent 0 left after the forfeits reads back as a bye at its spread: only
      // a bye tsh cannot write needs the tag.
      if (result.spread > 0) return { opponent: 0, score: result.spread, p12: 0 }
      return fromEntry(
        { kind: 'bye', spread: result.spread },
        0,
        `tsh has no bye at ${String(result.spread)}`,
      )
    case 'forfeit': {
      const won = result.winner === player
      const entry: RoundEntry = {
        kind: 'forfeit',
        won,
        opponent: won ? result.loser : result.winner,
        spread: result.spread,
        reason: result.reason,
        rated: result.rated,
        // NSA VII.J.3: the scores when the player left stay on the record, so they go in the tag.
        ...(result.scoresAtDeparture === undefined ? {} : { at: result.scoresAtDeparture }),
      }
      const p12 = result.rated && result.spread > 0 ? startCode(pairing, recorded, player) : 0
      return fromEntry(
        entry,
        p12,
        result.spread === 0 ? 'tsh has no forfeit without a margin' : undefined,
      )
    }
    case 'doubleForfeit':
      return fromEntry(
        {
          kind: 'doubleForfeit',
          opponent: result.players[0] === player ? result.players[1] : result.players[0],
          spread: result.spread,
        },
        0,
        result.spread === 0 ? 'tsh has no double forfeit without a margin' : undefined,
      )
    case 'unplayed':
      return fromEntry(
        { kind: 'unplayed', opponent: result.players.find((p) => p !== player) ?? 0 },
        0,
      )
  }
}

/** The columns an entry is written with (t-rackside-tag.ts) and the entry itself. */
function fromEntry(entry: RoundEntry, p12: Seat['p12'], note?: string): Seat {
  const form = writtenForm(entry)
  return {
    opponent: form.opponent,
    score: form.score,
    p12,
    entry,
    ...(form.adjust === 0 ? {} : { adjust: form.adjust }),
    ...(note === undefined ? {} : { note }),
  }
}

const keptTag = (player: Player, name: string): KeptTag | undefined =>
  player.tsh?.tags.find((t) => t.name === name)

/** The score tsh gives a withdrawn player in later rounds: the first `off` value, else 0. */
function offScore(player: Player): number {
  const value = keptTag(player, 'off')?.values[0]
  return value !== undefined && /^[-+]?\d+$/.test(value) ? Number(value) : 0
}

/**
 * The round tsh's reading of `off` gives (t-import): the first of the trailing rounds without an
 * opponent scored 0 or the `off` value. The tag names the round only when this is not it.
 */
function inferredWithdrawal(seats: readonly Seat[], player: Player): number {
  const off = offScore(player)
  let last = seats.length
  while (last > 0) {
    const seat = seats[last - 1]
    if (seat === undefined || seat.opponent !== 0 || !(seat.score === 0 || seat.score === off))
      break
    last -= 1
  }
  return last + 1
}

/** A player's seat in every round, before pending games are settled (see `settlePending`). */
function rawSeats(division: Division, player: Player): Seat[] {
  return division.rounds.map((round) => {
    const seat = seatOf(round, player.id)
    if (seat !== null) return seat
    const carried = player.carried?.games.find((g) => g.round === round.number)
    if (carried !== undefined && round.number < player.firstRound) {
      // Issue 32: a game played in the division he was moved from. tsh has no carried game: an
      // opponent number names a line of this file (formats.md, "tsh .t"), so the old opponent
      // cannot be written. It is written as tsh writes a round without one, opponent 0 and the
      // spread as the score, whose sign tsh reads as a win or a loss (formats.md: "With opponent
      // 0 the score's sign says what happened"): tsh's wins, losses and spread are ours. The
      // game itself stays on his line in the old division's file against its opponent, which is
      // where a rating file (.TOU, tsh's ratings) rates it; here it is an unrated round, never
      // rated twice. Left: a carried tie (spread 0 reads as unplayed) and his starts there (p12
      // 0), which this line cannot say.
      return { ...UNPAIRED, score: carried.spread }
    }
    if (round.number < player.firstRound && player.missedRounds.kind === 'forfeit-loss') {
      // A late entry's missed round as a forfeit loss: tsh's opponent 0 and minus the spread.
      return { ...UNPAIRED, score: -player.missedRounds.spread }
    }
    const withdrawn = player.status.kind === 'withdrawn' && round.number >= player.status.fromRound
    return withdrawn ? { ...UNPAIRED, score: offScore(player) } : UNPAIRED
  })
}

/**
 * A game without its result is written as tsh does (the opponent, and the score list stops) only
 * when neither player has a score after it; otherwise tsh would need a score there, and any score
 * is a result. Such a game is written unplayed with the pairing in the `rackside` tag.
 */
function settlePending(
  seats: ReadonlyMap<PlayerId, Seat[]>,
  names: ReadonlyMap<PlayerId, string>,
): void {
  const lastScored = new Map<PlayerId, number>()
  for (const [id, list] of seats) {
    let last = -1
    list.forEach((seat, k) => {
      if (seat.score !== null) last = k
    })
    lastScored.set(id, last)
  }
  for (const [id, list] of seats) {
    list.forEach((seat, k) => {
      if (seat.score !== null) return
      const trailing = (lastScored.get(id) ?? -1) < k && (lastScored.get(seat.opponent) ?? -1) < k
      if (trailing) return
      list[k] = {
        ...fromEntry({ kind: 'pending', opponent: seat.opponent }, 0),
        note: `the game with ${names.get(seat.opponent) ?? `#${String(seat.opponent)}`} has no result yet but later rounds have scores: written unplayed`,
      }
    })
  }
}

/**
 * Drops the `rackside` tag's word for a round's forfeits, double forfeits and byes where tsh's own
 * reading gives them back anyway (t-import: each loss with the first win of its size, unmatched
 * losses in pairs, other wins byes; forfeits as no-shows rated as the preset says), so a tsh file
 * read and written again gains no tag. The word stays for the whole round when it is needed.
 */
function dropUnneededEntries(
  seats: ReadonlyMap<PlayerId, Seat[]>,
  rounds: number,
  rules: TournamentState['rules'],
): void {
  const ids = [...seats.keys()].sort((a, b) => a - b)
  for (let k = 0; k < rounds; k += 1) {
    const rows: { id: PlayerId; seat: Seat }[] = []
    for (const id of ids) {
      const seat = seats.get(id)?.[k]
      if (seat === undefined || seat.opponent !== 0 || seat.score === null || seat.score === 0)
        continue
      const e = seat.entry
      const plain =
        // Losses without a word are a withdrawn player's `off` score or a late entry's missed
        // round: t-import does not pair those.
        e === undefined
          ? seat.score > 0
          : (e.kind === 'forfeit' && e.spread > 0 && !e.rated) ||
            (e.kind === 'doubleForfeit' && e.spread > 0)
      if (plain) rows.push({ id, seat })
    }
    const wins = rows.filter((r) => (r.seat.score ?? 0) > 0)
    const losses = rows.filter((r) => (r.seat.score ?? 0) < 0)
    let same = true
    const unmatched: typeof losses = []
    for (const loser of losses) {
      const at = wins.findIndex((w) => w.seat.score === -(loser.seat.score ?? 0))
      const winner = wins[at]
      if (winner === undefined) {
        unmatched.push(loser)
        continue
      }
      wins.splice(at, 1)
      const e = loser.seat.entry
      same &&=
        e?.kind === 'forfeit' &&
        e.opponent === winner.id &&
        e.reason === 'no-show' &&
        e.rated === rules.results.forfeitRated
    }
    while (unmatched.length > 0) {
      const a = unmatched.shift()
      const at = unmatched.findIndex((b) => b.seat.score === a?.seat.score)
      const b = unmatched[at]
      if (a === undefined || b === undefined) {
        same = false
        break
      }
      unmatched.splice(at, 1)
      same &&= a.seat.entry?.kind === 'doubleForfeit' && a.seat.entry.opponent === b.id
    }
    same &&= wins.every((w) => w.seat.entry === undefined)
    if (!same) continue
    for (const { id, seat } of rows) {
      const list = seats.get(id)
      if (list === undefined || seat.entry === undefined) continue
      list[k] = {
        opponent: seat.opponent,
        score: seat.score,
        p12: seat.p12,
        ...(seat.adjust === undefined ? {} : { adjust: seat.adjust }),
      }
    }
  }
}

function playerLine(
  division: Division,
  player: Player,
  line: number,
  seats: readonly Seat[],
  estimates: readonly number[] | undefined,
): TPlayerLine {
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

  const keptIdTag = MEMBER_ID_TAGS.find((name) => keptTag(player, name) !== undefined)
  const idTag = keptIdTag ?? (NASPA_ID.test(player.memberId) ? 'naspa' : 'id')
  for (const name of MEMBER_ID_TAGS) {
    const kept = keptTag(player, name)?.values ?? null
    generated.set(name, name !== idTag ? kept : player.memberId === '' ? kept : [player.memberId])
  }

  const rounds = new Map<number, RoundEntry>()
  seats.forEach((seat, k) => {
    if (seat.entry !== undefined) rounds.set(k + 1, seat.entry)
  })
  const facts: RacksideFacts = {
    // Issue 32: a moved player's carried rounds are on his line as played (opponent 0), so the
    // file reads him back from the first of them, not as a late entry who missed them.
    ...(rankedFrom(player) > 1 ? { firstRound: rankedFrom(player) } : {}),
    ...(player.status.kind === 'withdrawn' &&
    inferredWithdrawal(seats, player) !== player.status.fromRound
      ? { withdrawnFrom: player.status.fromRound }
      : {}),
    ...(player.reservedTable === undefined ? {} : { reservedTable: player.reservedTable }),
    rounds,
  }
  const factValues = factsText(facts)
  generated.set(RACKSIDE_TAG, factValues.length === 0 ? null : factValues)
  // Lifetime games (tsh's `lifeg`, the rating multiplier, issue 22): an imported tag goes back as
  // written while it still says the player's number; one typed at the desk (or changed since the
  // import) is written, so tsh rates the exported line as Rackside did.
  const keptLifeg = keptTag(player, 'lifeg')
  generated.set(
    'lifeg',
    player.lifetimeGames === undefined ||
      (keptLifeg !== undefined && lifetimeGamesFromTags([keptLifeg]) === player.lifetimeGames)
      ? (keptLifeg?.values ?? null)
      : [String(player.lifetimeGames)],
  )
  // The rating class of the division's prize table (issue 14), else the tag as imported.
  generated.set('class', classTagValues(division, player))
  // tsh's estimate after each round (issue 22), on every line of a rated division, as tsh writes
  // it by default (its own default system is `nsa`). A line imported without `newr` came from an
  // event that was not rated (tsh's `none`, a Woogles export) and stays as it came, unless the
  // director has since chosen the division's system; a division rated `none` keeps what was imported.
  if (
    estimates !== undefined &&
    (player.tsh === undefined ||
      division.ratingSystem !== undefined ||
      keptTag(player, 'newr') !== undefined)
  ) {
    generated.set('newr', estimates.length === 0 ? null : estimates.map(String))
  }

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
    // A rating Rackside could not take (`1111111` from Woogles, `1500.5`) was imported as 0:
    // while it is still 0 the text goes back as it came.
    (Number(kept) === player.rating ||
      (player.rating === 0 && kept.trim() !== '' && Number(kept) !== 0))
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

/** What the `.t` could not say in tsh's own terms, one line per player and round. */
export interface TExportNote {
  readonly player: PlayerId
  readonly round: number
  readonly message: string
}

export interface TDivisionExport {
  readonly file: TDivisionFile
  readonly notes: readonly TExportNote[]
}

/**
 * A name tsh would not read back as that name: a leading `#` makes the line a comment, a `;` ends
 * the name field, and a line break ends the line.
 */
function unwritableName(name: string): string | null {
  if (name.trimStart().startsWith('#'))
    return 'starts with "#", which makes the line a comment in tsh'
  if (name.includes(';')) return 'holds ";", which ends the name in tsh'
  if (/[\r\n]/.test(name)) return 'holds a line break'
  return null
}

/** The division as a `.t` file and the notes on what tsh has no form for. */
export function exportTDivisionWithNotes(
  state: TournamentState,
  divisionName: string,
  options: TExportOptions = {},
): Result<TDivisionExport> {
  const division = state.divisions.find((d) => d.name === divisionName)
  if (division === undefined) {
    return err('division.missing', `There is no division ${divisionName}.`)
  }
  for (const player of options.purpose === 'rating-file' ? [] : division.players) {
    const why = unwritableName(player.name)
    if (why !== null) {
      return err(
        'texport.name.unwritable',
        `#${String(player.id)} "${player.name}" ${why}: rename the player before exporting to tsh`,
        { details: { player: player.id } },
      )
    }
  }
  const seats = new Map(division.players.map((p) => [p.id, rawSeats(division, p)]))
  settlePending(seats, new Map(division.players.map((p) => [p.id, p.name])))
  dropUnneededEntries(seats, division.rounds.length, state.rules)
  const notes: TExportNote[] = []
  for (const player of division.players) {
    seats.get(player.id)?.forEach((seat, k) => {
      if (seat.note !== undefined) {
        notes.push({
          player: player.id,
          round: k + 1,
          message: `round ${String(k + 1)}, ${player.name}: ${seat.note}; ranked the same, the detail kept in the "${RACKSIDE_TAG}" tag`,
        })
      }
    })
  }
  // Player lines take the line numbers the comments leave free, so each comment goes back to its
  // place when the players are the ones it was read with.
  const commentLines = new Set((options.comments ?? []).map((c) => c.line))
  const estimates =
    ratingSystemFor(state, division.name) === 'none'
      ? undefined
      : new Map(divisionRatingEstimates(state, division.name).map((e) => [e.id, e.estimates]))
  let line = 0
  const players = division.players.map((player) => {
    line += 1
    while (commentLines.has(line)) line += 1
    const newr = estimates === undefined ? undefined : (estimates.get(player.id) ?? [])
    return playerLine(division, player, line, seats.get(player.id) ?? [], newr)
  })
  return ok({
    file: {
      players,
      comments: options.comments ?? [],
      ...(options.layout === undefined ? {} : { layout: options.layout }),
    },
    notes,
  })
}

export function exportTDivision(
  state: TournamentState,
  divisionName: string,
  options: TExportOptions = {},
): Result<TDivisionFile> {
  const exported = exportTDivisionWithNotes(state, divisionName, options)
  return exported.ok ? ok(exported.value.file) : exported
}
