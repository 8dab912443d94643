import { describe, expect, test } from 'vitest'
import { searchPlayers } from './search'
import type { Player } from './types'

const player = (id: number, name: string, memberId = ''): Player => ({
  id,
  key: `A#${String(id)}`,
  name,
  rating: 0,
  memberId,
  club: '',
  firstRound: 1,
  missedRounds: { kind: 'unplayed' },
  status: { kind: 'active' },
  checkIns: [],
})

const players: readonly Player[] = [
  player(1, 'Smith, Ann', 'AB1234'),
  player(2, 'José Ramos', 'ZX0099'),
  player(3, 'Annette Lee', ''),
  player(4, 'Smithers, Bo', 'QQ12'),
  player(12, 'Ng, Di', 'NG77'),
  player(5, 'Weiß, Eva'),
  player(6, 'Ødegaard, Ola'),
  player(7, 'Müller, Jan'),
  player(9, 'Brienne, Lee'),
  player(8, 'O’Brien, Pat'),
]

describe('the check-in search box', () => {
  test.each([
    { case: 'both name fragments in any order', query: 'ann smi', ids: [1] },
    { case: 'the name as printed, comma and all', query: 'Smith, Ann', ids: [1] },
    { case: 'upper case', query: 'SMITH', ids: [1, 4] },
    { case: 'a fragment in the middle of a name', query: 'nett', ids: [3] },
    { case: 'a name typed without its accent', query: 'jose', ids: [2] },
    { case: 'a name typed with its accent', query: 'José', ids: [2] },
    { case: 'a query with an accent the name lacks', query: 'ánn', ids: [1, 3] },
    { case: 'part of a member id', query: 'b123', ids: [1] },
    { case: 'a member id in another case', query: 'ng77', ids: [12] },
    { case: 'a fragment of name and one of member id', query: 'ramos zx00', ids: [2] },
    // Player #12 first (the closest match: names.ts), then the member ids AB1234 and QQ12.
    { case: 'a player number alone', query: '12', ids: [12, 1, 4] },
    { case: 'a number that is only a player number', query: '3', ids: [3, 1] },
    { case: 'a German ß typed as ss', query: 'weiss', ids: [5] },
    { case: 'a Nordic Ø typed as o', query: 'odegaard', ids: [6] },
    { case: 'an umlaut typed without it', query: 'muller', ids: [7] },
    { case: 'an apostrophe left out', query: 'obrien', ids: [8] },
    // O’Brien's whole word before Brienne's word start: Enter at check-in takes O’Brien.
    { case: 'the closest match first', query: 'brien', ids: [8, 9] },
    { case: 'extra spaces around the words', query: '  ann   smi ', ids: [1] },
  ])('$case ($query) finds players $ids', ({ query, ids }) => {
    expect(searchPlayers(players, query).map((p) => p.id)).toEqual(ids)
  })

  test.each(['', '   ', ' , '])('an empty query (%j) shows everyone', (query) => {
    expect(searchPlayers(players, query)).toEqual(players)
  })

  test.each([
    { case: 'a name nobody has', query: 'zed' },
    { case: 'one matching word and one not', query: 'ann zed' },
    { case: 'a number that is no player and in no member id', query: '55' },
  ])('$case ($query) finds nobody', ({ query }) => {
    expect(searchPlayers(players, query)).toEqual([])
  })
})
