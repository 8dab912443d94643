/**
 * A tsh `.t` division (and a whole tsh event) as the commands a director would have given
 * (design.md, "interchange: an import is a list of commands"). Applied after `createTournament`
 * and `addDivision`, the commands rebuild the division: the same players in the same order (the
 * line number stays the player's number), the same pairings, results, withdrawals and penalties,
 * so the folded standings are the ones tsh printed (formats.md, "tsh `.t`").
 *
 * How tsh's data becomes commands (formats.md, "tsh `.t`"):
 * - A game (opponent k > 0) is a table; its number is the `board` tag when the round's boards are
 *   consistent, else tables are numbered in order of the lower player number. Both scores in: a
 *   played result. `p12` 1 or 2 is who went first (printed as the director's choice, since tsh
 *   decided it); 3 is a draw for first; 4, 0 or no `p12` leaves the start undecided.
 * - Opponent 0 tells what happened by the sign of the score, and tsh does not record the other
 *   player of a forfeit. A negative score (a forfeit loss) is matched with a positive score of the
 *   same size in that round, and the two become one forfeit game (as when a player does not show
 *   after pairing, NSA VII.J.2); two unmatched losses of the same size become a double forfeit.
 *   Every positive score left is a bye (NSA VII.J.1): at the preset's bye spread it is the bye
 *   pairing gives; at any other value the bye is then corrected to it (tsh gives forfeit wins the
 *   same way, so a lone win cannot be told from a bye). A score of 0 leaves the player unpaired
 *   that round: unplayed, neither a win nor a loss. A loss that nothing matches is refused:
 *   Rackside records a forfeit loss only in a game.
 * - `off`: the trailing rounds at opponent 0 with score 0 or the `off` value are the rounds after
 *   the player withdrew (as shared/standings/from-t-file.ts reads them); the withdrawal is given
 *   before the first of them is paired.
 * - `penalty`: tsh's per-round spread change (negative) becomes a director's penalty that round.
 * - Every tag is kept on the player (p12, off and penalty too, so t-export knows where they went
 *   and what `off` gave), so exporting writes the tags Rackside does not use back unchanged.
 */
import { err, ok, type Result, type RuleError } from '../result'
import { playedResult, type GameResult, type PlayerId } from '../results/game-result'
import { rulesFromPreset } from '../rules/presets'
import { LATE_ENTRY_MISSED_ROUNDS, type PresetId, type RuleSet } from '../rules/rule-set'
import type { Command, PairingSpec } from '../tournament/commands'
import type {
  MissedRounds,
  PairingStart,
  PlanStep,
  TournamentInfo,
  TshPlayerData,
} from '../tournament/types'
import {
  isIsoDate,
  MAX_RATING,
  MAX_SPREAD,
  MAX_TOURNAMENT_NAME_LENGTH,
  nameHazard,
  validatePenaltyPoints,
  validatePlayerInput,
} from '../tournament/validation'
import { defaultContention, type ContentionSettings } from '../tournament/pairing-rules'
import { EMPTY_PRIZE_TABLE } from '../tournament/prizes'
import { mapConfigToRules, type TshConfig } from './config-tsh'
import type { FormatProblem } from './problem'
import { planFromAutopair } from './tsh-autopair'
import { classesFromTags, prizeTableFromTsh, readTshPrizes } from './tsh-prizes'
import { checkTFile } from './t-check'
import type { TDivisionFile, TPlayerLine } from './t-file-types'
import { MEMBER_ID_TAGS, ZERO_MARGIN_POINT } from './t-export'
import { checkedFacts, RACKSIDE_TAG, writtenForm, type RoundEntry } from './t-rackside-tag'

export interface TImportOptions {
  readonly division: string
  readonly rules: RuleSet
  /** The event's number of rounds (default: the rounds the file holds). */
  readonly rounds?: number
  /** Written on the pairing commands for the audit. */
  readonly system?: string
  /**
   * Set the division's classes from the players' `class` tags (issue 14; default true). A whole
   * event sets them with its prize lines instead.
   */
  readonly classesFromTags?: boolean
}

export interface TDivisionImport {
  readonly commands: readonly Command[]
  /** Things imported with a choice made (kept rating text, boards not usable, …), by line. */
  readonly warnings: readonly FormatProblem[]
  /** Rounds the file holds: the longest opponents list. */
  readonly rounds: number
}

const tag = (line: TPlayerLine, name: string): readonly string[] | undefined =>
  line.tags.find((t) => t.name === name)?.values

/**
 * A zero-margin forfeit as t-export writes it (NEON walk-out: a win with 0 margin): opponent 0,
 * a score of ±1 and a `penalty` of ∓1 that round. Which side of it the line is, if any.
 */
function zeroMarginSide(line: TPlayerLine, round: number): 'winner' | 'loser' | null {
  if (line.opponents[round - 1] !== 0) return null
  const score = line.scores[round - 1]
  const penalty = tag(line, 'penalty')?.[round - 1]
  if (score === ZERO_MARGIN_POINT && penalty === String(-ZERO_MARGIN_POINT)) return 'winner'
  if (score === -ZERO_MARGIN_POINT && penalty === String(ZERO_MARGIN_POINT)) return 'loser'
  return null
}

/** The member id tsh keeps in a `naspa` or `id` tag (formats.md), or ''. */
function memberIdOf(line: TPlayerLine): string {
  for (const name of MEMBER_ID_TAGS) {
    const value = tag(line, name)?.join(' ').trim()
    if (value !== undefined && value !== '') return value
  }
  return ''
}

