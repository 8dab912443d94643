import type { RuleSet } from '../rules/rule-set'

export interface TournamentInfo {
  readonly name: string
  readonly venue: string
  /** ISO dates (YYYY-MM-DD); an event may span several days. */
  readonly startDate: string
  readonly endDate: string
  readonly rounds: number
}

/**
 * A registered player. `id` is the player's number in the division, from 1, in registration order:
 * the same number tsh uses (a `.t` file's line number), printed on slips and name tags.
 */
export interface Player {
  readonly id: number
  readonly name: string
  /** 0 means unrated, as in tsh. */
  readonly rating: number
  readonly memberId: string
  readonly club: string
}

export interface Division {
  readonly name: string
  readonly players: readonly Player[]
}

export interface TournamentState {
  readonly id: string
  readonly info: TournamentInfo
  readonly rules: RuleSet
  readonly divisions: readonly Division[]
}
