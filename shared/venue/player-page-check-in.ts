/*
 * A player checks himself in from his phone (issue 30), where the director allows it on the day
 * (`setPhoneAccess`): the day is the authority's (its clock, the desk's rule for which event day
 * that is), the command the same `checkIn` a check-in desk sends, so the desk sees it as any
 * check-in, and History names the phone that gave it (`deskName`).
 */
import { checkInDay, eventDays, isCheckedIn, localDay } from '../desk/check-in'
import type { Command, LoggedCommand } from '../tournament/commands'
import { phoneAccess } from '../tournament/phone-access'
import type { Division, Player, TournamentState } from '../tournament/types'

/** The event day the authority checks players in for at `now`: the desk's default rule. */
export function authorityDay(state: TournamentState, now: Date): string {
  const { startDate, endDate } = state.info
  return checkInDay(eventDays(startDate, endDate), localDay(now), null)
}

/** What the player's page says of today's check-in. */
export interface SelfCheckIn {
  /** The "Check in" button: on for his division today, he plays, and he has not checked in. */
  readonly offered: boolean
  readonly checkedIn: boolean
  /** When the check-in was logged (the authority's time), null when no entry says. */
  readonly at: Date | null
}

const playing = (player: Player): boolean =>
  player.status.kind !== 'withdrawn' && player.deleted !== true

/**
 * Whether the player may check in from his phone on `day` and whether he did (at any desk):
 * the time is that of the latest check-in for the day in the log, read from the end, as a moment
 * by `dateOf` (shared/ makes no dates).
 */
export function selfCheckIn(
  log: readonly LoggedCommand[],
  division: Division,
  player: Player,
  day: string,
  dateOf: (iso: string) => Date,
): SelfCheckIn {
  const checkedIn = isCheckedIn(player, day)
  const open = phoneAccess(division, day).checkIn && playing(player)
  if (!checkedIn) return { offered: open, checkedIn: false, at: null }
  for (let i = log.length - 1; i >= 0; i--) {
    const { command, at } = log[i] ?? {}
    if (command?.type !== 'checkIn' || command.day !== day || at === undefined) continue
    const keys = command.keys ?? []
    const named =
      keys.length > 0 ? keys.some((k) => k.key === player.key) : command.player === player.id
    if (named) return { offered: false, checkedIn: true, at: dateOf(at) }
  }
  return { offered: false, checkedIn: true, at: null }
}

/** The check-in the phone proposes: the desk's command, with the player's number and key. */
export function selfCheckInCommand(division: Division, player: Player, day: string): Command {
  return {
    type: 'checkIn',
    division: division.name,
    player: player.id,
    day,
    keys: [{ player: player.id, key: player.key }],
  }
}

/** "Checked in at 10:02." in the authority's local time, or "Checked in." without a time. */
export function checkedInWords(time: Date | null): string {
  if (time === null) return 'Checked in.'
  const two = (n: number): string => String(n).padStart(2, '0')
  return `Checked in at ${two(time.getHours())}:${two(time.getMinutes())}.`
}

/** The name History gives a phone's commands: "Ann Archer’s phone". */
export function phoneName(player: Player): string {
  return `${player.name}’s phone`
}
