/*
 * The authority's second guard on time (issue 27): a desk's clock never charges or refuses
 * lateness. Desks read the authority's clock (`VENUE_ROUTES.time`), but a desk whose clock is
 * fast and that could not ask (offline since it started) may still send a time that has not
 * happened yet at the authority; such a time is the authority's now instead.
 */
import type { Command } from '../tournament/commands'

/**
 * `command` with an arrival or a round's start later than `nowMs` (the authority's clock) set to
 * it; any other command, or a time not in the future, as it came. A time in the past is kept: the
 * director may record an arrival after the fact. It runs before the command's shape is checked,
 * so whatever came over the network passes through unchanged for that check to name.
 */
export function atAuthorityTime(command: Command, nowMs: number): Command {
  const sent: unknown = command
  if (typeof sent !== 'object' || sent === null) return command
  if (command.type !== 'recordArrival' && command.type !== 'startRound') return command
  const at: unknown = command.at
  return typeof at === 'number' && Number.isFinite(nowMs) && at > nowMs
    ? { ...command, at: nowMs }
    : command
}

/**
 * The command as the authority logs it when it accepts it at `at` (its ISO time; undefined: not
 * accepted, the command as sent), so a proposal sent again is told from another command by what
 * the log holds.
 */
export function loggedAs(command: Command, at: string | undefined): Command {
  return at === undefined ? command : atAuthorityTime(command, utcMs(at))
}

const ISO_UTC = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?Z$/

/**
 * Epoch ms of a UTC time as `toISOString` writes it (the authority's stamp), NaN for anything
 * else; worked out by hand because shared/ reads no `Date` (days from the civil date, Hinnant).
 */
export function utcMs(iso: string): number {
  const m = ISO_UTC.exec(iso)
  if (m === null) return Number.NaN
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const ms = Number((m[7] ?? '0').padEnd(3, '0'))
  const y = month <= 2 ? year - 1 : year
  const era = Math.floor(y / 400)
  const yoe = y - era * 400
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy
  const days = era * 146097 + doe - 719468
  return ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + ms
}
