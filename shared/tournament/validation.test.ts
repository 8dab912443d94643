import { describe, expect, test } from 'vitest'
import type { Division, TournamentInfo } from './types'
import {
  MAX_LIFETIME_GAMES,
  MAX_DIVISION_NAME_LENGTH,
  MAX_RATING,
  MAX_TOURNAMENT_NAME_LENGTH,
  checkMemberIdFree,
  isIsoDate,
  parseLifetimeGames,
  parseRating,
  sameNamePlayers,
  tidyName,
  validateDivisionName,
  nameHazard,
  validatePenaltyPoints,
  validatePlayerInput,
  validateTournamentInfo,
} from './validation'

const ENTERED = {
  firstRound: 1,
  missedRounds: { kind: 'unplayed' },
  status: { kind: 'active' },
  checkIns: [],
} as const
const NO_ROUNDS = { rounds: [], penalties: [], warnings: [], plan: [] } as const

const codeOf = (result: { ok: boolean; error?: { code: string } }): string | undefined =>
  result.ok ? undefined : result.error?.code

describe('player names at the registration desk', () => {
  test.each([
    { case: 'empty', name: '' },
    { case: 'only spaces', name: '   ' },
    { case: 'only a tab and a newline', name: '\t\n' },
  ])('a $case name is refused (player.name.empty)', ({ name }) => {
    const result = validatePlayerInput({ name, rating: '1500' })
    expect(result).toMatchObject({ ok: false, error: { code: 'player.name.empty', field: 'name' } })
  })

  test.each([
    { typed: 'Smith, Ann', stored: 'Smith, Ann' },
    { typed: '  Smith,   Ann  ', stored: 'Smith, Ann' },
    { typed: 'Smith,\tAnn', stored: 'Smith, Ann' },
  ])('"$typed" is stored as "$stored": stray spaces never make a second person', (row) => {
    expect(tidyName(row.typed)).toBe(row.stored)
    const result = validatePlayerInput({ name: row.typed, rating: '' })
    expect(result.ok && result.value.name).toBe(row.stored)
  })

  test('a name of 61 characters is refused, 60 are accepted (fits slips and name tags)', () => {
    expect(codeOf(validatePlayerInput({ name: 'x'.repeat(61), rating: 0 }))).toBe(
      'player.name.too-long',
    )
    expect(validatePlayerInput({ name: 'x'.repeat(60), rating: 0 }).ok).toBe(true)
  })

  test('a ";" in a name is refused: it separates fields in a tsh .t line', () => {
    expect(codeOf(validatePlayerInput({ name: 'Smith; Ann', rating: 0 }))).toBe(
      'player.name.semicolon',
    )
  })

  test('member id and club are trimmed, and missing ones are empty', () => {
    expect(
      validatePlayerInput({ name: 'Ann', rating: '', memberId: ' AB12 ', club: ' Kuala  Lumpur ' }),
    ).toEqual({
      ok: true,
      value: { name: 'Ann', rating: 0, memberId: 'AB12', club: 'Kuala Lumpur' },
    })
    expect(validatePlayerInput({ name: 'Ann', rating: '' })).toEqual({
      ok: true,
      value: { name: 'Ann', rating: 0, memberId: '', club: '' },
    })
  })
})

describe('ratings as typed at the desk (0 means unrated, as in tsh)', () => {
  test.each([
    { typed: '', rating: 0 },
    { typed: '   ', rating: 0 },
    { typed: '0', rating: 0 },
    { typed: '1850', rating: 1850 },
    { typed: ' 1850 ', rating: 1850 },
    { typed: '0850', rating: 850 },
    { typed: 1850, rating: 1850 },
    { typed: String(MAX_RATING), rating: MAX_RATING },
    { typed: '-0', rating: 0 },
  ])('$typed is accepted as $rating', ({ typed, rating }) => {
    const parsed = parseRating(typed)
    expect(parsed).toEqual({ ok: true, value: rating })
    // toEqual does not tell 0 from -0; a stored -0 would print as "-0" in a .t export.
    expect(parsed.ok && Object.is(parsed.value, -0)).toBe(false)
  })

  test.each([
    { typed: 'abc', code: 'player.rating.not-a-number' },
    { typed: '12.5', code: 'player.rating.not-a-number' },
    { typed: 12.5, code: 'player.rating.not-a-number' },
    { typed: '1e3', code: 'player.rating.not-a-number' },
    { typed: '1,850', code: 'player.rating.not-a-number' },
    { typed: '+5', code: 'player.rating.not-a-number' },
    { typed: Number.NaN, code: 'player.rating.not-a-number' },
    { typed: '-5', code: 'player.rating.negative' },
    { typed: -5, code: 'player.rating.negative' },
    { typed: String(MAX_RATING + 1), code: 'player.rating.too-high' },
    { typed: '18500', code: 'player.rating.too-high' },
  ])('$typed is refused ($code)', ({ typed, code }) => {
    const result = parseRating(typed)
    expect(result).toMatchObject({ ok: false, error: { code, field: 'rating' } })
    expect(codeOf(validatePlayerInput({ name: 'Ann', rating: typed }))).toBe(code)
  })
})

