import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { rulesFromPreset } from '../rules/presets'
import type { PresetId } from '../rules/rule-set'
import { apply } from './apply'
import type { Command } from './commands'
import { describeCommand } from './describe'
import { commandRound } from './log'
import { validatePlan } from './plan'
import {
  applyAll,
  create,
  deepFreeze,
  ID,
  INFO,
  played,
  register,
  standingsLine,
  WORKED_EXAMPLE,
} from './test-support/event'
import { DEFAULT_PLAN, type PlanStep, type TournamentState } from './types'
import { standingsAsOf } from './views'

const { setup, round1, round2 } = WORKED_EXAMPLE
const nsa = rulesFromPreset('nsa1995')

/** The worked example's first two rounds, in a 6-round event over two days. */
const twoRounds: readonly Command[] = [
  { ...create('nsa1995', 6) },
  ...setup.slice(1),
  ...round1,
  ...round2,
]
const state = deepFreeze(applyAll(twoRounds))

function refused(from: TournamentState, command: Command): string | undefined {
  const next = apply(from, command, ID)
  return next.ok ? undefined : next.error.code
}

function applied(from: TournamentState, ...commands: Command[]): TournamentState {
  let current = from
  for (const command of commands) {
    const next = apply(current, command, ID)
    if (!next.ok) throw new Error(`${command.type}: ${next.error.code} ${next.error.message}`)
    current = next.value
  }
  return current
}

const checkIn = (player: number, day: string): Command => ({
  type: 'checkIn',
  division: 'A',
  player,
  day,
})
const cancel = (player: number, day: string): Command => ({
  type: 'cancelCheckIn',
  division: 'A',
  player,
  day,
})

describe('check-in, one day at a time (NEON: players re-register every day)', () => {
  test('a check-in belongs to its day; the days are kept sorted, each once', () => {
    const after = applied(
      state,
      checkIn(1, '2026-03-15'),
      checkIn(1, '2026-03-14'),
      checkIn(2, '2026-03-14'),
    )
    expect(after.divisions[0]?.players[0]?.checkIns).toEqual(['2026-03-14', '2026-03-15'])
    expect(after.divisions[0]?.players[1]?.checkIns).toEqual(['2026-03-14'])
    expect(after.divisions[0]?.players[2]?.checkIns).toEqual([])
  })

  test('checking in twice on one day is accepted and changes nothing (a second key press)', () => {
    const once = applied(state, checkIn(1, '2026-03-14'))
    const twice = apply(once, checkIn(1, '2026-03-14'), ID)
    expect(twice).toEqual({ ok: true, value: once })
  })

  test('cancelling takes back only that day; cancelling a day never checked in changes nothing', () => {
    const both = applied(state, checkIn(1, '2026-03-14'), checkIn(1, '2026-03-15'))
    expect(applied(both, cancel(1, '2026-03-14')).divisions[0]?.players[0]?.checkIns).toEqual([
      '2026-03-15',
    ])
    expect(apply(both, cancel(1, '2026-03-16'), ID)).toEqual({ ok: true, value: both })
  })

  test.each([
    {
      case: 'a day that is not a date',
      command: checkIn(1, '14/03/2026'),
      code: 'checkin.day.invalid',
    },
    {
      case: 'the 30th of February',
      command: checkIn(1, '2026-02-30'),
      code: 'checkin.day.invalid',
    },
    { case: 'an unknown player', command: checkIn(9, '2026-03-14'), code: 'player.missing' },
    {
      case: 'cancelling for an unknown player',
      command: cancel(9, '2026-03-14'),
      code: 'player.missing',
    },
    {
      case: 'an unknown division',
      command: { ...checkIn(1, '2026-03-14'), division: 'Z' } as Command,
      code: 'division.missing',
    },
  ])('refused: $case ($code)', ({ command, code }) => {
    expect(refused(state, command)).toBe(code)
  })

  test('property: any sequence of check-ins and cancels leaves each player the days net checked in, sorted and unique', () => {
    const day = fc.constantFrom('2026-03-14', '2026-03-15', '2026-03-16')
    const action = fc.record({ player: fc.integer({ min: 1, max: 5 }), day, on: fc.boolean() })
    fc.assert(
      fc.property(fc.array(action, { maxLength: 30 }), (actions) => {
        let current = state
        const expected = new Map<number, Set<string>>()
        for (const a of actions) {
          current = applied(current, a.on ? checkIn(a.player, a.day) : cancel(a.player, a.day))
          const days = expected.get(a.player) ?? new Set<string>()
          if (a.on) days.add(a.day)
          else days.delete(a.day)
          expected.set(a.player, days)
        }
        for (const player of current.divisions[0]?.players ?? []) {
          expect(player.checkIns).toEqual([...(expected.get(player.id) ?? [])].sort())
        }
      }),
    )
  })
})