const who = (line: TPlayerLine): string => `${line.name} (#${String(line.id)})`

function failAt(line: TPlayerLine, code: string, message: string, round?: number): RuleError {
  return {
    code,
    message,
    line: line.line,
    details: round === undefined ? { player: line.id } : { player: line.id, round },
  }
}

/** Integer values of a tag; a value that is not one is a problem at the player's line. */
function integerTag(line: TPlayerLine, name: string): Result<readonly number[] | undefined> {
  const values = tag(line, name)
  if (values === undefined) return ok(undefined)
  const numbers: number[] = []
  for (const text of values) {
    if (!/^[-+]?\d+$/.test(text)) {
      return {
        ok: false,
        error: failAt(
          line,
          `timport.${name}.value`,
          `${who(line)}: "${name} ${text}" is not a list of whole numbers`,
        ),
      }
    }
    numbers.push(Number(text))
  }
  return ok(numbers)
}

/**
 * The first round the player no longer plays, from `off` (as shared/standings/from-t-file.ts
 * reads it), or null when the player did not withdraw.
 */
export function withdrawalRound(
  line: TPlayerLine,
  off: readonly number[] | undefined,
): number | null {
  if (off === undefined) return null
  const offScores = new Set(off)
  let last = Math.max(line.opponents.length, line.scores.length)
  while (last > 0) {
    const score = line.scores[last - 1] ?? 0
    if (line.opponents[last - 1] !== 0 || !(score === 0 || offScores.has(score))) break
    last -= 1
  }
  return last + 1
}

/** Who starts a game from the two players' `p12` values (formats.md). */
function startOf(
  a: TPlayerLine,
  b: TPlayerLine,
  round: number,
  firsts: ReadonlyMap<PlayerId, number>,
): PairingStart {
  const va = tag(a, 'p12')?.[round - 1]
  const vb = tag(b, 'p12')?.[round - 1]
  if (va === '1' || vb === '2') return { kind: 'director', starter: a.id }
  if (va === '2' || vb === '1') return { kind: 'director', starter: b.id }
  if (va === '3' || vb === '3') {
    return {
      kind: 'rule',
      starter: null,
      reason: { kind: 'draw-tiles', firsts: firsts.get(a.id) ?? 0 },
    }
  }
  return { kind: 'undecided' }
}

interface RoundPlan {
  readonly pairings: PairingSpec[]
  readonly results: Command[]
}

/** Table numbers from `board` when every game of the round has one usable, shared number. */
function boardTables(
  games: readonly (readonly [TPlayerLine, TPlayerLine])[],
  round: number,
): number[] | null {
  const used = new Set<number>()
  const tables: number[] = []
  for (const [a, b] of games) {
    const x = tag(a, 'board')?.[round - 1]
    if (x === undefined || x !== tag(b, 'board')?.[round - 1] || !/^\d+$/.test(x)) return null
    const table = Number(x)
    if (table < 1 || used.has(table)) return null
    used.add(table)
    tables.push(table)
  }
  return tables
}

