/*
 * The Settings screen's rating system per division (issue 22): the choices in words, the preset's
 * default with why it is the default, and the command a choice gives.
 */
import { DEFAULT_RATING_SYSTEM, ratingSystemFor } from '../ratings/division-ratings'
import { RATING_SYSTEMS, type RatingSystem } from '../ratings/rating-systems'
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
}

export interface RatingChoice {
  readonly system: RatingSystem
  /** "NASPA (2008 formula)", and "(default)" on the preset's own. */
  readonly label: string
}

export interface DivisionRatingSetting {
  readonly division: string
  /** The system the estimates use now. */
  readonly system: RatingSystem
  /** The director chose it (else it is the preset's default and follows a change of rules). */
  readonly chosen: boolean
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
  const choices = RATING_SYSTEMS.map((system) => ({
    system,
    label:
      system === defaultSystem
        ? `${ratingSystemWords(system)} (default)`
        : ratingSystemWords(system),
  }))
  return state.divisions.map((d) => ({
    division: d.name,
    system: ratingSystemFor(state, d.name),
    chosen: d.ratingSystem !== undefined,
    defaultSystem,
    defaultWords,
    rounds: state.info.rounds,
    choices,
  }))
}

/**
 * The command for the director's choice: the preset's default is stored as no choice at all, so
 * the division keeps following the rules' default if they change.
 */
export function ratingSystemCommand(
  state: TournamentState,
  division: string,
  system: RatingSystem,
): Command {
  const fallback = DEFAULT_RATING_SYSTEM[state.rules.preset]
  return { type: 'setRatingSystem', division, system: system === fallback ? null : system }
}
