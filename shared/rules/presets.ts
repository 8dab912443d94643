import type { PresetId, RuleSet } from './rule-set'

/*
 * Printed texts are our own words for what each document says; the section is cited in brackets so
 * a player can look it up. Values a document is silent on are the preset's choices: the Settings
 * screen marks them (rule-sources.ts).
 */

/** MSA 15 and WSC 14.2 name the same five references. */
const MSA_BOOKS =
  'Chambers Official Scrabble Words (OSW), 4th edition; Merriam-Webster Official Scrabble Players ' +
  'Dictionary (OSPD), corrected 2nd edition, with the OSPD Supplementary Word List; The Chambers ' +
  'Dictionary, 1998 edition; Merriam-Webster’s Tenth New Collegiate Dictionary'

const GOES_OUT =
  'the player who goes out adds twice the value of the tiles left on the opponent’s rack'

/**
 * MSA 14 iv, WSC 13.2, NSA VII.C: when the game ends with tiles on both racks, each player takes
 * the value of their own tiles off their score (the MSA guide states only the going-out bonus).
 */
const BOTH_HOLD_TILES =
  'if both players still hold tiles, each takes the value of their own tiles off their score'

/** MSA 1.4 and WSC 1.4: one tile each, nearest to A starts, a blank before A, equal letters again. */
const drawNearestA = (section: string): string =>
  `Each player draws one tile: the letter nearer to A starts, a blank counts before A, and equal ` +
  `letters draw again (${section})`

/** MSA national championship rules (seeds/000). */
const msa: RuleSet = {
  preset: 'msa',
  name: 'MSA tournament rules',
  source: 'Malaysia Scrabble Association tournament rules',
  // 2.1, 2.3: overtime comes after the 25 minutes
  clock: { minutesPerPlayer: 25, overtimeIncludedMinutes: 0, overtimePenaltyPerMinute: 10 },
  lateArrival: {
    method: 'split-elapsed', // 2.2
    mayForfeitUnderMinutes: null,
    forfeitWhenClockExpires: true,
    forfeitSpread: 50,
    // No document says a forfeit is rated (NSA VII.J.2 and NEON say it is not): as the no-show.
    forfeitRated: false,
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
    holdSeconds: 10, // 12 i
    holdRule: 'call-within',
    wordAuthority: `${MSA_BOOKS} (MSA 15)`,
    endOfGame:
      'The game ends when a player has played out with the bag empty, after six passes in a row ' +
      `(three each), or when the director ends the round; ${GOES_OUT}; ${BOTH_HOLD_TILES} ` +
      '(MSA 14)',
    tileDraw: drawNearestA('MSA 1.4'),
  },
  desk: { reRegisterEveryDay: false, identityTags: false },
}

/** WSC 2003 rules: MSA's core with a 15-second hold and scoreless turns (seeds/001). */
const wsc2003: RuleSet = {
  ...msa,
  preset: 'wsc2003',
  name: 'World Scrabble Championship 2003',
  source: 'Rules of the 7th World Scrabble Championship 2003',
  printed: {
    ...msa.printed,
    holdSeconds: 15, // 12.1, 12.2
    wordAuthority: `${MSA_BOOKS} (WSC 14.2)`,
    endOfGame:
      'The game ends when a player has played out with the bag empty, after six scoreless turns ' +
      'in a row (three each; passes, exchanges and plays challenged off all count), or when the ' +
      `director ends the round; ${GOES_OUT}; ${BOTH_HOLD_TILES} (WSC 13.1, 13.2)`,
    tileDraw: drawNearestA('WSC 1.4'),
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
    forfeitRated: false, // the guide is silent: not rated, as every other forfeit
  },
  results: { ...msa.results, forfeitSpread: 50 },
  printed: {
    challenge: 'free',
    challengePenalty: 0,
    // "Challenging": a hold, once called, gives the challenger up to 30 seconds to decide.
    holdSeconds: 30,
    holdRule: 'lasts-at-most',
    wordAuthority: 'The word list on the event’s challenge computer, as the director announces',
    endOfGame:
      'The game ends when a player has played out with the bag empty, or after six scores of ' +
      `zero in a row from passes, exchanges and challenges; ${GOES_OUT}`,
    tileDraw: drawNearestA('as MSA 1.4'),
  },
}

/** NEON school and university rules (seeds/003). */
const neon: RuleSet = {
  preset: 'neon',
  name: 'NEON competition rules',
  source: 'NEON competition rules',
  // "During" 5: 25 minutes each, the last 5 of them overtime; competition rule 17 ends the game
  // when the time is over, so nobody plays past it and no penalty is stated or charged.
  clock: { minutesPerPlayer: 25, overtimeIncludedMinutes: 5, overtimePenaltyPerMinute: 0 },
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
    holdSeconds: null, // the competition rules have no hold
    holdRule: 'call-within',
    wordAuthority: 'The official dictionary, through the committee’s dictionary checker',
    // Competition rules 14-17: no rack bonus is stated, so none is printed.
    endOfGame:
      'The game ends when a player has used all their tiles with the sack empty, when both ' +
      'players have passed twice round (an exchange is not a pass), or when the time is over',
    tileDraw: drawNearestA('as MSA 1.4'),
  },
  desk: { reRegisterEveryDay: true, identityTags: true },
}

