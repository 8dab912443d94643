import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import { apply } from './apply'
import type { Command } from './commands'
import { checkedInFor, disqualifiedFromRound, issueWarning, missedRoundsFor } from './players'
import { applyAll, create, register } from './test-support/event'
import type { TournamentState } from './types'

type Entry = Extract<Command, { type: 'registerPlayers' }>['players'][number]

function event(): TournamentState {
  let state: TournamentState | undefined
  const commands: Command[] = [
    {
      type: 'createTournament',
      info: { name: 'Open', venue: '', startDate: '2026-05-02', endDate: '2026-05-02', rounds: 7 },
      rules: rulesFromPreset('nsa1995'),
    },
    { type: 'addDivision', name: 'A' },
    { type: 'addDivision', name: 'B' },
    {
      type: 'registerPlayer',
      division: 'A',
      player: { name: 'Cole, Ann', rating: 1500, memberId: 'NA100', club: '' },
    },
  ]
  for (const command of commands) {
    const next = apply(state, command, 't-players')
    if (!next.ok) throw new Error(next.error.message)
    state = next.value
  }
  if (state === undefined) throw new Error('no event')
  return state
}

const entry = (name: string, memberId: string, division?: string): Entry => ({
  player: { name, rating: 1200, memberId, club: '' },
  ...(division === undefined ? {} : { division }),
})

/** The batch as the same registrations one command at a time: what a batch must equal. */
function oneByOne(state: TournamentState, entries: readonly Entry[]) {
  let next = state
  for (const [index, e] of entries.entries()) {
    const registered = apply(
      next,
      { type: 'registerPlayer', division: e.division ?? 'A', player: e.player },
      't-players',
    )
    if (!registered.ok) return { ok: false as const, index, code: registered.error.code }
    next = registered.value
  }
  return { ok: true as const, state: next }
}

describe('registering a list in one command (registerPlayers, issue 20: linear to 20,000 rows)', () => {
  test.each([
    [
      'a member id already held in the division (case aside)',
      [entry('Diaz, Bo', 'M1'), entry('Eng, Cy', 'na100')],
      2,
      'player.member-id.duplicate',
      'Entry 2 (Eng, Cy): Member id na100 already belongs to Cole, Ann (#1) in division A.',
    ],
    [
      'a member id given twice in the list',
      [entry('Diaz, Bo', 'M1'), entry('Eng, Cy', 'M2'), entry('Fox, Di', 'm1')],
      3,
      'player.member-id.duplicate',
      'Entry 3 (Fox, Di): Member id m1 already belongs to Diaz, Bo (#2) in division A.',
    ],
    [
      'a division that does not exist',
      [entry('Diaz, Bo', 'M1'), entry('Eng, Cy', '', 'C')],
      2,
      'division.missing',
      'Entry 2 (Eng, Cy): There is no division C.',
    ],
  ] as const)(
    'design.md (one command, all or nothing): %s refuses the whole list, naming the entry',
    (_case, entries, at, code, message) => {
      const before = event()
      const result = apply(
        before,
        { type: 'registerPlayers', division: 'A', players: entries },
        'x',
      )
      expect(result).toEqual({
        ok: false,
        error: expect.objectContaining({
          code,
          message,
          details: expect.objectContaining({ entry: at }),
        }),
      })
      expect(oneByOne(before, entries)).toMatchObject({ ok: false, index: at - 1, code })
    },
  )

  test('the same member id in two divisions is allowed: ids are unique within a division', () => {
    const result = apply(
      event(),
      {
        type: 'registerPlayers',
        division: 'A',
        players: [entry('Diaz, Bo', 'M1', 'B'), entry('Eng, Cy', 'NA100', 'B')],
      },
      'x',
    )
    expect(result.ok && result.value.divisions.map((d) => d.players.map((p) => p.id))).toEqual([
      [1],
      [1, 2],
    ])
  })

  test('property: a batch gives exactly the state of its registrations one at a time, or the same refusal', () => {
    const arbitraryEntry = fc.record({
      name: fc.constantFrom('Diaz, Bo', 'Eng, Cy', 'Fox, Di', '', 'Gil, Ed'),
      memberId: fc.constantFrom('', '', 'M1', 'm1', 'M2', 'NA100'),
      division: fc.constantFrom(undefined, 'A', 'B', 'C'),
    })
    fc.assert(
      fc.property(fc.array(arbitraryEntry, { maxLength: 12 }), (drawn) => {
        const entries = drawn.map((e, i) =>
          entry(e.name === '' ? '' : `${e.name} ${String(i)}`, e.memberId, e.division),
        )
        const before = event()
        const batch = apply(
          before,
          { type: 'registerPlayers', division: 'A', players: entries },
          't-players',
        )
        const single = oneByOne(before, entries)
        if (single.ok) expect(batch).toEqual({ ok: true, value: single.state })
        else {
          expect(batch.ok).toBe(false)
          expect(!batch.ok && [batch.error.code, batch.error.details?.['entry']]).toEqual([
            single.code,
            single.index + 1,
          ])
        }
      }),
      { numRuns: 300 },
    )
  })
})

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

  test('NEON (During 2): the third warning disqualifies from the round after it (issue 28: paired or not)', () => {
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
      fromRound: disqualifiedFromRound(2),
      disqualified: true,
    })
    expect(disqualifiedFromRound(2)).toBe(3)
    const again = issueWarning(
      division,
      { type: 'issueWarning', division: 'A', player: 1, round: 3, reason: 'again' },
      context,
    )
    expect(again.ok ? null : again.error.code).toBe('warning.disqualified')
  })
})
