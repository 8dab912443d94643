import { err, ok, type Result } from '../result'
import { PRESETS } from './presets'
import {
  CHALLENGE_RULES,
  EQUAL_FIRSTS_RULES,
  HOLD_RULES,
  LATE_ARRIVAL_METHODS,
  LATE_ENTRY_MISSED_ROUNDS,
  WALK_OUT_RULES,
  type RuleSet,
} from './rule-set'

/**
 * Every value a director may change, described once: the Settings screen draws its editor from
 * this list and `validateRuleSet` checks a rule set against it, so a new rule needs one entry here.
 */
export const RULE_SECTIONS = [
  'clock',
  'lateArrival',
  'starts',
  'results',
  'printed',
  'desk',
] as const
export type RuleSection = (typeof RULE_SECTIONS)[number]

export const SECTION_LABELS: Readonly<Record<RuleSection, string>> = {
  clock: 'Clock',
  lateArrival: 'Late arrival',
  starts: 'Who plays first',
  results: 'Results, byes and forfeits',
  printed: 'Printed on slips',
  desk: 'Registration desk',
}

interface FieldBase<S extends RuleSection> {
  readonly section: S
  readonly key: keyof RuleSet[S] & string
  readonly label: string
}

export type RuleField = {
  [S in RuleSection]:
    | (FieldBase<S> & {
        readonly kind: 'integer'
        readonly unit: string
        readonly min: number
        readonly max: number
        /** The value may be switched off (null), e.g. no spread cap. */
        readonly optional?: boolean
      })
    | (FieldBase<S> & {
        readonly kind: 'choice'
        readonly choices: readonly { readonly value: string; readonly label: string }[]
      })
    | (FieldBase<S> & { readonly kind: 'flag' })
    | (FieldBase<S> & { readonly kind: 'text'; readonly maxLength: number })
}[RuleSection]

/** Room for a document's full list of word authorities (MSA 15 names five books). */
const TEXT_MAX = 400

const label = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }))

