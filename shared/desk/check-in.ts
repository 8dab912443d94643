/*
 * The desk's check-in view (issue 5; NEON: players register again every day): who has checked in
 * today and who is still missing before the next round is paired.
 */
import { checkedInFor, isCheckedIn } from '../tournament/players'
import type { DeskRules } from '../rules/rule-set'
import type { Player, TournamentState } from '../tournament/types'
import { isIsoDate } from '../tournament/validation'

export { checkedInFor, isCheckedIn } from '../tournament/players'

export interface CheckInSummary {
  /** Players still playing who checked in on the day, in player order. */
  readonly checkedIn: readonly Player[]
  /** Players still playing who have not checked in on the day, in player order. */
  readonly missing: readonly Player[]
}

/**
 * Every player expected to play (not withdrawn; a late entry is expected too) split by whether
 * they count as checked in on `day` (YYYY-MM-DD): that day's check-in where the preset makes
 * players register every day (NEON), else any check-in of the event so far. An unknown division
 * has nobody.
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
    if (checkedInFor(player, day, state.rules.desk)) checkedIn.push(player)
    else missing.push(player)
  }
  return { checkedIn, missing }
}

/**
 * The day's roll call (issue 19: day 2 starts with one under every preset). A player is seen on
 * `day` when they checked in that day: at the check-in desk, or by being recorded as arrived at the
 * round clock, which checks them in for the desk's day (renderer stores/desk `recordArrival`). A
 * result does not count: it is about a game, may be typed the morning after, and does not show the
 * player is in the hall now. Whether an earlier day's check-in still lets a player be paired is the
 * preset's (`checkInSummary`); the roll call only says who has not been seen, so a day-2 no-show
 * is named before they are paired.
 */
export interface RollCall {
  /** Players still playing who checked in on the day, in player order. */
  readonly seen: readonly Player[]
  /** Players still playing not seen on the day, in player order. */
  readonly notSeen: readonly Player[]
  /** Whether the division's desk checks players in at all (anyone checked in on any day). */
  readonly deskChecksIn: boolean
}

/** Seen on `day`: checked in on that very day, whatever the preset (see `RollCall`). */
export function seenOn(player: Player, day: string): boolean {
  return isCheckedIn(player, day)
}

/** Who has and has not been seen on `day` among the division's players still playing. */
export function rollCall(state: TournamentState, division: string, day: string): RollCall {
  const found = state.divisions.find((d) => d.name === division)
  const seen: Player[] = []
  const notSeen: Player[] = []
  let deskChecksIn = false
  for (const player of found?.players ?? []) {
    if (player.checkIns.length > 0) deskChecksIn = true
    if (player.status.kind === 'withdrawn') continue
    if (seenOn(player, day)) seen.push(player)
    else notSeen.push(player)
  }
  return { seen, notSeen, deskChecksIn }
}

/**
 * The local calendar day of a moment (YYYY-MM-DD), as the rules engine's check-in day: the desk's
 * clock store and the authority's check-in of a player's phone (issue 30) read it alike.
 */
export function localDay(date: Date): string {
  const pad2 = (n: number) => String(n).padStart(2, '0')
  return `${String(date.getFullYear())}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/
/** The most days the desk offers: a year, so a mistyped end date cannot build an endless list. */
const MAX_EVENT_DAYS = 366

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0')

/**
 * Every day of the event from `start` to `end` (YYYY-MM-DD), the days a player checks in on
 * (NEON: again each day). A date that does not read, or an end before the start, leaves the
 * first day alone.
 */
export function eventDays(start: string, end: string): readonly string[] {
  const match = ISO_DAY.exec(start)
  if (!match || !isIsoDate(start) || !isIsoDate(end)) return [start]
  let [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const days: string[] = []
  for (let text = start; text <= end && days.length < MAX_EVENT_DAYS;) {
    days.push(text)
    day++
    if (day > daysInMonth(year, month)) {
      day = 1
      month++
      if (month > 12) {
        month = 1
        year++
      }
    }
    text = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`
  }
  return days.length > 0 ? days : [start]
}

/**
 * The day the desk checks players in for: the one the desk picked if it is an event day, else
 * today while the event runs, else the event's first day (a desk set up the evening before checks
 * in for the first day).
 */
export function checkInDay(days: readonly string[], today: string, picked: string | null): string {
  if (picked !== null && days.includes(picked)) return picked
  return days.includes(today) ? today : (days[0] ?? today)
}

/**
 * The check-in day a cancel takes back. Where players re-register every day (NEON) it is the
 * desk's day; where one check-in holds for the event it is the one that counts on that day (the
 * latest on or before it), or the desk's day when there is none.
 */
export function cancelCheckInDay(player: Player | undefined, day: string, desk: DeskRules): string {
  if (desk.reRegisterEveryDay) return day
  return player?.checkIns.filter((d) => d <= day).at(-1) ?? day
}

/**
 * The round a player registered now can still join: the division's latest round when it is paired
 * but neither published nor played (no result in), else null. By default a registration enters
 * from the first round not yet paired (shared/tournament/players.ts), so a late entry registered
 * while round 2 waits to be published would miss it even when round 2 is paired again (issue 28);
 * the desk offers this round instead, and the re-pair then seats him.
 */
export function roundStillOpenToEnter(state: TournamentState, division: string): number | null {
  const latest = state.divisions.find((d) => d.name === division)?.rounds.at(-1)
  if (latest === undefined || latest.published) return null
  // A bye's result is stored with the pairing: only a game's result says play has begun.
  const played = latest.pairings.some((p, i) => p.kind === 'game' && latest.results[i] != null)
  return played ? null : latest.number
}
