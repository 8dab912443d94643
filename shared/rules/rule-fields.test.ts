import { describe, expect, test } from 'vitest'
import { PRESETS, rulesFromPreset } from './presets'
import { PRESET_IDS } from './rule-set'
import { RULE_FIELDS, ruleValue, validateRuleSet, withRuleValue } from './rule-fields'

const field = (key: string) => {
  const found = RULE_FIELDS.find((f) => f.key === key)
  if (!found) throw new Error(`no field ${key}`)
  return found
}

describe('every value of a rule set is described once, and checked against that description', () => {
  test.each(PRESET_IDS)('the %s preset is a valid rule set', (id) => {
    expect(validateRuleSet(PRESETS[id])).toEqual({ ok: true, value: PRESETS[id] })
  })

  test('every value the presets hold has an editor field, and every field a value', () => {
    const described = new Set(RULE_FIELDS.map((f) => `${f.section}.${f.key}`))
    const held = Object.entries(PRESETS.nsa1995).flatMap(([section, values]) =>
      typeof values === 'object' ? Object.keys(values).map((key) => `${section}.${key}`) : [],
    )
    expect([...described].sort()).toEqual(held.sort())
  })

  test.each([
    { key: 'minutesPerPlayer', value: 0, code: 'rules.value.out-of-range' },
    { key: 'minutesPerPlayer', value: 24.5, code: 'rules.value.not-a-number' },
    { key: 'byeSpread', value: -50, code: 'rules.value.out-of-range' },
    { key: 'byeSpread', value: null, code: 'rules.value.not-a-number' },
    { key: 'whenEqual', value: 'coin-toss', code: 'rules.value.unknown-choice' },
    { key: 'byeRated', value: 'yes', code: 'rules.value.not-a-flag' },
    { key: 'wordAuthority', value: 'x'.repeat(401), code: 'rules.value.too-long' },
    { key: 'holdSeconds', value: 0, code: 'rules.value.out-of-range' },
    { key: 'holdRule', value: 'shout', code: 'rules.value.unknown-choice' },
    { key: 'overtimeIncludedMinutes', value: 25, code: 'rules.value.out-of-range' },
    { key: 'lateEntryMissedRounds', value: 'bye', code: 'rules.value.unknown-choice' },
    { key: 'lateEntryMissedRounds', value: undefined, code: 'rules.value.unknown-choice' },
  ])('$key = $value is refused with $code', ({ key, value, code }) => {
    const changed = withRuleValue(rulesFromPreset('nsa1995'), field(key), value as never)
    expect(validateRuleSet(changed)).toMatchObject({
      ok: false,
      error: { code, field: `${field(key).section}.${key}` },
    })
  })

  test.each([
    { key: 'spreadCapPerGame', value: 350, why: 'Thai events cap a game’s spread at 350' },
    { key: 'spreadCapPerGame', value: null, why: 'no cap' },
    { key: 'warningsToDisqualify', value: 3, why: 'NEON: three warnings disqualify' },
    { key: 'mayForfeitUnderMinutes', value: 15, why: 'MSA guide: under 15 minutes left' },
    {
      key: 'lateEntryMissedRounds',
      value: 'forfeit-loss',
      why: 'a director counts missed rounds as losses',
    },
    { key: 'lateEntryMissedRounds', value: 'unplayed', why: 'tsh: opponent 0, score 0' },
  ])('$key = $value is accepted ($why)', ({ key, value }) => {
    const changed = withRuleValue(rulesFromPreset('nsa1995'), field(key), value)
    expect(validateRuleSet(changed).ok).toBe(true)
    expect(ruleValue(changed, field(key))).toBe(value)
  })

  test('changing one value leaves the preset and the other values alone', () => {
    const mine = withRuleValue(rulesFromPreset('msa'), field('byeSpread'), 100)
    expect(mine.results.byeSpread).toBe(100)
    expect(PRESETS.msa.results.byeSpread).toBe(50)
    expect(mine.results.forfeitSpread).toBe(PRESETS.msa.results.forfeitSpread)
  })
})
