import type { Command } from '../../tournament/commands'
import type { TournamentState } from '../../tournament/types'
import { apply } from '../../tournament/apply'

/** Starts round 1 at `at` with Bob (#2), Joanne (#3) and Dan (#4) absent; Joanne arrives after `joanneAfter` ms. */
export function lateArrivalState(
  state: TournamentState,
  at: number,
  joanneAfter: number,
): TournamentState {
  const commands: Command[] = [
    { type: 'startRound', division: 'A', round: 1, at, absent: [2, 3, 4] },
    { type: 'recordArrival', division: 'A', round: 1, player: 3, at: at + joanneAfter },
  ]
  let current = state
  for (const command of commands) {
    const next = apply(current, command, 'test')
    if (!next.ok) throw new Error(next.error.code)
    current = next.value
  }
  return current
}
