import { err, ok, type Result } from '../result'
import { foldName } from './names'
import {
  CONTACT_FIELDS,
  type Division,
  type Player,
  type PlayerFields,
  type TournamentInfo,
} from './types'

export type { PlayerFields } from './types'

/** What a form or an import hands in: raw text, not yet trusted. */
export interface PlayerInput {
  readonly name: string
  readonly rating: string | number
  readonly memberId?: string
  readonly club?: string
  readonly country?: string
  readonly team?: string
  readonly email?: string
  readonly phone?: string
  /** Lifetime games (tsh's `lifeg`); absent or blank = not given (100 for the multiplier). */
  readonly lifetimeGames?: string | number
}

export const MAX_RATING = 4000
/** More rated games than anyone has played: a typo, not a career. */
export const MAX_LIFETIME_GAMES = 100000
export const MAX_ROUNDS = 100
const MAX_NAME_LENGTH = 60
/** A division's name heads every page and names its files: a word or two, never a paragraph. */
export const MAX_DIVISION_NAME_LENGTH = 40
/** An event's name heads every page; longer is pasted text, not a title. */
export const MAX_TOURNAMENT_NAME_LENGTH = 100
/** The largest spread one forfeit or missed round can carry: a tsh spread column's sane bound. */
export const MAX_SPREAD = 1_000
/** The largest penalty in points: more than any game's spread, far from where numbers lose digits. */
export const MAX_PENALTY_POINTS = 10_000

/**
 * Characters a name may not hold, each with the words that say why (issue 28): control characters
 * (a tsh line or a CSV row breaks on them; our own export refused them), bidi controls (they turn
 * the text around them, so a name prints other than it reads) and invisible characters (two names
 * that look alike would be two people). A zero-width joiner or non-joiner between two letters is
 * spelling (Persian, Indic scripts), so it stays.
 */
const NAME_HAZARDS: readonly { readonly pattern: RegExp; readonly what: string }[] = [
  { pattern: /\p{Cc}/u, what: 'a control character' },
  { pattern: /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u, what: 'a text-direction mark' },
  {
    pattern:
      /[\u00ad\u200b\u2060-\u2064\ufeff\ufff9-\ufffb]|(?<![\p{L}\p{M}])[\u200c\u200d]|[\u200c\u200d](?![\p{L}\p{M}])/u,
    what: 'an invisible character',
  },
]

/**
 * Why a name (a player's, a division's, the event's) cannot be stored, or null: the hazard and the
 * position of the first one (counted from 1), so the desk can find it.
 */