export function importTDivision(
  file: TDivisionFile,
  options: TImportOptions,
): Result<TDivisionImport> {
  const { division } = options
  const checked = checkTFile(file)
  const firstError = checked.find((p) => p.severity === 'error')
  if (firstError !== undefined) {
    return err(firstError.code, firstError.message, { line: firstError.line })
  }
  const warnings: FormatProblem[] = checked.filter((p) => p.severity === 'warning')
  const warn = (line: TPlayerLine, code: string, message: string): void => {
    warnings.push({ line: line.line, code, message, severity: 'warning' })
  }
  const lines = [...file.players].sort((a, b) => a.id - b.id)
  for (const [index, line] of lines.entries()) {
    if (line.id !== index + 1) {
      return err(
        'timport.player.missing',
        `player #${String(index + 1)} could not be read: fix the file before importing it`,
        { line: line.line },
      )
    }
  }
  const fileRounds = lines.reduce(
    (most, l) => Math.max(most, l.opponents.length, l.scores.length),
    0,
  )
  const facts = checkedFacts(lines)
  if (facts === null && lines.some((l) => tag(l, RACKSIDE_TAG) !== undefined)) {
    const first = lines.find((l) => tag(l, RACKSIDE_TAG) !== undefined)
    if (first !== undefined) {
      warn(
        first,
        'timport.rackside.stale',
        `the "${RACKSIDE_TAG}" tags no longer match the results (changed in tsh?): the file is read as tsh reads it`,
      )
    }
  }
  const entry = (line: TPlayerLine, round: number): RoundEntry | undefined =>
    facts?.get(line.id)?.rounds.get(round)
  const eventRounds = options.rounds ?? fileRounds
  if (fileRounds > eventRounds) {
    return err(
      'timport.rounds.beyond-event',
      `the file holds ${String(fileRounds)} rounds but the event has ${String(eventRounds)}`,
    )
  }

  const commands: Command[] = []
  // Players, in line order so each keeps their tsh number.
  const withdrawFrom = new Map<PlayerId, number>()
  const firstRounds = new Map<PlayerId, number>()
  const penalties: { line: TPlayerLine; round: number; points: number }[] = []
  const memberIds = new Set<string>()
  for (const line of lines) {
    const integerRating =
      line.rating !== null && line.rating >= 0 && line.rating <= MAX_RATING ? line.rating : null
    // The member id from tsh's `naspa` (or `id`) tag, for ratings; a second player with the same
    // id keeps none (Rackside refuses shared ids) and is reported.
    let memberId = memberIdOf(line)
    if (memberId !== '' && memberIds.has(memberId.toLowerCase())) {
      warn(
        line,
        'timport.member-id.duplicate',
        `${who(line)}: member id ${memberId} is another player's too; left blank`,
      )
      memberId = ''
    }
    if (memberId !== '') memberIds.add(memberId.toLowerCase())
    const fields = validatePlayerInput({ name: line.name, rating: integerRating ?? 0, memberId })
    if (!fields.ok) return { ok: false, error: { ...fields.error, line: line.line } }
    if (integerRating === null) {
      warn(
        line,
        'timport.rating.kept',
        `${who(line)}: rating "${line.ratingText}" is kept as text; Rackside counts it as unrated`,
      )
    }
    const tsh: TshPlayerData =
      line.ratingText === String(fields.value.rating)
        ? { tags: line.tags }
        : { tags: line.tags, ratingText: line.ratingText }
    const lineFacts = facts?.get(line.id)
    const firstRound = lineFacts?.firstRound
    if (firstRound !== undefined && firstRound > 1 && firstRound <= eventRounds) {
      firstRounds.set(line.id, firstRound)
    }
    const missedRounds = firstRounds.has(line.id) ? missedRoundsOf(line, firstRound ?? 1) : null
    commands.push({
      type: 'registerPlayer',
      division,
      player: fields.value,
      tsh,
      ...(firstRounds.has(line.id) ? { firstRound } : {}),
      ...(missedRounds === null ? {} : { missedRounds }),
    })
    // Issue 32: the table kept for him, as Rackside's export wrote it.
    if (lineFacts?.reservedTable !== undefined) {
      commands.push({
        type: 'reserveTable',
        division,
        player: line.id,
        table: lineFacts.reservedTable,
      })
    }

    const off = integerTag(line, 'off')
    if (!off.ok) return off
    const from = lineFacts?.withdrawnFrom ?? withdrawalRound(line, off.value)
    if (from !== null && from <= eventRounds) withdrawFrom.set(line.id, from)
    else if (from !== null) {
      warn(
        line,
        'timport.off.after-event',
        `${who(line)} withdrew after the event's last round: "off" is kept as written`,
      )
    }

    const penalty = integerTag(line, 'penalty')
    if (!penalty.ok) return penalty
    for (const [index, written] of (penalty.value ?? []).entries()) {
      let value = written
      const known = entry(line, index + 1)
      // What t-export put in `penalty` for a result tsh has no form for is part of that result.
      if (known !== undefined) value -= writtenForm(known).adjust
      if (value === 0) continue
      // The point t-export gives back on a zero-margin forfeit is part of that game, not a penalty.
      if (known === undefined && zeroMarginSide(line, index + 1) !== null) continue
      if (value > 0) {
        return {
          ok: false,
          error: failAt(
            line,
            'timport.penalty.bonus',
            `${who(line)}: penalty ${String(value)} in round ${String(index + 1)} adds spread; Rackside records penalties only as points taken off`,
            index + 1,
          ),
        }
      }
      if (index + 1 > eventRounds) {
        return {
          ok: false,
          error: failAt(
            line,
            'timport.penalty.round',
            `${who(line)}: a penalty in round ${String(index + 1)}, but the event has ${String(eventRounds)} rounds`,
            index + 1,
          ),
        }
      }
      // A penalty the desk would refuse is said at its line (issue 28: the import refused it
      // later as "command N", naming no file and no line).
      const points = validatePenaltyPoints(-value)
      if (!points.ok) {
        return {
          ok: false,
          error: failAt(
            line,
            points.error.code,
            `${who(line)}: penalty ${String(value)} in round ${String(index + 1)}: ${points.error.message}`,
            index + 1,
          ),
        }
      }
      penalties.push({ line, round: index + 1, points: -value })
    }
  }

  const byId = new Map(lines.map((l) => [l.id, l]))
  const firsts = new Map<PlayerId, number>()
  const plays = (line: TPlayerLine, round: number): boolean =>
    round < (withdrawFrom.get(line.id) ?? Infinity) && round >= (firstRounds.get(line.id) ?? 1)
  // The last round anyone is paired in: later rounds are not paired yet.
  let lastPaired = 0
  for (let round = 1; round <= fileRounds; round += 1) {
    if (lines.some((l) => plays(l, round) && (isPaired(l, round) || entry(l, round) !== undefined)))
      lastPaired = round
  }

  const withdrawalsBefore = (round: number): void => {
    for (const line of lines) {
      if (withdrawFrom.get(line.id) === round) {
        commands.push({ type: 'withdrawPlayer', division, player: line.id, fromRound: round })
      }
    }
  }
  const penaltiesOf = (round: number): void => {
    for (const p of penalties) {
      if (p.round === round) {
        commands.push({
          type: 'assignPenalty',
          division,
          player: p.line.id,
          round,
          points: p.points,
          reason: 'tsh penalty',
        })
      }
    }
  }

  for (let round = 1; round <= lastPaired; round += 1) {
    withdrawalsBefore(round)
    const plan = planRound(lines, byId, round, plays, firsts, options, warn, entry)
    if (!plan.ok) return plan
    if (plan.value.pairings.length === 0) {
      return err(
        'timport.round.empty',
        `nobody is paired in round ${String(round)}, but round ${String(lastPaired)} is paired`,
        { details: { round } },
      )
    }
    commands.push({
      type: 'pairRound',
      division,
      round,
      pairings: plan.value.pairings,
      system: options.system ?? 'tsh import',
    })
    // A round the file has results for was played, so its pairings were shown (issue 11): it
    // comes in published, and the desk does not offer to publish it again.
    if (plan.value.results.length > 0) commands.push({ type: 'publishRound', division, round })
    commands.push(...plan.value.results)
    penaltiesOf(round)
  }
  for (let round = lastPaired + 1; round <= eventRounds; round += 1) {
    withdrawalsBefore(round)
    penaltiesOf(round)
  }
  const classes = classesFromTags(lines.map((l) => ({ id: l.id, tags: l.tags })))
  if (options.classesFromTags !== false && classes.kind !== 'none') {
    commands.push({ type: 'setPrizes', division, prizes: { ...EMPTY_PRIZE_TABLE, classes } })
  }
  return ok({ commands, warnings, rounds: fileRounds })
}