export const RULE_FIELDS: readonly RuleField[] = [
  {
    section: 'clock',
    key: 'minutesPerPlayer',
    label: 'Time per player',
    kind: 'integer',
    unit: 'minutes',
    min: 1,
    max: 180,
  },
  {
    section: 'clock',
    key: 'overtimeIncludedMinutes',
    label: 'Of that time, overtime (0 when overtime comes after it)',
    kind: 'integer',
    unit: 'minutes',
    min: 0,
    max: 179,
  },
  {
    section: 'clock',
    key: 'overtimePenaltyPerMinute',
    label: 'Overtime penalty per minute or part of a minute',
    kind: 'integer',
    unit: 'points',
    min: 0,
    max: 100,
  },
  {
    section: 'lateArrival',
    key: 'method',
    label: 'Late player’s clock',
    kind: 'choice',
    choices: label(LATE_ARRIVAL_METHODS, {
      'split-elapsed': 'Both absent: each loses half the time elapsed (MSA 2.2)',
      'own-absence': 'Each loses exactly their own absence (NEON)',
      'clock-runs': 'The absent player’s clock runs from the start',
    }),
  },
  {
    section: 'lateArrival',
    key: 'mayForfeitUnderMinutes',
    label: 'Late player may choose to forfeit with less than',
    kind: 'integer',
    unit: 'minutes left',
    min: 1,
    max: 180,
    optional: true,
  },
  {
    section: 'lateArrival',
    key: 'forfeitWhenClockExpires',
    label: 'Forfeit when the late player’s clock runs out',
    kind: 'flag',
  },
  {
    section: 'lateArrival',
    key: 'forfeitSpread',
    label: 'Lateness forfeit: opponent wins by',
    kind: 'integer',
    unit: 'points',
    min: 0,
    max: 1000,
  },
  {
    section: 'lateArrival',
    key: 'forfeitRated',
    label: 'Lateness forfeits are rated',
    kind: 'flag',
  },
  {
    section: 'starts',
    key: 'fewerFirstsStarts',
    label: 'The player with fewer firsts starts',
    kind: 'flag',
  },
  {
    section: 'starts',
    key: 'moreSecondsStarts',
    label: 'Equal firsts: the player with more seconds starts',
    kind: 'flag',
  },
  {
    section: 'starts',
    key: 'whenEqual',
    label: 'Otherwise',
    kind: 'choice',
    choices: label(EQUAL_FIRSTS_RULES, {
      'draw-tiles': 'Players draw tiles (printed “draw for first”)',
      'program-draw': 'Rackside draws, reproducibly',
    }),
  },
  {
    section: 'results',
    key: 'byeSpread',
    label: 'A bye counts as a win by',
    kind: 'integer',
    unit: 'points',
    min: 0,
    max: 1000,
  },
  { section: 'results', key: 'byeRated', label: 'Byes are rated', kind: 'flag' },
  {
    section: 'results',
    key: 'forfeitSpread',
    label: 'A no-show forfeit is won by',
    kind: 'integer',
    unit: 'points',
    min: 0,
    max: 1000,
  },
  { section: 'results', key: 'forfeitRated', label: 'Forfeits are rated', kind: 'flag' },
  {
    section: 'results',
    key: 'walkOut',
    label: 'A player who walks out',
    kind: 'choice',
    choices: label(WALK_OUT_RULES, {
      'nsa-deficit': 'Loses by 50, or by 50 plus the deficit when behind (NSA VII.J.3)',
      'zero-margin': 'Loses; the opponent wins with 0 margin (NEON)',
      'forfeit-spread': 'Loses by the forfeit spread',
    }),
  },
  {
    section: 'results',
    key: 'spreadPenalty',
    label: 'Director’s spread penalty',
    kind: 'integer',
    unit: 'points',
    min: 0,
    max: 1000,
  },
  {
    section: 'results',
    key: 'warningsToDisqualify',
    label: 'Warnings that disqualify',
    kind: 'integer',
    unit: 'warnings',
    min: 1,
    max: 20,
    optional: true,
  },
  {
    section: 'results',
    key: 'spreadCapPerGame',
    label: 'Cap on one game’s spread in the standings',
    kind: 'integer',
    unit: 'points',
    min: 1,
    max: 1500,
    optional: true,
  },
  {
    section: 'results',
    key: 'maxScore',
    label: 'Highest score accepted',
    kind: 'integer',
    unit: 'points',
    min: 100,
    max: 5000,
  },
  {
    section: 'results',
    key: 'lateEntryMissedRounds',
    label: 'Rounds a late entry missed count as',
    kind: 'choice',
    choices: label(LATE_ENTRY_MISSED_ROUNDS, {
      unplayed: 'Not played: neither a win nor a loss (tsh)',
      'forfeit-loss': 'Forfeit losses at the forfeit spread',
    }),
  },
  {
    section: 'printed',
    key: 'challenge',
    label: 'Challenge rule',
    kind: 'choice',
    choices: label(CHALLENGE_RULES, {
      'penalty-per-word': 'Points off per challenged word',
      free: 'Free challenge',
      double: 'Double challenge (lose a turn)',
    }),
  },
  {
    section: 'printed',
    key: 'challengePenalty',
    label: 'Points per challenged word',
    kind: 'integer',
    unit: 'points',
    min: 0,
    max: 100,
  },
  {
    section: 'printed',
    key: 'holdSeconds',
    label: 'Hold time',
    kind: 'integer',
    unit: 'seconds',
    min: 1,
    max: 300,
    optional: true,
  },
  {
    section: 'printed',
    key: 'holdRule',
    label: 'The hold time is',
    kind: 'choice',
    choices: label(HOLD_RULES, {
      'call-within': 'The time to call “hold” after the opponent’s turn (MSA 12, NSA X.B)',
      'lasts-at-most': 'How long a hold may last before the challenge (MSA guide)',
    }),
  },
  {
    section: 'printed',
    key: 'wordAuthority',
    label: 'Word authority',
    kind: 'text',
    maxLength: TEXT_MAX,
  },
  { section: 'printed', key: 'endOfGame', label: 'End of game', kind: 'text', maxLength: TEXT_MAX },
  {
    section: 'printed',
    key: 'tileDraw',
    label: 'Drawing tiles for first',
    kind: 'text',
    maxLength: TEXT_MAX,
  },
  {
    section: 'desk',
    key: 'reRegisterEveryDay',
    label: 'Players re-register every day',
    kind: 'flag',
  },
  { section: 'desk', key: 'identityTags', label: 'Identity tags shown to enter', kind: 'flag' },
]

