/**
 * The prize table as a command (issue 14): classes by rating band or by hand, the log line, and
 * the tournament file keeping it.
 */
import { describe, expect, test } from 'vitest'
import { readTournamentFile, writeTournamentFile } from '../formats/tournament-file'
import type { Command } from './commands'
import { describeCommand } from './describe'
import {
  classNames,
  classOf,
  defaultExclusive,
  EMPTY_PRIZE_TABLE,
  nextPlace,
  prizeTableFor,
  prizeTitle,
  type Prize,
  type PrizeGroup,
  type PrizeKind,
  type PrizeTable,
} from './prizes'
import { applyAll, create, logOf, register } from './test-support/event'
import type { Player } from './types'

const setup: Command[] = [
  create('nsa1995', 6),
  { type: 'addDivision', name: 'A' },
  register('Ann', 1850),
  register('Bob', 1500),
  register('Cy', 0),
]

const TABLE: PrizeTable = {
  prizes: [
    { kind: 'place', place: 1, group: { kind: 'all' }, value: '$500', exclusive: true },
    {
      kind: 'place',
      place: 1,
      group: { kind: 'class', name: 'B' },
      value: '$100',
      exclusive: true,
    },
    {
      kind: 'session',
      place: 1,
      group: { kind: 'all' },
      value: 'Book',
      exclusive: false,
      rounds: { from: 1, to: 3 },
    },
  ],
  ties: 'share',
  classes: {
    kind: 'rating',
    bands: [
      { name: 'A', minRating: 1800 },
      { name: 'B', minRating: 1400 },
      { name: 'C', minRating: 0 },
    ],
  },
  flags: [{ player: 3, flag: 'newcomer' }],
}
const BASE: Prize = {
  kind: 'place',
  place: 1,
  group: { kind: 'all' },
  value: '$1',
  exclusive: true,
}
const set: Command = { type: 'setPrizes', division: 'A', prizes: TABLE }

describe('classes within a division (tsh class tags, or rating bands)', () => {
  const state = applyAll([...setup, set])
  const players = state.divisions[0]?.players ?? []
  test.each([
    ['Ann', 'A'],
    ['Bob', 'B'],
    ['Cy', 'C'],
  ])('by rating bands: %s is in class %s (an unrated player in the lowest band)', (name, klass) => {
    const player = players.find((p) => p.name === name) as Player
    expect(classOf(TABLE.classes, player)).toBe(klass)
  })

  test('by hand: only the players given a class have one', () => {
    const manual: PrizeTable['classes'] = {
      kind: 'manual',
      members: [
        { player: 2, name: 'Novice' },
        { player: 3, name: 'Novice' },
      ],
    }
    expect(players.map((p) => classOf(manual, p))).toEqual([null, 'Novice', 'Novice'])
    expect(classNames(manual)).toEqual(['Novice'])
  })
})

describe('the setPrizes command', () => {
  test('stored on the division, said in words in the history', () => {
    const before = applyAll(setup)
    const after = applyAll([...setup, set])
    expect(after.divisions[0]?.prizes).toEqual(TABLE)
    expect(describeCommand(set, before)).toBe(
      'Prize table: 3 prizes (1st place $500, Class B 1st place $100, Most wins in a session, rounds 1–3 Book); ties shared; classes A, B, C',
    )
  })

  test('the tournament file keeps it, and refuses a prize of an unknown kind with where it is', () => {
    const text = writeTournamentFile('t-1', logOf([...setup, set]), '2026-03-14T10:00:00.000Z')
    const read = readTournamentFile(text)
    expect(read.ok && read.value.state.divisions[0]?.prizes).toEqual(TABLE)
    const bad = text.replace('"kind": "session"', '"kind": "raffle"')
    expect(bad).not.toBe(text)
    const refused = readTournamentFile(bad)
    expect(refused.ok ? 'read' : refused.error.message).toMatch(/kind/)
  })

  test.each<[Partial<Prize>, string]>([
    [{ kind: 'place', place: 2 }, '2nd place'],
    [{ kind: 'high-loss', place: 1, rounds: { from: 4, to: 4 } }, 'High loss, round 4'],
    [{ kind: 'upset', place: 3 }, 'Biggest upset: 3rd'],
    [{ kind: 'place', place: 1, group: { kind: 'flag', flag: 'junior' } }, 'Junior 1st place'],
  ])('prize titles: %j is “%s”', (fields, title) => {
    expect(prizeTitle({ ...BASE, ...fields })).toBe(title)
  })
})

describe('a new prize: its defaults (issue 19)', () => {
  test.each<[PrizeKind, boolean]>([
    // Place prizes: a player takes the best place they reach (tsh `exclusive=` on rank lines).
    ['place', true],
    // One performance, "in addition to place prizes"; tsh makes no line exclusive by itself.
    ['high-game', false],
    ['high-win', false],
    ['high-loss', false],
    ['low-win', false],
    ['upset', false],
    ['spread', false],
    ['session', false],
  ])('%s: one prize per player %s', (kind, on) => {
    expect(defaultExclusive(kind)).toBe(on)
  })

  const all: PrizeGroup = { kind: 'all' }
  const classB: PrizeGroup = { kind: 'class', name: 'B' }
  const overall: Pick<Prize, 'kind' | 'group'>[] = [
    { kind: 'place', group: all },
    { kind: 'place', group: all },
    { kind: 'high-game', group: all },
  ]
  test.each<[string, Pick<Prize, 'kind' | 'group'>[], PrizeKind, PrizeGroup, number]>([
    [
      'after 1st and 2nd overall, class B starts at 1st (tsh rank 1 … class=B)',
      overall,
      'place',
      classB,
      1,
    ],
    ['after 1st and 2nd overall, the next overall place is 3rd', overall, 'place', all, 3],
    [
      'after class B 1st, the next class B place is 2nd',
      [...overall, { kind: 'place', group: classB }],
      'place',
      classB,
      2,
    ],
    ['high game counts its own places, not the places', overall, 'high-game', all, 2],
    ['juniors count their own places', overall, 'place', { kind: 'flag', flag: 'junior' }, 1],
  ])('next place: %s', (_, listed, kind, group, place) => {
    expect(nextPlace(listed, kind, group)).toBe(place)
  })

  test('copied to another division: prizes, tie rule and rating bands go; its own flags stay', () => {
    const target: PrizeTable = { ...EMPTY_PRIZE_TABLE, flags: [{ player: 1, flag: 'junior' }] }
    expect(prizeTableFor(TABLE, target)).toEqual({ ...TABLE, flags: target.flags })
    // A class set by hand names the source's players: the target keeps its own classes.
    const manual: PrizeTable = {
      ...TABLE,
      classes: { kind: 'manual', members: [{ player: 2, name: 'B' }] },
    }
    expect(prizeTableFor(manual, target).classes).toEqual({ kind: 'none' })
  })

  test('copied to a division of other players, the same table is accepted there (setPrizes)', () => {
    const state = applyAll([
      ...setup,
      set,
      { type: 'addDivision', name: 'B' },
      register('Dee', 1450, 'B'),
      {
        type: 'setPrizes',
        division: 'B',
        prizes: prizeTableFor(TABLE, EMPTY_PRIZE_TABLE),
      },
    ])
    expect(state.divisions[1]?.prizes?.prizes).toEqual(TABLE.prizes)
    expect(state.divisions[1]?.prizes?.flags).toEqual([])
  })
})