describe('lifetime games (tsh lifeg, issue 22 "Multiplier": under 50 a higher multiplier)', () => {
  test.each([
    { typed: '', value: null },
    { typed: '  ', value: null },
    { typed: '0', value: 0 },
    { typed: ' 49 ', value: 49 },
    { typed: 250, value: 250 },
    { typed: String(MAX_LIFETIME_GAMES), value: MAX_LIFETIME_GAMES },
  ])(
    '$typed is accepted as $value (blank: not given, 100 for the multiplier)',
    ({ typed, value }) => {
      expect(parseLifetimeGames(typed)).toEqual({ ok: true, value })
    },
  )

  test.each([
    { typed: 'many' },
    { typed: '-3' },
    { typed: '12.5' },
    { typed: 12.5 },
    { typed: String(MAX_LIFETIME_GAMES + 1) },
  ])('$typed is refused with what is wrong and the field', ({ typed }) => {
    expect(parseLifetimeGames(typed)).toMatchObject({
      ok: false,
      error: {
        code: 'player.lifetime-games.invalid',
        field: 'lifetimeGames',
        message: `Lifetime games must be a whole number from 0 to 100000, not "${String(typed)}".`,
      },
    })
    expect(codeOf(validatePlayerInput({ name: 'Ann', rating: 0, lifetimeGames: typed }))).toBe(
      'player.lifetime-games.invalid',
    )
  })

  test('given, it is a field of the player; not given, there is none', () => {
    const given = validatePlayerInput({ name: 'Ann', rating: 1500, lifetimeGames: '12' })
    expect(given.ok && given.value.lifetimeGames).toBe(12)
    const absent = validatePlayerInput({ name: 'Ann', rating: 1500, lifetimeGames: '' })
    expect(absent.ok && 'lifetimeGames' in absent.value).toBe(false)
  })
})

describe('member ids: one person, one entry per division', () => {
  const division: Division = {
    name: 'A',
    players: [
      {
        id: 1,
        key: 'A#1',
        name: 'Smith, Ann',
        rating: 1500,
        memberId: 'AB12',
        club: '',
        ...ENTERED,
      },
      { id: 2, key: 'A#2', name: 'Lee, Bo', rating: 1400, memberId: '', club: '', ...ENTERED },
      { id: 3, key: 'A#3', name: 'Tan, Cy', rating: 1300, memberId: '', club: '', ...ENTERED },
    ],
    ...NO_ROUNDS,
  }

  test.each([
    { case: 'the same id', memberId: 'AB12' },
    { case: 'the same id in another case', memberId: 'ab12' },
  ])('$case as a registered player is refused (player.member-id.duplicate)', ({ memberId }) => {
    const result = checkMemberIdFree(division, memberId)
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'player.member-id.duplicate',
        field: 'memberId',
        details: { playerId: 1, playerName: 'Smith, Ann' },
      },
    })
  })

  test.each([
    { case: 'editing the player who holds it keeps it', memberId: 'AB12', except: 1 },
    { case: 'a new id is free', memberId: 'ZZ99', except: undefined },
    { case: 'no id never clashes with other players without one', memberId: '', except: undefined },
  ])('$case', ({ memberId, except }) => {
    expect(checkMemberIdFree(division, memberId, except)).toEqual({ ok: true, value: undefined })
  })

  test('editing another player to take the id is refused', () => {
    expect(codeOf(checkMemberIdFree(division, 'ab12', 2))).toBe('player.member-id.duplicate')
  })

  test('players with the same name, ignoring case, spaces and accents, are found for a warning', () => {
    const named: Division = {
      name: 'A',
      players: [
        { id: 1, key: 'A#1', name: 'José Ramos', rating: 0, memberId: '', club: '', ...ENTERED },
        { id: 2, key: 'A#2', name: 'Ann Lee', rating: 0, memberId: '', club: '', ...ENTERED },
      ],
      ...NO_ROUNDS,
    }
    expect(sameNamePlayers(named, '  jose   ramos ').map((p) => p.id)).toEqual([1])
    expect(sameNamePlayers(named, 'Jose Ramon')).toEqual([])
  })
})

