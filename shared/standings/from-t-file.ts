import type { TDivisionFile, TPlayerLine } from '../formats/t-file-types'
import { err, ok, type Result } from '../result'
import type { SpreadPenalty } from '../results/game-result'
import type { Ranking } from '../rules/ranking'
import {
  computeStandings,
  standingsByRound,
  type RoundOutcome,
  type StandingsInput,
  type StandingsPlayer,
  type StandingsRow,
} from './standings'

export interface StandingRow {
  readonly rank: number
  readonly player: number
  readonly name: string
  readonly wins: number
  readonly losses: number
  readonly spread: number
}

/**
 * Standings after each round of a tsh `.t` division (formats.md), keyed by round 1..R, where R is
 * the last round with any score. Read as tsh reads it:
 * - opponent 0: a positive score is a bye or forfeit win worth that spread, a negative one a
 *   forfeit loss, 0 an unplayed round (neither win nor loss);
 * - otherwise the game's spread is own score minus the opponent's score that round; equal is a tie;
 *   a round where either player has no score yet is not counted;
 * - `penalty v1 v2 …`: per-round spread adjustments, added as written (tsh records a penalty as a
 *   negative number, so `penalty 0 -50` takes 50 off the spread from round 2 on);
 * - `off S`: the player withdrew; tsh gives a withdrawn player opponent 0 and score S in every later
 *   round, so those trailing rounds (and trailing unplayed ones) mark when they left, and the
 *   player is ranked only in the standings of the rounds before them. A forfeit loss of exactly S
 *   just before withdrawing is taken as the first withdrawn round: the file cannot tell them apart.
 *
 * `byeSpread`, when given, re-scores every bye and forfeit at that spread (a win +byeSpread, a loss
 * −byeSpread) instead of the score the file records, as when an event is re-scored under another
 * bye spread. Leave it out to reproduce the file's own standings: tsh writes a bye's or forfeit's
 * spread as the player's score against opponent 0.
 */
export function standingsByRoundFromTFile(
  file: TDivisionFile,
  options?: { byeSpread?: number; ranking?: Ranking },
): Result<ReadonlyMap<number, readonly StandingRow[]>> {
  const input = standingsInputOf(file, options?.byeSpread)
  if (!input.ok) return input
  // A ranking the caller gives (issue 32: the CLI's --tie-breaks and --spread-caps).
  const ranking = options?.ranking
  const all = standingsByRound(
    ranking === undefined
      ? input.value
      : {
          ...input.value,
          tieBreaks: ranking.tieBreaks,
          spreadCapByRound: ranking.spreadCapByRound,
        },
  )
  const byRound = new Map<number, readonly StandingRow[]>()
  all.forEach((rows, k) => byRound.set(k + 1, rows.map(toStandingRow)))
  return ok(byRound)
}

/**
 * The standings after `round` alone, read as standingsByRoundFromTFile reads the file (its row for
 * `round`); null when no round `round` has a score. Pairing needs one round's standings, and
 * ranking every earlier round too costs a sort of the whole field per round.
 */
export function standingsAfterRoundFromTFile(
  file: TDivisionFile,
  round: number,
  options?: { byeSpread?: number },
): Result<readonly StandingRow[] | null> {
  const input = standingsInputOf(file, options?.byeSpread)
  if (!input.ok) return input
  if (round < 1 || round > input.value.rounds.length) return ok(null)
  return ok(computeStandings(input.value, round).map(toStandingRow))
}

function standingsInputOf(
  file: TDivisionFile,
  byeSpread: number | undefined,
): Result<StandingsInput> {
  const byId = new Map<number, TPlayerLine>()
  for (const line of file.players) byId.set(line.id, line)
  const rounds = file.players.reduce((most, line) => Math.max(most, line.scores.length), 0)

  const players: StandingsPlayer[] = []
  const penalties: SpreadPenalty[] = []
  const outcomes: RoundOutcome[][] = Array.from({ length: rounds }, () => [])

  for (const line of file.players) {
    const withdrawn = withdrawnAfterRound(line)
    if (!withdrawn.ok) return withdrawn
    players.push({
      id: line.id,
      name: line.name,
      rating: line.rating ?? 0,
      withdrawnAfterRound: withdrawn.value,
    })
    const linePenalties = penaltiesOf(line)
    if (!linePenalties.ok) return linePenalties
    penalties.push(...linePenalties.value)

    for (let r = 0; r < line.scores.length; r++) {
      const outcome = roundOutcome(line, r, byId, byeSpread)
      if (!outcome.ok) return outcome
      if (outcome.value !== null) outcomes[r]?.push(outcome.value)
    }
  }
  return ok({ players, rounds: outcomes, penalties })
}

