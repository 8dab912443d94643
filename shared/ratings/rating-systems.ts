/**
 * The rating systems tsh knows and Rackside estimates (issue 22), by tsh's `rating_system` names.
 * `none`: the division is not rated and gets no estimates.
 */
export const RATING_SYSTEMS = [
  'nsa',
  'nsa2008',
  'naspa-csw',
  'naspa2024',
  'wespa',
  'aus',
  'elo',
  'absp',
  'none',
] as const
export type RatingSystem = (typeof RATING_SYSTEMS)[number]

export function isRatingSystem(s: string): s is RatingSystem {
  return (RATING_SYSTEMS as readonly string[]).includes(s)
}

/** How one game's expected score is worked out ("One segment" in issue 22). */
export const EXPECTATIONS = ['nsa-table', 'logistic', 'wespa', 'aus', 'normal'] as const
export type Expectation = (typeof EXPECTATIONS)[number]

/**
 * Where an accelerating player's feedback to their opponents lands: `immediate` is the NSA's
 * original code, which adds it to the opponent's rating at once, so an opponent later in player order
 * accelerates on it too; `deferred` adds everybody's at the end of the segment; `none` gives none.
 */
export type Feedback = 'immediate' | 'deferred' | 'none'

/** How an Elo-family system rates one segment: the facts of issue 22, one row per system. */
export interface EloRules {
  readonly expectation: Expectation
  /** Split long events into segments ("Segments"); `aus` and `wespa` never do. */
  readonly splits: boolean
  /** Multiplier bands by lifetime games and rating, or a flat 20 (`aus`). */
  readonly multiplier: 'bands' | 'flat20'
  /** `wespa` keeps the starting band's multiplier across 1800 and 2000. */
  readonly ignoreBoundaries: boolean
  /** The share of the excess over 5 points a game added again; 0 = no acceleration. */
  readonly acceleration: number
  readonly feedback: Feedback
  /** The NSA's original code: its pseudo-performance rating for newcomers and its 1800/2000 quirk. */
  readonly homan: boolean
  /** The lowest rating a veteran can drop to (`nsa2008`: 1); null = none. */
  readonly floor: number | null
  /** `naspa2024`: each segment's multiplier counts the games of the segments before it. */
  readonly splitLifetimeGames: boolean
}

const LOGISTIC: EloRules = {
  expectation: 'logistic',
  splits: true,
  multiplier: 'bands',
  ignoreBoundaries: false,
  acceleration: 1,
  feedback: 'deferred',
  homan: false,
  floor: null,
  splitLifetimeGames: false,
}

/** The Elo-family systems (all but `absp` and `none`). */
export type EloSystem = Exclude<RatingSystem, 'absp' | 'none'>

export const ELO_RULES: Readonly<Record<EloSystem, EloRules>> = {
  nsa: { ...LOGISTIC, expectation: 'nsa-table', feedback: 'immediate', homan: true },
  nsa2008: { ...LOGISTIC, floor: 1 },
  'naspa-csw': LOGISTIC,
  naspa2024: { ...LOGISTIC, splitLifetimeGames: true },
  wespa: {
    ...LOGISTIC,
    expectation: 'wespa',
    splits: false,
    ignoreBoundaries: true,
    acceleration: 2 / 3,
  },
  aus: {
    ...LOGISTIC,
    expectation: 'aus',
    splits: false,
    multiplier: 'flat20',
    acceleration: 0,
    feedback: 'none',
  },
  elo: { ...LOGISTIC, expectation: 'normal' },
}