describe('tournament info', () => {
  const info: TournamentInfo = {
    name: 'Spring Open',
    venue: 'Civic Hall',
    startDate: '2026-03-14',
    endDate: '2026-03-15',
    rounds: 7,
  }

  test.each([
    { case: 'an empty name', change: { name: '' }, code: 'tournament.name.empty' },
    { case: 'a blank name', change: { name: '   ' }, code: 'tournament.name.empty' },
    {
      case: 'a 30th of February',
      change: { startDate: '2026-02-30' },
      code: 'tournament.date.invalid',
    },
    { case: 'a 13th month', change: { startDate: '2025-13-01' }, code: 'tournament.date.invalid' },
    {
      case: 'a word for a date',
      change: { startDate: 'tomorrow' },
      code: 'tournament.date.invalid',
    },
    { case: 'no start date', change: { startDate: '' }, code: 'tournament.date.invalid' },
    { case: 'a bad end date', change: { endDate: '2026-03-32' }, code: 'tournament.date.invalid' },
    {
      case: 'a last day before the first',
      change: { endDate: '2026-03-13' },
      code: 'tournament.date.end-before-start',
    },
    { case: '0 rounds', change: { rounds: 0 }, code: 'tournament.rounds.invalid' },
    { case: '101 rounds', change: { rounds: 101 }, code: 'tournament.rounds.invalid' },
    { case: '2.5 rounds', change: { rounds: 2.5 }, code: 'tournament.rounds.invalid' },
    { case: 'NaN rounds', change: { rounds: Number.NaN }, code: 'tournament.rounds.invalid' },
  ])('$case is refused ($code)', ({ change, code }) => {
    expect(codeOf(validateTournamentInfo({ ...info, ...change }))).toBe(code)
  })

  test.each([
    {
      case: 'a one-day event without an end date ends on its start',
      change: { endDate: '' },
      endDate: '2026-03-14',
    },
    { case: 'a one-day event', change: { endDate: '2026-03-14' }, endDate: '2026-03-14' },
    {
      case: 'an event over a month end',
      change: { startDate: '2026-02-28', endDate: '2026-03-01' },
      endDate: '2026-03-01',
    },
  ])('$case is accepted', ({ change, endDate }) => {
    const result = validateTournamentInfo({ ...info, ...change })
    expect(result.ok && result.value.endDate).toBe(endDate)
  })

  test.each([1, 100])('%i rounds are accepted', (rounds) => {
    expect(validateTournamentInfo({ ...info, rounds }).ok).toBe(true)
  })

  test('name and venue are tidied', () => {
    const result = validateTournamentInfo({
      ...info,
      name: ' Spring  Open ',
      venue: ' Civic   Hall ',
    })
    expect(result).toEqual({ ok: true, value: info })
  })
})

describe('division names', () => {
  const divisions: Division[] = [{ name: 'Open', players: [], ...NO_ROUNDS }]

  test.each([
    { case: 'the same name', name: 'Open', code: 'division.name.duplicate' },
    { case: 'the same name in another case', name: 'OPEN', code: 'division.name.duplicate' },
    { case: 'the same name with spaces', name: '  open ', code: 'division.name.duplicate' },
    { case: 'an empty name', name: '', code: 'division.name.empty' },
    { case: 'a blank name', name: '  ', code: 'division.name.empty' },
  ])('$case is refused ($code)', ({ name, code }) => {
    expect(codeOf(validateDivisionName(divisions, name))).toBe(code)
  })

  test('a new name is accepted, tidied', () => {
    expect(validateDivisionName(divisions, ' Lite  B ')).toEqual({ ok: true, value: 'Lite B' })
  })

  test(`issue 28: a division name of ${String(MAX_DIVISION_NAME_LENGTH + 1)} characters is refused with its length, ${String(MAX_DIVISION_NAME_LENGTH)} are accepted`, () => {
    const long = validateDivisionName(divisions, 'D'.repeat(MAX_DIVISION_NAME_LENGTH + 1))
    expect(long).toMatchObject({ ok: false, error: { code: 'division.name.too-long' } })
    expect(long.ok ? '' : long.error.message).toContain(String(MAX_DIVISION_NAME_LENGTH + 1))
    expect(validateDivisionName(divisions, 'D'.repeat(MAX_DIVISION_NAME_LENGTH)).ok).toBe(true)
  })

  test('issue 28: a division name with a text-direction mark is refused', () => {
    expect(codeOf(validateDivisionName(divisions, 'Open\u202eB'))).toBe(
      'division.name.hidden-character',
    )
  })
})