function toStandingRow(row: StandingsRow): StandingRow {
  const { rank, player, name, wins, losses, spread } = row
  return { rank, player, name, wins, losses, spread }
}

function roundOutcome(
  line: TPlayerLine,
  r: number,
  byId: ReadonlyMap<number, TPlayerLine>,
  byeSpread: number | undefined,
): Result<RoundOutcome | null> {
  const round = r + 1
  const score = line.scores[r] ?? 0
  const opponentId = line.opponents[r]
  if (opponentId === undefined) {
    return err('standings.tfile.opponent-missing', `${line.name} has a score but no opponent`, {
      line: line.line,
      details: { round },
    })
  }
  if (opponentId === 0) {
    if (score === 0) return ok({ player: line.id, win: 0, loss: 0, spread: 0, counts: false })
    const spread = byeSpread === undefined ? score : Math.sign(score) * byeSpread
    return ok(
      score > 0
        ? { player: line.id, win: 1, loss: 0, spread, counts: true }
        : { player: line.id, win: 0, loss: 1, spread, counts: true },
    )
  }
  const opponent = byId.get(opponentId)
  if (opponent === undefined || opponentId === line.id) {
    return err(
      'standings.tfile.opponent-unknown',
      `${line.name}'s round ${round} opponent ${opponentId} is not a player of this division`,
      { line: line.line, details: { round, opponent: opponentId } },
    )
  }
  if (opponent.opponents[r] !== undefined && opponent.opponents[r] !== line.id) {
    return err(
      'standings.tfile.opponent-asymmetric',
      `${line.name} is paired with ${opponent.name} in round ${round}, who is paired with ${String(opponent.opponents[r])}`,
      { line: line.line, details: { round, opponent: opponentId } },
    )
  }
  const opponentScore = opponent.scores[r]
  // The opponent's score is not in yet: the game is not counted for either player.
  if (opponentScore === undefined) return ok(null)
  const spread = score - opponentScore
  // Who was met and the score, for the tie-breaks that read them (issue 32).
  const met = { player: line.id, spread, counts: true, opponent: opponentId, score }
  if (spread > 0) return ok({ ...met, win: 1, loss: 0 })
  if (spread < 0) return ok({ ...met, win: 0, loss: 1 })
  return ok({ ...met, win: 0.5, loss: 0.5 })
}

function integerValues(line: TPlayerLine, tagName: string): Result<readonly number[] | null> {
  const tag = line.tags.find((t) => t.name === tagName)
  if (tag === undefined) return ok(null)
  const values: number[] = []
  for (const text of tag.values) {
    if (!/^[-+]?\d+$/.test(text)) {
      return err(`standings.tfile.${tagName}-invalid`, `${line.name}: "${tagName} ${text}"`, {
        line: line.line,
      })
    }
    values.push(Number(text))
  }
  return ok(values)
}

function withdrawnAfterRound(line: TPlayerLine): Result<number | null> {
  const off = integerValues(line, 'off')
  if (!off.ok) return off
  if (off.value === null) return ok(null)
  const offScores = new Set(off.value)
  let last = line.scores.length
  while (last > 0) {
    const score = line.scores[last - 1] ?? 0
    if (line.opponents[last - 1] !== 0 || !(score === 0 || offScores.has(score))) break
    last--
  }
  return ok(last)
}

function penaltiesOf(line: TPlayerLine): Result<readonly SpreadPenalty[]> {
  const values = integerValues(line, 'penalty')
  if (!values.ok) return values
  const penalties: SpreadPenalty[] = []
  values.value?.forEach((value, r) => {
    // SpreadPenalty counts points off; tsh's value is the signed change to the spread.
    if (value !== 0)
      penalties.push({ player: line.id, round: r + 1, points: -value, reason: 'tsh' })
  })
  return ok(penalties)
}
