/*
 * The desk's check-in view (issue 5; NEON: players register again every day): who has checked in
 * today and who is still missing before the next round is paired.
 */
import { isCheckedIn } from '../tournament/players'
import type { Player, TournamentState } from '../tournament/types'

export { isCheckedIn } from '../tournament/players'

export interface CheckInSummary {
  /** Players still playing who checked in on the day, in player order. */
  readonly checkedIn: readonly Player[]
  /** Players still playing who have not checked in on the day, in player order. */
  readonly missing: readonly Player[]
}

/**
 * Every player expected to play (not withdrawn; a late entry is expected too) split by whether
 * they checked in on `day` (YYYY-MM-DD). An unknown division has nobody.
 */
export function checkInSummary(
  state: TournamentState,
  division: string,
  day: string,
): CheckInSummary {
  const found = state.divisions.find((d) => d.name === division)
  const checkedIn: Player[] = []
  const missing: Player[] = []
  for (const player of found?.players ?? []) {
    if (player.status.kind === 'withdrawn') continue
    if (isCheckedIn(player, day)) checkedIn.push(player)
    else missing.push(player)
  }
  return { checkedIn, missing }
}