/**
 * How a late entry's missed rounds count, as the file wrote them (t-export): each at opponent 0
 * with minus the same spread is a forfeit loss at that spread, each at 0 (or not written) is
 * unplayed. Null when they are neither: the preset then decides, as before the file said. Issue
 * 28: the file, not the importing preset, says it, so a `.t` or `.tsh` read back under another
 * preset keeps its standings.
 */
function missedRoundsOf(line: TPlayerLine, firstRound: number): MissedRounds | null {
  const missed = Array.from({ length: firstRound - 1 }, (_, k) => ({
    opponent: line.opponents[k] ?? 0,
    score: line.scores[k] ?? 0,
  }))
  if (missed.some((m) => m.opponent !== 0)) return null
  if (missed.every((m) => m.score === 0)) return { kind: 'unplayed' }
  const spread = -(missed[0]?.score ?? 0)
  return spread > 0 && missed.every((m) => m.score === -spread)
    ? { kind: 'forfeit-loss', spread }
    : null
}

function isPaired(line: TPlayerLine, round: number): boolean {
  const opponent = line.opponents[round - 1]
  if (opponent === undefined) return false
  if (opponent > 0) return true
  const score = line.scores[round - 1]
  return score === undefined || score !== 0
}

/** The forfeit a `rackside` word names, seen from `player`'s line. */
function forfeitOf(player: PlayerId, entry: Extract<RoundEntry, { kind: 'forfeit' }>): GameResult {
  return {
    kind: 'forfeit',
    winner: entry.won ? player : entry.opponent,
    loser: entry.won ? entry.opponent : player,
    reason: entry.reason,
    spread: entry.spread,
    rated: entry.rated,
    ...(entry.at === undefined ? {} : { scoresAtDeparture: entry.at }),
  }
}

