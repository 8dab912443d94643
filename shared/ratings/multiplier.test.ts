import { describe, expect, test } from 'vitest'
import { applyExcess, multiplier } from './multiplier'
import { ELO_RULES } from './rating-systems'

describe('multiplier bands (issue 22, "Multiplier")', () => {
  test.each([
    [49, 1799, 30],
    [49, 1800, 24],
    [49, 2000, 15],
    [50, 1799, 20],
    [50, 1999, 16],
    [50, 2000, 10],
  ])('lifeg %i at %i → %i', (lifeg, rating, m) => {
    expect(multiplier(ELO_RULES.nsa2008, lifeg, rating)).toBe(m)
  })

  test('aus: always 20', () => {
    expect(multiplier(ELO_RULES.aus, 10, 2100)).toBe(20)
  })
})

describe('crossing 1800 and 2000 (issue 22, "Multiplier")', () => {
  test.each([
    // Up across 1800: 10 points at 20 use half a game, the other half at 16.
    ['nsa2008', 100, 1790, 1, 1808],
    // lifeg < 50: 10 points at 30 use ⅓ game, ⅔ at 24.
    ['nsa2008', 10, 1790, 1, 1816],
    // Down across 1800: 11 points at 16 to 1799, the rest (5/16 game) at 20.
    ['nsa2008', 100, 1810, -1, 1792.75],
    // Up across 2000: 10 points at 16, the rest (⅜ game) at 10.
    ['nsa2008', 100, 1990, 1, 2003.75],
    // From exactly 1800 down: to 1799 at 16, the rest at 20.
    ['nsa2008', 100, 1800, -1, 1780.25],
    // nsa's quirk: from exactly 1800 down, 16 all the way.
    ['nsa', 100, 1800, -1, 1784],
    // From exactly 2000 down: to 1999 at 10, the rest at 16.
    ['nsa2008', 100, 2000, -1, 1984.6],
    // nsa's quirk: from exactly 2000 down, 10 all the way while it stays at 1799 or above …
    ['nsa', 100, 2000, -1, 1990],
    ['nsa', 100, 2000, -20, 1800],
    // … and below that, 10 to 1799 and 20 on.
    ['nsa', 100, 2000, -30, 1601],
    // Without the quirk the same drop goes 10 to 1999, 16 to 1799, 20 on.
    ['nsa2008', 100, 2000, -20, 1651],
    // wespa ignores boundaries.
    ['wespa', 100, 1790, 1, 1810],
  ] as const)('%s, lifeg %i: %i with excess %d → %d', (system, lifeg, rating, excess, expected) => {
    expect(applyExcess(ELO_RULES[system], lifeg, rating, excess)).toBeCloseTo(expected, 9)
  })
})
