import { err, ok, type Result } from '../result'
import {
  FORFEIT_REASONS,
  overtimePenalty,
  resultPlayers,
  validateScores,
  type GameResult,
  type PlayerId,
} from '../results/game-result'
import type { RuleSet } from '../rules/rule-set'
import type { GameRef, ResultFields } from './commands'
import { findRound, findTable, pairingPlayers, replaceAt, starterOf } from './lookup'
import { withRound, type Context } from './rounds'
import type { Division, Pairing, RecordedResult, Round } from './types'

/** The position of the pairing a result is for: by table, or by its players in any order. */
export function findGame(round: Round, game: GameRef): Result<number> {
  if ('table' in game) return findTable(round, game.table)
  const wanted = [...game.players].sort((a, b) => a - b)
  const index = round.pairings.findIndex((pairing) => {
    const seated = [...pairingPlayers(pairing)].sort((a, b) => a - b)
    return seated.length === wanted.length && seated.every((p, i) => p === wanted[i])
  })
  if (index < 0) {
    return err(
      'pairing.missing',
      `Round ${round.number} has no ${wanted.length === 1 ? 'bye for' : 'game between'} ${wanted.map((p) => `#${p}`).join(' and ')}.`,
      { details: { round: round.number } },
    )
  }
  return ok(index)
}

function samePlayers(a: readonly PlayerId[], b: readonly PlayerId[]): boolean {
  return a.length === b.length && a.every((p) => b.includes(p)) && b.every((p) => a.includes(p))
}

function checkSpread(spread: number, rules: RuleSet, signed: boolean): Result<void> {
  const max = rules.results.maxScore
  if (!Number.isInteger(spread) || spread > max || spread < (signed ? -max : 0)) {
    return err(
      'result.spread-invalid',
      `A spread must be a whole number from ${signed ? -max : 0} to ${max}, not ${spread}.`,
      { field: 'spread', details: { spread } },
    )
  }
  return ok(undefined)
}

const clockText = (seconds: number): string =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`

/**
 * NEON, During 5: the overtime is part of each player's time and the game ends when that time is
 * over (Competition rules 17), so nobody can be more over than the overtime included: more is a
 * typing mistake. Where overtime comes after the time (MSA 2.3, NSA VIII.C) there is no limit.
 * The desk checks it as a line is typed (shared/desk/result-line.ts), not `apply`: a log stored
 * before issue 28 with such a result still folds.
 */
export function checkIncludedOvertime(
  seconds: number,
  rules: RuleSet,
  field: string,
): Result<void> {
  const { overtimeIncludedMinutes, minutesPerPlayer } = rules.clock
  if (overtimeIncludedMinutes === 0 || seconds <= overtimeIncludedMinutes * 60) return ok(undefined)
  return err(
    'overtime.beyond-included',
    `Overtime ${clockText(seconds)} is more than the ${clockText(overtimeIncludedMinutes * 60)} of overtime inside each player’s ${minutesPerPlayer} minutes: the game ends when the time is over.`,
    { field, details: { seconds, includedMinutes: overtimeIncludedMinutes } },
  )
}

/**
 * Whether `result` can be the result of `pairing` under the rules: the same players, a kind that
 * fits (a game's result or a bye's), and numbers within the preset's range.
 */
export function checkResult(pairing: Pairing, result: GameResult, rules: RuleSet): Result<void> {
  const seated = pairingPlayers(pairing)
  const fits =
    pairing.kind === 'game'
      ? result.kind !== 'bye' && !(result.kind === 'unplayed' && result.players.length !== 2)
      : result.kind === 'bye' || result.kind === 'unplayed'
  if (!fits) {
    return err(
      'result.kind-mismatch',
      pairing.kind === 'game'
        ? `Table ${pairing.table} is a game: it cannot have a ${result.kind} result.`
        : `A bye cannot have a ${result.kind} result.`,
      { details: { kind: result.kind } },
    )
  }
  if (!samePlayers(resultPlayers(result), seated)) {
    return err(
      'result.players-mismatch',
      `The result names ${resultPlayers(result)
        .map((p) => `#${p}`)
        .join(' and ')}, but the pairing is ${seated.map((p) => `#${p}`).join(' and ')}.`,
      { details: { seated: seated.join(' '), named: resultPlayers(result).join(' ') } },
    )
  }
  switch (result.kind) {
    case 'played': {
      const raw = validateScores(result.rawScores[0], result.rawScores[1], rules)
      if (!raw.ok) return raw
      for (const [i, seconds] of result.overtimeSeconds.entries()) {
        if (!Number.isInteger(seconds) || seconds < 0) {
          return err(
            'overtime.invalid',
            'Overtime must be a whole, non-negative number of seconds',
            {
              field: i === 0 ? 'overtimeA' : 'overtimeB',
            },
          )
        }
        // MSA 2.3, NSA VIII.C: the score counted is the slip's less the player's own penalty.
        const expected = (result.rawScores[i] ?? 0) - overtimePenalty(seconds, rules)
        if (result.scores[i] !== expected) {
          return err(
            'result.overtime-mismatch',
            `Score ${result.scores[i]} should be ${expected} after the overtime penalty.`,
            { field: i === 0 ? 'scoreA' : 'scoreB', details: { expected } },
          )
        }
      }
      return ok(undefined)
    }
    case 'bye':
      return checkSpread(result.spread, rules, true)
    case 'forfeit':
      if (!FORFEIT_REASONS.includes(result.reason)) {
        return err('result.forfeit-reason', `"${result.reason}" is not a reason for a forfeit.`)
      }
      return checkSpread(result.spread, rules, false)
    case 'doubleForfeit':
      return checkSpread(result.spread, rules, false)
    case 'unplayed':
      return ok(undefined)
  }
}

/**
 * Who went first: as given; else, for a correction of a played game, as already recorded (a new
 * score does not change who started: MSA 1.3, NSA II.F count the start the slip recorded); else as
 * printed on the pairings. Only a played game has a first.
 */
function whoWentFirst(
  pairing: Pairing,
  result: GameResult,
  given: PlayerId | undefined,
  existing: RecordedResult | null,
): Result<PlayerId | null> {
  if (result.kind !== 'played') {
    if (given === undefined) return ok(null)
    return err('result.first-without-game', `Nobody goes first in a ${result.kind}.`, {
      field: 'first',
    })
  }
  if (given === undefined && existing !== null && existing.result.kind === 'played') {
    return ok(existing.first)
  }
  // Corrected to a forfeit and back: the slip's starter still stands (NSA II.F.1, MSA 1.3).
  if (given === undefined && existing?.firstBefore !== undefined) return ok(existing.firstBefore)
  if (given === undefined) return ok(pairing.kind === 'game' ? starterOf(pairing.start) : null)
  if (!result.players.includes(given)) {
    return err('result.first-not-at-table', `Player #${given} did not play this game.`, {
      field: 'first',
      details: { first: given },
    })
  }
  return ok(given)
}

