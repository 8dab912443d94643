import { describe, expect, test } from 'vitest'
import { applyAll, create } from '../tournament/test-support/event'
import { ratingSettings, ratingSystemCommand } from './rating-choice'

describe('the Settings screen’s choice of rating system', () => {
  const state = applyAll([
    create('neon', 12),
    { type: 'addDivision', name: 'A' },
    { type: 'addDivision', name: 'B' },
    { type: 'setRatingSystem', division: 'B', system: 'nsa2008' },
  ])

  test('every system in words, the preset’s default marked and its reason said as a guess', () => {
    const [a, b] = ratingSettings(state)
    expect(a).toMatchObject({ division: 'A', system: 'wespa', chosen: false, rounds: 12 })
    expect(b).toMatchObject({ division: 'B', system: 'nsa2008', chosen: true })
    expect(a?.choices.map((c) => c.label)).toContain('WESPA (default)')
    expect(a?.choices.map((c) => c.label)).toContain('NASPA (2008 formula)')
    expect(a?.choices).toHaveLength(9)
    expect(a?.defaultWords).toMatch(/^Default for NEON competition rules: WESPA, a guess: /)
  })

  test.each([
    { why: 'another system is stored', system: 'aus', stored: 'aus' },
    {
      why: 'the preset’s default is stored as no choice, to follow the rules',
      system: 'wespa',
      stored: null,
    },
  ] as const)('$why', ({ system, stored }) => {
    expect(ratingSystemCommand(state, 'A', system)).toEqual({
      type: 'setRatingSystem',
      division: 'A',
      system: stored,
    })
  })
})