describe('issue 28: names that print other than they read', () => {
  test.each([
    { case: 'a control character (from a CSV)', name: 'Ann\u0007 Lee', stored: 'Ann Lee' },
    { case: 'a NUL', name: 'Ann\u0000', stored: 'Ann' },
    { case: 'a C1 control character', name: 'Ann\u0085Lee', stored: 'Ann Lee' },
    { case: 'a right-to-left override', name: '\u202eAnn Lee', stored: 'Ann Lee' },
    { case: 'a left-to-right mark', name: 'Ann\u200e Lee', stored: 'Ann Lee' },
    { case: 'a bidi isolate', name: 'Ann \u2067Lee\u2069', stored: 'Ann Lee' },
    { case: 'a zero-width space', name: 'Ann\u200bLee', stored: 'AnnLee' },
    { case: 'a word joiner', name: 'Ann\u2060Lee', stored: 'AnnLee' },
    { case: 'a soft hyphen', name: 'Ann\u00adLee', stored: 'AnnLee' },
    { case: 'a zero-width joiner at the end', name: 'Ann Lee\u200d', stored: 'Ann Lee' },
    { case: 'only invisible characters', name: '\u200b\u200e', stored: null },
  ])(
    'a player name with $case is stored without it, as it reads ($stored), so every copy and export shows the same name',
    ({ name, stored }) => {
      const result = validatePlayerInput({ name, rating: 0 })
      if (stored === null) expect(codeOf(result)).toBe('player.name.empty')
      else expect(result.ok && result.value.name).toBe(stored)
      expect(nameHazard(result.ok ? result.value.name : '')).toBeNull()
    },
  )

  test.each([
    { name: 'Ann\u0007 Lee', at: 'a control character, U+0007 at character 4' },
    { name: '\u202eOpen', at: 'a text-direction mark, U+202E at character 1' },
    { name: 'Open\u200b', at: 'an invisible character, U+200B at character 5' },
  ])('nameHazard names what and where: $at', ({ name, at }) => {
    expect(nameHazard(name)).toBe(`holds ${at}`)
  })

  test.each([
    { case: 'a Persian name with a zero-width non-joiner between letters', name: 'می\u200cخواهم' },
    { case: 'a Malayalam name with a zero-width joiner', name: 'ന\u200dമ' },
    { case: 'Arabic letters (right to left by themselves)', name: 'عائشة' },
    { case: 'accents and apostrophes', name: 'O’Brien, Zoë' },
  ])('$case is accepted', ({ name }) => {
    expect(validatePlayerInput({ name, rating: 0 }).ok).toBe(true)
  })

  test('a tournament name with a control character or too long is refused', () => {
    const info: TournamentInfo = {
      name: 'Spring\u0000Open',
      venue: '',
      startDate: '2026-03-01',
      endDate: '2026-03-01',
      rounds: 7,
    }
    expect(codeOf(validateTournamentInfo(info))).toBe('tournament.name.hidden-character')
    expect(
      codeOf(validateTournamentInfo({ ...info, name: 'S'.repeat(MAX_TOURNAMENT_NAME_LENGTH + 1) })),
    ).toBe('tournament.name.too-long')
  })
})

describe('issue 28: a penalty is a whole number of points a game could take', () => {
  test.each([
    { points: 1e300, ok: false },
    { points: 10_001, ok: false },
    { points: 0, ok: false },
    { points: 2.5, ok: false },
    { points: 10_000, ok: true },
    { points: 10, ok: true },
  ])('$points points: accepted $ok', ({ points, ok }) => {
    const result = validatePenaltyPoints(points)
    expect(result.ok).toBe(ok)
    if (!result.ok) expect(result.error.code).toBe('penalty.points-invalid')
  })
})

describe('isIsoDate: real calendar dates only', () => {
  test.each([
    { text: '2026-03-14', valid: true },
    { text: '2026-01-31', valid: true },
    { text: '2026-04-31', valid: false },
    { text: '2026-12-31', valid: true },
    { text: '2026-00-10', valid: false },
    { text: '2026-01-00', valid: false },
    { text: '2024-02-29', valid: true }, // divisible by 4: leap
    { text: '2023-02-29', valid: false }, // not divisible by 4
    { text: '1900-02-29', valid: false }, // divisible by 100 but not 400: not leap
    { text: '2000-02-29', valid: true }, // divisible by 400: leap
    { text: '2026-02-28', valid: true },
    { text: '2026-3-14', valid: false },
    { text: '14/03/2026', valid: false },
    { text: '2026-03-14T09:00', valid: false },
    { text: ' 2026-03-14', valid: false },
    { text: '', valid: false },
  ])('$text → $valid', ({ text, valid }) => {
    expect(isIsoDate(text)).toBe(valid)
  })
})