/**
 * Enters a result (`correct` false: the game must have none yet) or replaces one (`correct` true:
 * it must have one). The earlier value stays in the log, so the audit shows both.
 */
export function enterResult(
  division: Division,
  command: ResultFields,
  correct: boolean,
  { info, rules }: Context,
): Result<Division> {
  const found = findRound(division, info, command.round)
  if (!found.ok) return found
  const round = found.value
  const index = findGame(round, command.game)
  if (!index.ok) return index
  const pairing = round.pairings[index.value] as Pairing
  const existing = round.results[index.value] ?? null
  const where = pairing.kind === 'game' ? `table ${pairing.table}` : `the bye of #${pairing.player}`
  if (!correct && existing !== null && existing.decidedBy === undefined) {
    return err(
      'result.exists',
      `Round ${round.number}, ${where} already has a result: correct it instead.`,
      { details: { round: round.number } },
    )
  }
  if (correct && existing === null) {
    return err('result.missing', `Round ${round.number}, ${where} has no result to correct.`, {
      details: { round: round.number },
    })
  }
  const checked = checkResult(pairing, command.result, rules)
  if (!checked.ok) return checked
  const first = whoWentFirst(pairing, command.result, command.first, existing)
  if (!first.ok) return first
  const recorded: RecordedResult = {
    result: command.result,
    first: first.value,
    ...keptFirst(command.result, existing),
  }
  return ok(
    withRound(division, { ...round, results: replaceAt(round.results, index.value, recorded) }),
  )
}

/**
 * A game that stops being played keeps who went first, out of the tally (a forfeit is neither a
 * first nor a second), for a correction back to the played game.
 */
function keptFirst(
  result: GameResult,
  existing: RecordedResult | null,
): Pick<RecordedResult, 'firstBefore'> {
  if (result.kind === 'played' || existing === null) return {}
  const before = existing.result.kind === 'played' ? existing.first : existing.firstBefore
  return before === null || before === undefined ? {} : { firstBefore: before }
}
