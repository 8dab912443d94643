import type { PresetId, RuleSet } from './rule-set'

const OSW_OSPD = 'OSW 4th ed. and OSPD 2nd ed. (MSA 15)'
const GOING_OUT = 'Going out adds twice the value of the opponent’s rack'

/** MSA national championship rules (seeds/000). */
const msa: RuleSet = {
  preset: 'msa',
  name: 'MSA tournament rules',
  source: 'Malaysia Scrabble Association tournament rules',
  clock: { minutesPerPlayer: 25, overtimePenaltyPerMinute: 10 }, // 2.1, 2.3
  lateArrival: {
    method: 'split-elapsed', // 2.2
    mayForfeitUnderMinutes: null,
    forfeitWhenClockExpires: true,
    forfeitSpread: 50,
    forfeitRated: true,
  },
  // 1.3; 1.2 lets the organiser have a program decide instead of the 1.4 tile draw: Rackside draws,
  // reproducibly, so every start is known and printed (WSC 2003 and the MSA guide inherit it).
  starts: { fewerFirstsStarts: true, moreSecondsStarts: false, whenEqual: 'program-draw' },
  results: {
    byeSpread: 50,
    byeRated: false,
    forfeitSpread: 50, // 19: the director declares it
    forfeitRated: false,
    walkOut: 'forfeit-spread',
    spreadPenalty: 50,
    warningsToDisqualify: null,
    spreadCapPerGame: null,
    maxScore: 1500,
    lateEntryMissedRounds: 'unplayed', // no document speaks of late entries: tsh's convention
  },
  printed: {
    challenge: 'penalty-per-word', // 12 iv
    challengePenalty: 5,
    holdSeconds: 10,
    wordAuthority: OSW_OSPD,
    endOfGame: GOING_OUT, // 14 iv
  },
  desk: { reRegisterEveryDay: false, identityTags: false },
}

/** WSC 2003 rules: MSA's core with a 15-second hold (seeds/001). */
const wsc2003: RuleSet = {
  ...msa,
  preset: 'wsc2003',
  name: 'World Scrabble Championship 2003',
  source: 'Rules of the 7th World Scrabble Championship 2003',
  printed: {
    ...msa.printed,
    holdSeconds: 15, // 12
    wordAuthority: 'OSW 4th ed. and OSPD 2nd ed. (WSC 14.2)',
    endOfGame: `${GOING_OUT} (WSC 13.2)`,
  },
}

/** The MSA players' guide (seeds/002): late players may forfeit, free challenge. */
const msaGuide: RuleSet = {
  ...msa,
  preset: 'msa-guide',
  name: 'MSA rules guide',
  source: 'MSA rules guide for players',
  lateArrival: {
    method: 'clock-runs',
    mayForfeitUnderMinutes: 15,
    forfeitWhenClockExpires: true,
    forfeitSpread: 50,
    forfeitRated: true,
  },
  results: { ...msa.results, forfeitSpread: 50 },
  printed: {
    challenge: 'free',
    challengePenalty: 0,
    holdSeconds: 30,
    wordAuthority: 'Official word list announced by the director',
    endOfGame: GOING_OUT,
  },
}

/** NEON school and university rules (seeds/003). */
const neon: RuleSet = {
  preset: 'neon',
  name: 'NEON competition rules',
  source: 'NEON competition rules',
  clock: { minutesPerPlayer: 25, overtimePenaltyPerMinute: 10 },
  lateArrival: {
    method: 'own-absence',
    mayForfeitUnderMinutes: null,
    forfeitWhenClockExpires: true,
    forfeitSpread: 100,
    forfeitRated: false,
  },
  starts: { fewerFirstsStarts: true, moreSecondsStarts: false, whenEqual: 'draw-tiles' },
  results: {
    byeSpread: 50,
    byeRated: false,
    forfeitSpread: 100,
    forfeitRated: false,
    walkOut: 'zero-margin',
    spreadPenalty: 50,
    warningsToDisqualify: 3,
    spreadCapPerGame: null,
    maxScore: 1500,
    lateEntryMissedRounds: 'unplayed', // no document speaks of late entries: tsh's convention
  },
  printed: {
    challenge: 'penalty-per-word',
    challengePenalty: 5,
    holdSeconds: 15,
    wordAuthority: 'The official dictionary checker of the event',
    endOfGame: GOING_OUT,
  },
  desk: { reRegisterEveryDay: true, identityTags: true },
}

/** NSA tournament rules, 1995 (seeds/004). */
const nsa1995: RuleSet = {
  preset: 'nsa1995',
  name: 'NSA tournament rules (1995)',
  source: 'NSA official tournament rules, 1995',
  clock: { minutesPerPlayer: 25, overtimePenaltyPerMinute: 10 }, // VIII.A, VIII.C
  lateArrival: {
    method: 'clock-runs',
    mayForfeitUnderMinutes: null,
    forfeitWhenClockExpires: true,
    forfeitSpread: 50,
    forfeitRated: false,
  },
  starts: { fewerFirstsStarts: true, moreSecondsStarts: true, whenEqual: 'draw-tiles' }, // II.F
  results: {
    byeSpread: 50, // VII.J.1
    byeRated: false,
    forfeitSpread: 50, // VII.J.2
    forfeitRated: false,
    walkOut: 'nsa-deficit', // VII.J.3
    spreadPenalty: 50, // IV.J.3, VI.C
    warningsToDisqualify: null,
    spreadCapPerGame: null,
    maxScore: 1500,
    lateEntryMissedRounds: 'unplayed', // no document speaks of late entries: tsh's convention
  },
  printed: {
    challenge: 'double', // X.F
    challengePenalty: 0,
    holdSeconds: 20,
    wordAuthority: 'OSPD 2nd ed.; Merriam-Webster Collegiate 10th for longer words (NSA I)',
    endOfGame: 'Going out adds twice the value of the opponent’s rack',
  },
  desk: { reRegisterEveryDay: false, identityTags: false },
}

/** A neutral starting point the director edits freely. */
const custom: RuleSet = {
  ...nsa1995,
  preset: 'custom',
  name: 'Custom rules',
  source: 'Set by the director',
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

export const PRESETS: Readonly<Record<PresetId, RuleSet>> = deepFreeze({
  msa,
  wsc2003,
  'msa-guide': msaGuide,
  neon,
  nsa1995,
  custom,
})

/** A tournament's own copy of a preset: plain data it may change without touching the preset. */
export function rulesFromPreset(preset: PresetId): RuleSet {
  return structuredCloneRules(PRESETS[preset])
}

function structuredCloneRules(rules: RuleSet): RuleSet {
  return JSON.parse(JSON.stringify(rules)) as RuleSet
}
