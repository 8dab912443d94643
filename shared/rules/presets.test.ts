import { describe, expect, test } from 'vitest'
import { PRESETS, rulesFromPreset } from './presets'
import { PRESET_IDS, type PresetId, type RuleSet } from './rule-set'

interface Row {
  readonly rule: string
  readonly preset: PresetId
  readonly value: (rules: RuleSet) => unknown
  readonly expected: unknown
}

/** The numbers a preset decides, without its labels and printed texts. */
const rulesCore = (rules: RuleSet) => ({
  clock: rules.clock,
  lateArrival: rules.lateArrival,
  starts: rules.starts,
  results: rules.results,
  desk: rules.desk,
})

/** One row per cell of rules.md the presets hold (document and section in the name). */
const rows: readonly Row[] = [
  // Clock, overtime and late arrival
  {
    rule: 'MSA 2.1: 25 minutes per player',
    preset: 'msa',
    value: (r) => r.clock.minutesPerPlayer,
    expected: 25,
  },
  {
    rule: 'WSC 2.1: 25 minutes per player',
    preset: 'wsc2003',
    value: (r) => r.clock.minutesPerPlayer,
    expected: 25,
  },
  {
    rule: 'MSA guide: 25 minutes per player',
    preset: 'msa-guide',
    value: (r) => r.clock.minutesPerPlayer,
    expected: 25,
  },
  {
    rule: 'NEON: 25 minutes per player',
    preset: 'neon',
    value: (r) => r.clock.minutesPerPlayer,
    expected: 25,
  },
  {
    rule: 'NSA VIII.A: 25 minutes per player',
    preset: 'nsa1995',
    value: (r) => r.clock.minutesPerPlayer,
    expected: 25,
  },
  {
    rule: 'MSA 2.3: 10 points per started minute over',
    preset: 'msa',
    value: (r) => r.clock.overtimePenaltyPerMinute,
    expected: 10,
  },
  {
    rule: 'WSC 2.3: 10 points per started minute over',
    preset: 'wsc2003',
    value: (r) => r.clock.overtimePenaltyPerMinute,
    expected: 10,
  },
  {
    rule: 'MSA guide: 10 points per minute over',
    preset: 'msa-guide',
    value: (r) => r.clock.overtimePenaltyPerMinute,
    expected: 10,
  },
  {
    rule: 'NSA VIII.C: 10 points per minute or fraction',
    preset: 'nsa1995',
    value: (r) => r.clock.overtimePenaltyPerMinute,
    expected: 10,
  },
  {
    rule: 'MSA 2.2: both late, each loses half the time elapsed',
    preset: 'msa',
    value: (r) => r.lateArrival.method,
    expected: 'split-elapsed',
  },
  {
    rule: 'WSC 2.2: as MSA, half the elapsed time each',
    preset: 'wsc2003',
    value: (r) => r.lateArrival.method,
    expected: 'split-elapsed',
  },
  {
    rule: 'MSA guide: the director starts the late player’s clock',
    preset: 'msa-guide',
    value: (r) => r.lateArrival.method,
    expected: 'clock-runs',
  },
  {
    rule: 'NEON: a late player loses exactly their own absence',
    preset: 'neon',
    value: (r) => r.lateArrival.method,
    expected: 'own-absence',
  },
  {
    rule: 'MSA guide: under 15 minutes left the late player may forfeit',
    preset: 'msa-guide',
    value: (r) => r.lateArrival.mayForfeitUnderMinutes,
    expected: 15,
  },
  {
    rule: 'MSA: no choice to forfeit when late',
    preset: 'msa',
    value: (r) => r.lateArrival.mayForfeitUnderMinutes,
    expected: null,
  },
  {
    rule: 'MSA guide: a late player whose clock expired forfeits',
    preset: 'msa-guide',
    value: (r) => r.lateArrival.forfeitWhenClockExpires,
    expected: true,
  },
  {
    rule: 'MSA guide: a late forfeit is won by 50',
    preset: 'msa-guide',
    value: (r) => r.lateArrival.forfeitSpread,
    expected: 50,
  },
  {
    rule: 'NEON: not arrived before their time expires, forfeit',
    preset: 'neon',
    value: (r) => r.lateArrival.forfeitWhenClockExpires,
    expected: true,
  },
  {
    rule: 'NEON: a lateness forfeit is won by 100',
    preset: 'neon',
    value: (r) => r.lateArrival.forfeitSpread,
    expected: 100,
  },
  {
    rule: 'NEON: a lateness forfeit is not rated',
    preset: 'neon',
    value: (r) => r.lateArrival.forfeitRated,
    expected: false,
  },
  // Who plays first
  {
    rule: 'MSA 1.3: fewer firsts starts',
    preset: 'msa',
    value: (r) => r.starts.fewerFirstsStarts,
    expected: true,
  },
  {
    rule: 'WSC 1.3: fewer firsts starts',
    preset: 'wsc2003',
    value: (r) => r.starts.fewerFirstsStarts,
    expected: true,
  },
  {
    rule: 'NSA II.F.1: fewer firsts starts',
    preset: 'nsa1995',
    value: (r) => r.starts.fewerFirstsStarts,
    expected: true,
  },
  {
    rule: 'MSA 1.2: firsts equal, the organiser lets the program decide (not the 1.4 draw)',
    preset: 'msa',
    value: (r) => r.starts.whenEqual,
    expected: 'program-draw',
  },
  {
    rule: 'WSC 1.2: firsts equal, the organiser lets the program decide (not the 1.4 draw)',
    preset: 'wsc2003',
    value: (r) => r.starts.whenEqual,
    expected: 'program-draw',
  },
  {
    rule: 'MSA guide: the starter is announced with the pairings, so the program decides',
    preset: 'msa-guide',
    value: (r) => r.starts.whenEqual,
    expected: 'program-draw',
  },
  {
    rule: 'MSA guide: the player with fewer firsts starts (balanced starts as in MSA 1.3)',
    preset: 'msa-guide',
    value: (r) => r.starts.fewerFirstsStarts,
    expected: true,
  },
  {
    rule: 'NEON: silent on starts, the tile draw stays',
    preset: 'neon',
    value: (r) => r.starts.whenEqual,
    expected: 'draw-tiles',
  },
  {
    rule: 'NSA II.F.1: firsts equal, draw tiles',
    preset: 'nsa1995',
    value: (r) => r.starts.whenEqual,
    expected: 'draw-tiles',
  },
  {
    rule: 'NSA II.F.2: firsts equal, more seconds starts',
    preset: 'nsa1995',
    value: (r) => r.starts.moreSecondsStarts,
    expected: true,
  },
  {
    rule: 'MSA: no more-seconds rule',
    preset: 'msa',
    value: (r) => r.starts.moreSecondsStarts,
    expected: false,
  },
  // Results, byes, forfeits and spread
  {
    rule: 'NSA VII.J.1: a bye is +50',
    preset: 'nsa1995',
    value: (r) => r.results.byeSpread,
    expected: 50,
  },
  {
    rule: 'NSA VII.J.2: a forfeit is 50 either way',
    preset: 'nsa1995',
    value: (r) => r.results.forfeitSpread,
    expected: 50,
  },
  {
    rule: 'NSA VII.J.2: byes are not rated',
    preset: 'nsa1995',
    value: (r) => r.results.byeRated,
    expected: false,
  },
  {
    rule: 'NSA VII.J.2: forfeits are not rated',
    preset: 'nsa1995',
    value: (r) => r.results.forfeitRated,
    expected: false,
  },
  {
    rule: 'NSA VII.J.3: a walk-out loses by 50 or 50 plus the deficit',
    preset: 'nsa1995',
    value: (r) => r.results.walkOut,
    expected: 'nsa-deficit',
  },
  {
    rule: 'NSA IV.J.3, VI.C: a spread penalty is 50',
    preset: 'nsa1995',
    value: (r) => r.results.spreadPenalty,
    expected: 50,
  },
  {
    rule: 'MSA guide: the opponent of a no-show wins by 50',
    preset: 'msa-guide',
    value: (r) => r.results.forfeitSpread,
    expected: 50,
  },
  {
    rule: 'NEON: the opponent of a no-show wins by 100',
    preset: 'neon',
    value: (r) => r.results.forfeitSpread,
    expected: 100,
  },
  {
    rule: 'NEON: forfeits are not rated',
    preset: 'neon',
    value: (r) => r.results.forfeitRated,
    expected: false,
  },
  {
    rule: 'NEON: a walk-out gives the winner 1 win and 0 margin',
    preset: 'neon',
    value: (r) => r.results.walkOut,
    expected: 'zero-margin',
  },
  {
    rule: 'MSA 19: the director declares a walk-out a forfeit',
    preset: 'msa',
    value: (r) => r.results.walkOut,
    expected: 'forfeit-spread',
  },
  {
    rule: 'NEON: 3 warnings disqualify',
    preset: 'neon',
    value: (r) => r.results.warningsToDisqualify,
    expected: 3,
  },
  {
    rule: 'NSA: warnings are not counted',
    preset: 'nsa1995',
    value: (r) => r.results.warningsToDisqualify,
    expected: null,
  },
  ...(['msa', 'wsc2003', 'msa-guide', 'neon', 'nsa1995'] as const).map((preset): Row => ({
    rule: `${preset}: silent on late entries, so their missed rounds are unplayed (tsh)`,
    preset,
    value: (r) => r.results.lateEntryMissedRounds,
    expected: 'unplayed',
  })),
  {
    rule: 'NEON: players re-register every day',
    preset: 'neon',
    value: (r) => r.desk.reRegisterEveryDay,
    expected: true,
  },
  {
    rule: 'NEON: an identity tag is shown to enter',
    preset: 'neon',
    value: (r) => r.desk.identityTags,
    expected: true,
  },
  {
    rule: 'MSA: no daily re-registration',
    preset: 'msa',
    value: (r) => r.desk.reRegisterEveryDay,
    expected: false,
  },
  // Printed on slips
  {
    rule: 'MSA 12 iv: 5 points per challenged word',
    preset: 'msa',
    value: (r) => [r.printed.challenge, r.printed.challengePenalty],
    expected: ['penalty-per-word', 5],
  },
  {
    rule: 'WSC 12.6: 5 points per challenged word',
    preset: 'wsc2003',
    value: (r) => [r.printed.challenge, r.printed.challengePenalty],
    expected: ['penalty-per-word', 5],
  },
  {
    rule: 'NEON: 5 points per challenged word',
    preset: 'neon',
    value: (r) => [r.printed.challenge, r.printed.challengePenalty],
    expected: ['penalty-per-word', 5],
  },
  {
    rule: 'MSA guide: free challenge',
    preset: 'msa-guide',
    value: (r) => [r.printed.challenge, r.printed.challengePenalty],
    expected: ['free', 0],
  },
  {
    rule: 'NSA X.F: double challenge',
    preset: 'nsa1995',
    value: (r) => r.printed.challenge,
    expected: 'double',
  },
  {
    rule: 'MSA: a 10-second hold',
    preset: 'msa',
    value: (r) => r.printed.holdSeconds,
    expected: 10,
  },
  {
    rule: 'WSC 12: a 15-second hold, longer than MSA’s',
    preset: 'wsc2003',
    value: (r) => r.printed.holdSeconds,
    expected: 15,
  },
  {
    rule: 'MSA guide: a 30-second hold',
    preset: 'msa-guide',
    value: (r) => r.printed.holdSeconds,
    expected: 30,
  },
  {
    rule: 'NSA: a 20-second hold',
    preset: 'nsa1995',
    value: (r) => r.printed.holdSeconds,
    expected: 20,
  },
]

