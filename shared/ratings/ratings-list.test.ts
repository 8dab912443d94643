import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { apply, fold } from '../tournament/apply'
import { describeCommand } from '../tournament/describe'
import { applyAll, create, ID, logOf, register } from '../tournament/test-support/event'
import type { Command } from '../tournament/commands'
import {
  describeMemberWarning,
  findMember,
  indexMembers,
  memberWarnings,
  nameKey,
  parseRatingsList,
  ratingUpdates,
  ratingUpdatesCommand,
  withListRating,
  type RatingsListFormat,
} from './ratings-list'

const fixture = (name: string): string =>
  readFileSync(new URL(`./__fixtures__/lists/${name}`, import.meta.url), 'utf8')

/*
 * Issue 32: a federation's ratings and membership list, read from a file (tsh's
 * `lib/ratings/<list>/current.txt` as tsh's Ratings.pm reads it, or a CSV of member id, name,
 * rating, expiry and status), to fill ratings and to warn about non-members before the event.
 */
describe('reading a ratings list (issue 32)', () => {
  test('tsh’s current.txt with its header line: name, rating, expiry and games by column', () => {
    const list = parseRatingsList(fixture('tsh-current.txt'), 'tsh')
    if (!list.ok) throw new Error(list.error.message)
    expect(list.value.members.map((m) => [m.line, m.name, m.rating, m.expiry, m.games])).toEqual([
      [2, 'Alpha, Ann', 1850, '2027-06-30', 412],
      [3, 'Bravo, Bob (EXP)', 1790, '2025-12-31', 88],
      [4, 'Charlie, Cy', 1700, null, 1020],
      [5, 'Delta, Di', 1650, '2027-01-31', 15],
    ])
  })

  test('without a header tsh’s fields are name, rating, rank, expiry, games', () => {
    const list = parseRatingsList(fixture('tsh-current-no-header.txt'), 'tsh')
    if (!list.ok) throw new Error(list.error.message)
    expect(list.value.members.map((m) => [m.name, m.rating, m.expiry, m.games])).toEqual([
      ['Alpha, Ann', 1850, '2027-06-30', 412],
      ['Echo, Ed', 1600, '2027-01-01', 200],
    ])
  })

  test('a CSV of member id, name, rating, expiry and status', () => {
    const list = parseRatingsList(fixture('members.csv'), 'csv')
    if (!list.ok) throw new Error(list.error.message)
    expect(list.value.members.map((m) => [m.id, m.name, m.rating, m.expiry, m.status])).toEqual([
      ['AA001234', 'Alpha, Ann', 1850, '2027-06-30', 'member'],
      ['BB005678', 'Bravo, Bob', 1790, '2025-12-31', 'member'],
      ['CC009012', 'Charlie, Cy', 1700, '2027-03-01', 'suspended'],
    ])
  })

  test.each<{ format: RatingsListFormat; text: string; message: string }>([
    {
      format: 'tsh',
      text: 'Alpha, Ann\t1850\t1\t2027-06-30\t4\nBravo, Bob\t17x0\t2\t\t5\n',
      message: 'Line 2, rating: “17x0” is not a whole rating from 0 to 4000',
    },
    {
      format: 'tsh',
      text: 'Alpha, Ann\t1850\t1\t30/06/2027\t4\n',
      message: 'Line 1, expiry: “30/06/2027” is not a date (YYYY-MM-DD or YYYYMMDD)',
    },
    {
      format: 'tsh',
      text: 'rating\tgames\n1850\t4\n',
      message: 'Line 1, header: no “name” column',
    },
    {
      format: 'csv',
      text: 'Member ID,Name,Rating\nAA1,Ann,1850\n,Bob,1700\n',
      message: 'Line 3, member id: the member id is empty',
    },
    {
      format: 'csv',
      text: 'Name,Rating\nAnn,1850\n',
      message: 'Line 1, header: no column for the member id',
    },
    {
      format: 'csv',
      text: 'Member ID,Name,Rating,Status\nAA1,Ann,1850,banned\n',
      message: 'Line 2, status: “banned” is neither “member” nor “suspended”',
    },
  ])('$format: a bad line refuses the list, naming the line and the field', (c) => {
    const read = parseRatingsList(c.text, c.format)
    expect(read.ok ? null : read.error.message).toBe(c.message)
  })
})