describe('publishing a round (issue 5: review before publishing)', () => {
  const publish: Command = { type: 'publishRound', division: 'A', round: 2 }

  test('a round is paired unpublished; publishing marks it, and publishing again is allowed', () => {
    expect(state.divisions[0]?.rounds.map((r) => r.published)).toEqual([false, false])
    const once = applied(state, publish)
    expect(once.divisions[0]?.rounds.map((r) => r.published)).toEqual([false, true])
    expect(apply(once, publish, ID)).toEqual({ ok: true, value: once })
  })

  test('a published round can still be edited: it stays published (the screens warn)', () => {
    const once = applied(
      state,
      register('Fay'),
      {
        type: 'pairRound',
        division: 'A',
        round: 3,
        pairings: [
          { kind: 'game', table: 1, players: [1, 2] },
          { kind: 'game', table: 2, players: [3, 4] },
          { kind: 'bye', player: 5 },
        ],
      },
      { type: 'publishRound', division: 'A', round: 3 },
    )
    const edited = applied(once, {
      type: 'editPairing',
      division: 'A',
      round: 3,
      table: 1,
      change: { kind: 'swap', player: 2, with: 6 },
    })
    expect(edited.divisions[0]?.rounds[2]?.published).toBe(true)
    expect(edited.divisions[0]?.rounds[2]?.pairings[0]).toMatchObject({ players: [1, 6] })
  })

  test('unpairing and pairing again gives an unpublished round', () => {
    const pair1 = WORKED_EXAMPLE.round1[0] as Command
    const again = applyAll([
      create('nsa1995', 3),
      ...setup.slice(1),
      pair1,
      { type: 'publishRound', division: 'A', round: 1 },
      { type: 'unpairRound', division: 'A', round: 1 },
      pair1,
    ])
    expect(again.divisions[0]?.rounds[0]?.published).toBe(false)
  })

  test.each([
    { case: 'a round not paired', round: 3, code: 'round.missing' },
    { case: 'a round beyond the event', round: 7, code: 'round.beyond-event' },
    { case: 'round 0', round: 0, code: 'round.invalid' },
  ])('refused: publishing $case ($code)', ({ round, code }) => {
    expect(refused(state, { type: 'publishRound', division: 'A', round })).toBe(code)
  })
})

describe('the pairing plan (design.md, "Pairing"; issue 5: a per-round plan)', () => {
  const info = { ...INFO, rounds: 8 }
  const step = (
    fromRound: number,
    system: PlanStep['system'],
    more: Partial<PlanStep> = {},
  ): PlanStep => ({
    fromRound,
    system,
    basedOn: 'previous',
    maxRepeats: 0,
    ...more,
  })

  test('a new division has no plan of its own: it is paired by the automatic plan (auto-plan.ts)', () => {
    expect(state.divisions[0]?.plan).toEqual([])
    // The plan every division used to get is kept for old logs, which still fold.
    expect(DEFAULT_PLAN).toEqual([
      { fromRound: 1, system: 'rating', basedOn: 'previous', maxRepeats: 0 },
      { fromRound: 2, system: 'swiss', basedOn: 'previous', maxRepeats: 0 },
    ])
  })

  test('a plan with no repeat limit (null) is kept; an empty plan goes back to the automatic one', () => {
    const plan = [step(1, 'fontes', { maxRepeats: null }), step(4, 'swiss', { maxRepeats: null })]
    const after = applied(state, { type: 'setPairingPlan', division: 'A', plan })
    expect(after.divisions[0]?.plan).toEqual(plan)
    const back = applied(after, { type: 'setPairingPlan', division: 'A', plan: [] })
    expect(back.divisions[0]?.plan).toEqual([])
  })

  test('Initial Fontes for rounds 1–3, Swiss lagged with one repeat allowed, King of the Hill last', () => {
    const plan = [
      step(1, 'fontes'),
      step(4, 'swiss', { basedOn: 'lagged', maxRepeats: 1 }),
      step(6, 'koth'),
    ]
    const after = applied(state, { type: 'setPairingPlan', division: 'A', plan })
    expect(after.divisions[0]?.plan).toEqual(plan)
  })

  test.each([
    { case: 'a plan starting at round 2', plan: [step(2, 'swiss')], code: 'plan.first-round' },
    {
      case: 'steps out of order',
      plan: [step(1, 'rating'), step(4, 'swiss'), step(3, 'koth')],
      code: 'plan.round.order',
    },
    {
      case: 'two steps from one round',
      plan: [step(1, 'rating'), step(1, 'swiss')],
      code: 'plan.round.order',
    },
    {
      case: 'a step past the last round',
      plan: [step(1, 'rating'), step(9, 'koth')],
      code: 'plan.round.beyond-event',
    },
    {
      case: 'a fractional round',
      plan: [step(1, 'rating'), step(2.5, 'swiss')],
      code: 'plan.round.invalid',
    },
    {
      case: 'an unknown system',
      plan: [step(1, 'dutch' as PlanStep['system'])],
      code: 'plan.system.unknown',
    },
    {
      case: 'an unknown basis',
      plan: [step(1, 'swiss', { basedOn: 'last' as PlanStep['basedOn'] })],
      code: 'plan.based-on.unknown',
    },
    {
      case: 'negative repeats',
      plan: [step(1, 'swiss', { maxRepeats: -1 })],
      code: 'plan.repeats.invalid',
    },
    {
      case: 'fractional repeats',
      plan: [step(1, 'swiss', { maxRepeats: 0.5 })],
      code: 'plan.repeats.invalid',
    },
    {
      case: 'Initial Fontes after round 1',
      plan: [step(1, 'rating'), step(2, 'fontes')],
      code: 'plan.fontes.not-first',
    },
    {
      case: 'Initial Fontes over 4 rounds',
      plan: [step(1, 'fontes'), step(5, 'swiss')],
      code: 'plan.fontes.rounds',
    },
  ])('refused: $case ($code)', ({ plan, code }) => {
    expect(validatePlan(plan, info)).toMatchObject({ ok: false, error: { code } })
    expect(
      refused(applied(state, { type: 'editTournamentInfo', info }), {
        type: 'setPairingPlan',
        division: 'A',
        plan,
      }),
    ).toBe(code)
  })
})

