/*
 * What a division's players may do from their phones, day by day (issue 30): check themselves in,
 * enter results, or only read. It is in the log (`setPhoneAccess`), not in the authority's desks
 * file, so every desk, the authority and a file opened later agree on it, and History names who
 * turned it on. A day with neither is not kept: the phones only read, as in a log without any.
 */
import { err, ok, type Result } from '../result'
import type { Command } from './commands'
import type { Division, PhoneAccessDay } from './types'
import { isIsoDate } from './validation'

type CommandOf<T extends Command['type']> = Extract<Command, { readonly type: T }>

export interface PhoneAccess {
  readonly checkIn: boolean
  readonly results: boolean
  /** How long a phone's entry waits for the opponent's before it is listed as a dispute. */
  readonly confirmMinutes: number
}

/**
 * The confirming time unless the director sets another (issue 30: "none within a time the
 * director sets"): our choice, about a round's wrap-up at the tables; no rule document has one.
 */
export const PHONE_CONFIRM_MINUTES = 10
/** Longest confirming time: beyond it an entry would wait past the next round. */
export const MAX_CONFIRM_MINUTES = 120

const READ_ONLY: PhoneAccess = {
  checkIn: false,
  results: false,
  confirmMinutes: PHONE_CONFIRM_MINUTES,
}

/** What the division's players may do from their phones on `day` (YYYY-MM-DD). */
export function phoneAccess(division: Division, day: string): PhoneAccess {
  const found = division.phoneAccess?.find((d) => d.day === day)
  return found === undefined
    ? READ_ONLY
    : {
        checkIn: found.checkIn,
        results: found.results,
        confirmMinutes: found.confirmMinutes ?? PHONE_CONFIRM_MINUTES,
      }
}

export function setPhoneAccess(
  division: Division,
  command: CommandOf<'setPhoneAccess'>,
): Result<Division> {
  const { day, checkIn, results, confirmMinutes } = command
  if (
    confirmMinutes !== undefined &&
    (!Number.isInteger(confirmMinutes) ||
      confirmMinutes < 1 ||
      confirmMinutes > MAX_CONFIRM_MINUTES)
  ) {
    return err(
      'phone-access.confirm-minutes',
      `The time to confirm must be a whole number of minutes from 1 to ${String(MAX_CONFIRM_MINUTES)}.`,
      { field: 'confirmMinutes' },
    )
  }
  if (!isIsoDate(day)) {
    return err('checkin.day.invalid', `"${day}" is not a day written YYYY-MM-DD.`, {
      field: 'day',
    })
  }
  const others = (division.phoneAccess ?? []).filter((d) => d.day !== day)
  const kept: readonly PhoneAccessDay[] =
    checkIn || results
      ? [
          ...others,
          {
            day,
            checkIn,
            results,
            ...(confirmMinutes === undefined || confirmMinutes === PHONE_CONFIRM_MINUTES
              ? {}
              : { confirmMinutes }),
          },
        ].sort((a, b) => a.day.localeCompare(b.day))
      : others
  if (kept.length > 0) return ok({ ...division, phoneAccess: kept })
  const rest: Division = { ...division }
  delete (rest as { phoneAccess?: readonly PhoneAccessDay[] }).phoneAccess
  return ok(rest)
}

/** History's words: "Phones in division A on 2026-11-29: players check in and enter results". */
export function phoneAccessWords(command: CommandOf<'setPhoneAccess'>): string {
  const what = [
    ...(command.checkIn ? ['players check in'] : []),
    ...(command.results ? ['enter results'] : []),
  ]
  const rights = what.length === 0 ? 'only read' : what.join(' and ')
  const minutes = command.confirmMinutes ?? PHONE_CONFIRM_MINUTES
  const wait =
    command.results && minutes !== PHONE_CONFIRM_MINUTES
      ? `, the opponent confirms within ${String(minutes)} minutes`
      : ''
  return `Phones in division ${command.division} on ${command.day}: ${rights}${wait}`
}

/**
 * The command that changes one of a day's rights and keeps the other (the director ticks one box
 * on the check-in screen): undefined when it changes nothing, so nothing is logged.
 */
export function phoneAccessCommand(
  division: Division,
  day: string,
  change: Partial<PhoneAccess>,
): Command | undefined {
  const now = phoneAccess(division, day)
  const next = { ...now, ...change }
  if (
    next.checkIn === now.checkIn &&
    next.results === now.results &&
    next.confirmMinutes === now.confirmMinutes
  ) {
    return undefined
  }
  const { confirmMinutes, ...rights } = next
  return {
    type: 'setPhoneAccess',
    division: division.name,
    day,
    ...rights,
    // The default is left out, so a log that never changes it reads as before.
    ...(confirmMinutes === PHONE_CONFIRM_MINUTES ? {} : { confirmMinutes }),
  }
}
