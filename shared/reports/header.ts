import type { RuleSet } from '../rules/rule-set'
import type { Division, TournamentState } from '../tournament/types'

/** What heads every printed page: the event, the division and (for a round's pages) the round. */
export interface ReportHeader {
  readonly event: string
  readonly venue: string
  /** ISO dates; equal for a one-day event. */
  readonly startDate: string
  readonly endDate: string
  readonly division: string
  /** null on pages that are not about one round (name tags). */
  readonly round: number | null
  readonly rounds: number
  /** The preset's name and the document it follows, for citing on the page. */
  readonly rulesName: string
  readonly rulesSource: string
}

export function reportHeader(
  state: TournamentState,
  division: Division,
  round: number | null,
): ReportHeader {
  return {
    event: state.info.name,
    venue: state.info.venue,
    startDate: state.info.startDate,
    endDate: state.info.endDate,
    division: division.name,
    round,
    rounds: state.info.rounds,
    rulesName: state.rules.name,
    rulesSource: state.rules.source,
  }
}

export const RULE_LINE_KINDS = ['challenge', 'hold', 'time', 'words', 'end'] as const
export type RuleLineKind = (typeof RULE_LINE_KINDS)[number]

export interface RuleLine {
  readonly kind: RuleLineKind
  readonly label: string
  readonly text: string
}

function challengeText(rules: RuleSet): string {
  const printed = rules.printed
  switch (printed.challenge) {
    case 'penalty-per-word':
      // MSA 12 iv: the points go to the player whose play was challenged without success.
      return `${printed.challengePenalty} points to the challenged player for each word challenged without success`
    case 'free':
      return 'free: no penalty for a challenge without success'
    case 'double':
      return 'double: a player who challenges without success loses their turn'
  }
}

function timeText(rules: RuleSet): string {
  const { minutesPerPlayer, overtimeIncludedMinutes, overtimePenaltyPerMinute } = rules.clock
  // NEON "During" 5: the overtime is part of the time each player has, not added to it.
  const each =
    overtimeIncludedMinutes > 0
      ? `${minutesPerPlayer} minutes each, including ${overtimeIncludedMinutes} minutes of overtime`
      : `${minutesPerPlayer} minutes each`
  // MSA 2.3, NSA VIII.C: a started minute over costs as much as a whole one.
  // NEON, During 5 and competition rule 17: the overtime is inside the 25 minutes and the game
  // ends when the time is over. NEON states no penalty, so none is printed as its rule (a
  // penalty the director sets is printed as any other).
  const over =
    overtimePenaltyPerMinute > 0
      ? `${overtimePenaltyPerMinute} points off your own score per minute or part of a minute over`
      : overtimeIncludedMinutes > 0
        ? 'the game ends when the time is over'
        : 'no overtime penalty'
  return `${each}; ${over}`
}

function holdText(printed: RuleSet['printed']): string {
  if (printed.holdSeconds === null) return 'no hold'
  switch (printed.holdRule) {
    case 'call-within':
      return `call “hold” within ${printed.holdSeconds} seconds of the opponent’s turn ending`
    case 'lasts-at-most':
      return `a hold lasts at most ${printed.holdSeconds} seconds before the challenge`
  }
}

/**
 * The preset's rules every table must see the same way (rules.md, "Printed on slips and
 * announcements"): challenge, hold, time control, word authority and end of game, in that order.
 */
export function printedRuleLines(rules: RuleSet): readonly RuleLine[] {
  return [
    { kind: 'challenge', label: 'Challenge', text: challengeText(rules) },
    { kind: 'hold', label: 'Hold', text: holdText(rules.printed) },
    { kind: 'time', label: 'Time', text: timeText(rules) },
    { kind: 'words', label: 'Words', text: rules.printed.wordAuthority },
    { kind: 'end', label: 'End of game', text: rules.printed.endOfGame },
  ]
}
