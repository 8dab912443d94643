import { PRESETS } from './presets'
import { ruleValue, type RuleField, type RuleSection } from './rule-fields'
import type { PresetId, RuleSet } from './rule-set'

/** A field as `section.key`, the way rule errors name it. */
export type FieldPath = `${RuleSection}.${string}`

/**
 * Where each preset's value comes from: the section of its rule document that says it. A field
 * a preset does not list here is one its document is silent on, so the value is our choice (a
 * guess the Settings screen marks as such). The custom preset has no document.
 */
export const RULE_SOURCES: Readonly<
  Record<Exclude<PresetId, 'custom'>, Readonly<Partial<Record<FieldPath, string>>>>
> = {
  msa: {
    'clock.minutesPerPlayer': 'MSA 2.1',
    'clock.overtimeIncludedMinutes': 'MSA 2.3',
    'clock.overtimePenaltyPerMinute': 'MSA 2.3',
    'lateArrival.method': 'MSA 2.2',
    'starts.fewerFirstsStarts': 'MSA 1.3',
    'starts.moreSecondsStarts': 'MSA 1.3',
    'starts.whenEqual': 'MSA 1.2–1.4',
    'results.walkOut': 'MSA 19',
    'printed.challenge': 'MSA 12 iv',
    'printed.challengePenalty': 'MSA 12 iv',
    'printed.holdSeconds': 'MSA 12 i',
    'printed.holdRule': 'MSA 12 i',
    'printed.wordAuthority': 'MSA 15',
    'printed.endOfGame': 'MSA 14',
    'printed.tileDraw': 'MSA 1.4',
  },
  wsc2003: {
    'clock.minutesPerPlayer': 'WSC 2.1',
    'clock.overtimeIncludedMinutes': 'WSC 2.3',
    'clock.overtimePenaltyPerMinute': 'WSC 2.3',
    'lateArrival.method': 'WSC 2.2',
    'starts.fewerFirstsStarts': 'WSC 1.3',
    'starts.moreSecondsStarts': 'WSC 1.3',
    'starts.whenEqual': 'WSC 1.2–1.4',
    'results.walkOut': 'WSC 14.6',
    'printed.challenge': 'WSC 12.6',
    'printed.challengePenalty': 'WSC 12.6',
    'printed.holdSeconds': 'WSC 12.2',
    'printed.holdRule': 'WSC 12.2',
    'printed.wordAuthority': 'WSC 14.2',
    'printed.endOfGame': 'WSC 13.1, 13.2',
    'printed.tileDraw': 'WSC 1.4',
  },
  'msa-guide': {
    'clock.minutesPerPlayer': 'MSA guide, Before starting',
    'clock.overtimeIncludedMinutes': 'MSA guide, Ending the game',
    'clock.overtimePenaltyPerMinute': 'MSA guide, Ending the game',
    'lateArrival.method': 'MSA guide, Before starting',
    'lateArrival.mayForfeitUnderMinutes': 'MSA guide, Before starting',
    'lateArrival.forfeitWhenClockExpires': 'MSA guide, Before starting',
    'lateArrival.forfeitSpread': 'MSA guide, Before starting',
    'starts.whenEqual': 'MSA guide, Before starting',
    // The guide describes both the 5-point and the free challenge: it does not choose; we do.
    'printed.challenge':
      'MSA guide, Challenging describes both the 5-point and the free challenge; the preset picks free',
    'printed.challengePenalty':
      'MSA guide, Challenging: 5 points with the 5-point challenge, none with the free one the preset picks',
    'printed.holdSeconds': 'MSA guide, Challenging',
    'printed.holdRule': 'MSA guide, Challenging',
    'printed.endOfGame': 'MSA guide, Ending the game',
  },
  neon: {
    'clock.minutesPerPlayer': 'NEON, During 5',
    'clock.overtimeIncludedMinutes': 'NEON, During 5',
    // NEON states no overtime penalty (During 5 puts the overtime inside the 25 minutes, rule 17
    // ends the game when the time is over): the preset's 0 is not the document's.
    'lateArrival.method': 'NEON, Late arrivals',
    'lateArrival.mayForfeitUnderMinutes': 'NEON, Compulsory forfeiture',
    'lateArrival.forfeitWhenClockExpires': 'NEON, Compulsory forfeiture',
    'lateArrival.forfeitSpread': 'NEON, Compulsory forfeiture 1',
    'lateArrival.forfeitRated': 'NEON, Compulsory forfeiture 2',
    'results.forfeitSpread': 'NEON, Compulsory forfeiture 1',
    'results.forfeitRated': 'NEON, Compulsory forfeiture 2',
    'results.walkOut': 'NEON, Competition rules 18',
    'results.warningsToDisqualify': 'NEON, During 2',
    'printed.challenge': 'NEON, Competition rules 9',
    'printed.challengePenalty': 'NEON, Competition rules 9',
    'printed.holdSeconds': 'NEON, Competition rules (no hold)',
    'printed.wordAuthority': 'NEON, Competition rules 8',
    'printed.endOfGame': 'NEON, Competition rules 14–17',
    'desk.reRegisterEveryDay': 'NEON, Before 2',
    'desk.identityTags': 'NEON, During 1',
  },
  nsa1995: {
    'clock.minutesPerPlayer': 'NSA VIII.A',
    'clock.overtimeIncludedMinutes': 'NSA VIII.C',
    'clock.overtimePenaltyPerMinute': 'NSA VIII.C',
    'lateArrival.forfeitSpread': 'NSA VII.J.2',
    'lateArrival.forfeitRated': 'NSA VII.J.2',
    'starts.fewerFirstsStarts': 'NSA II.F.1',
    'starts.moreSecondsStarts': 'NSA II.F.2',
    'starts.whenEqual': 'NSA II.F.1',
    'results.byeSpread': 'NSA VII.J.1',
    'results.byeRated': 'NSA VII.J.2',
    'results.forfeitSpread': 'NSA VII.J.2',
    'results.forfeitRated': 'NSA VII.J.2',
    'results.walkOut': 'NSA VII.J.3',
    'results.spreadPenalty': 'NSA IV.J.3, VI.C',
    'printed.challenge': 'NSA X.F',
    'printed.challengePenalty': 'NSA X.F',
    'printed.holdSeconds': 'NSA X.B',
    'printed.holdRule': 'NSA X.B',
    'printed.wordAuthority': 'NSA I',
    'printed.endOfGame': 'NSA VII.A, VII.C',
    'printed.tileDraw': 'NSA II.F.1',
  },
  // Issue 32. Only the front matter of NASPA's 2017 rules could be read (docs/federation-rules.md):
  // no value is cited, so the Settings screen marks every one of them a guess.
  naspa: {},
  // WESPA's contents (versions 1 to 4 keep the numbering) and wespa.org's organiser page, which
  // says the current rules, 5.2, name CSW21; the other values are the WSC 2003 preset's, our choice.
  wespa: {
    'printed.wordAuthority': 'WESPA 1.2 (CSW21, as wespa.org names for version 5.2)',
  },
}

/**
 * Where a value of `rules` comes from, for the Settings screen: the document's section, a guess
 * (the document is silent and the preset chose), the director's own change from the preset, or
 * the custom preset (no document).
 */
export type ValueSource =
  | { readonly kind: 'document'; readonly section: string }
  | { readonly kind: 'guess' }
  | { readonly kind: 'changed' }
  | { readonly kind: 'custom' }

export function valueSource(rules: RuleSet, field: RuleField): ValueSource {
  if (rules.preset === 'custom') return { kind: 'custom' }
  if (ruleValue(rules, field) !== ruleValue(PRESETS[rules.preset], field)) {
    return { kind: 'changed' }
  }
  const section = RULE_SOURCES[rules.preset][`${field.section}.${field.key}`]
  return section === undefined ? { kind: 'guess' } : { kind: 'document', section }
}