describe('the list at registration and before the event (issue 32)', () => {
  const csv = parseRatingsList(fixture('members.csv'), 'csv')
  const tsh = parseRatingsList(fixture('tsh-current.txt'), 'tsh')
  if (!csv.ok || !tsh.ok) throw new Error('fixtures refused')
  const byId = indexMembers(csv.value)
  const byName = indexMembers(tsh.value)

  test.each([
    { player: { memberId: 'aa001234', name: 'Ann Alpha' }, rating: 1850 },
    { player: { memberId: 'ZZ1', name: 'Alpha, Ann' }, rating: undefined },
  ])('by member id on a list with ids: $player.memberId', ({ player, rating }) => {
    expect(findMember(byId, player)?.rating).toBe(rating)
  })

  test.each([
    { name: 'Alpha, Ann', rating: 1850 },
    { name: 'ALPHA ANN', rating: 1850 },
    // tsh drops the (EXP) mark from the list's name.
    { name: 'Bravo, Bob', rating: 1790 },
    { name: 'Foxtrot, Fay', rating: undefined },
  ])('by name as tsh keys it on its own lists: $name', ({ name, rating }) => {
    expect(findMember(byName, { memberId: '', name })?.rating).toBe(rating)
  })

  test.each([
    { typed: '', memberId: 'AA001234', rating: 1850 },
    { typed: '0', memberId: 'AA001234', rating: 1850 },
    // The director's own rating stays; an unknown member is left unrated.
    { typed: '1700', memberId: 'AA001234', rating: '1700' },
    { typed: '', memberId: 'ZZ9', rating: '' },
  ])('registration fills the rating from the list: typed “$typed”, id $memberId', (c) => {
    const input = { name: 'Alpha, Ann', rating: c.typed, memberId: c.memberId, club: '' }
    expect(withListRating(input, byId).rating).toBe(c.rating)
  })

  test('nameKey: capitals, commas out, marks dropped', () => {
    expect(nameKey(' Bravo,  Bob (EXP) ')).toBe('BRAVO BOB')
  })

  const commands: Command[] = [
    create('nsa1995', 3),
    { type: 'addDivision', name: 'A' },
    {
      type: 'registerPlayer',
      division: 'A',
      player: { name: 'Alpha, Ann', rating: 1800, memberId: 'AA001234', club: '' },
    },
    {
      type: 'registerPlayer',
      division: 'A',
      player: { name: 'Bravo, Bob', rating: 1790, memberId: 'BB005678', club: '' },
    },
    {
      type: 'registerPlayer',
      division: 'A',
      player: { name: 'Charlie, Cy', rating: 1700, memberId: 'CC009012', club: '' },
    },
    register('Foxtrot, Fay', 1500),
  ]
  const state = applyAll(commands)

  test('warnings before the event: not listed, expired by the first day, suspended', () => {
    const warnings = memberWarnings(state, byId, '2026-03-14')
    expect(warnings.map(describeMemberWarning)).toEqual([
      'Bravo, Bob (A#2): membership expired on 2025-12-31',
      'Charlie, Cy (A#3) is suspended on the ratings list',
      'Foxtrot, Fay (A#4) is not on the ratings list: not a member, or the name or member id differs',
    ])
  })

  test('update ratings from the list: one command, in History, undone in one step', () => {
    const division = state.divisions[0]
    if (division === undefined) throw new Error('no division')
    const command = ratingUpdatesCommand(division, byName, 'current.txt')
    if (command === null) throw new Error('nothing to update')
    // By name on tsh's list: Ann 1800 → 1850, Cy unchanged, Fay not listed.
    expect(command.ratings).toEqual([{ player: 1, rating: 1850 }])
    const log = [...commands, command]
    const done = fold(ID, logOf(log))
    const undone = fold(ID, logOf([...log, { type: 'undo', seq: log.length - 1 }]))
    if (!done.ok || !undone.ok) throw new Error('fold refused')
    expect(done.value?.divisions[0]?.players.map((p) => p.rating)).toEqual([1850, 1790, 1700, 1500])
    expect(undone.value?.divisions[0]?.players.map((p) => p.rating)).toEqual([
      1800, 1790, 1700, 1500,
    ])
    expect(describeCommand(command, state)).toBe('Updated 1 rating from the list current.txt')
  })

  test('a rating the engine refuses names the entry; nothing changes', () => {
    const refused = apply(
      state,
      {
        type: 'updateRatings',
        division: 'A',
        ratings: [
          { player: 1, rating: 1850 },
          { player: 9, rating: 1500 },
        ],
        source: 'x',
      },
      ID,
    )
    expect(refused.ok ? null : refused.error.message).toBe('Entry 2: Division A has no player #9.')
  })

  test('update ratings from the list: only the ratings that differ', () => {
    const division = state.divisions[0]
    if (division === undefined) throw new Error('no division')
    expect(ratingUpdates(division, byId)).toEqual([
      { player: 1, name: 'Alpha, Ann', from: 1800, to: 1850 },
    ])
  })
})
