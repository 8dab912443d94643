import { describe, expect, test } from 'vitest'
import type { Command } from './commands'
import { describeCommand } from './describe'
import { phoneAccess, phoneAccessCommand, phoneAccessWords } from './phone-access'
import { applyAll, create, ID, register } from './test-support/event'
import { apply } from './apply'

const BASE: readonly Command[] = [create(), { type: 'addDivision', name: 'A' }, register('Ann')]
const set = (
  day: string,
  checkIn: boolean,
  results: boolean,
  division = 'A',
): Extract<Command, { readonly type: 'setPhoneAccess' }> => ({
  type: 'setPhoneAccess',
  division,
  day,
  checkIn,
  results,
})

describe('setPhoneAccess (issue 30: what the players’ phones may do, per division and day)', () => {
  test.each<[string, readonly Command[], string, { checkIn: boolean; results: boolean }]>([
    ['a log without any: phones only read', [], '2026-03-14', { checkIn: false, results: false }],
    [
      'check-in turned on for the day',
      [set('2026-03-14', true, false)],
      '2026-03-14',
      { checkIn: true, results: false },
    ],
    [
      'another day stays read-only',
      [set('2026-03-14', true, true)],
      '2026-03-15',
      { checkIn: false, results: false },
    ],
    [
      'the last setting of a day wins',
      [set('2026-03-14', true, true), set('2026-03-14', false, true)],
      '2026-03-14',
      { checkIn: false, results: true },
    ],
    [
      'turned off again',
      [set('2026-03-14', true, false), set('2026-03-14', false, false)],
      '2026-03-14',
      { checkIn: false, results: false },
    ],
  ])('%s', (_what, commands, day, expected) => {
    const division = applyAll([...BASE, ...commands]).divisions[0]
    if (division === undefined) throw new Error('division A')
    expect(phoneAccess(division, day)).toEqual({ ...expected, confirmMinutes: 10 })
  })

  test.each<[string, number | undefined, number]>([
    ['the default when none is set', undefined, 10],
    ['the director’s 5 minutes', 5, 5],
    ['the longest, 120 minutes', 120, 120],
  ])('the time the opponent has to confirm: %s', (_what, confirmMinutes, expected) => {
    const command: Command = {
      ...set('2026-03-14', false, true),
      ...(confirmMinutes === undefined ? {} : { confirmMinutes }),
    }
    const division = applyAll([...BASE, command]).divisions[0]
    if (division === undefined) throw new Error('division A')
    expect(phoneAccess(division, '2026-03-14').confirmMinutes).toBe(expected)
  })

  test('the default time is not stored: the division reads as if none were ever set', () => {
    const plain = applyAll([...BASE, set('2026-03-14', false, true)])
    const tenSet = applyAll([...BASE, { ...set('2026-03-14', false, true), confirmMinutes: 10 }])
    expect(tenSet.divisions[0]).toEqual(plain.divisions[0])
  })

  test('turning every day off leaves the division as a log without any', () => {
    const plain = applyAll(BASE).divisions[0]
    const back = applyAll([
      ...BASE,
      set('2026-03-14', true, false),
      set('2026-03-14', false, false),
    ])
    expect(back.divisions[0]).toEqual(plain)
  })

  test('days are kept in order whatever order they are set in', () => {
    const state = applyAll([
      ...BASE,
      set('2026-03-15', true, false),
      set('2026-03-14', true, false),
    ])
    expect(state.divisions[0]?.phoneAccess?.map((d) => d.day)).toEqual(['2026-03-14', '2026-03-15'])
  })

  test.each<[string, Command, string]>([
    ['a day that is not a date', set('14/03/2026', true, false), 'checkin.day.invalid'],
    ['a division that does not exist', set('2026-03-14', true, false, 'Z'), 'division.missing'],
    ...[0, 121, 2.5, Number.NaN].map((confirmMinutes): [string, Command, string] => [
      `a confirming time of ${String(confirmMinutes)} minutes`,
      { ...set('2026-03-14', false, true), confirmMinutes },
      'phone-access.confirm-minutes',
    ]),
  ])('refuses %s', (_what, command, code) => {
    const refused = apply(applyAll(BASE), command, ID)
    expect(refused.ok ? null : refused.error.code).toBe(code)
  })

  test.each<[Command, string]>([
    [set('2026-03-14', true, false), 'Phones in division A on 2026-03-14: players check in'],
    [
      set('2026-03-14', true, true),
      'Phones in division A on 2026-03-14: players check in and enter results',
    ],
    [set('2026-03-14', false, false), 'Phones in division A on 2026-03-14: only read'],
    [
      { ...set('2026-03-14', false, true), confirmMinutes: 5 },
      'Phones in division A on 2026-03-14: enter results, the opponent confirms within 5 minutes',
    ],
  ])('History says %#', (command, words) => {
    if (command.type !== 'setPhoneAccess') throw new Error('setPhoneAccess')
    expect(phoneAccessWords(command)).toBe(words)
    expect(describeCommand(command, applyAll(BASE))).toBe(words)
  })
})

describe('phoneAccessCommand (issue 30: the director ticks one box, the other right is kept)', () => {
  test('turning check-in on keeps results as they were, and an unchanged box logs nothing', () => {
    const division = applyAll([...BASE, set('2026-03-14', false, true)]).divisions[0]
    if (division === undefined) throw new Error('division A')
    expect(phoneAccessCommand(division, '2026-03-14', { checkIn: true })).toEqual(
      set('2026-03-14', true, true),
    )
    expect(phoneAccessCommand(division, '2026-03-14', { results: true })).toBeUndefined()
    expect(phoneAccessCommand(division, '2026-03-15', { checkIn: true })).toEqual(
      set('2026-03-15', true, false),
    )
  })

  test('the confirming time is changed alone, and set back to 10 it is left out of the command', () => {
    const five = applyAll([...BASE, { ...set('2026-03-14', false, true), confirmMinutes: 5 }])
    const division = five.divisions[0]
    if (division === undefined) throw new Error('division A')
    expect(phoneAccessCommand(division, '2026-03-14', { checkIn: true })).toEqual({
      ...set('2026-03-14', true, true),
      confirmMinutes: 5,
    })
    expect(phoneAccessCommand(division, '2026-03-14', { confirmMinutes: 10 })).toEqual(
      set('2026-03-14', false, true),
    )
    expect(phoneAccessCommand(division, '2026-03-14', { confirmMinutes: 5 })).toBeUndefined()
  })
})
