/*
 * The letter a result gives one player, W, L or T, wherever a result is shown in one letter: the
 * player's history on screen, wall charts and scorecards on paper (issue 20: one owner).
 */
import type { GameOutcome } from './game-result'

export const OUTCOME_KINDS = ['win', 'loss', 'tie', 'none'] as const
/** What a game gives one player; `none` for a game that counts for nothing (unplayed). */
export type OutcomeKind = (typeof OUTCOME_KINDS)[number]

/**
 * A tie is half a win (NSA VII.E); a double forfeit is a loss for both (NSA VII.J.2), so it
 * counts as one; an unplayed game counts for nothing.
 */
export function outcomeKind(outcome: GameOutcome): OutcomeKind {
  if (!outcome.counts) return 'none'
  if (outcome.win === 1) return 'win'
  if (outcome.loss === 1) return 'loss'
  return 'tie'
}

const LETTERS: Readonly<Record<OutcomeKind, string>> = { win: 'W', loss: 'L', tie: 'T', none: '–' }

/** W, L or T; a dash for a game that counts for nothing. */
export function outcomeLetter(outcome: OutcomeKind | GameOutcome): string {
  return LETTERS[typeof outcome === 'string' ? outcome : outcomeKind(outcome)]
}
