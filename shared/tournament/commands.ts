import type { RuleSet } from '../rules/rule-set'
import type { PlayerFields } from './validation'
import type { TournamentInfo } from './types'

/**
 * Everything a director does is one of these small, plain, serialisable commands; the tournament is
 * the fold of their log (design.md). A command never holds derived data, and randomness enters it
 * as a recorded seed.
 */
export type Command =
  | { readonly type: 'createTournament'; readonly info: TournamentInfo; readonly rules: RuleSet }
  | { readonly type: 'editTournamentInfo'; readonly info: TournamentInfo }
  | { readonly type: 'changeRules'; readonly rules: RuleSet }
  | { readonly type: 'addDivision'; readonly name: string }
  | { readonly type: 'registerPlayer'; readonly division: string; readonly player: PlayerFields }
  | {
      readonly type: 'editPlayer'
      readonly division: string
      readonly playerId: number
      readonly player: PlayerFields
    }

export type CommandType = Command['type']

/** A command as stored: its place in the log and when the director gave it. */
export interface LoggedCommand {
  readonly seq: number
  /** ISO timestamp, stamped by the caller (shared/ reads no clock). */
  readonly at: string
  readonly command: Command
}
