import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import { RULE_FIELDS, withRuleValue } from '../rules/rule-fields'
import { apply } from './apply'

const info = { name: 'Open', venue: '', startDate: '2026-12-01', endDate: '2026-12-01', rounds: 7 }
const byeSpread = RULE_FIELDS.find((f) => f.key === 'byeSpread')!

describe('a tournament keeps its own copy of the rules, which the director may change', () => {
  const created = apply(
    undefined,
    { type: 'createTournament', info, rules: rulesFromPreset('msa') },
    't',
  )
  if (!created.ok) throw new Error(created.error.message)

  test('changeRules stores the changed copy', () => {
    const rules = withRuleValue(created.value.rules, byeSpread, 100)
    const changed = apply(created.value, { type: 'changeRules', rules }, 't')
    expect(changed.ok && changed.value.rules.results.byeSpread).toBe(100)
  })

  test('an impossible value is refused and the rules stay as they were', () => {
    const rules = withRuleValue(created.value.rules, byeSpread, -1)
    const refused = apply(created.value, { type: 'changeRules', rules }, 't')
    expect(refused).toMatchObject({ ok: false, error: { code: 'rules.value.out-of-range' } })
    expect(created.value.rules.results.byeSpread).toBe(50)
  })

  test('a tournament cannot be created with impossible rules', () => {
    const rules = withRuleValue(rulesFromPreset('nsa1995'), byeSpread, 5000)
    expect(apply(undefined, { type: 'createTournament', info, rules }, 't')).toMatchObject({
      ok: false,
      error: { code: 'rules.value.out-of-range' },
    })
  })
})
