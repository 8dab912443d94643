/*
 * A division's rating system (issue 22): which of tsh's formulas its rating estimates use. The
 * estimates themselves are the rating engine's (shared/ratings); this is only the director's choice.
 * Its ranking (issue 32) likewise: the standings apply it, this only stores the choice.
 */
import { isRatingSystem, type RatingSystem } from '../ratings/rating-systems'
import { err, ok, type Result } from '../result'
import { checkRanking, type Ranking } from '../rules/ranking'
import type { Command } from './commands'
import type { Division } from './types'

type CommandOf<T extends Command['type']> = Extract<Command, { readonly type: T }>

/**
 * Stores the division's system, or with null forgets it so the preset's default applies again
 * (and follows a later change of rules). A name tsh does not know is refused: an estimate by an
 * unknown formula would be a number nobody could check.
 */
export function setRatingSystem(
  division: Division,
  command: CommandOf<'setRatingSystem'>,
): Result<Division> {
  const { system } = command
  if (system === null) {
    const rest: Division = { ...division }
    delete (rest as { ratingSystem?: RatingSystem }).ratingSystem
    return ok(rest)
  }
  if (!isRatingSystem(system)) {
    return err(
      'division.rating-system.unknown',
      `“${String(system)}” is not a rating system Rackside knows (division ${division.name}).`,
      { field: 'ratingSystem', details: { system: String(system) } },
    )
  }
  return ok({ ...division, ratingSystem: system })
}

/**
 * Stores the division's ranking (issue 32), or with null forgets it so the documents' order
 * (wins, then spread) holds again. A key listed twice or a cap that is no whole number is
 * refused with the reason (`checkRanking`).
 */
export function setRanking(division: Division, command: CommandOf<'setRanking'>): Result<Division> {
  if (command.ranking === null) {
    const rest: Division = { ...division }
    delete (rest as { ranking?: Ranking }).ranking
    return ok(rest)
  }
  const checked = checkRanking(command.ranking)
  if (!checked.ok) return checked
  return ok({ ...division, ranking: checked.value })
}

const SYSTEM_WORDS: Readonly<Record<RatingSystem, string>> = {
  nsa: 'NSA (tsh’s original formula)',
  nsa2008: 'NASPA (2008 formula)',
  'naspa-csw': 'NASPA Collins (CSW) ratings',
  naspa2024: 'NASPA (2024 formula)',
  wespa: 'WESPA',
  aus: 'Australian (ASA)',
  elo: 'Elo (normal curve)',
  absp: 'ABSP (UK)',
  none: 'none (no estimates)',
}

/** A rating system in words for people: "NASPA (2008 formula)", never the stored key "nsa2008". */
export function ratingSystemWords(system: RatingSystem): string {
  return SYSTEM_WORDS[system]
}