/** NSA tournament rules, 1995 (seeds/004). */
const nsa1995: RuleSet = {
  preset: 'nsa1995',
  name: 'NSA tournament rules (1995)',
  source: 'NSA official tournament rules, 1995',
  // VIII.A, VIII.C
  clock: { minutesPerPlayer: 25, overtimeIncludedMinutes: 0, overtimePenaltyPerMinute: 10 },
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
    holdSeconds: 20, // X.B
    holdRule: 'call-within',
    wordAuthority:
      'Official Scrabble Players Dictionary, 2nd edition (OSPD2), with its correction list; a ' +
      'word of nine letters or more not in it must be in Merriam-Webster’s New Collegiate ' +
      'Dictionary, 10th edition (NSA I)',
    endOfGame:
      'The game ends when a player has played out with the bag empty, or after six scores of ' +
      `zero in a row (passes, exchanges and lost challenges); ${GOES_OUT}; ${BOTH_HOLD_TILES} ` +
      '(NSA VII.A, VII.C)',
    tileDraw:
      'Each player draws one tile: the letter nearer to A starts; a blank starts unless the ' +
      'other draws the second blank; equal letters or two blanks draw again (NSA II.F.1)',
  },
  desk: { reRegisterEveryDay: false, identityTags: false },
}

/**
 * NASPA Official Tournament Rules, the edition in force from January 2017 (issue 32). NASPA took
 * the NSA's rules over in 2009 and has revised them since; only the front matter of the 2017
 * editions could be read here (docs/federation-rules.md), so every value is the NSA 1995 preset's,
 * carried over as our choice, and RULE_SOURCES cites none of them: the Settings screen marks each
 * one a guess until it is checked against the book.
 */
const naspa: RuleSet = {
  ...nsa1995,
  preset: 'naspa',
  name: 'NASPA tournament rules',
  source: 'NASPA Official Tournament Rules, 2017 edition',
  printed: {
    ...nsa1995.printed,
    // NASPA runs NWL and Collins divisions; which list a division plays is the director's.
    wordAuthority:
      'The word list the director announces for the division: the NASPA Word List, or Collins ' +
      'Scrabble Words',
    // The federations' own wording could not be read (docs/federation-rules.md): NSA VII.A and
    // VII.C's, without their section.
    endOfGame:
      'The game ends when a player has played out with the bag empty, or after six scores of ' +
      `zero in a row (passes, exchanges and lost challenges); ${GOES_OUT}; ${BOTH_HOLD_TILES}`,
    tileDraw:
      'Each player draws one tile: the letter nearer to A starts, a blank before A; equal ' +
      'letters draw again',
  },
}

/**
 * WESPA Rules, version 5.2, the version WESPA names for rated events (issue 32). WESPA's rules grew
 * out of the world championship rules, so the values are the WSC 2003 preset's, our choice, except
 * where what could be read of WESPA's says otherwise (docs/federation-rules.md).
 */
const wespa: RuleSet = {
  ...wsc2003,
  preset: 'wespa',
  name: 'WESPA rules',
  source: 'WESPA Rules, version 5.2',
  lateArrival: {
    ...wsc2003.lateArrival,
    // WESPA's contents list an optional forfeiture for lateness (2.3.4), which the WSC 2003 rules
    // lack; its threshold could not be read, so this is the MSA guide's 15 minutes, our choice.
    mayForfeitUnderMinutes: 15,
  },
  printed: {
    ...wsc2003.printed,
    wordAuthority:
      'Collins Scrabble Words 2021 (CSW21), the word source the current WESPA Rules name ' +
      '(WESPA 1.2)',
    // WSC 13.1 and 13.2's, without their section: WESPA's own wording could not be read.
    endOfGame:
      'The game ends when a player has played out with the bag empty, after six scoreless turns ' +
      'in a row (three each; passes, exchanges and plays challenged off all count), or when the ' +
      `director ends the round; ${GOES_OUT}; ${BOTH_HOLD_TILES}`,
    tileDraw: drawNearestA('as WSC 2003 1.4'),
  },
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
  naspa,
  wespa,
  custom,
})

/** A tournament's own copy of a preset: plain data it may change without touching the preset. */
export function rulesFromPreset(preset: PresetId): RuleSet {
  return structuredCloneRules(PRESETS[preset])
}

function structuredCloneRules(rules: RuleSet): RuleSet {
  return JSON.parse(JSON.stringify(rules)) as RuleSet
}