export type RuleValue = number | null | boolean | string

export function ruleValue(rules: RuleSet, field: RuleField): RuleValue {
  const section = rules[field.section] as unknown as Readonly<Record<string, RuleValue>>
  return section[field.key] as RuleValue
}

/** A copy of `rules` with one value changed; the result still has to pass `validateRuleSet`. */
export function withRuleValue(rules: RuleSet, field: RuleField, value: RuleValue): RuleSet {
  return { ...rules, [field.section]: { ...rules[field.section], [field.key]: value } }
}

function checkField(field: RuleField, value: unknown): Result<void> {
  const where = { field: `${field.section}.${field.key}` }
  switch (field.kind) {
    case 'integer':
      if (value === null && field.optional) return ok(undefined)
      if (typeof value !== 'number' || !Number.isInteger(value)) {
        return err('rules.value.not-a-number', `${field.label}: a whole number is needed.`, where)
      }
      if (value < field.min || value > field.max) {
        return err(
          'rules.value.out-of-range',
          `${field.label}: ${value} ${field.unit} is outside ${field.min}–${field.max}.`,
          where,
        )
      }
      return ok(undefined)
    case 'choice':
      return field.choices.some((c) => c.value === value)
        ? ok(undefined)
        : err(
            'rules.value.unknown-choice',
            `${field.label}: "${String(value)}" is not a choice.`,
            where,
          )
    case 'flag':
      return typeof value === 'boolean'
        ? ok(undefined)
        : err('rules.value.not-a-flag', `${field.label}: yes or no is needed.`, where)
    case 'text':
      if (typeof value !== 'string') {
        return err('rules.value.not-text', `${field.label}: text is needed.`, where)
      }
      return value.length <= field.maxLength
        ? ok(undefined)
        : err(
            'rules.value.too-long',
            `${field.label}: at most ${field.maxLength} characters.`,
            where,
          )
  }
}

/** Fields a tournament file written before them lacks (they are filled from the preset). */
export const RULE_FIELDS_ADDED_LATER = [
  'clock.overtimeIncludedMinutes',
  'printed.holdRule',
  'printed.tileDraw',
] as const

/**
 * A rule set saved before a field existed has no value for it: it takes its preset's value, so an
 * older tournament still opens (and prints what its document says). Values it has are kept.
 */
function withMissingFromPreset(rules: RuleSet): RuleSet {
  const preset = (PRESETS as Partial<Record<string, RuleSet>>)[rules.preset]
  if (preset === undefined) return rules
  let filled = rules
  for (const field of RULE_FIELDS) {
    const section = rules[field.section] as unknown as Readonly<Record<string, unknown>> | undefined
    if (section !== undefined && Object.hasOwn(section, field.key)) continue
    filled = {
      ...filled,
      [field.section]: { ...preset[field.section], ...filled[field.section] },
    }
  }
  return filled
}

/** A rule set the engine can rely on: every value of the right kind and within its range. */
export function validateRuleSet(given: RuleSet): Result<RuleSet> {
  const rules = withMissingFromPreset(given)
  for (const field of RULE_FIELDS) {
    const checked = checkField(field, ruleValue(rules, field))
    if (!checked.ok) return checked
  }
  if (rules.clock.overtimeIncludedMinutes >= rules.clock.minutesPerPlayer) {
    return err(
      'rules.value.out-of-range',
      `Of that time, overtime: ${rules.clock.overtimeIncludedMinutes} minutes leaves no time to ` +
        `play in ${rules.clock.minutesPerPlayer} minutes per player.`,
      { field: 'clock.overtimeIncludedMinutes' },
    )
  }
  return ok(rules)
}