describe('late entries: missed rounds count as the preset says (results.lateEntryMissedRounds)', () => {
  const lateEvent = (missed: 'unplayed' | 'forfeit-loss', preset: PresetId = 'nsa1995') => {
    const rules = rulesFromPreset(preset)
    return applyAll([
      {
        type: 'createTournament',
        info: { ...INFO, rounds: 4 },
        rules: { ...rules, results: { ...rules.results, lateEntryMissedRounds: missed } },
      },
      ...setup.slice(1),
      ...round1,
      ...round2,
      register('Fay', 1500),
      {
        type: 'pairRound',
        division: 'A',
        round: 3,
        pairings: [
          { kind: 'game', table: 1, players: [1, 6] },
          { kind: 'game', table: 2, players: [2, 3] },
          { kind: 'game', table: 3, players: [4, 5] },
        ],
      },
      {
        type: 'recordResult',
        division: 'A',
        round: 3,
        game: { table: 1 },
        result: played([1, 6], [300, 400], nsa),
      },
    ])
  }

  test.each([
    {
      rule: 'unplayed (tsh: opponent 0, score 0): Fay enters round 3 at 0–0',
      missed: 'unplayed' as const,
      preset: 'nsa1995' as const,
      fay: { missedRounds: { kind: 'unplayed' }, firstRound: 3 },
      line: '1 Ann 2–1 −6; 2 Ed 1½–½ +50; 3 Fay 1–0 +100; 4 Di 1–1 +42; 5 Cy 1–1 −46; 6 Bob ½–1½ −40',
    },
    {
      rule: 'forfeit-loss at NSA VII.J.2’s 50: Fay is 1–2, −100 + 100',
      missed: 'forfeit-loss' as const,
      preset: 'nsa1995' as const,
      fay: { missedRounds: { kind: 'forfeit-loss', spread: 50 }, firstRound: 3 },
      line: '1 Ann 2–1 −6; 2 Ed 1½–½ +50; 3 Di 1–1 +42; 4 Cy 1–1 −46; 5 Fay 1–2 0; 6 Bob ½–1½ −40',
    },
    {
      rule: 'forfeit-loss at NEON’s 100: Fay is 1–2, −200 + 100',
      missed: 'forfeit-loss' as const,
      preset: 'neon' as const,
      fay: { missedRounds: { kind: 'forfeit-loss', spread: 100 }, firstRound: 3 },
      line: '1 Ann 2–1 −6; 2 Ed 1½–½ +50; 3 Di 1–1 +42; 4 Cy 1–1 −46; 5 Fay 1–2 −100; 6 Bob ½–1½ −40',
    },
  ])('$rule', ({ missed, preset, fay, line }) => {
    const event = lateEvent(missed, preset)
    expect(event.divisions[0]?.players[5]).toMatchObject(fay)
    const after3 = standingsAsOf(event, 'A', 3)
    if (!after3.ok) throw new Error(after3.error.code)
    expect(standingsLine(after3.value)).toBe(line)
    // Not entered yet after round 2, whatever the rule.
    const after2 = standingsAsOf(event, 'A', 2)
    expect(after2.ok && after2.value.some((r) => r.name === 'Fay')).toBe(false)
  })

  test('a player registered before round 1 misses nothing, whatever the rule', () => {
    const rules = rulesFromPreset('nsa1995')
    const event = applyAll([
      {
        type: 'createTournament',
        info: INFO,
        rules: { ...rules, results: { ...rules.results, lateEntryMissedRounds: 'forfeit-loss' } },
      },
      { type: 'addDivision', name: 'A' },
      register('Ann'),
    ])
    expect(event.divisions[0]?.players[0]?.missedRounds).toEqual({ kind: 'unplayed' })
  })

  test('the rule is fixed when the player registers: changing the rules later does not change it', () => {
    const event = lateEvent('forfeit-loss')
    const changed = applied(event, { type: 'changeRules', rules: nsa })
    expect(changed.divisions[0]?.players[5]?.missedRounds).toEqual({
      kind: 'forfeit-loss',
      spread: 50,
    })
  })
})