export function nameHazard(name: string): string | null {
  for (const { pattern, what } of NAME_HAZARDS) {
    const match = pattern.exec(name)
    if (match !== null) {
      const code = (match[0].codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')
      return `holds ${what}, U+${code} at character ${String([...name.slice(0, match.index)].length + 1)}`
    }
  }
  return null
}

/**
 * Lifetime games as typed: blank is "not given" (null), else a whole number 0–100000 (issue 22:
 * under 50 raises the rating multiplier, so a wrong value changes the estimates).
 */
export function parseLifetimeGames(raw: string | number): Result<number | null> {
  const text = String(raw).trim()
  if (text === '') return ok(null)
  if (!/^\d+$/.test(text) || Number(text) > MAX_LIFETIME_GAMES) {
    return err(
      'player.lifetime-games.invalid',
      `Lifetime games must be a whole number from 0 to ${String(MAX_LIFETIME_GAMES)}, not "${text}".`,
      { field: 'lifetimeGames' },
    )
  }
  return ok(Number(text))
}

/** Collapses runs of spaces so "Smith,  Ann " and "Smith, Ann" are one name. */
export function tidyName(name: string): string {
  return name.replace(/\s+/g, ' ').trim()
}

export function parseRating(raw: string | number): Result<number> {
  const text = String(raw).trim()
  if (text === '') return ok(0)
  if (!/^-?\d+$/.test(text)) {
    return err('player.rating.not-a-number', `Rating must be a whole number, not "${text}".`, {
      field: 'rating',
    })
  }
  // Number('-0') is -0, which is not a rating anyone means.
  const rating = Number(text) + 0
  if (rating < 0) {
    return err('player.rating.negative', `Rating cannot be negative (${rating}).`, {
      field: 'rating',
    })
  }
  if (rating > MAX_RATING) {
    return err('player.rating.too-high', `Rating ${rating} is above ${MAX_RATING}.`, {
      field: 'rating',
    })
  }
  return ok(rating)
}

/**
 * A player's name without the characters `nameHazard` names (issue 28), as a CSV list or a paste
 * brings them: stripped rather than refused, since commands name players by number, so a log
 * stored before the rule still opens with the same players, and the name prints as it reads.
 * Control characters become spaces (a tab between given name and surname), the rest go.
 */
export function plainName(name: string): string {
  let plain = name.replace(/\p{Cc}/gu, ' ')
  for (const { pattern } of NAME_HAZARDS.slice(1)) {
    plain = plain.replace(new RegExp(pattern.source, 'gu'), '')
  }
  return tidyName(plain)
}

export function validatePlayerInput(input: PlayerInput): Result<PlayerFields> {
  const name = plainName(input.name)
  if (name === '') return err('player.name.empty', 'A player needs a name.', { field: 'name' })
  if (name.length > MAX_NAME_LENGTH) {
    return err('player.name.too-long', `A name may have at most ${MAX_NAME_LENGTH} characters.`, {
      field: 'name',
    })
  }
  // `;` separates fields in a tsh .t line, so a name with one could not be exported.
  if (name.includes(';')) {
    return err('player.name.semicolon', 'A name cannot contain ";".', { field: 'name' })
  }
  const rating = parseRating(input.rating)
  if (!rating.ok) return rating
  const lifetimeGames = parseLifetimeGames(input.lifetimeGames ?? '')
  if (!lifetimeGames.ok) return lifetimeGames
  // The list's own fields stay only when given: an edit that leaves them out keeps them.
  const extra: Partial<Record<(typeof CONTACT_FIELDS)[number], string>> = {}
  for (const field of CONTACT_FIELDS) {
    const value = input[field]
    if (value !== undefined) extra[field] = tidyName(value)
  }
  return ok({
    name,
    rating: rating.value,
    memberId: (input.memberId ?? '').trim(),
    club: tidyName(input.club ?? ''),
    ...extra,
    ...(lifetimeGames.value === null ? {} : { lifetimeGames: lifetimeGames.value }),
  })
}

/**
 * A director's spread penalty: a whole number of points from 1 to `MAX_PENALTY_POINTS` (issue 28:
 * 1e300 is a whole number too, and made every spread after it meaningless).
 */
export function validatePenaltyPoints(points: number): Result<number> {
  if (!Number.isInteger(points) || points <= 0 || points > MAX_PENALTY_POINTS) {
    return err(
      'penalty.points-invalid',
      `A penalty is a whole number of points from 1 to ${String(MAX_PENALTY_POINTS)}, not ${String(points)}.`,
      { field: 'points' },
    )
  }
  return ok(points)
}

/** A member id identifies one person: two players of one division may not share it. */
export function checkMemberIdFree(
  division: Division,
  memberId: string,
  exceptPlayerId?: number,
): Result<void> {
  if (memberId === '') return ok(undefined)
  const key = memberId.toLowerCase()
  const holder = division.players.find(
    // A deleted registration (issue 32) holds no member id.
    (p) => p.id !== exceptPlayerId && p.deleted !== true && p.memberId.toLowerCase() === key,
  )
  if (holder) {
    return err(
      'player.member-id.duplicate',
      `Member id ${memberId} already belongs to ${holder.name} (#${holder.id}) in division ${division.name}.`,
      { field: 'memberId', details: { playerId: holder.id, playerName: holder.name } },
    )
  }
  return ok(undefined)
}

/** Players already registered under the same name: the desk is warned before adding another. */
export function sameNamePlayers(division: Division, name: string): readonly Player[] {
  const key = foldName(tidyName(name))
  return division.players.filter((p) => foldName(p.name) === key)
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar date written YYYY-MM-DD (no clock is read: shared/ is deterministic). */
export function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  if (month < 1 || month > 12 || day < 1) return false
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0
  return day <= days
}

export function validateTournamentInfo(info: TournamentInfo): Result<TournamentInfo> {
  const name = tidyName(info.name)
  if (name === '')
    return err('tournament.name.empty', 'A tournament needs a name.', { field: 'name' })
  if ([...name].length > MAX_TOURNAMENT_NAME_LENGTH) {
    return err(
      'tournament.name.too-long',
      `A tournament's name may have at most ${String(MAX_TOURNAMENT_NAME_LENGTH)} characters.`,
      { field: 'name' },
    )
  }
  const hazard = nameHazard(name)
  if (hazard !== null) {
    return err(
      'tournament.name.hidden-character',
      `The tournament's name ${hazard}: type it again.`,
      {
        field: 'name',
      },
    )
  }
  if (!isIsoDate(info.startDate)) {
    return err('tournament.date.invalid', `Start date "${info.startDate}" is not a date.`, {
      field: 'startDate',
    })
  }
  const endDate = info.endDate === '' ? info.startDate : info.endDate
  if (!isIsoDate(endDate)) {
    return err('tournament.date.invalid', `End date "${endDate}" is not a date.`, {
      field: 'endDate',
    })
  }
  if (endDate < info.startDate) {
    return err('tournament.date.end-before-start', 'The last day is before the first day.', {
      field: 'endDate',
    })
  }
  if (!Number.isInteger(info.rounds) || info.rounds < 1 || info.rounds > MAX_ROUNDS) {
    return err(
      'tournament.rounds.invalid',
      `Rounds must be a whole number from 1 to ${MAX_ROUNDS}.`,
      {
        field: 'rounds',
      },
    )
  }
  const breaks = validateSessionBreaks(info.sessionBreaks ?? [], info.rounds)
  if (!breaks.ok) return breaks
  return ok({
    name,
    venue: tidyName(info.venue),
    startDate: info.startDate,
    endDate,
    rounds: info.rounds,
    ...(breaks.value.length === 0 ? {} : { sessionBreaks: breaks.value }),
  })
}

/**
 * Session breaks as a director types them: round numbers separated by commas or spaces ("7, 12");
 * empty is none. Checked as `validateSessionBreaks` checks them.
 */
export function parseSessionBreaks(text: string, rounds: number): Result<readonly number[]> {
  const parts = text.split(/[\s,]+/).filter((part) => part !== '')
  const bad = parts.find((part) => !/^\d+$/.test(part))
  if (bad !== undefined) {
    return err(
      'tournament.session-breaks.round',
      `A session break falls after a round of the event: a whole number from 1 to ${rounds}, not "${bad}".`,
      { field: 'sessionBreaks', details: { round: bad } },
    )
  }
  return validateSessionBreaks(parts.map(Number), rounds)
}

/**
 * Session breaks (tsh's `session_breaks`): rounds of the event, each a whole number from 1 to the
 * last round (tsh writes the last round too, the end of the last session), given once each in
 * increasing order; returned as given. None is no break.
 */
export function validateSessionBreaks(
  breaks: readonly number[],
  rounds: number,
): Result<readonly number[]> {
  for (const [i, round] of breaks.entries()) {
    if (!Number.isInteger(round) || round < 1 || round > rounds) {
      return err(
        'tournament.session-breaks.round',
        `A session break falls after a round of the event: a whole number from 1 to ${rounds}, not ${round}.`,
        { field: 'sessionBreaks', details: { round } },
      )
    }
    const before = breaks[i - 1]
    if (before !== undefined && round <= before) {
      return err(
        'tournament.session-breaks.order',
        `Session breaks are listed once each in increasing order: ${round} comes after ${before}.`,
        { field: 'sessionBreaks', details: { round, before } },
      )
    }
  }
  return ok([...breaks])
}

export function validateDivisionName(existing: readonly Division[], raw: string): Result<string> {
  const name = tidyName(raw)
  if (name === '') return err('division.name.empty', 'A division needs a name.', { field: 'name' })
  if ([...name].length > MAX_DIVISION_NAME_LENGTH) {
    return err(
      'division.name.too-long',
      `A division's name may have at most ${String(MAX_DIVISION_NAME_LENGTH)} characters, not ${String([...name].length)}.`,
      { field: 'name' },
    )
  }
  const hazard = nameHazard(name)
  if (hazard !== null) {
    return err('division.name.hidden-character', `The division name ${hazard}: type it again.`, {
      field: 'name',
    })
  }
  if (existing.some((d) => d.name.toLowerCase() === name.toLowerCase())) {
    return err('division.name.duplicate', `There is already a division ${name}.`, { field: 'name' })
  }
  // Issue 32: commands in the log may name a division by a name it had (`divisionNamed`).
  const former = existing.find((d) =>
    (d.formerNames ?? []).some((n) => n.toLowerCase() === name.toLowerCase()),
  )
  if (former !== undefined) {
    return err(
      'division.name.former',
      `Division ${former.name} was called ${name} before, and the log names it so: choose another name.`,
      { field: 'name', details: { division: former.name } },
    )
  }
  return ok(name)
}