describe('each preset holds its rule document’s numbers (rules.md)', () => {
  test.each(rows)('$preset — $rule', ({ preset, value, expected }) => {
    expect(value(PRESETS[preset])).toEqual(expected)
  })

  test.each([
    { rule: 'MSA 15', preset: 'msa' as const, cites: /MSA 15/ },
    { rule: 'WSC 14.2', preset: 'wsc2003' as const, cites: /WSC 14\.2/ },
    { rule: 'NSA I', preset: 'nsa1995' as const, cites: /NSA I\b/ },
  ])('$preset names its word authority and cites $rule', ({ preset, cites }) => {
    expect(PRESETS[preset].printed.wordAuthority).toMatch(cites)
  })

  test.each([
    { rule: 'MSA 14 iv', preset: 'msa' as const },
    { rule: 'WSC 13.2', preset: 'wsc2003' as const },
    { rule: 'MSA guide', preset: 'msa-guide' as const },
  ])('$preset: going out adds twice the opponent’s rack ($rule)', ({ preset }) => {
    expect(PRESETS[preset].printed.endOfGame).toMatch(/twice/)
  })

  test('WSC 2003 differs from MSA only where its document does: hold, authority, citation', () => {
    expect(rulesCore(PRESETS.wsc2003)).toEqual(rulesCore(PRESETS.msa))
    const sameText = { holdSeconds: 0, wordAuthority: '', endOfGame: '' }
    expect({ ...PRESETS.wsc2003.printed, ...sameText }).toEqual({
      ...PRESETS.msa.printed,
      ...sameText,
    })
  })
})

