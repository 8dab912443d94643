import type { GameResult } from '../results/game-result'
import type { GameRef } from '../tournament/commands'
import { describeResultIn } from '../tournament/describe'
import { stableJson } from '../tournament/log'
import { findGame } from '../tournament/record-result'
import type { RecordedResult, TournamentState } from '../tournament/types'
import type { ResultEntry } from './result-line'

function storedRecord(
  state: TournamentState,
  division: string,
  round: number,
  game: GameRef,
): { readonly record: RecordedResult; readonly text: string } | null {
  const found = state.divisions.find((d) => d.name === division)
  const played = found?.rounds[round - 1]
  if (!found || !played) return null
  const index = findGame(played, game)
  const record = index.ok ? played.results[index.value] : undefined
  return record ? { record, text: describeResultIn(record.result, found) } : null
}

/**
 * The result already stored for a game, in words, or null when it has none. A line typed for a
 * game with a result is a correction, which the director confirms against this value (issue 13):
 * a mistyped table number or a second Enter must never overwrite a result unseen.
 */
export function storedResultText(
  state: TournamentState,
  division: string,
  round: number,
  game: GameRef,
): string | null {
  return storedRecord(state, division, round, game)?.text ?? null
}

/** The same result whatever order its keys were written in (a stored command, a typed line). */
const sameResult = (a: GameResult, b: GameResult): boolean => stableJson(a) === stableJson(b)

/**
 * What the director must confirm before `entry` is stored: the stored result in words when the
 * entry would change it (scores, kind, or a start already known), null when there is nothing to
 * overwrite. Naming who went first in a game whose start was unknown (MSA 1.4, NSA II.F.1: the
 * players drew tiles) only completes the record, so it needs no confirmation.
 */
export function correctionToConfirm(
  state: TournamentState,
  division: string,
  round: number,
  entry: ResultEntry,
): string | null {
  const stored = storedRecord(state, division, round, entry.game)
  if (stored === null) return null
  const { record } = stored
  const completesStart =
    record.first === null && entry.first !== undefined && sameResult(record.result, entry.result)
  return completesStart ? null : stored.text
}
