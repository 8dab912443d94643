import { describe, expect, test } from 'vitest'
import { applyAll, create } from '../tournament/test-support/event'
import { FOLLOW_DEFAULT, ratingSettings, ratingSystemCommand } from './rating-choice'

describe('the Settings screen’s choice of rating system', () => {
  const state = applyAll([
    create('neon', 12),
    { type: 'addDivision', name: 'A' },
    { type: 'addDivision', name: 'B' },
    { type: 'setRatingSystem', division: 'B', system: 'nsa2008' },
  ])

  test('every system in words, the preset’s default marked and its reason said as a guess', () => {
    const [a, b] = ratingSettings(state)
    expect(a).toMatchObject({ division: 'A', system: 'wespa', value: FOLLOW_DEFAULT, rounds: 12 })
    expect(b).toMatchObject({ division: 'B', system: 'nsa2008', value: 'nsa2008' })
    const labels = a?.choices.map((c) => c.label)
    expect(labels?.[0]).toBe('The rules’ default: WESPA')
    expect(labels).toContain('WESPA (default)')
    expect(labels).toContain('NASPA (2008 formula)')
    expect(a?.choices).toHaveLength(10)
    expect(a?.defaultWords).toMatch(/^Default for NEON competition rules: WESPA, a guess: /)
  })

  test('a reason from a rule document is not called a guess (WSC 2003: WESPA)', () => {
    const wsc = applyAll([create('wsc2003', 12), { type: 'addDivision', name: 'A' }])
    expect(ratingSettings(wsc)[0]?.defaultWords).toBe(
      'Default for World Scrabble Championship 2003: WESPA, because WESPA rates world championship events.',
    )
  })

  test.each([
    {
      preset: 'wespa' as const,
      words:
        'Default for WESPA rules: WESPA, because WESPA rates events played under its current rules.',
    },
    { preset: 'naspa' as const, words: /^Default for NASPA tournament rules: .*, a guess: NASPA/ },
  ])('issue 32: $preset’s default rating system is explained', ({ preset, words }) => {
    const event = applyAll([create(preset, 12), { type: 'addDivision', name: 'A' }])
    expect(ratingSettings(event)[0]?.defaultWords).toMatch(words)
  })

  test.each([
    {
      why: 'a system named is stored, the default too (its .t then has newr)',
      value: 'wespa',
      stored: 'wespa',
    },
    {
      why: 'the rules’ default is stored as no choice, to follow the rules',
      value: FOLLOW_DEFAULT,
      stored: null,
    },
  ])('$why', ({ value, stored }) => {
    expect(ratingSystemCommand('A', value)).toEqual({
      ok: true,
      value: { type: 'setRatingSystem', division: 'A', system: stored },
    })
  })

  test('a value the select never offers is refused, not sent', () => {
    const refused = ratingSystemCommand('A', 'glixo')
    expect(refused.ok ? null : refused.error.code).toBe('division.rating-system.unknown')
  })
})