function planRound(
  lines: readonly TPlayerLine[],
  byId: ReadonlyMap<PlayerId, TPlayerLine>,
  round: number,
  plays: (line: TPlayerLine, round: number) => boolean,
  firsts: Map<PlayerId, number>,
  { division, rules }: TImportOptions,
  warn: (line: TPlayerLine, code: string, message: string) => void,
  entryOf: (line: TPlayerLine, round: number) => RoundEntry | undefined,
): Result<RoundPlan> {
  const games: (readonly [TPlayerLine, TPlayerLine])[] = []
  const wins: TPlayerLine[] = []
  const losses: TPlayerLine[] = []
  const byes: TPlayerLine[] = []
  /** Results the `rackside` tag names (t-rackside-tag.ts), each from its lower-numbered player. */
  const told: { line: TPlayerLine; entry: RoundEntry }[] = []
  for (const line of lines) {
    if (!plays(line, round)) continue
    const opponent = line.opponents[round - 1]
    if (opponent === undefined) continue
    const score = line.scores[round - 1]
    const known = entryOf(line, round)
    if (known !== undefined && opponent === 0) {
      if (known.kind === 'bye' || known.opponent === 0 || line.id < known.opponent)
        told.push({ line, entry: known })
      continue
    }
    if (opponent > 0) {
      const other = byId.get(opponent)
      if (other !== undefined && line.id < other.id) {
        games.push([line, other])
      }
    } else if (score === undefined) byes.push(line)
    else if (score > 0) wins.push(line)
    else if (score < 0) losses.push(line)
  }

  const pairings: PairingSpec[] = []
  const results: Command[] = []
  const tables = boardTables(games, round)
  if (tables === null && games.some(([a]) => tag(a, 'board') !== undefined)) {
    const first = games[0]?.[0]
    if (first !== undefined) {
      warn(
        first,
        'timport.board.unusable',
        `round ${String(round)}: the boards are not one number per game, so tables are numbered in player order`,
      )
    }
  }
  let nextTable = 1
  // A game's board, or the next number after every table used so far.
  const tableFor = (index?: number): number => {
    const table = (index === undefined ? undefined : tables?.[index]) ?? nextTable
    nextTable = Math.max(nextTable, table) + 1
    return table
  }
  const record = (table: number, result: GameResult): void => {
    results.push({ type: 'recordResult', division, round, game: { table }, result })
  }
  const counted: PlayerId[] = []
  for (const [index, [a, b]] of games.entries()) {
    const table = tableFor(index)
    const start = startOf(a, b, round, firsts)
    pairings.push({ kind: 'game', table, players: [a.id, b.id], start })
    const rated = entryOf(a, round)
    if (rated?.kind === 'forfeit' && rated.opponent === b.id) {
      // A rated forfeit, written as a game so tsh rates it (t-export).
      record(table, forfeitOf(a.id, rated))
      continue
    }
    const sa = a.scores[round - 1]
    const sb = b.scores[round - 1]
    if (sa === undefined || sb === undefined) continue
    const played = playedResult([a.id, b.id], [sa, sb], [0, 0], rules)
    if (!played.ok)
      return {
        ok: false,
        error: failAt(
          a,
          played.error.code,
          `round ${String(round)}: ${who(a)} against ${who(b)}: ${played.error.message}`,
          round,
        ),
      }
    record(table, played.value)
    if (start.kind === 'director') counted.push(start.starter)
  }
  for (const { line, entry } of told) {
    if (entry.kind === 'bye') {
      pairings.push({ kind: 'bye', player: line.id })
      if (entry.spread !== rules.results.byeSpread) {
        results.push({
          type: 'correctResult',
          division,
          round,
          game: { players: [line.id] },
          result: { kind: 'bye', player: line.id, spread: entry.spread },
        })
      }
      continue
    }
    if (entry.opponent === 0) {
      // Alone and unplayed: a bye pairing corrected to unplayed; a pending bye has no form.
      if (entry.kind !== 'unplayed') continue
      pairings.push({ kind: 'bye', player: line.id })
      results.push({
        type: 'correctResult',
        division,
        round,
        game: { players: [line.id] },
        result: { kind: 'unplayed', players: [line.id] },
      })
      continue
    }
    const table = tableFor()
    const other = byId.get(entry.opponent)
    const start =
      other === undefined ? { kind: 'undecided' as const } : startOf(line, other, round, firsts)
    pairings.push({ kind: 'game', table, players: [line.id, entry.opponent], start })
    switch (entry.kind) {
      case 'forfeit':
        record(table, forfeitOf(line.id, entry))
        break
      case 'doubleForfeit':
        record(table, {
          kind: 'doubleForfeit',
          players: [line.id, entry.opponent],
          spread: entry.spread,
        })
        break
      case 'unplayed':
        record(table, { kind: 'unplayed', players: [line.id, entry.opponent] })
        break
      case 'pending':
        break
    }
  }
  // Zero-margin forfeits first (a walk-out under NEON), then the others.
  for (const loser of losses.filter((l) => zeroMarginSide(l, round) === 'loser')) {
    const index = wins.findIndex((w) => zeroMarginSide(w, round) === 'winner')
    const winner = wins[index]
    if (winner === undefined) continue
    wins.splice(index, 1)
    losses.splice(losses.indexOf(loser), 1)
    const table = tableFor()
    pairings.push({
      kind: 'game',
      table,
      players: [winner.id, loser.id],
      start: { kind: 'undecided' },
      reason: 'tsh: walk-out with no margin (opponent 0, ±1 and penalty ∓1)',
    })
    record(table, {
      kind: 'forfeit',
      winner: winner.id,
      loser: loser.id,
      reason: 'walk-out',
      spread: 0,
      rated: rules.results.forfeitRated,
    })
  }
  // Forfeits: a loss with a win of the same size the same round, in player order.
  const unmatched: TPlayerLine[] = []
  for (const loser of losses) {
    const spread = -(loser.scores[round - 1] ?? 0)
    const index = wins.findIndex((w) => w.scores[round - 1] === spread)
    const winner = wins[index]
    if (winner === undefined) {
      unmatched.push(loser)
      continue
    }
    wins.splice(index, 1)
    const table = tableFor()
    pairings.push({
      kind: 'game',
      table,
      players: [winner.id, loser.id],
      start: { kind: 'undecided' },
      reason: 'tsh: forfeit (opponent 0)',
    })
    record(table, {
      kind: 'forfeit',
      winner: winner.id,
      loser: loser.id,
      reason: 'no-show',
      spread,
      rated: rules.results.forfeitRated,
    })
  }
  for (let i = 0; i < unmatched.length; i += 1) {
    const a = unmatched[i] as TPlayerLine
    const spread = -(a.scores[round - 1] ?? 0)
    const j = unmatched.findIndex((b, k) => k > i && b.scores[round - 1] === -spread)
    const b = unmatched[j]
    if (b === undefined) {
      return {
        ok: false,
        error: failAt(
          a,
          'timport.forfeit.alone',
          `round ${String(round)}: ${who(a)} has a forfeit loss of ${String(-spread)} with no opponent and no win of +${String(spread)} that round to pair it with; Rackside records a forfeit only in a game`,
          round,
        ),
      }
    }
    unmatched.splice(j, 1)
    const table = tableFor()
    pairings.push({
      kind: 'game',
      table,
      players: [a.id, b.id],
      start: { kind: 'undecided' },
      reason: 'tsh: double forfeit (opponent 0)',
    })
    record(table, { kind: 'doubleForfeit', players: [a.id, b.id], spread })
  }
  for (const line of [...wins, ...byes].sort((x, y) => x.id - y.id)) {
    pairings.push({ kind: 'bye', player: line.id })
    const spread = line.scores[round - 1]
    if (spread !== undefined && spread !== rules.results.byeSpread) {
      results.push({
        type: 'correctResult',
        division,
        round,
        game: { players: [line.id] },
        result: { kind: 'bye', player: line.id, spread },
      })
    }
  }
  for (const player of counted) firsts.set(player, (firsts.get(player) ?? 0) + 1)
  return ok({ pairings, results })
}

