import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import { checkedInFor, disqualifiedFromRound, issueWarning, missedRoundsFor } from './players'
import { applyAll, create, register } from './test-support/event'

describe('players: late entries, check-in days, warnings', () => {
  test.each([
    ['an entrant from round 1 misses nothing', 'nsa1995', 1, { kind: 'unplayed' }],
    ["tsh's convention: missed rounds count for nothing", 'nsa1995', 3, { kind: 'unplayed' }],
  ] as const)('%s: %s, first round %i: %j', (_why, preset, firstRound, expected) => {
    expect(missedRoundsFor(firstRound, rulesFromPreset(preset))).toEqual(expected)
  })

  test('a preset that counts missed rounds as forfeit losses gives its forfeit spread', () => {
    const base = rulesFromPreset('nsa1995')
    const rules = {
      ...base,
      results: { ...base.results, lateEntryMissedRounds: 'forfeit-loss' as const },
    }
    expect(missedRoundsFor(2, rules)).toEqual({
      kind: 'forfeit-loss',
      spread: base.results.forfeitSpread,
    })
  })

  const player = applyAll([create(), { type: 'addDivision', name: 'A' }, register('Ann')])
    .divisions[0]!.players[0]!
  const seen = { ...player, checkIns: ['2026-03-14'] }
  test.each([
    ['NEON (Before 2): checked in today', 'neon', '2026-03-14', true],
    ['NEON: players register again every day', 'neon', '2026-03-15', false],
    ['elsewhere a check-in holds for the rest of the event', 'nsa1995', '2026-03-15', true],
    ['but not for the day before', 'nsa1995', '2026-03-13', false],
  ] as const)('%s: %s on %s: %s', (_why, preset, day, expected) => {
    expect(checkedInFor(seen, day, rulesFromPreset(preset).desk)).toBe(expected)
  })

  test('NEON (During 2): the third warning disqualifies from the next round not yet paired', () => {
    const state = applyAll([create('neon', 6), { type: 'addDivision', name: 'A' }, register('Ann')])
    const context = { info: state.info, rules: state.rules }
    let division = state.divisions[0]!
    for (const round of [1, 1, 2]) {
      const warned = issueWarning(
        division,
        { type: 'issueWarning', division: 'A', player: 1, round, reason: 'phone' },
        context,
      )
      if (!warned.ok) throw new Error(warned.error.message)
      division = warned.value
    }
    expect(division.players[0]?.status).toEqual({
      kind: 'withdrawn',
      fromRound: disqualifiedFromRound(state.divisions[0]!, 2),
      disqualified: true,
    })
    expect(disqualifiedFromRound(state.divisions[0]!, 2)).toBe(3)
    const again = issueWarning(
      division,
      { type: 'issueWarning', division: 'A', player: 1, round: 3, reason: 'again' },
      context,
    )
    expect(again.ok ? null : again.error.code).toBe('warning.disqualified')
  })
})
