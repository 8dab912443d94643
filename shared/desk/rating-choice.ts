/*
 * The Settings screen's rating system per division (issue 22): the choices in words, the preset's
 * default with why it is the default, and the command a choice gives.
 */
import { DEFAULT_RATING_SYSTEM, ratingSystemFor } from '../ratings/division-ratings'
import { isRatingSystem, RATING_SYSTEMS, type RatingSystem } from '../ratings/rating-systems'
import { err, ok, type Result } from '../result'
import type { PresetId } from '../rules/rule-set'
import type { Command } from '../tournament/commands'
import { ratingSystemWords } from '../tournament/rating-settings'
import type { TournamentState } from '../tournament/types'

/**
 * Why each preset's default is what it is (the reasons beside `DEFAULT_RATING_SYSTEM`); `guess`
 * where no rule document says it, so the screen says so.
 */
const DEFAULT_REASONS: Readonly<
  Record<PresetId, { readonly reason: string; readonly guess: boolean }>
> = {
  msa: { reason: 'MSA events are rated by the ABSP’s formula', guess: false },
  'msa-guide': { reason: 'MSA events are rated by the ABSP’s formula', guess: false },
  wsc2003: { reason: 'WESPA rates world championship events', guess: false },
  nsa1995: {
    reason:
      'tsh rates by nsa when config.tsh names no system, so an imported tsh event estimates as tsh wrote it',
    guess: true,
  },
  custom: {
    reason: 'tsh rates by nsa when config.tsh names no system',
    guess: true,
  },
  neon: {
    reason: 'WESPA’s is the international rating NEON events are most often submitted to',
    guess: true,
  },
  naspa: {
    reason: 'NASPA rates the events it sanctions, and naspa2024 is its newest formula in tsh',
    guess: true,
  },
  wespa: { reason: 'WESPA rates events played under its current rules', guess: false },
}

/**
 * Words for a report on a division that follows the rules' default where that default is a guess
 * (issue 22: "a sensible default per preset, said in words where it is a guess"); null when the
 * director chose the system or a rule document says it.
 */
export function guessedSystemWords(state: TournamentState, division: string): string | null {
  if (state.divisions.find((d) => d.name === division)?.ratingSystem !== undefined) return null
  const why = DEFAULT_REASONS[state.rules.preset]
  if (!why.guess) return null
  const system = ratingSystemWords(DEFAULT_RATING_SYSTEM[state.rules.preset])
  return `${system} is the default for ${state.rules.name}, a guess: ${why.reason}. Choose the division’s system in Settings if it is rated by another.`
}

/** What the select offers: the rules' default (stored as no choice), or one system by name. */
export const FOLLOW_DEFAULT = ''

export interface RatingChoice {
  /** A system, or `FOLLOW_DEFAULT`. */
  readonly value: RatingSystem | typeof FOLLOW_DEFAULT
  /** "NASPA (2008 formula)"; the preset's own marked "(default)". */
  readonly label: string
}

export interface DivisionRatingSetting {
  readonly division: string
  /** The system the estimates use now. */
  readonly system: RatingSystem
  /** What the select shows: the director's system, or `FOLLOW_DEFAULT`. */
  readonly value: RatingSystem | typeof FOLLOW_DEFAULT
  readonly defaultSystem: RatingSystem
  /** "Default for NSA tournament rules (1995): NSA (tsh’s original formula), a guess: …". */
  readonly defaultWords: string
  /** The event's configured rounds, which decide the rating segments (issue 22, "Segments"). */
  readonly rounds: number
  readonly choices: readonly RatingChoice[]
}

export function ratingSettings(state: TournamentState): readonly DivisionRatingSetting[] {
  const preset = state.rules.preset
  const defaultSystem = DEFAULT_RATING_SYSTEM[preset]
  const why = DEFAULT_REASONS[preset]
  const defaultWords = `Default for ${state.rules.name}: ${ratingSystemWords(defaultSystem)}, ${why.guess ? 'a guess: ' : 'because '}${why.reason}.`
  const choices: RatingChoice[] = [
    {
      value: FOLLOW_DEFAULT,
      label: `The rules’ default: ${ratingSystemWords(defaultSystem)}`,
    },
    ...RATING_SYSTEMS.map((system) => ({
      value: system,
      label:
        system === defaultSystem
          ? `${ratingSystemWords(system)} (default)`
          : ratingSystemWords(system),
    })),
  ]
  return state.divisions.map((d) => ({
    division: d.name,
    system: ratingSystemFor(state, d.name),
    value: d.ratingSystem ?? FOLLOW_DEFAULT,
    defaultSystem,
    defaultWords,
    rounds: state.info.rounds,
    choices,
  }))
}

/**
 * The command for the director's choice. A system named is stored even when it is the default:
 * the director has said how the division is rated, so the `.t` export writes its `newr`
 * (shared/formats/t-export.ts). The rules' default is stored as no choice, so the division
 * follows the rules if they change.
 */
export function ratingSystemCommand(division: string, value: string): Result<Command> {
  if (value === FOLLOW_DEFAULT) return ok({ type: 'setRatingSystem', division, system: null })
  if (!isRatingSystem(value)) {
    return err(
      'division.rating-system.unknown',
      `“${value}” is not a rating system Rackside knows.`,
    )
  }
  return ok({ type: 'setRatingSystem', division, system: value })
}