describe('presets are shared data; a tournament edits only its own copy', () => {
  test('there is exactly one preset per id, each labelled with its own id', () => {
    expect(Object.keys(PRESETS).sort()).toEqual([...PRESET_IDS].sort())
    for (const id of PRESET_IDS) expect(PRESETS[id].preset).toBe(id)
  })

  test.each(PRESET_IDS)('%s is frozen all the way down', (id) => {
    const rules = PRESETS[id]
    expect(Object.isFrozen(rules)).toBe(true)
    for (const part of [
      rules.clock,
      rules.lateArrival,
      rules.starts,
      rules.results,
      rules.printed,
      rules.desk,
    ]) {
      expect(Object.isFrozen(part)).toBe(true)
    }
    expect(() => {
      ;(rules.results as { byeSpread: number }).byeSpread = 0
    }).toThrow(TypeError)
  })

  test.each(PRESET_IDS)('rulesFromPreset(%s) is an equal, unfrozen, independent copy', (id) => {
    const copy = rulesFromPreset(id)
    expect(copy).toEqual(PRESETS[id])
    expect(copy).not.toBe(PRESETS[id])
    expect(Object.isFrozen(copy)).toBe(false)
    expect(Object.isFrozen(copy.results)).toBe(false)

    const before = structuredClone(PRESETS[id])
    ;(copy.results as { byeSpread: number }).byeSpread = 75
    ;(copy.clock as { minutesPerPlayer: number }).minutesPerPlayer = 30
    expect(PRESETS[id]).toEqual(before)
    expect(rulesFromPreset(id).results.byeSpread).toBe(before.results.byeSpread)
  })

  test('custom starts from NSA 1995 and is labelled as set by the director', () => {
    expect(rulesCore(PRESETS.custom)).toEqual(rulesCore(PRESETS.nsa1995))
    expect(PRESETS.custom.printed).toEqual(PRESETS.nsa1995.printed)
    expect(PRESETS.custom.name).not.toBe(PRESETS.nsa1995.name)
    expect(PRESETS.custom.source).toBe('Set by the director')
  })
})