/* ---------- a whole tsh event: config.tsh and its division files ---------- */

export interface TshEventOptions {
  /** The preset the event's rules start from (default nsa1995); config.tsh changes the bye spread. */
  readonly preset?: PresetId
  /** Name when config.tsh has no event_name. */
  readonly title?: string
  /** ISO date when config.tsh has no event_date Rackside can read (shared/ reads no clock). */
  readonly fallbackDate: string
}

export interface TshEventImport {
  readonly commands: readonly Command[]
  /** Config keys and commands Rackside does not use, for the import report. */
  readonly ignored: readonly string[]
  readonly warnings: readonly (FormatProblem & { readonly file: string })[]
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/**
 * An event date as tsh configs write it (the format is free): `2022-02-19`, `February 19, 2022`,
 * `19 February 2022`, `Feb 19-20, 2022` (the first day). Null when it is none of these.
 */
export function readEventDate(text: string): string | null {
  const t = text.trim()
  if (isIsoDate(t)) return t
  const month = (name: string): number => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1
  const pad = (n: number): string => String(n).padStart(2, '0')
  const build = (y: string, m: number, d: string): string | null => {
    const iso = `${y}-${pad(m)}-${pad(Number(d))}`
    return m > 0 && isIsoDate(iso) ? iso : null
  }
  const mdy = /^([A-Za-z]+)\.?\s+(\d{1,2})(?:\s*[-–]\s*\d{1,2})?(?:st|nd|rd|th)?,?\s+(\d{4})$/.exec(
    t,
  )
  if (mdy?.[1] !== undefined && mdy[2] !== undefined && mdy[3] !== undefined) {
    return build(mdy[3], month(mdy[1]), mdy[2])
  }
  const dmy = /^(\d{1,2})(?:\s*[-–]\s*\d{1,2})?(?:st|nd|rd|th)?\s+([A-Za-z]+)\.?,?\s+(\d{4})$/.exec(
    t,
  )
  if (dmy?.[1] !== undefined && dmy[2] !== undefined && dmy[3] !== undefined) {
    return build(dmy[3], month(dmy[2]), dmy[1])
  }
  return null
}

/** What a config.tsh sets for the whole event, as Rackside's rules, plan, name and date. */
export interface ConfigEvent {
  readonly rules: RuleSet
  /** The pairing plan `pairing_system` asks for; null: the default plan (DEFAULT_PLAN). */
  readonly plan: readonly PlanStep[] | null
  readonly name: string
  readonly date: string
  /** `config` keys and other commands Rackside does not use, for the import report. */
  readonly ignored: readonly string[]
  /** Values read with a choice made (a date not understood, a tsh system Rackside approximates). */
  readonly warnings: readonly FormatProblem[]
  /** `max_rounds`, when given. */
  readonly rounds?: number
  /** `session_breaks`, when given (tsh's list of rounds after which a session ends). */
  readonly sessionBreaks?: readonly number[]
  /**
   * tsh pairs by the `autopair` lines (tsh-autopair.ts): each division with lines gets the plan
   * they name (`plan` is that division's when one was asked for), the others tsh's default.
   */
  readonly followsAutopair: boolean
}

/**
 * The config's session breaks that fall inside an event of `rounds` rounds, as the event's info
 * carries them (absent when none): a break after a round the event does not have is no break.
 */
export function sessionBreaksWithin(
  breaks: readonly number[] | undefined,
  rounds: number,
): { readonly sessionBreaks?: readonly number[] } {
  const within = (breaks ?? []).filter((b) => b <= rounds)
  return within.length === 0 ? {} : { sessionBreaks: within }
}

const MANUAL_PLAN: readonly PlanStep[] = [
  { fromRound: 1, system: 'manual', basedOn: 'previous', maxRepeats: 0 },
]
/** tsh's automatic systems: each pairs on the standings, as Rackside's Swiss plan does. */
const TSH_AUTOMATIC = ['auto', 'basic', 'guelph', 'green', 'nast']

/**
 * The event a config.tsh describes (formats.md, "tsh event"): the preset's rules with what the
 * config says (bye spread, spread cap, who starts), the pairing plan, the name and the date.
 */
/**
 * The results settings Rackside writes as config.tsh comments (issue 28: tsh has no key for how
 * a late entry's missed rounds count); a value it does not write is left to the preset.
 */
function racksideResults(
  config: TshConfig,
): Partial<Pick<RuleSet['results'], 'lateEntryMissedRounds' | 'forfeitSpread'>> {
  const own = config.rackside ?? {}
  const late = LATE_ENTRY_MISSED_ROUNDS.find((v) => v === own['late_entry_missed_rounds'])
  const spread = own['forfeit_spread']
  const forfeitSpread =
    spread !== undefined && /^\d{1,4}$/.test(spread) && Number(spread) <= MAX_SPREAD
      ? Number(spread)
      : undefined
  return {
    ...(late === undefined ? {} : { lateEntryMissedRounds: late }),
    ...(forfeitSpread === undefined ? {} : { forfeitSpread }),
  }
}

export function eventFromConfig(
  config: TshConfig,
  options: TshEventOptions,
  division?: string,
): Result<ConfigEvent> {
  const event = mapConfigToRules(config, division)
  const firstProblem = event.problems[0]
  if (firstProblem !== undefined) {
    return err(firstProblem.code, firstProblem.message, { line: firstProblem.line })
  }
  const base = rulesFromPreset(options.preset ?? 'nsa1995')
  const settings = event.settings
  const warnings: FormatProblem[] = []
  const lineOf = (key: string): number =>
    config.entries.find((e) => e.key.toLowerCase() === key)?.line ?? 1
  const note = (key: string, code: string, message: string): void => {
    warnings.push({ line: lineOf(key), code, message, severity: 'warning' })
  }
  // assign_firsts off: tsh leaves the start to the players, who draw tiles at the board.
  // avoid_sr_runs: tsh balances starts and replies; Rackside's balance is fewer firsts starts,
  // then more seconds (MSA 1.3, NSA II.F), which keeps the runs short too.
  const starts =
    settings.assignsFirsts === false
      ? ({ fewerFirstsStarts: false, moreSecondsStarts: false, whenEqual: 'draw-tiles' } as const)
      : settings.avoidStartRuns === true
        ? { ...base.starts, fewerFirstsStarts: true, moreSecondsStarts: true }
        : base.starts
  const spreadCap = settings.spreadCap
  const rules: RuleSet = {
    ...base,
    results: {
      ...base.results,
      byeSpread: settings.byeSpread ?? base.results.byeSpread,
      // A list is one cap per round: the divisions' ranking (issue 32, `spreadCapsByRound`).
      spreadCapPerGame:
        typeof spreadCap !== 'number'
          ? base.results.spreadCapPerGame
          : spreadCap > 0
            ? spreadCap
            : null,
      ...racksideResults(config),
    },
    starts,
  }
  if (settings.byeFirsts !== undefined && settings.byeFirsts.toLowerCase() !== 'ignore') {
    note(
      'bye_firsts',
      'timport.config.bye-firsts',
      `bye_firsts "${settings.byeFirsts}": Rackside counts a bye as neither a first nor a second (rules.md, "Who plays first")`,
    )
  }
  let plan: readonly PlanStep[] | null = null
  // Each autopair line sets tsh's pairing_system to 'auto' where it stands (TSH/Config.pm), so a
  // `config pairing_system` line counts only when it comes after the last of them.
  const lastAutopair = Math.max(0, ...config.autopair.map((l) => l.line))
  const systemLine = config.entries
    .filter((e) => e.key.toLowerCase() === 'pairing_system')
    .reduce((line, e) => Math.max(line, e.line), 0)
  const written = settings.pairingSystem?.toLowerCase()
  const system = lastAutopair > systemLine ? 'auto' : written
  const followsAutopair = lastAutopair > 0 && system === 'auto'
  if (lastAutopair > 0 && !followsAutopair) {
    warnings.push({
      line: systemLine,
      code: 'timport.config.autopair',
      message: `pairing_system "${settings.pairingSystem ?? ''}" comes after the autopair lines, so tsh does not follow them and neither does Rackside`,
      severity: 'warning',
    })
  }
  if (system === 'manual' || system === 'none') plan = MANUAL_PLAN
  else if (followsAutopair) {
    if (division !== undefined) {
      const named = planFromAutopair(
        config.autopair,
        division,
        settings.rounds,
        settings.sessionBreaks ?? [],
      )
      plan = named.plan
      warnings.push(...named.warnings)
    }
  } else if (system !== undefined) {
    // Rackside's automatic plan (auto-plan.ts) stands for tsh's automatic pairing.
    if (system !== 'auto' && system !== 'basic') {
      note(
        'pairing_system',
        'timport.config.pairing-system',
        `pairing_system "${settings.pairingSystem ?? ''}" is paired by Rackside's automatic plan (round robin, Initial Fontes, Swiss, King of the Hill)`,
      )
    }
    if (!TSH_AUTOMATIC.includes(system)) {
      note(
        'pairing_system',
        'timport.config.pairing-system',
        `pairing_system "${settings.pairingSystem ?? ''}" is not one Rackside knows`,
      )
    }
  }
  const date = settings.eventDate === undefined ? null : readEventDate(settings.eventDate)
  if (settings.eventDate !== undefined && date === null) {
    note(
      'event_date',
      'timport.config.date',
      `event_date "${settings.eventDate}" is not a date Rackside reads; ${options.fallbackDate} is used`,
    )
  }
  // An event name the app would refuse is noted at its line and the title used instead (issue 28:
  // the import was refused later, as "command 0", naming no file and no line).
  const eventName = settings.eventName?.replace(/\s+/g, ' ').trim()
  const nameProblem =
    eventName === undefined
      ? null
      : [...eventName].length > MAX_TOURNAMENT_NAME_LENGTH
        ? `is longer than ${String(MAX_TOURNAMENT_NAME_LENGTH)} characters`
        : nameHazard(eventName)
  if (nameProblem !== null) {
    note(
      'event_name',
      'timport.config.event-name',
      `event_name ${nameProblem}; "${options.title ?? 'tsh event'}" is used`,
    )
  }
  const ignored = [...event.ignored]
  // Read, but Rackside always records who went first and has no rating realms.
  for (const key of ['track_firsts', 'realm']) {
    if (event.used.includes(key)) ignored.push(key)
  }
  return ok({
    rules,
    plan,
    name: (nameProblem === null ? settings.eventName : undefined) ?? options.title ?? 'tsh event',
    date: date ?? options.fallbackDate,
    ignored,
    warnings,
    ...(settings.rounds === undefined ? {} : { rounds: settings.rounds }),
    ...(settings.sessionBreaks === undefined ? {} : { sessionBreaks: settings.sessionBreaks }),
    followsAutopair,
  })
}

/**
 * A division's prize contention from tsh's `gibson`, `gibson_spread` and `prize_bands` (issue 10),
 * or null when the config sets none of them (the division then has the default). What the config
 * leaves out is tsh's default: `gibson_spread` 500 a game, and contender pairing in the last
 * rounds, which tsh's ChewPair (its default pairing) does without a switch of its own.
 */
export function contentionFromTsh(
  config: TshConfig,
  division: string,
  rounds: number,
): Result<ContentionSettings | null> {
  const mapped = mapConfigToRules(config, division)
  const problem = mapped.problems[0]
  if (problem !== undefined) return err(problem.code, problem.message, { line: problem.line })
  const { gibson, gibsonSpread, prizeBands } = mapped.settings
  if (gibson === undefined && gibsonSpread === undefined && prizeBands === undefined) {
    return ok(null)
  }
  const byDefault = defaultContention(rounds)
  return ok({
    gibson: gibson ?? byDefault.gibson,
    prizeBands: prizeBands ?? byDefault.prizeBands,
    maxSpread: gibsonSpread ?? byDefault.maxSpread,
    contenderRounds: byDefault.contenderRounds,
  })
}

/**
 * A whole tsh event: `createTournament` (rounds, bye spread, event name and date from config.tsh),
 * then per division `addDivision` and the division's commands. `files` maps each division's file
 * name (as config.tsh names it) to the file read.
 */
export function importTshEvent(
  config: TshConfig,
  files: ReadonlyMap<string, TDivisionFile>,
  options: TshEventOptions,
): Result<TshEventImport> {
  if (config.divisions.length === 0) {
    return err('timport.config.no-division', 'config.tsh names no division ("division A a.t")')
  }
  const event = eventFromConfig(config, options)
  if (!event.ok) return event
  const { rules, plan } = event.value
  let rounds = 0
  const divisions: { name: string; file: TDivisionFile; fileName: string }[] = []
  for (const d of config.divisions) {
    const file = files.get(d.file)
    if (file === undefined) {
      return err('timport.config.file-missing', `division ${d.name}: there is no file ${d.file}`, {
        line: d.line,
      })
    }
    const forDivision = mapConfigToRules(config, d.name)
    const problem = forDivision.problems[0]
    if (problem !== undefined) return err(problem.code, problem.message, { line: problem.line })
    const mapped = forDivision.settings.rounds
    const fileRounds = file.players.reduce(
      (m, l) => Math.max(m, l.opponents.length, l.scores.length),
      0,
    )
    rounds = Math.max(rounds, mapped ?? 0, fileRounds)
    divisions.push({ name: d.name, file, fileName: d.file })
  }
  const warnings: (FormatProblem & { file: string })[] = event.value.warnings.map((w) => ({
    ...w,
    file: 'config.tsh',
  }))
  const startDate = event.value.date
  const info: TournamentInfo = {
    name: event.value.name,
    venue: '',
    startDate,
    endDate: startDate,
    rounds: Math.max(rounds, 1),
    ...sessionBreaksWithin(event.value.sessionBreaks, Math.max(rounds, 1)),
  }
  const commands: Command[] = [{ type: 'createTournament', info, rules }]
  const prizeLines = readTshPrizes(
    config.prizes,
    divisions.map((d) => d.name),
  )
  warnings.push(...prizeLines.ignored.map((w) => ({ ...w, file: 'config.tsh' })))
  for (const d of divisions) {
    commands.push({ type: 'addDivision', name: d.name })
    // The division's autopair lines, judged against the event's length as imported.
    const named = event.value.followsAutopair
      ? planFromAutopair(config.autopair, d.name, info.rounds, info.sessionBreaks)
      : { plan, warnings: [] }
    warnings.push(...named.warnings.map((w) => ({ ...w, file: 'config.tsh' })))
    if (named.plan !== null) {
      commands.push({ type: 'setPairingPlan', division: d.name, plan: named.plan })
    }
    const imported = importTDivision(d.file, {
      division: d.name,
      rules,
      rounds: info.rounds,
      classesFromTags: false,
    })
    if (!imported.ok) {
      return {
        ok: false,
        error: {
          ...imported.error,
          message: `${d.fileName}: ${imported.error.message}`,
          details: { ...imported.error.details, file: d.fileName },
        },
      }
    }
    commands.push(...imported.value.commands)
    const contention = contentionFromTsh(config, d.name, info.rounds)
    if (!contention.ok) return contention
    if (contention.value !== null) {
      commands.push({ type: 'setContention', division: d.name, contention: contention.value })
    }
    warnings.push(...imported.value.warnings.map((w) => ({ ...w, file: d.fileName })))
    // Prize lines and class tags (issue 14): the division's prize table.
    const classes = classesFromTags(d.file.players.map((l) => ({ id: l.id, tags: l.tags })))
    const prizes = prizeTableFromTsh(
      prizeLines.prizes.get(d.name) ?? [],
      prizeLines.lines.get(d.name) ?? [],
      classes,
      d.name,
    )
    if (prizes.table !== null) {
      commands.push({ type: 'setPrizes', division: d.name, prizes: prizes.table })
    }
    warnings.push(...prizes.dropped.map((w) => ({ ...w, file: 'config.tsh' })))
  }
  // Prize lines are read (above); the ones Rackside cannot award are warnings with their line.
  const ignored = event.value.ignored.filter((key) => key !== 'prize')
  return ok({ commands, ignored, warnings })
}
