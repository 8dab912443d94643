import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from './presets'
import { RULE_FIELDS, withRuleValue } from './rule-fields'
import { RULE_SOURCES, valueSource } from './rule-sources'

const field = (path: string) => {
  const found = RULE_FIELDS.find((f) => `${f.section}.${f.key}` === path)
  if (!found) throw new Error(`no field ${path}`)
  return found
}

describe('the Settings screen tells a document’s value from the preset’s guess', () => {
  test('every cited value is a field of the rule set', () => {
    const paths = new Set(RULE_FIELDS.map((f) => `${f.section}.${f.key}`))
    for (const cited of Object.values(RULE_SOURCES)) {
      for (const path of Object.keys(cited)) expect(paths).toContain(path)
    }
  })

  test.each([
    {
      preset: 'neon',
      path: 'clock.overtimeIncludedMinutes',
      expected: { kind: 'document', section: 'NEON, During 5' },
    },
    // Issue 28: NEON states no overtime penalty, so the preset's 0 is not labelled the document's.
    { preset: 'neon', path: 'clock.overtimePenaltyPerMinute', expected: { kind: 'guess' } },
    // Issue 28: the MSA guide describes both challenges; the label says so, not that it chose free.
    {
      preset: 'msa-guide',
      path: 'printed.challenge',
      expected: {
        kind: 'document',
        section:
          'MSA guide, Challenging describes both the 5-point and the free challenge; the preset picks free',
      },
    },
    {
      preset: 'neon',
      path: 'desk.reRegisterEveryDay',
      expected: { kind: 'document', section: 'NEON, Before 2' },
    },
    {
      preset: 'msa',
      path: 'printed.wordAuthority',
      expected: { kind: 'document', section: 'MSA 15' },
    },
    { preset: 'msa', path: 'results.byeSpread', expected: { kind: 'guess' } },
    {
      preset: 'nsa1995',
      path: 'results.spreadPenalty',
      expected: { kind: 'document', section: 'NSA IV.J.3, VI.C' },
    },
    {
      preset: 'msa-guide',
      path: 'printed.holdRule',
      expected: { kind: 'document', section: 'MSA guide, Challenging' },
    },
    { preset: 'custom', path: 'results.byeSpread', expected: { kind: 'custom' } },
    // Issue 32: WESPA's word source is read (WESPA 1.2, CSW21 for version 5.2); its clock and its
    // lateness threshold could not be, so they are ours.
    {
      preset: 'wespa',
      path: 'printed.wordAuthority',
      expected: {
        kind: 'document',
        section: 'WESPA 1.2 (CSW21, as wespa.org names for version 5.2)',
      },
    },
    { preset: 'wespa', path: 'clock.minutesPerPlayer', expected: { kind: 'guess' } },
    { preset: 'wespa', path: 'lateArrival.mayForfeitUnderMinutes', expected: { kind: 'guess' } },
    { preset: 'naspa', path: 'printed.challenge', expected: { kind: 'guess' } },
  ] as const)('$preset $path: $expected.kind', ({ preset, path, expected }) => {
    expect(valueSource(rulesFromPreset(preset), field(path))).toEqual(expected)
  })

  test('issue 32: no NASPA value is cited, so every field of the preset is marked a guess', () => {
    const rules = rulesFromPreset('naspa')
    for (const f of RULE_FIELDS) expect(valueSource(rules, f)).toEqual({ kind: 'guess' })
  })

  test('a value the director changed is no longer the document’s', () => {
    const changed = withRuleValue(rulesFromPreset('nsa1995'), field('results.byeSpread'), 100)
    expect(valueSource(changed, field('results.byeSpread'))).toEqual({ kind: 'changed' })
  })
})