describe('withdrawal of a player already paired (NSA VII.J.2: a no-show is a forfeit)', () => {
  const paired3 = applied(state, {
    type: 'pairRound',
    division: 'A',
    round: 3,
    pairings: [
      { kind: 'game', table: 1, players: [1, 2] },
      { kind: 'game', table: 2, players: [3, 4] },
      { kind: 'bye', player: 5 },
    ],
  })

  test('is refused with player.withdraw.paired, telling the director to re-pair or record a forfeit', () => {
    const next = apply(
      paired3,
      { type: 'withdrawPlayer', division: 'A', player: 4, fromRound: 3 },
      ID,
    )
    expect(next).toMatchObject({
      ok: false,
      error: { code: 'player.withdraw.paired', details: { player: 4, round: 3 } },
    })
    if (!next.ok) expect(next.error.message).toMatch(/re-pair .* forfeit .* round 4/)
  })

  test('recording the forfeit, then withdrawing from the next round, is accepted', () => {
    const after = applied(
      paired3,
      {
        type: 'recordResult',
        division: 'A',
        round: 3,
        game: { table: 2 },
        result: {
          kind: 'forfeit',
          winner: 3,
          loser: 4,
          reason: 'no-show',
          spread: 50,
          rated: false,
        },
      },
      { type: 'withdrawPlayer', division: 'A', player: 4, fromRound: 4 },
    )
    expect(after.divisions[0]?.players[3]?.status).toEqual({ kind: 'withdrawn', fromRound: 4 })
  })

  test('unpairing the round, then withdrawing, is accepted', () => {
    const after = applied(
      paired3,
      { type: 'unpairRound', division: 'A', round: 3 },
      { type: 'withdrawPlayer', division: 'A', player: 4, fromRound: 3 },
    )
    expect(after.divisions[0]?.players[3]?.status).toEqual({ kind: 'withdrawn', fromRound: 3 })
  })
})

describe('the new commands in the audit and the log', () => {
  const plan = [
    { fromRound: 1, system: 'fontes', basedOn: 'previous', maxRepeats: 0 },
    { fromRound: 4, system: 'swiss', basedOn: 'lagged', maxRepeats: 1 },
  ] as const
  test.each([
    { command: checkIn(1, '2026-03-14'), text: 'Ann (#1) checked in for 2026-03-14', round: null },
    {
      command: cancel(2, '2026-03-15'),
      text: 'Cancelled the check-in of Bob (#2) for 2026-03-15',
      round: null,
    },
    {
      command: { type: 'publishRound', division: 'A', round: 2 } as Command,
      text: 'Published the pairings of round 2',
      round: 2,
    },
    {
      command: { type: 'setPairingPlan', division: 'A', plan } as Command,
      text: 'Pairing plan: from round 1: Initial Fontes; from round 4: Swiss, lagged, up to 1 repeat',
      round: null,
    },
  ])('$text', ({ command, text, round }) => {
    expect(describeCommand(command, state)).toBe(text)
    expect(commandRound(command)).toBe(round)
  })
})
